/** Masks a username for public lists (the winner board, raffle winners): 'demoplayer' -> 'de***er'. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/**
 * Masks a network address for people who may see roughly where, not who: an IPv4 address keeps
 * its first three parts ('203.0.113.7' -> '203.0.113.*'), an IPv6 address its first three groups
 * (the /48 of a site: '2001:db8:85a3::8a2e:370:7334' -> '2001:db8:85a3:*').
 */
export function maskAddress(ip: string): string {
  const v4 = /(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (!ip.includes(':')) return '*';
  const [head = '', tail] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 3).join(':')}:*`;
}

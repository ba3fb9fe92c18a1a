/** Masks a username for public lists (the winner board, raffle winners): 'demoplayer' -> 'de***er'. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/**
 * Official addresses of the brand (spec 1: mirror sites for when the main address is blocked)
 * and the 'Verify Representative' check: a visitor types the code or the address a
 * representative gave them and learns whether it belongs to the brand.
 */
import type { Brand } from '../../../kernel/brand/index.ts';

export interface OfficialAddress {
  /** Address to open, as configured (https://...). */
  url: string;
  /** Host (and port, if any) in lower case, without a leading www. */
  host: string;
  /** The brand's main address. */
  main: boolean;
}

/** Host of an address as typed by a person ('Lucky-Demo.example/', 'https://www.x.y:8443'), or null. */
export function hostOf(address: string): string | null {
  const text = address.trim();
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  // user:pass@ in front of a host is a classic way to dress a foreign address as ours.
  if (u.username || u.password) return null;
  const hostname = u.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return u.port ? `${hostname}:${u.port}` : hostname;
}

/** The main address first, then every mirror, without repeats. */
export function officialAddresses(b: Brand): OfficialAddress[] {
  const out: OfficialAddress[] = [];
  const add = (url: string, main: boolean) => {
    const host = hostOf(url);
    if (!host || out.some((a) => a.host === host)) return;
    out.push({ url: /^https?:\/\//i.test(url) ? url.replace(/\/+$/, '') : `https://${url}`, host, main });
  };
  add(b.mainDomain, true);
  for (const m of b.mirrors) add(m.url, false);
  return out;
}

const normaliseCode = (code: string) => code.toUpperCase().replace(/[\s_-]+/g, '');

/**
 * Does `input` (a representative's code, or an address) belong to the brand? Codes compare
 * without case, spaces or dashes; addresses compare by exact host, so look-alikes
 * ('lucky-demo.example.evil.test') and user@host tricks fail.
 * @example verifyRepresentative('ld-7q2k', brand()) // { valid: true, url: 'https://lucky-demo.example' }
 */
export function verifyRepresentative(input: string, b: Brand): { valid: boolean; url?: string } {
  const code = normaliseCode(input);
  if (code) {
    const byCode = b.mirrors.find((m) => normaliseCode(m.verifyCode) === code);
    if (byCode) return { valid: true, url: byCode.url };
  }
  const host = hostOf(input);
  if (host) {
    const byHost = officialAddresses(b).find((a) => a.host === host);
    if (byHost) return { valid: true, url: byHost.url };
  }
  return { valid: false };
}

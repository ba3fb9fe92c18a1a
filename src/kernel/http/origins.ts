/**
 * Where calls go that the server makes or hands to a partner: configured addresses only, never
 * one taken from a request (its Host header is the caller's to choose, so following it would let
 * anyone point the server's own signed calls anywhere).
 */
import type { IncomingMessage } from 'node:http';
import { env } from '../env.ts';
import { ORIGIN_HEADER } from './node-bridge.ts';
import { brand } from '../brand/index.ts';

let listening: string | null = null;

/** The server says where it listens once it does (src/app/server.ts); tests that listen do too. */
export function setSelfOrigin(origin: string | null): void {
  listening = origin;
}

/** This process's own address, for calls it makes to itself (the payment sandbox's callbacks). */
export function selfOrigin(): string {
  if (listening) return listening;
  const { HOST, PORT } = env();
  const host = HOST === '0.0.0.0' || HOST === '::' || HOST === '' ? '127.0.0.1' : HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${PORT}`;
}

/** The site's public address (SITE_URL, else where this process listens), for partners calling back from outside. */
export function siteOrigin(): string {
  return (env().SITE_URL ?? selfOrigin()).replace(/\/+$/, '');
}

/** Where a payment gateway sends its callbacks: PAYMENT_CALLBACK_ORIGIN, else the site's address. */
export function paymentCallbackOrigin(): string {
  return (env().PAYMENT_CALLBACK_ORIGIN ?? siteOrigin()).replace(/\/+$/, '');
}

/** A Host header value that is a host name or an address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The host name (no port) of an address written with or without its scheme; null when it does not parse. */
function hostNameOf(address: string): string | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Is `host` (a Host header value) one the site is officially served at: the brand's main domain
 * or one of its mirrors (any port), SITE_URL's host, or where this process listens? Only those
 * may name the site in what it prints or hands out, so that a forged Host can neither put another
 * domain into canonical links nor make the page cache keep a copy per invented host.
 */
function officialHost(host: string): boolean {
  const name = hostNameOf(host);
  if (!name) return false;
  const b = brand();
  const names = [b.mainDomain, ...b.mirrors.map((m) => m.url)].map(hostNameOf);
  if (names.includes(name)) return true;
  const site = env().SITE_URL;
  if (site && new URL(site).host === host) return true;
  return new URL(selfOrigin()).host === host;
}

/**
 * The path (with its query and fragment) of an address on this site: a path ('/rng?x=1'), or an
 * absolute http(s) address on one of the site's official hosts (officialHost). Null for anything
 * else, so that an address a client hands in (launchGame's backUrl) can lead a player back here
 * but never elsewhere: no open redirect.
 * @example ownAddressPath('/rng') // '/rng'
 * @example ownAddressPath('https://evil.example/') // null
 */
export function ownAddressPath(address: string): string | null {
  const a = address.trim();
  let u: URL;
  try {
    u = a.startsWith('/') ? new URL(a, 'http://path.invalid') : new URL(a);
  } catch {
    return null;
  }
  if (a.startsWith('/')) {
    // '//host' and '/\host' are addresses of other hosts, not paths.
    if (u.host !== 'path.invalid' || /^\/[\/\\]/.test(a)) return null;
  } else if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !HOST.test(u.host) || !officialHost(u.host)) {
    return null;
  }
  const path = `${u.pathname}${u.search}${u.hash}`;
  // Dot segments can resolve into '//host' ('/..//evil.example'): never hand that out.
  return /^\/[\/\\]/.test(path) ? null : path;
}

/**
 * The address the caller reached the site at, when it is an official one (officialHost): its
 * scheme and Host, as a trusted proxy forwards them (TRUST_PROXY=1: X-Forwarded-Proto and
 * X-Forwarded-Host); null otherwise.
 */
export function requestOrigin(req: IncomingMessage): string | null {
  const first = (h: string | string[] | undefined) => [h].flat()[0]?.split(',')[0]?.trim();
  const trusted = env().TRUST_PROXY === '1';
  const host = ((trusted && first(req.headers['x-forwarded-host'])) || first(req.headers.host) || '').toLowerCase();
  if (!HOST.test(host) || !officialHost(host)) return null;
  const forwarded = trusted ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const tls = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const proto = forwarded === 'https' || forwarded === 'http' ? forwarded : tls ? 'https' : 'http';
  return `${proto}://${host}`;
}

/**
 * The site's public address for what pages print of their own address (canonical and hreflang
 * links, the sitemap, robots.txt): SITE_URL when set; else the caller's own official address
 * (requestOrigin); else the listening address. Never used for calls the server makes or hands to
 * partners (siteOrigin).
 */
export function publicOrigin(req: IncomingMessage): string {
  return env().SITE_URL?.replace(/\/+$/, '') ?? requestOrigin(req) ?? selfOrigin();
}

/**
 * The public address a page prints, as the server worked it out for this request (the
 * x-casino-origin header that only the server sets, src/app/site.ts); else SITE_URL or the URL
 * the page was asked by (`astro dev` without the site handler, tests).
 */
export function pageOrigin(request: { headers: Headers }, url: URL): string {
  return request.headers.get(ORIGIN_HEADER) ?? env().SITE_URL?.replace(/\/+$/, '') ?? url.origin;
}

/**
 * Where calls go that the server makes or hands to a partner: configured addresses only, never
 * one taken from a request (its Host header is the caller's to choose, so following it would let
 * anyone point the server's own signed calls anywhere).
 */
import type { IncomingMessage } from 'node:http';
import { env } from '../env.ts';
import { ORIGIN_HEADER } from './node-bridge.ts';

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

/** A Host header value that is a host name or an address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address a visitor reached the site at, for what pages print of their own address
 * (canonical and hreflang links, the sitemap, robots.txt): SITE_URL when set; else the request's
 * own scheme and Host, as a trusted proxy forwards them (TRUST_PROXY=1: X-Forwarded-Proto and
 * X-Forwarded-Host). A Host that is not a host name falls back to the listening address. Never
 * used for calls the server makes or hands to partners (siteOrigin).
 */
export function publicOrigin(req: IncomingMessage): string {
  const e = env();
  if (e.SITE_URL) return e.SITE_URL.replace(/\/+$/, '');
  const first = (h: string | string[] | undefined) => [h].flat()[0]?.split(',')[0]?.trim();
  const trusted = e.TRUST_PROXY === '1';
  const host = (trusted && first(req.headers['x-forwarded-host'])) || first(req.headers.host) || '';
  if (!HOST.test(host)) return selfOrigin();
  const forwarded = trusted ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const tls = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const proto = forwarded === 'https' || forwarded === 'http' ? forwarded : tls ? 'https' : 'http';
  return `${proto}://${host.toLowerCase()}`;
}

/** Where a payment gateway sends its callbacks: PAYMENT_CALLBACK_ORIGIN, else the site's address. */
export function paymentCallbackOrigin(): string {
  return (env().PAYMENT_CALLBACK_ORIGIN ?? siteOrigin()).replace(/\/+$/, '');
}

/**
 * The public address a page prints, as the server worked it out for this request (the
 * x-casino-origin header that only the server sets, src/app/site.ts); else SITE_URL or the URL
 * the page was asked by (`astro dev` without the site handler, tests).
 */
export function pageOrigin(request: { headers: Headers }, url: URL): string {
  return request.headers.get(ORIGIN_HEADER) ?? env().SITE_URL?.replace(/\/+$/, '') ?? url.origin;
}

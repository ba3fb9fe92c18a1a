/**
 * Where calls go that the server makes or hands to a partner: configured addresses only, never
 * one taken from a request (its Host header is the caller's to choose, so following it would let
 * anyone point the server's own signed calls anywhere).
 */
import { env } from '../env.ts';

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

/** The site's public address (SITE_URL), for partners calling back from outside. */
export function siteOrigin(): string {
  return env().SITE_URL.replace(/\/+$/, '');
}

/** Where a payment gateway sends its callbacks: PAYMENT_CALLBACK_ORIGIN, else the site's address. */
export function paymentCallbackOrigin(): string {
  return (env().PAYMENT_CALLBACK_ORIGIN ?? siteOrigin()).replace(/\/+$/, '');
}

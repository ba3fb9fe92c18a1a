/**
 * The signature every provider's callback carries: HMAC-SHA256 with the provider's shared secret
 * over `${eventId}.${orderId}.${status}.${amount}.${currency}.${timestamp}`, hex.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackBody } from './types.ts';

/** Callbacks older or newer than this (ms) are refused as stale. */
export const CALLBACK_MAX_SKEW_MS = 5 * 60_000;

/** The signature of a callback's fields. */
export function signCallback(fields: Omit<CallbackBody, 'signature'>, secret: string): string {
  const text = [fields.eventId, fields.orderId, fields.status, fields.amount, fields.currency, fields.timestamp].join('.');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Does the callback carry the right signature? Compared in constant time. */
export function verifyCallbackSignature(body: CallbackBody, secret: string): boolean {
  const want = Buffer.from(signCallback(body, secret), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(body.signature) ? Buffer.from(body.signature, 'hex') : Buffer.alloc(0);
  return given.length === want.length && timingSafeEqual(given, want);
}

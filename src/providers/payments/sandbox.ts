/**
 * The sandbox payment provider: it really works on this machine and moves no real money. A
 * deposit order is paid (or declined) on the sandbox's own page, /pay/sandbox?order=<id>; the
 * sandbox then sends its signed callback by a real HTTP POST to /wps/payment/callback/sandbox,
 * exactly as a real provider would. Payouts succeed at once.
 *
 * Its secret comes from PAYMENT_SANDBOX_SECRET or, when unset, is made once per database
 * (system_setting 'payments.sandbox.secret'), so every app process on one database agrees.
 */
import { randomBytes } from 'node:crypto';
import { formatMinor } from '../../kernel/money.ts';
import type { Db } from '../../kernel/db/index.ts';
import { env } from '../../kernel/env.ts';
import { clock } from '../../kernel/clock.ts';
import { sharedSecret } from '../../kernel/db/settings.ts';
import { signCallback } from './signature.ts';
import type { CallbackBody, PaymentProvider } from './types.ts';

const SECRET_SETTING = 'payments.sandbox.secret';

/** Delivers a callback: POSTs the JSON body to `url` and answers the HTTP status and parsed answer. */
export type CallbackSender = (url: string, body: CallbackBody) => Promise<{ status: number; json: unknown }>;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Signs and sends the callback of a payer's choice for an order; answers what our callback endpoint said. */
  notify(db: Db, order: { orderId: string; amount: bigint; currency: string }, status: 'paid' | 'failed', callbackUrl: string): Promise<{ status: number; json: unknown }>;
}

/** The sandbox's page for an order (a path of this site; the wallet-ui slice renders it). */
export const sandboxPayUrl = (orderId: string) => `/pay/sandbox?order=${encodeURIComponent(orderId)}`;

/** The secret the sandbox signs callbacks with (PAYMENT_SANDBOX_SECRET, else one per database). */
export function sandboxSecret(db: Db): Promise<string> {
  return sharedSecret(db, SECRET_SETTING, env().PAYMENT_SANDBOX_SECRET);
}

/** POSTs with fetch (the default sender). */
export const fetchSender: CallbackSender = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    // Never follow a redirect: a partner's answer must not send our signed call elsewhere.
    redirect: 'error',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
};

/**
 * A signed sandbox callback, as the sandbox would send it: for tests that act as the provider.
 * Amount and currency are the order's (the provider knows no wallet tables: the caller says them).
 */
export async function sandboxCallbackBody(
  orderId: string,
  status: 'paid' | 'failed',
  secret: string,
  o: { amount: string; currency: string; eventId?: string; timestamp?: number },
): Promise<CallbackBody> {
  const { amount, currency } = o;
  const fields = {
    eventId: o.eventId ?? `E${randomBytes(12).toString('hex')}`,
    orderId,
    status,
    amount,
    currency,
    timestamp: o.timestamp ?? clock.now(),
  };
  return { ...fields, signature: signCallback(fields, secret) };
}

/** Makes a sandbox provider; `send` delivers its callbacks (tests pass one that calls the API in process). */
export function createSandboxProvider(o: { send?: CallbackSender } = {}): SandboxProvider {
  const send = o.send ?? fetchSender;
  return {
    name: 'sandbox',
    async createDeposit(_db, req) {
      return { payUrl: sandboxPayUrl(req.orderId), providerRef: null };
    },
    async payout(_db, req) {
      // Sandbox payouts succeed at once; the reference shows where the money did not go.
      return { providerRef: `SANDBOX-${req.withdrawalId}` };
    },
    callbackSecret: sandboxSecret,
    async notify(db, order, status, callbackUrl) {
      const body = await sandboxCallbackBody(order.orderId, status, await sandboxSecret(db), {
        amount: formatMinor(order.amount),
        currency: order.currency,
      });
      return send(callbackUrl, body);
    },
  };
}

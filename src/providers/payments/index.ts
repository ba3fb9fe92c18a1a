/**
 * Payment providers: an interface (./types.ts) with a sandbox that really works on this machine
 * (./sandbox.ts) and an HTTP gateway (./http.ts). Each deposit channel of the brand names the
 * provider that serves it; payouts go through PAYMENT_PROVIDER (sandbox | http, with
 * PAYMENT_HTTP_URL, PAYMENT_HTTP_TOKEN and PAYMENT_HTTP_SECRET).
 */
import { env } from '../../kernel/env.ts';
import { httpPaymentProvider } from './http.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

export type { CallbackBody, PaymentProvider } from './types.ts';
export { createSandboxProvider, sandboxCallbackBody, sandboxSecret, type CallbackSender, type SandboxProvider } from './sandbox.ts';

const defaultSandbox = createSandboxProvider();
let override: PaymentProvider | null = null;

function httpProvider(): PaymentProvider | null {
  const e = env();
  if (!e.PAYMENT_HTTP_URL) return null;
  return httpPaymentProvider({ url: e.PAYMENT_HTTP_URL, token: e.PAYMENT_HTTP_TOKEN, secret: e.PAYMENT_HTTP_SECRET });
}

/** The provider payouts go through (PAYMENT_PROVIDER, or the one a test installed). */
export function paymentProvider(): PaymentProvider {
  if (override) return override;
  if (env().PAYMENT_PROVIDER === 'http') {
    const p = httpProvider();
    if (!p) throw new Error('PAYMENT_PROVIDER=http needs PAYMENT_HTTP_URL');
    return p;
  }
  return defaultSandbox;
}

/** The provider of this name, or null when it is not configured. */
export function providerByName(name: string): PaymentProvider | null {
  if (override?.name === name) return override;
  if (name === 'sandbox') return defaultSandbox;
  if (name === 'http') return httpProvider();
  return null;
}

/** The sandbox provider (the installed one when a test installed a sandbox). */
export function sandboxProvider(): SandboxProvider {
  return override?.name === 'sandbox' ? (override as SandboxProvider) : defaultSandbox;
}

/** Installs a provider for this process (tests); null restores the configured ones. */
export function usePaymentProvider(p: PaymentProvider | null): void {
  override = p;
}

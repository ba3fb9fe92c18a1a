/**
 * A real payment gateway reached over HTTP (PAYMENT_HTTP_URL, PAYMENT_HTTP_TOKEN): two JSON POSTs
 * with `Authorization: Bearer <token>`, each keyed by our id so that a retry is safe on the
 * gateway's side:
 * - `POST <url>/deposits` `{ orderId, amount, currency, channel, callbackUrl }` answers
 *   `{ payUrl, providerRef? }`;
 * - `POST <url>/payouts` `{ withdrawalId, amount, currency, payeeName }` answers `{ providerRef? }`
 *   once the payout is accepted (any non-2xx is a refusal).
 * The gateway confirms deposits by POSTing the signed callback of contract/wallet.ts to
 * /wps/payment/callback/http, signed with PAYMENT_HTTP_SECRET. Most gateways fit this through a
 * small adapter.
 */
import { formatMinor } from '../../kernel/money.ts';
import type { PaymentProvider } from './types.ts';

export function httpPaymentProvider(o: { url: string; token?: string; secret?: string; timeoutMs?: number }): PaymentProvider {
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(new URL(path, o.url.endsWith('/') ? o.url : `${o.url}/`), {
      method: 'POST',
      // Never follow a redirect: a partner's answer must not send our signed call elsewhere.
      redirect: 'error',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Payment gateway answered ${res.status} to ${path}`);
    }
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    name: 'http',
    async createDeposit(_db, req) {
      const answer = await post('deposits', {
        orderId: req.orderId,
        amount: formatMinor(req.amount),
        currency: req.currency,
        channel: req.channel,
        callbackUrl: `${req.origin}/wps/payment/callback/http`,
      });
      if (typeof answer.payUrl !== 'string') throw new Error('Payment gateway answered no payUrl');
      return { payUrl: answer.payUrl, providerRef: typeof answer.providerRef === 'string' ? answer.providerRef : null };
    },
    async payout(_db, req) {
      const answer = await post('payouts', {
        withdrawalId: req.withdrawalId,
        amount: formatMinor(req.amount),
        currency: req.currency,
        payeeName: req.payeeName,
      });
      return { providerRef: typeof answer.providerRef === 'string' ? answer.providerRef : null };
    },
    async callbackSecret() {
      if (!o.secret) throw new Error('PAYMENT_HTTP_SECRET is not set: callbacks of the http provider cannot be verified');
      return o.secret;
    },
  };
}

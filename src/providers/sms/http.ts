/**
 * A real sms gateway reached by one HTTP POST: JSON `{ "to": "+52551...", "text": "..." }` with
 * `Authorization: Bearer <SMS_HTTP_TOKEN>`; any 2xx is success. Most gateways accept this shape
 * directly or through a small adapter.
 */
import type { SmsProvider } from './index.ts';

export function httpSmsProvider(o: { url: string; token?: string; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await fetch(o.url, {
        method: 'POST',
        // Never follow a redirect: a partner's answer must not send our signed call elsewhere.
        redirect: 'error',
        headers,
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`Sms gateway answered ${res.status}`);
      await res.body?.cancel();
    },
  };
}

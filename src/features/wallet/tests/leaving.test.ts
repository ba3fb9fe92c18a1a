/**
 * A game wallet brought back as its page goes away (src/features/wallet/client/leaving.ts), on the
 * kernel's browser client with a recording fetch: one keepalive request with the session's
 * headers, sent before the caller returns (nothing waits once the page is gone), and the site's
 * other tabs told.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../kernel/http/client.ts';
import { bringBackOnLeave } from '../client/leaving.ts';
import { onWalletNews, type WalletNews } from '../client/wallet.ts';

const messages = { network: 'Network', timeout: 'Timeout', unknown: 'Unknown' };

describe('bringing a game wallet back as its page goes away', () => {
  it('sends one keepalive transfer to the main wallet at once, with the session’s headers, and tells the other tabs', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url: String(url), init });
      return new Response(JSON.stringify({ success: true, value: {} }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ merchant: 'DEMO', language: 'EN', messages, token: () => 'TOKEN', baseURL: 'http://casino.test', fetch });
    const heard: WalletNews[] = [];
    const stop = onWalletNews((news) => heard.push(news));

    bringBackOnLeave(client, { vendor: 'PG', vendorName: 'PG Soft', amount: '12.50' });
    // Sent before the page could go: no await came between the call and the request.
    expect(sent).toHaveLength(1);
    const { url, init } = sent[0]!;
    expect(url).toBe('http://casino.test/wps/relay/GCS_walletTransfer');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const headers = new Headers(init.headers);
    expect([headers.get('Merchant'), headers.get('Language'), headers.get('Device'), headers.get('Authorization'), headers.get('content-type')]).toEqual([
      'DEMO',
      'EN',
      'web',
      'TOKEN',
      'application/json',
    ]);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ from: 'PG', to: 'MAIN', amount: '12.50' });
    expect(body.idempotencyKey).toEqual(expect.any(String));

    await expect.poll(() => heard).toEqual([{ type: 'leaving', vendorName: 'PG Soft', amount: '12.50' }]);
    stop();
  });

  it('lets an ordinary call go without keepalive', async () => {
    const inits: RequestInit[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      inits.push(init);
      return new Response(JSON.stringify({ success: true, value: {} }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: 'http://casino.test', fetch });
    const { walletTransfer } = await import('../contract.ts');
    await client.call(walletTransfer, { body: { to: 'MAIN', all: true } });
    expect(inits[0]!.keepalive).toBeUndefined();
  });
});

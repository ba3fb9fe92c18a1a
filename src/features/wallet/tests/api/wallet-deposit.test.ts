/** Deposits through the sandbox provider: order, pay page, signed callback that credits once. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { mainBalance, newKey, sandboxInProcess, walletUser } from '../../../../../tests/support/wallet.ts';
import { shiftClock } from '../../../../../tests/support/accounts.ts';
import { paymentCallback, paymentOrder } from '../../../../app/schema.ts';
import { sandboxSecret, usePaymentProvider } from '../../../../providers/payments/index.ts';
import { sandboxCallbackBody } from '../../server/deposits.ts';
import { selfOrigin, setSelfOrigin } from '../../../../kernel/http/origins.ts';
import { handlePaymentCallback } from '../../server/deposits.ts';
import { auditLedger } from '../../server/ledger.ts';
import { createApi } from '../../../../app/api.ts';
import { toRequest, writeResponse } from '../../../../kernel/http/node-bridge.ts';

let t: TestDb;
let sandbox: ReturnType<typeof sandboxInProcess>;
beforeAll(async () => {
  t = await openTestDb();
  sandbox = sandboxInProcess();
});
afterAll(async () => {
  sandbox.restore();
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const deposit = (u: User, body: Record<string, unknown>) => u.call('/wps/wallet/deposit', { method: 'POST', body: { channel: 'SANDBOX_CARD', idempotencyKey: newKey(), ...body } });
const pay = (orderId: string, outcome: 'paid' | 'failed' = 'paid') => callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId, outcome } });
const callback = (body: unknown) => callApi('/wps/payment/callback/sandbox', { method: 'POST', body });
const callbacksOf = (orderId: string) => t.db.select().from(paymentCallback).where(eq(paymentCallback.orderId, orderId)).orderBy(paymentCallback.id);

describe('deposit channels', () => {
  it('lists the brand sandbox channels with their limits', async () => {
    const u = await walletUser();
    const r = await u.call('/wps/wallet/deposit/channels');
    expect(r.json.value).toEqual({
      channels: [
        { code: 'SANDBOX_CARD', name: 'Card (sandbox)', min: '5.00', max: '20000.00', sandbox: true },
        { code: 'SANDBOX_BANK', name: 'Bank transfer (sandbox)', min: '50.00', max: '100000.00', sandbox: true },
      ],
      currency: 'USD',
      currencySymbol: '$',
    });
  });
  it("names the channels in the caller's language (the brand's names by language)", async () => {
    const u = await walletUser();
    const es = (await u.call('/wps/wallet/deposit/channels', { headers: { language: 'ES' } })).json.value;
    expect(es.channels.map((c: { name: string }) => c.name)).toEqual(['Tarjeta (sandbox)', 'Transferencia bancaria (sandbox)']);
  });
});

describe('a sandbox deposit', () => {
  it('opens a pending order, is paid on the sandbox page, and the signed callback credits the wallet once', async () => {
    const u = await walletUser();
    const created = await deposit(u, { amount: '25.50' });
    expect(created.status).toBe(200);
    const order = created.json.value;
    expect(order).toMatchObject({ channel: 'SANDBOX_CARD', amount: '25.50', status: 'pending', settledAt: null });
    expect(order.orderId).toMatch(/^D[0-9A-F]{20}$/);
    expect(order.payUrl).toBe(`/pay/sandbox?order=${order.orderId}`);
    expect(order.expiresAt - order.createdAt).toBe(30 * 60_000);

    const seen = await callApi('/wps/payment/sandbox/order', { query: { orderId: order.orderId } });
    expect(seen.json.value).toEqual({ orderId: order.orderId, amount: '25.50', currency: 'USD', status: 'pending', merchant: 'Lucky Demo' });

    const paid = await pay(order.orderId);
    expect(paid.json.value).toEqual({ orderId: order.orderId, status: 'paid', returnUrl: `/member?page=deposit&order=${order.orderId}` });
    expect(await mainBalance(u.id)).toBe(25_50n);
    // To this server's own address (never the pay request's Host: test.local here).
    expect(sandbox.sent.at(-1)!.url).toBe(`${selfOrigin()}/wps/payment/callback/sandbox`);

    const orders = await u.call('/wps/wallet/deposit/orders');
    expect(orders.json.value).toMatchObject({ pageNum: 1, totalPages: 1, totalCount: 1 });
    expect(orders.json.value.content[0]).toMatchObject({ orderId: order.orderId, status: 'paid', payUrl: null });
    expect(orders.json.value.content[0].settledAt).toBeGreaterThan(0);

    // The very same callback again (a replay), and the payer pressing pay again: nothing more.
    const sentBody = sandbox.sent.at(-1)!.body;
    const replay = await callback(sentBody);
    expect(replay.json.value).toEqual({ outcome: 'replayed' });
    const again = await pay(order.orderId);
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('wallet.order.closed');
    expect(await mainBalance(u.id)).toBe(25_50n);
    expect((await callbacksOf(order.orderId)).map((c) => c.outcome)).toEqual(['credited', 'replayed']);

    const [row] = await t.db.select().from(paymentOrder).where(eq(paymentOrder.id, order.orderId));
    expect(row).toMatchObject({ status: 'paid', providerRef: 'sandbox:paid' });
    expect(row!.transferId).toBeGreaterThan(0);
  });

  it('credits nothing for a second callback with a new event id (duplicate), and says so', async () => {
    const u = await walletUser();
    const order = (await deposit(u, { amount: '10.00' })).json.value;
    await pay(order.orderId);
    const secret = await sandboxSecret(t.db);
    const second = await callback(await sandboxCallbackBody(order.orderId, 'paid', secret));
    expect(second.json.value).toEqual({ outcome: 'duplicate' });
    expect(await mainBalance(u.id)).toBe(10_00n);
  });

  it('refuses a bad signature, a stale or future timestamp, an unknown order and a wrong amount or currency, crediting nothing and recording each', async () => {
    const u = await walletUser();
    const order = (await deposit(u, { amount: '12.00' })).json.value;
    const secret = await sandboxSecret(t.db);
    const good = await sandboxCallbackBody(order.orderId, 'paid', secret);

    const forged = await callback({ ...good, signature: 'f'.repeat(64) });
    expect(forged.status).toBe(401);
    expect(forged.json.errorCode).toBe('wallet.callback.signature');
    const otherSecret = await callback(await sandboxCallbackBody(order.orderId, 'paid', 'not-the-secret-at-all', { amount: '12.00', currency: 'USD' }));
    expect(otherSecret.json.errorCode).toBe('wallet.callback.signature');
    const tampered = await callback({ ...good, amount: '1200.00' });
    expect(tampered.json.errorCode).toBe('wallet.callback.signature');

    const stale = await callback(await sandboxCallbackBody(order.orderId, 'paid', secret, { timestamp: Date.now() - 6 * 60_000 }));
    expect(stale.status).toBe(400);
    expect(stale.json.errorCode).toBe('wallet.callback.stale');
    const future = await callback(await sandboxCallbackBody(order.orderId, 'paid', secret, { timestamp: Date.now() + 6 * 60_000 }));
    expect(future.json.errorCode).toBe('wallet.callback.stale');

    const unknown = await callback(await sandboxCallbackBody('DNOSUCHORDER00000000', 'paid', secret, { amount: '12.00', currency: 'USD' }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorCode).toBe('wallet.order.unknown');

    const wrongAmount = await callback(await sandboxCallbackBody(order.orderId, 'paid', secret, { amount: '120.00', currency: 'USD' }));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.json.errorCode).toBe('wallet.callback.mismatch');
    const wrongCurrency = await callback(await sandboxCallbackBody(order.orderId, 'paid', secret, { amount: '12.00', currency: 'MXN' }));
    expect(wrongCurrency.json.errorCode).toBe('wallet.callback.mismatch');

    expect(await mainBalance(u.id)).toBe(0n);
    const outcomes = (await callbacksOf(order.orderId)).map((c) => c.outcome);
    expect(outcomes).toEqual(['bad_signature', 'bad_signature', 'bad_signature', 'stale', 'stale', 'mismatch', 'mismatch']);
    const unknownRows = await callbacksOf('DNOSUCHORDER00000000');
    expect(unknownRows.map((c) => c.outcome)).toEqual(['unknown_order']);

    // The genuine callback still works afterwards.
    expect((await callback(good)).json.value).toEqual({ outcome: 'credited' });
    expect(await mainBalance(u.id)).toBe(12_00n);
  });

  it('credits once when the same paid event and fresh events arrive at the same time', async () => {
    const u = await walletUser();
    const order = (await deposit(u, { amount: '7.00' })).json.value;
    const secret = await sandboxSecret(t.db);
    const one = await sandboxCallbackBody(order.orderId, 'paid', secret);
    const others = await Promise.all(Array.from({ length: 3 }, () => sandboxCallbackBody(order.orderId, 'paid', secret)));
    const answers = await Promise.all([one, one, one, ...others].map((b) => handlePaymentCallback(t.db, 'sandbox', b)));
    expect(answers.filter((a) => a.outcome === 'credited')).toHaveLength(1);
    expect(await mainBalance(u.id)).toBe(7_00n);
    const accepted = (await callbacksOf(order.orderId)).filter((c) => c.outcome === 'credited');
    expect(accepted).toHaveLength(1);
  });

  it('closes the order unpaid when the payer declines, and a later paid callback credits nothing', async () => {
    const u = await walletUser();
    const order = (await deposit(u, { amount: '9.00' })).json.value;
    const declined = await pay(order.orderId, 'failed');
    expect(declined.json.value.status).toBe('failed');
    const late = await callback(await sandboxCallbackBody(order.orderId, 'paid', await sandboxSecret(t.db)));
    expect(late.json.value.outcome).toBe('duplicate');
    expect(await mainBalance(u.id)).toBe(0n);
  });

  it('refuses to pay an expired order, and shows it as expired', async () => {
    const u = await walletUser();
    const order = (await deposit(u, { amount: '6.00' })).json.value;
    const clock = shiftClock();
    try {
      clock.advance(31 * 60_000);
      const r = await pay(order.orderId);
      expect(r.status).toBe(409);
      expect(r.json.errorCode).toBe('wallet.order.expired');
    } finally {
      clock.restore();
    }
    const listed = await u.call('/wps/wallet/deposit/orders');
    expect(listed.json.value.content[0]).toMatchObject({ orderId: order.orderId, status: 'expired', payUrl: null });
    expect(await mainBalance(u.id)).toBe(0n);
  });

  it('refuses amounts outside the channel, unknown channels and unknown orders on the sandbox page', async () => {
    const u = await walletUser();
    const below = await deposit(u, { amount: '4.99' });
    expect(below.json).toMatchObject({ errorCode: 'wallet.amount.min', message: 'The amount must be at least 5.00' });
    expect((await deposit(u, { amount: '20000.01' })).json.errorCode).toBe('wallet.amount.max');
    expect((await deposit(u, { amount: '-5' })).json.errorCode).toBe('wallet.amount.positive');
    expect((await deposit(u, { amount: '5.001' })).json.errorCode).toBe('wallet.amount.decimals');
    expect((await deposit(u, { amount: 'lots' })).json.errorCode).toBe('wallet.amount.invalid');
    expect((await deposit(u, { amount: '10', channel: 'NOPE' })).json.errorCode).toBe('wallet.channel.unknown');
    expect((await u.call('/wps/wallet/deposit/orders')).json.value.totalCount).toBe(0);
    const unknown = await pay('DNOSUCHORDER00000000');
    expect(unknown.status).toBe(404);
    expect((await callApi('/wps/payment/sandbox/order', { query: { orderId: 'x' } })).json.errorCode).toBe('wallet.order.unknown');
  });

  it("never shows one member another member's orders", async () => {
    const a = await walletUser();
    const b = await walletUser();
    await deposit(a, { amount: '5.00' });
    expect((await b.call('/wps/wallet/deposit/orders')).json.value.totalCount).toBe(0);
  });

  it('replays a retried deposit with its key (one order), and refuses the key with another amount', async () => {
    const u = await walletUser();
    const idempotencyKey = newKey();
    const first = await deposit(u, { amount: '8.00', idempotencyKey });
    const retry = await deposit(u, { amount: '8.00', idempotencyKey });
    expect(retry.json.value.orderId).toBe(first.json.value.orderId);
    const other = await deposit(u, { amount: '9.00', idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.json.errorCode).toBe('wallet.idempotency.conflict');
    const rows = await t.db
      .select()
      .from(paymentOrder)
      .where(and(eq(paymentOrder.memberId, u.id)));
    expect(rows).toHaveLength(1);
  });

  it('limits how many unpaid orders a member keeps open', async () => {
    const u = await walletUser();
    for (let i = 0; i < 10; i++) expect((await deposit(u, { amount: '5.00' })).status).toBe(200);
    const r = await deposit(u, { amount: '5.00' });
    expect(r.status).toBe(429);
    expect(r.json.errorCode).toBe('wallet.order.tooMany');
  });

  it('answers 404 to callbacks of the http provider when none is configured', async () => {
    const r = await callApi('/wps/payment/callback/http', {
      method: 'POST',
      body: { eventId: 'e1', orderId: 'D1', status: 'paid', amount: '1.00', currency: 'USD', timestamp: Date.now(), signature: '0'.repeat(64) },
    });
    expect(r.status).toBe(404);
    expect(r.json.errorCode).toBe('request.not.found');
  });
});

describe('the sandbox over real HTTP', () => {
  it("sends its signed callback by an HTTP POST to the server's own address, whatever Host the pay request names", async () => {
    usePaymentProvider(null);
    const api = createApi({ checkAnswers: true });
    const server = http.createServer((req, res) => void api(toRequest(req), { ip: '127.0.0.1' }).then((r) => writeResponse(res, r)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    setSelfOrigin(`http://127.0.0.1:${port}`);
    try {
      const u = await walletUser();
      const order = (await deposit(u, { amount: '15.00' })).json.value;
      // A forged Host: were the callback sent there, it would go nowhere and nothing would be credited.
      const json = await new Promise<{ value: { status: string } }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/wps/payment/sandbox/pay', method: 'POST', headers: { host: 'attacker.invalid:9', 'content-type': 'application/json', merchant: 'DEMO' } },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ orderId: order.orderId, outcome: 'paid' }));
      });
      expect(json.value.status).toBe('paid');
      expect(await mainBalance(u.id)).toBe(15_00n);
      expect((await callbacksOf(order.orderId)).map((c) => c.outcome)).toEqual(['credited']);
    } finally {
      setSelfOrigin(null);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      sandbox = sandboxInProcess();
    }
  });
});

describe('the ledger after the deposits', () => {
  it('is sound, and every credit came from house:payments', async () => {
    const a = await auditLedger(t.db);
    expect(a).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });
});

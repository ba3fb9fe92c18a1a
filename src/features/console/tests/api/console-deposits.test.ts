/**
 * The console's deposit list (issue 29, finance), on both databases: every order with the
 * provider's side (its callbacks and the last one's outcome), filtered by state (a pending order
 * past its time counts as expired) and by member, newest first, in the caller's language; the CSV
 * has the same rows; other roles are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { newKey, sandboxInProcess, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { paymentOrder } from '../../../wallet/server/tables.ts';

let t: TestDb;
let sandbox: ReturnType<typeof sandboxInProcess>;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let finance: Staff, support: Staff;
beforeAll(async () => {
  t = await openTestDb();
  sandbox = sandboxInProcess();
  [finance, support] = await Promise.all([staffUser(['finance']), staffUser(['support'])]);
});
afterAll(async () => {
  sandbox.restore();
  await t.dispose();
});

describe('the deposit list', () => {
  it('shows each order with its provider state, filters by state and member, newest first', async () => {
    const u = await walletUser();
    const order = async (amount: string) => (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value.orderId as string;
    const paid = await order('50.00');
    await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: paid, outcome: 'paid' } });
    const failed = await order('60.00');
    await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: failed, outcome: 'failed' } });
    const late = await order('70.00');
    await t.db
      .update(paymentOrder)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrder.id, late));
    const waiting = await order('80.00');

    const all = (await finance.call('/wps/console/deposits', { query: { username: u.username } })).json.value;
    expect(all.total).toBe(4);
    expect(all.items.map((d: { id: string }) => d.id)).toEqual([waiting, late, failed, paid]);
    expect(all.items[3]).toMatchObject({ id: paid, username: u.username, amount: '50.00', status: 'paid', provider: 'sandbox', callbacks: 1, lastCallback: 'credited' });
    expect(all.items[3].settledAt).toEqual(expect.any(Number));
    expect(all.items[3].providerRef).toEqual(expect.any(String));
    expect(all.items[2]).toMatchObject({ id: failed, status: 'failed', lastCallback: 'failed' });
    expect(all.items[1]).toMatchObject({ id: late, status: 'expired', callbacks: 0, lastCallback: null });
    expect(all.items[0]).toMatchObject({ id: waiting, status: 'pending' });

    const only = async (status: string) => (await finance.call('/wps/console/deposits', { query: { username: u.username, status } })).json.value.items.map((d: { id: string }) => d.id);
    expect(await only('pending')).toEqual([waiting]);
    expect(await only('expired')).toEqual([late]);
    expect(await only('paid')).toEqual([paid]);
    expect(await only('failed')).toEqual([failed]);

    // The channel's name in the caller's language.
    const en = all.items[0].channel;
    const es = (await finance.call('/wps/console/deposits', { query: { username: u.username }, headers: { language: 'es' } })).json.value.items[0].channel;
    expect(en).not.toBe('SANDBOX_CARD');
    expect(typeof es).toBe('string');

    const csv = await finance.call('/wps/console/export', { query: { table: 'deposits', username: u.username, status: 'paid' } });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(paid);
    expect(lines[1]).toContain('50.00');
  });

  it('refuses a bad filter in words, and other roles', async () => {
    const bad = await finance.call('/wps/console/deposits', { query: { status: 'lost' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errorCode).toBeTruthy();
    expect((await support.call('/wps/console/deposits')).json.errorCode).toBe('console.role.denied');
    expect((await support.call('/wps/console/export', { query: { table: 'deposits' } })).json.errorCode).toBe('console.role.denied');
  });
});

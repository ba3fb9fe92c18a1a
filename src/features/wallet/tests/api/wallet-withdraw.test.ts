/** Withdrawals: hold at request, operator reject or payout, player confirmation with proof, auto-receive. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, mainBalance, newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { withdrawal } from '../../../../app/schema.ts';
import { passwords } from '../../../accounts/server/passwords.ts';
import { autoReceiveDue, payWithdrawal, rejectWithdrawal } from '../../server/withdrawals.ts';
import { auditLedger, balancesOf } from '../../server/ledger.ts';
import { HOUSE, holdAccount } from '../../server/accounts.ts';
import { createSandboxProvider, usePaymentProvider } from '../../../../providers/payments/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const withdraw = (u: User, body: Record<string, unknown>) => u.call('/wps/wallet/withdraw', { method: 'POST', body: { idempotencyKey: newKey(), ...body } });
const confirm = (u: User, body: Record<string, unknown>) => u.call('/wps/wallet/withdrawals/confirm', { method: 'POST', body: { idempotencyKey: newKey(), ...body } });
const held = async (memberId: number) => (await balancesOf(t.db, [holdAccount(memberId)])).get(holdAccount(memberId))!;
const payouts = async () => (await balancesOf(t.db, [HOUSE.payouts])).get(HOUSE.payouts)!;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR and the rest of a tiny picture')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF tiny')]);
const GIF = Buffer.from('GIF89a tiny');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** A member with 200.00 and a withdrawal of `amount` already paid out by the operator. */
async function paidWithdrawal(amount = '100.00') {
  const u = await walletUser({ payeeName: 'Pat Payee' });
  await fund(u.id, 200_00n);
  const w = (await withdraw(u, { amount })).json.value;
  await payWithdrawal(t.db, w.id, { by: 'test-operator' });
  return { u, w };
}

describe('a withdrawal request', () => {
  it('tells the page what can be withdrawn and how', async () => {
    const u = await walletUser({ payeeName: 'Pat Payee' });
    await fund(u.id, 150_00n);
    const r = await u.call('/wps/wallet/withdraw/info');
    expect(r.json.value).toEqual({ available: '150.00', min: '10.00', max: '50000.00', needPaymentPassword: false, payeeName: 'Pat Payee', autoReceiveMinutes: 30, wageringRemaining: '0.00' });
  });

  it('holds the amount at once: out of the main wallet, shown as held, listed as pending', async () => {
    const u = await walletUser();
    await fund(u.id, 150_00n);
    const r = await withdraw(u, { amount: '100.00' });
    expect(r.status).toBe(200);
    expect(r.json.value).toMatchObject({ amount: '100.00', status: 'pending', paidAt: null, receivedAmount: null, autoReceiveAt: null });
    expect(r.json.value.id).toMatch(/^W[0-9A-F]{20}$/);
    const b = (await u.call('/wps/v2/wallets/balance')).json.value;
    expect(b).toMatchObject({ sumBalance: 50, heldBalance: 100 });
    const list = (await u.call('/wps/wallet/withdrawals')).json.value;
    expect(list).toMatchObject({ totalCount: 1, content: [{ id: r.json.value.id, status: 'pending' }] });
  });

  it('refuses amounts outside the limits or above what is available, holding nothing', async () => {
    const u = await walletUser();
    await fund(u.id, 60_00n);
    const cases: [unknown, string][] = [
      ['9.99', 'wallet.amount.min'],
      ['50000.01', 'wallet.amount.max'],
      ['60.01', 'wallet.balance.insufficient'],
      ['-10', 'wallet.amount.positive'],
      ['0', 'wallet.amount.positive'],
      ['10.001', 'wallet.amount.decimals'],
      ['10 dollars', 'wallet.amount.invalid'],
      ['123456789012345678901234567890', 'wallet.amount.tooLarge'],
    ];
    for (const [amount, code] of cases) {
      const r = await withdraw(u, { amount });
      expect({ amount, status: r.status, code: r.json.errorCode }).toEqual({ amount, status: 400, code });
    }
    expect(await mainBalance(u.id)).toBe(60_00n);
    expect(await held(u.id)).toBe(0n);
  });

  it('asks for the payment password when the member has one', async () => {
    const u = await walletUser({ paymentPasswordHash: await passwords.hash('135790') });
    await fund(u.id, 50_00n);
    expect((await u.call('/wps/wallet/withdraw/info')).json.value.needPaymentPassword).toBe(true);
    expect((await withdraw(u, { amount: '20.00' })).json.errorCode).toBe('wallet.paymentPassword.required');
    expect((await withdraw(u, { amount: '20.00', paymentPassword: '000000' })).json.errorCode).toBe('wallet.paymentPassword.incorrect');
    expect(await held(u.id)).toBe(0n);
    expect((await withdraw(u, { amount: '20.00', paymentPassword: '135790' })).status).toBe(200);
    expect(await held(u.id)).toBe(20_00n);
  });

  it('replays a retried request with its key (one hold), and refuses the key with another amount', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    const idempotencyKey = newKey();
    const first = await withdraw(u, { amount: '20.00', idempotencyKey });
    const retry = await withdraw(u, { amount: '20.00', idempotencyKey });
    expect(retry.json.value.id).toBe(first.json.value.id);
    expect((await withdraw(u, { amount: '21.00', idempotencyKey })).status).toBe(409);
    expect(await held(u.id)).toBe(20_00n);
  });
});

describe('the operator', () => {
  it('rejects a pending withdrawal: the hold goes back to the main wallet, once', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    const w = (await withdraw(u, { amount: '30.00' })).json.value;
    const rejected = await rejectWithdrawal(t.db, w.id, { by: 'test-operator', note: 'Payee name does not match' });
    expect(rejected).toMatchObject({ status: 'rejected', reviewNote: 'Payee name does not match' });
    expect(await mainBalance(u.id)).toBe(50_00n);
    expect(await held(u.id)).toBe(0n);
    await expect(rejectWithdrawal(t.db, w.id, { by: 'x', note: 'again' })).rejects.toMatchObject({ errorCode: 'wallet.withdrawal.state' });
    await expect(payWithdrawal(t.db, w.id, { by: 'x' })).rejects.toMatchObject({ errorCode: 'wallet.withdrawal.state' });
    expect(await mainBalance(u.id)).toBe(50_00n);
  });

  it('approves a pending withdrawal: paid out through the provider, the hold leaves the books', async () => {
    const before = await payouts();
    const { u, w } = await paidWithdrawal('100.00');
    expect(await held(u.id)).toBe(0n);
    expect(await mainBalance(u.id)).toBe(100_00n);
    expect((await payouts()) - before).toBe(100_00n);
    const item = (await u.call('/wps/wallet/withdrawals')).json.value.content[0];
    expect(item).toMatchObject({ id: w.id, status: 'paid' });
    expect(item.autoReceiveAt - item.paidAt).toBe(30 * 60_000);
    await expect(payWithdrawal(t.db, w.id, { by: 'x' })).rejects.toMatchObject({ errorCode: 'wallet.withdrawal.state' });
  });

  it('lets exactly one of a concurrent approve and reject happen', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    const w = (await withdraw(u, { amount: '25.00' })).json.value;
    const results = await Promise.allSettled([payWithdrawal(t.db, w.id, { by: 'a' }), rejectWithdrawal(t.db, w.id, { by: 'b', note: 'no' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(await mainBalance(u.id)).toBe(row!.status === 'paid' ? 25_00n : 50_00n);
    expect(await held(u.id)).toBe(0n);
  });

  it('leaves the withdrawal pending and the hold intact when the provider refuses the payout', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    const w = (await withdraw(u, { amount: '25.00' })).json.value;
    const sandbox = createSandboxProvider();
    usePaymentProvider({
      ...sandbox,
      async payout() {
        throw new Error('gateway down');
      },
    });
    try {
      await expect(payWithdrawal(t.db, w.id, { by: 'x' })).rejects.toMatchObject({ status: 502, errorCode: 'wallet.payout.failed' });
    } finally {
      usePaymentProvider(null);
    }
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(row!.status).toBe('pending');
    expect(await held(u.id)).toBe(25_00n);
  });
});

describe('the player confirms a payout', () => {
  it('received in full: full paid, nothing remaining; a second confirmation is refused', async () => {
    const { u, w } = await paidWithdrawal();
    const r = await confirm(u, { id: w.id, received: true });
    expect(r.json.value).toMatchObject({ status: 'received', receivedAmount: '100.00', remainingAmount: '0.00', autoReceiveAt: null });
    expect(r.json.value.confirmedAt).toBeGreaterThan(0);
    const again = await confirm(u, { id: w.id, received: false, receivedAmount: '1.00', proofImage: dataUrl('image/png', PNG) });
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('wallet.withdrawal.state');
  });

  it('not received: what arrived and a png or jpg proof; the rest is remaining', async () => {
    const { u, w } = await paidWithdrawal();
    const r = await confirm(u, { id: w.id, received: false, receivedAmount: '40.00', proofImage: dataUrl('image/png', PNG) });
    expect(r.status).toBe(200);
    expect(r.json.value).toMatchObject({ status: 'disputed', receivedAmount: '40.00', remainingAmount: '60.00' });
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(row).toMatchObject({ proofType: 'image/png', proofImage: PNG.toString('base64') });

    const other = await paidWithdrawal('50.00');
    const none = await confirm(other.u, { id: other.w.id, received: false, receivedAmount: '0', proofImage: dataUrl('image/jpeg', JPEG) });
    expect(none.json.value).toMatchObject({ status: 'disputed', receivedAmount: '0.00', remainingAmount: '50.00' });
  });

  it('refuses a missing, wrong-type or oversized proof and a bad received amount, changing nothing', async () => {
    const { u, w } = await paidWithdrawal();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    const cases: [Record<string, unknown>, string][] = [
      [{ receivedAmount: '10.00' }, 'wallet.proof.required'],
      [{ receivedAmount: '10.00', proofImage: '' }, 'wallet.proof.required'],
      [{ receivedAmount: '10.00', proofImage: dataUrl('image/gif', GIF) }, 'wallet.proof.type'],
      [{ receivedAmount: '10.00', proofImage: dataUrl('image/png', GIF) }, 'wallet.proof.type'],
      [{ receivedAmount: '10.00', proofImage: 'https://example.com/proof.png' }, 'wallet.proof.type'],
      [{ receivedAmount: '10.00', proofImage: dataUrl('image/png', big) }, 'wallet.proof.size'],
      [{ proofImage: dataUrl('image/png', PNG) }, 'wallet.received.required'],
      [{ receivedAmount: '100.00', proofImage: dataUrl('image/png', PNG) }, 'wallet.received.tooLarge'],
      [{ receivedAmount: '-1', proofImage: dataUrl('image/png', PNG) }, 'wallet.amount.positive'],
      [{ receivedAmount: '1.234', proofImage: dataUrl('image/png', PNG) }, 'wallet.amount.decimals'],
    ];
    for (const [body, code] of cases) {
      const r = await confirm(u, { id: w.id, received: false, ...body });
      expect({ code: r.json.errorCode, status: r.status }).toEqual({ code, status: 400 });
      expect(r.json.message).toBeTruthy();
    }
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(row!.status).toBe('paid');
  });

  it("refuses someone else's withdrawal, an unknown one, and one not paid out yet", async () => {
    const { w } = await paidWithdrawal();
    const stranger = await walletUser();
    const r = await confirm(stranger, { id: w.id, received: true });
    expect(r.status).toBe(404);
    expect(r.json.errorCode).toBe('wallet.withdrawal.unknown');
    expect((await confirm(stranger, { id: 'WNOSUCHWITHDRAWAL000', received: true })).status).toBe(404);
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(row!.status).toBe('paid');
    expect((await stranger.call('/wps/wallet/withdrawals')).json.value.totalCount).toBe(0);

    const u = await walletUser();
    await fund(u.id, 20_00n);
    const pending = (await withdraw(u, { amount: '10.00' })).json.value;
    const early = await confirm(u, { id: pending.id, received: true });
    expect(early.status).toBe(409);
    expect(early.json.errorCode).toBe('wallet.withdrawal.state');
  });

  it('counts an unconfirmed payout as received after the brand minutes (force_received), once', async () => {
    const { w } = await paidWithdrawal();
    const [row] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    const paidAt = row!.paidAt!.getTime();
    expect(await autoReceiveDue(t.db, paidAt + 29 * 60_000)).toBe(0);
    expect(await autoReceiveDue(t.db, paidAt + 30 * 60_000 + 1)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(withdrawal).where(eq(withdrawal.id, w.id));
    expect(after).toMatchObject({ status: 'force_received', receivedAmount: 100_00n });
    expect(await autoReceiveDue(t.db, paidAt + 60 * 60_000)).toBe(0);
  });

  it('settles overdue payouts when the player opens the list, and refuses a late confirmation', async () => {
    const { u, w } = await paidWithdrawal();
    await t.db.execute(sql`update withdrawal set paid_at = now() - interval '31 minutes' where id = ${w.id}`);
    const item = (await u.call('/wps/wallet/withdrawals')).json.value.content[0];
    expect(item).toMatchObject({ id: w.id, status: 'force_received', receivedAmount: '100.00', remainingAmount: '0.00' });
    expect((await confirm(u, { id: w.id, received: true })).json.errorCode).toBe('wallet.withdrawal.state');
  });
});

describe('the ledger after the withdrawals', () => {
  it('is sound', async () => {
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });
});

/** The member centre's records, date ranges in the brand's time zone, and the demo wallet seed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { placeBet, refundRound, settleRound } from '../../server/game-play.ts';
import { payWithdrawal } from '../../server/withdrawals.ts';
import { dayRange, dayStart, todayIn } from '../../server/records.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../accounts/server/seed.ts';
import { findByUsername } from '../../../accounts/server/members.ts';
import { DEMO_WELCOME_MEMO, seedDemoWallet, seedDemoWalletIfNeeded } from '../../server/seed.ts';
import { balanceView } from '../../server/balance.ts';
import { betsPage, bonusPage } from '../../server/records.ts';
import { auditLedger } from '../../server/ledger.ts';
import { callApi } from '../../../../../tests/support/api.ts';

let t: TestDb;
let sandbox: ReturnType<typeof sandboxInProcess>;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  sandbox = sandboxInProcess();
});
afterAll(async () => {
  sandbox.restore();
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;

/** A member with a bit of everything: bonus, deposit, transfer, rounds, a paid withdrawal. */
async function activeMember(): Promise<User> {
  const u = await walletUser();
  await fund(u.id, 100_00n);
  const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '50.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
  await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } });
  await u.call('/wps/relay/GCS_walletTransfer', { method: 'POST', body: { to: 'JL', amount: '20.00', idempotencyKey: newKey() } });
  const round = (n: number) => `r${u.id}-${String(n).padStart(4, '0')}`;
  await placeBet(t.db, { memberId: u.id, roundId: round(1), vendor: 'JL', gameName: 'Fortune Test', amount: 5_00n, fromGameWallet: true });
  await settleRound(t.db, round(1), 12_50n);
  await placeBet(t.db, { memberId: u.id, roundId: round(2), vendor: 'JL', gameName: 'Fortune Test', amount: 3_00n, fromGameWallet: true });
  await settleRound(t.db, round(2), 0n);
  await placeBet(t.db, { memberId: u.id, roundId: round(3), vendor: 'PG', gameName: 'Open Round', amount: 1_00n });
  await placeBet(t.db, { memberId: u.id, roundId: round(4), vendor: 'PG', gameName: 'Refunded Round', amount: 2_00n });
  await refundRound(t.db, round(4));
  const w = (await u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount: '30.00', idempotencyKey: newKey() } })).json.value;
  await payWithdrawal(t.db, w.id, { by: 'test' });
  return u;
}

describe('date ranges', () => {
  it('start each day at midnight in the time zone, across offset changes', () => {
    const day = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) / 86_400_000;
    expect(new Date(dayStart(day('2026-03-10'), 'America/Mexico_City')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(new Date(dayStart(day('2026-03-08'), 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(dayStart(day('2026-03-09'), 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(dayStart(day('2026-06-01'), 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });

  it('default to the last 7 days in the brand time zone, and refuse bad or long ranges', () => {
    const r = dayRange({});
    expect(r.to).toBe(todayIn(brand().timeZone));
    expect((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000).toBe(6);
    expect(dayRange({ from: '2026-01-01', to: '2026-02-01' }).to).toBe('2026-02-01');
    for (const q of [
      { from: '2026-01-01', to: '2026-02-02' },
      { from: '2026-01-10', to: '2026-01-09' },
      { from: '2026-02-30', to: '2026-03-01' },
    ]) {
      expect(() => dayRange(q)).toThrow(expect.objectContaining({ errorCode: 'wallet.range.invalid' }));
    }
  });
});

describe('the account record', () => {
  it("lists the member's entries newest first, with the wallet, the balance after and the transfer kind", async () => {
    const u = await activeMember();
    const r = (await u.call('/wps/wallet/records/transactions', { query: { pageSize: 100 } })).json.value;
    const kinds = r.content.map((e: { kind: string; wallet: string; amount: string }) => `${e.kind} ${e.wallet} ${e.amount}`);
    expect(kinds).toEqual([
      'withdrawal_payout HOLD -30.00',
      'withdrawal_hold HOLD 30.00',
      'withdrawal_hold MAIN -30.00',
      'refund MAIN 2.00',
      'bet MAIN -2.00',
      'bet MAIN -1.00',
      'bet JL -3.00',
      'win JL 12.50',
      'bet JL -5.00',
      'wallet_transfer JL 20.00',
      'wallet_transfer MAIN -20.00',
      'deposit MAIN 50.00',
      'bonus MAIN 100.00',
    ]);
    expect(r.content[0].balanceAfter).toBe('0.00');
    expect(r.content.find((e: { kind: string }) => e.kind === 'deposit')).toMatchObject({ balanceAfter: '150.00', memo: 'Deposit SANDBOX_CARD' });
    expect(r.content[2]).toMatchObject({ wallet: 'MAIN', balanceAfter: '99.00' });
    expect(r.totalCount).toBe(13);
  });

  it('pages, filters by kind, and is empty for a range without activity', async () => {
    const u = await activeMember();
    const page2 = (await u.call('/wps/wallet/records/transactions', { query: { pageNo: 2, pageSize: 5 } })).json.value;
    expect(page2).toMatchObject({ pageNum: 2, totalPages: 3, totalCount: 13 });
    expect(page2.content).toHaveLength(5);
    const bets = (await u.call('/wps/wallet/records/transactions', { query: { kind: 'bet' } })).json.value;
    expect(bets.totalCount).toBe(4);
    const old = (await u.call('/wps/wallet/records/transactions', { query: { from: '2020-01-01', to: '2020-01-31' } })).json.value;
    expect(old).toEqual({ content: [], pageNum: 1, totalPages: 0, totalCount: 0 });
  });

  it('refuses a range longer than 31 days or reversed with wallet.range.invalid', async () => {
    const u = await walletUser();
    for (const path of ['transactions', 'bets', 'profit', 'bonus']) {
      const r = await u.call(`/wps/wallet/records/${path}`, { query: { from: '2026-01-01', to: '2026-03-01' } });
      expect({ path, status: r.status, code: r.json.errorCode }).toEqual({ path, status: 400, code: 'wallet.range.invalid' });
    }
    expect((await u.call('/wps/wallet/withdrawals', { query: { from: '2026-01-02', to: '2026-01-01' } })).json.errorCode).toBe('wallet.range.invalid');
    expect((await u.call('/wps/wallet/deposit/orders', { query: { from: 'yesterday' } })).json.errorCode).toBe('request.invalid');
  });

  it("never shows one member another member's entries", async () => {
    await activeMember();
    const other = await walletUser();
    expect((await other.call('/wps/wallet/records/transactions')).json.value.totalCount).toBe(0);
    expect((await other.call('/wps/wallet/records/bets')).json.value.totalCount).toBe(0);
  });
});

describe('the betting record', () => {
  it('lists rounds with win and profit, open ones without, and sums the range', async () => {
    const u = await activeMember();
    const r = (await u.call('/wps/wallet/records/bets')).json.value;
    expect(r.totalCount).toBe(4);
    const byGame = Object.fromEntries(r.content.map((b: { roundId: string }) => [b.roundId.slice(-4), b]));
    expect(byGame['0001']).toMatchObject({ vendor: 'JL', gameName: 'Fortune Test', bet: '5.00', win: '12.50', profit: '7.50', status: 'settled' });
    expect(byGame['0002']).toMatchObject({ bet: '3.00', win: '0.00', profit: '-3.00', status: 'settled' });
    expect(byGame['0003']).toMatchObject({ bet: '1.00', win: null, profit: null, status: 'open' });
    expect(byGame['0004']).toMatchObject({ bet: '2.00', win: null, profit: '0.00', status: 'refunded' });
    expect(r.summary).toEqual({ bet: '9.00', win: '12.50', profit: '3.50', rounds: 3 });
  });
});

describe('personal loss/profit', () => {
  it('sums bets, wins, deposits, withdrawals and bonuses by day, for every day of the range', async () => {
    const u = await activeMember();
    const r = (await u.call('/wps/wallet/records/profit')).json.value;
    expect(r.days).toHaveLength(7);
    const today = todayIn(brand().timeZone);
    expect(r.days[0]).toEqual({ date: today, bet: '9.00', win: '12.50', profit: '3.50', deposit: '50.00', withdrawal: '30.00', bonus: '100.00' });
    expect(r.days[6]).toMatchObject({ bet: '0.00', deposit: '0.00' });
    expect(r.total).toEqual({ bet: '9.00', win: '12.50', profit: '3.50', deposit: '50.00', withdrawal: '30.00', bonus: '100.00' });
  });
});

describe('bonus details', () => {
  it('lists bonus transfers with their memo', async () => {
    const u = await activeMember();
    const r = (await u.call('/wps/wallet/records/bonus')).json.value;
    expect(r.totalCount).toBe(1);
    expect(r.content[0]).toMatchObject({ amount: '100.00', memo: 'test funding' });
  });
});

describe('the demo wallet seed', () => {
  it('credits the demo player through a labelled bonus transfer and plays two demo rounds, once', async () => {
    await seedDemoAccounts(t.db);
    await seedDemoWalletIfNeeded(t.db);
    await seedDemoWalletIfNeeded(t.db);
    // Even without the marker, seeding again changes nothing: every step is keyed.
    await seedDemoWallet(t.db);
    const player = (await findByUsername(t.db, DEMO_ACCOUNTS[1].username))!;
    const b = await balanceView(t.db, player.id);
    expect(b.sumBalance).toBe(1000);
    expect(b.balance.slice(0, 2).map((x) => `${x.accountTypeName} ${x.availBalance}`)).toEqual(['MAIN 950', 'JL 50']);
    const bonus = await bonusPage(t.db, player.id, {});
    expect(bonus.content).toEqual([expect.objectContaining({ amount: '1000.00', memo: DEMO_WELCOME_MEMO })]);
    expect(DEMO_WELCOME_MEMO).toContain('demo');
    const bets = await betsPage(t.db, player.id, {});
    expect(bets.totalCount).toBe(2);
    expect(bets.content.every((r) => r.gameName.includes('(demo round)'))).toBe(true);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });
});

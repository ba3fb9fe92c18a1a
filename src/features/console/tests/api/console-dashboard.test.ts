/**
 * The console's dashboard agrees with the ledger (issue 29), on both databases: after deposits,
 * rounds on two vendors (one settled with a win, one lost, one open), a paid withdrawal and a
 * bonus, its totals equal what the ledger's own transfers and house accounts say, and its days,
 * vendors and categories add up to its totals. Finance and risk read it; support does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { fund, newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { rowsOf } from '../../../../kernel/db/rows.ts';
import { placeBet, settleRound } from '../../../wallet/server/game-play.ts';
import { payWithdrawal } from '../../../wallet/server/withdrawals.ts';

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

/** Sum of the ledger's entries (minor units, as decimal text) on the accounts whose code matches, negated when asked. */
async function ledgerSum(codeLike: string, sign = 1n): Promise<string> {
  const [r] = rowsOf(await t.db.execute(sql`select coalesce(sum(e.amount), 0)::text as s from ledger_entry e join ledger_account a on a.id = e.account_id where a.code like ${codeLike}`));
  const v = BigInt(String(r!.s)) * sign;
  return `${v < 0n ? '-' : ''}${(v < 0n ? -v : v) / 100n}.${String((v < 0n ? -v : v) % 100n).padStart(2, '0')}`;
}

describe('the dashboard', () => {
  it("equals the ledger's own figures, and its parts add up", async () => {
    let n = 0;
    for (const [stake, win] of [
      [5_00n, 12_50n],
      [3_00n, 0n],
    ] as const) {
      const u = await walletUser({ payeeName: 'Pat' });
      await fund(u.id, 100_00n);
      const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '50.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
      await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } });
      await placeBet(t.db, { memberId: u.id, roundId: `dash-${u.id}-${++n}`, vendor: 'JL', gameName: 'Fortune Test', amount: stake });
      await settleRound(t.db, `dash-${u.id}-${n}`, win);
      await placeBet(t.db, { memberId: u.id, roundId: `dash-${u.id}-${++n}`, vendor: 'PG', gameName: 'Other', amount: 2_00n });
      await settleRound(t.db, `dash-${u.id}-${n}`, 0n);
      // An open round is not a valid bet yet.
      await placeBet(t.db, { memberId: u.id, roundId: `dash-${u.id}-${++n}`, vendor: 'PG', gameName: 'Open', amount: 1_00n });
      const w = (await u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount: '20.00', idempotencyKey: newKey() } })).json.value;
      await payWithdrawal(t.db, w.id, { by: 'test' });
    }
    const finance = await staffUser(['finance']);
    const d = (await finance.call('/wps/console/dashboard')).json.value;
    expect(d.totals).toMatchObject({ deposits: '100.00', depositCount: 2, withdrawals: '40.00', withdrawalCount: 2, bets: '12.00', wins: '12.50', ggr: '-0.50', activePlayers: 2, newPlayers: 2 });
    // The ledger says the same: money in from the payment provider, out to payouts, the test
    // funding paid from house:bonus (the bonus cost), and the house's game result on the settled rounds.
    expect(d.totals.deposits).toBe(await ledgerSum('house:payments', -1n));
    expect(d.totals.withdrawals).toBe(await ledgerSum('house:payouts'));
    expect(d.totals.bonusCost).toBe(await ledgerSum('house:bonus', -1n));
    expect(d.totals.bonusCost).toBe('200.00');
    expect(d.totals.ngr).toBe('-200.50');
    // The house's games accounts hold the settled rounds' result (the GGR) and the two open stakes.
    expect(await ledgerSum('house:games:%')).toBe('1.50');
    const plus = (xs: string[]) => xs.reduce((s, x) => s + Math.round(Number(x) * 100), 0);
    expect(plus(d.days.map((x: { bets: string }) => x.bets))).toBe(1200);
    expect(plus(d.vendors.map((x: { bets: string }) => x.bets))).toBe(1200);
    expect(plus(d.categories.map((x: { ggr: string }) => x.ggr))).toBe(-50);
    expect(d.vendors.map((v: { vendor: string }) => v.vendor).sort()).toEqual(['JL', 'PG']);
    expect(d.pendingWithdrawals).toEqual({ count: 0, amount: '0.00' });

    const risk = await staffUser(['risk']);
    expect((await risk.call('/wps/console/dashboard')).status).toBe(200);
    const support = await staffUser(['support']);
    expect((await support.call('/wps/console/dashboard')).json.errorCode).toBe('console.role.denied');
    expect((await finance.call('/wps/console/dashboard', { query: { from: '2026-01-01', to: '2026-12-31' } })).json.errorCode).toBe('wallet.range.invalid');
  });
});

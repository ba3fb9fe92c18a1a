/**
 * Rounds in batches (round-batches.ts, issue 16's lottery): a batch settles each open round once
 * (a second batch or a refund finds it closed), pays each member's wins in one transfer whose
 * entries carry running balances as if posted one by one, adds the day's figures, and runs beside
 * single bets on the same house accounts without deadlock; the ledger audit holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { gamesAccount, mainAccount } from '../../server/accounts.ts';
import { playRound } from '../../server/game-play.ts';
import { auditLedger, balancesOf } from '../../server/ledger.ts';
import { openRounds, refundRounds, settleRounds } from '../../server/round-batches.ts';
import { gameRound, ledgerAccount, ledgerEntry, memberDay } from '../../server/tables.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
});
afterAll(() => t.dispose());

const audit = async () => {
  const a = await auditLedger(t.db);
  expect({ total: a.total, drifted: a.drifted, unbalanced: a.unbalanced, negative: a.negative, misrouted: a.misrouted }).toEqual({
    total: 0n,
    drifted: [],
    unbalanced: [],
    negative: [],
    misrouted: [],
  });
};
let seq = 0;
const rid = () => `batch-${Date.now().toString(36)}-${++seq}`;

/** Each account's entries, in id order, step from one balance_after to the next by their amounts, and end at its balance. */
async function runningBalancesHold(codes: string[]) {
  const accounts = await t.db.select().from(ledgerAccount).where(inArray(ledgerAccount.code, codes));
  for (const a of accounts) {
    const entries = await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.accountId, a.id)).orderBy(asc(ledgerEntry.id));
    let before = 0n;
    for (const e of entries) {
      expect(e.balanceAfter, `${a.code} entry ${e.id}`).toBe(before + e.amount);
      before = e.balanceAfter;
    }
    expect(before, a.code).toBe(a.balance);
  }
}

describe('round batches', () => {
  it('open a slip in one transfer, settle each round once with running balances, and add the day figures', async () => {
    const members = await Promise.all([walletUser(), walletUser(), walletUser()]);
    for (const m of members) await fund(m.id, 100_00n);
    const ids = new Map<number, string[]>();
    for (const m of members) {
      const bets = [1_00n, 2_00n, 3_00n].map((amount) => ({ roundId: rid(), amount }));
      ids.set(
        m.id,
        bets.map((b) => b.roundId),
      );
      const opened = await t.db.transaction((tx) => openRounds(tx, { memberId: m.id, vendor: 'JL', gameName: 'Batch game', reference: rid(), bets }));
      expect(opened.balance).toBe(94_00n);
    }
    // A short wallet refuses the whole slip.
    await expect(
      t.db.transaction((tx) => openRounds(tx, { memberId: members[0]!.id, vendor: 'JL', gameName: 'Batch game', reference: rid(), bets: [{ roundId: rid(), amount: 95_00n }] })),
    ).rejects.toMatchObject({ errorCode: 'wallet.balance.insufficient' });

    // Member 0 wins 5.00 and 0.50, member 1 nothing, member 2 7.00; the last round of member 2 is refunded first.
    const [a, b, c] = members.map((m) => ids.get(m.id)!);
    await t.db.transaction((tx) => refundRounds(tx, [c![2]!], 'draw:test:1', 'Batch game'));
    const results = [
      { roundId: a![0]!, win: 5_00n },
      { roundId: a![1]!, win: 50n },
      { roundId: a![2]!, win: 0n },
      ...b!.map((roundId) => ({ roundId, win: 0n })),
      { roundId: c![0]!, win: 7_00n },
      { roundId: c![1]!, win: 0n },
      { roundId: c![2]!, win: 9_99n }, // refunded already: skipped
    ];
    const outcome = await t.db.transaction((tx) => settleRounds(tx, results, 'draw:test:1', 'Batch game'));
    expect(outcome).toEqual({ closed: 8, payouts: 2, paid: 12_50n });
    // Again: nothing left open, nothing paid.
    expect(await t.db.transaction((tx) => settleRounds(tx, results, 'draw:test:1', 'Batch game'))).toEqual({ closed: 0, payouts: 0, paid: 0n });
    const balances = await balancesOf(
      t.db,
      members.map((m) => mainAccount(m.id)),
    );
    expect(members.map((m) => balances.get(mainAccount(m.id)))).toEqual([99_50n, 94_00n, 104_00n]);
    const [dayA] = await t.db
      .select()
      .from(memberDay)
      .where(and(eq(memberDay.memberId, members[0]!.id), eq(memberDay.vendor, 'JL')));
    expect(dayA).toMatchObject({ betCount: 3, validBet: 6_00n, payout: 5_50n });
    const [dayC] = await t.db
      .select()
      .from(memberDay)
      .where(and(eq(memberDay.memberId, members[2]!.id), eq(memberDay.vendor, 'JL')));
    expect(dayC).toMatchObject({ betCount: 2, validBet: 3_00n, payout: 7_00n });
    const statuses = await t.db.select({ s: gameRound.status }).from(gameRound).where(inArray(gameRound.roundId, c!));
    expect(statuses.map((r) => r.s).sort()).toEqual(['refunded', 'settled', 'settled']);
    await runningBalancesHold([...members.map((m) => mainAccount(m.id)), ...new Set(members.map((m) => gamesAccount(m.id)))]);
    await audit();
  });

  it('settle beside single bets on the same house accounts without deadlock, and conserve money', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => walletUser()));
    for (const m of members) await fund(m.id, 1_000_00n);
    const open: { roundId: string; memberId: number }[] = [];
    for (const m of members) {
      const bets = Array.from({ length: 50 }, () => ({ roundId: rid(), amount: 1_00n }));
      await t.db.transaction((tx) => openRounds(tx, { memberId: m.id, vendor: 'JL', gameName: 'Batch game', reference: rid(), bets }));
      for (const x of bets) open.push({ roundId: x.roundId, memberId: m.id });
    }
    // Four batches of the open rounds race each other and 80 single plays. (A draw's tickets are
    // settled by the one transaction holding the draw; racing batches here only prove each round
    // closes once.)
    const results = open.map((o, i) => ({ roundId: o.roundId, win: i % 3 === 0 ? 2_00n : 0n }));
    const batches = Array.from({ length: 4 }, () => t.db.transaction((tx) => settleRounds(tx, results, 'draw:test:2', 'Batch game')));
    const singles = Array.from({ length: 80 }, (_, i) => {
      const m = members[i % members.length]!;
      return playRound(t.db, { memberId: m.id, roundId: rid(), idempotencyKey: `single-${rid()}`, request: { i }, vendor: 'JL', gameName: 'Single', amount: 1_00n }, async () => ({
        win: i % 2 ? 1_50n : 0n,
        detail: null,
      }));
    });
    const outcomes = await Promise.all(batches);
    await Promise.all(singles);
    // Every round closed once, by one batch or another.
    expect(outcomes.reduce((n, o) => n + o.closed, 0)).toBe(open.length);
    const left = await t.db
      .select({ id: gameRound.roundId })
      .from(gameRound)
      .where(
        and(
          eq(gameRound.status, 'open'),
          inArray(
            gameRound.memberId,
            members.map((m) => m.id),
          ),
        ),
      );
    expect(left).toEqual([]);
    await audit();
  });
});

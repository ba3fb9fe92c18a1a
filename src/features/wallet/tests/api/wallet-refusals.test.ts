/**
 * How the ledger refuses, since postTransfer leaves the checks to the database in one statement
 * (CHECK constraint, NOT NULL entry account): a refusal writes nothing, whatever the caller does
 * next, and the game-play calls, which write their idempotency record last, still answer a retry
 * with the first answer and a reused key with a conflict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { member } from '../../../../app/schema.ts';
import { HOUSE, gameAccount, gamesAccount, holdAccount, mainAccount } from '../../server/accounts.ts';
import { auditLedger, balancesOf, postTransfer, rowsOf } from '../../server/ledger.ts';
import { placeBet, refundRound, settleRound } from '../../server/game-play.ts';

let t: TestDb;
let memberId: number;

beforeAll(async () => {
  t = await openTestDb();
  const [m] = await t.db.insert(member).values({ username: 'refusalplayer', passwordHash: 'x', passwordChangedAt: new Date() }).returning({ id: member.id });
  memberId = m!.id;
});
afterAll(() => t.dispose());

const transfers = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from ledger_transfer`))[0]!.n);
const sound = { total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] };

describe('a refused transfer', () => {
  it('refuses a debit from a member account that never existed, and creates nothing', async () => {
    const before = await transfers();
    await expect(
      t.db.transaction((tx) => postTransfer(tx, { kind: 'withdrawal_hold', memberId, legs: [{ from: holdAccount(memberId), to: mainAccount(memberId), amount: 1n }] })),
    ).rejects.toMatchObject({ errorCode: 'wallet.balance.insufficient' });
    expect(await transfers()).toBe(before);
    expect(rowsOf(await t.db.execute(sql`select code from ledger_account where member_id = ${memberId}`))).toEqual([]);
  });

  it('credits a member account on first use, and moves between existing and new accounts', async () => {
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'deposit', memberId, legs: [{ from: HOUSE.payments, to: mainAccount(memberId), amount: 10_000n }] }));
    const posted = await t.db.transaction((tx) => postTransfer(tx, { kind: 'wallet_transfer', memberId, legs: [{ from: mainAccount(memberId), to: gameAccount(memberId, 'JL'), amount: 2_500n }] }));
    expect(posted.balances).toEqual(
      new Map([
        [mainAccount(memberId), 7_500n],
        [gameAccount(memberId, 'JL'), 2_500n],
      ]),
    );
    expect(await auditLedger(t.db)).toMatchObject(sound);
  });

  it('writes nothing of a transaction that went on after catching the refusal', async () => {
    const before = await transfers();
    await t.db
      .transaction(async (tx) => {
        await postTransfer(tx, { kind: 'bonus', memberId, legs: [{ from: HOUSE.bonus, to: mainAccount(memberId), amount: 100n }] });
        try {
          await postTransfer(tx, { kind: 'bet', memberId, legs: [{ from: mainAccount(memberId), to: gamesAccount(memberId), amount: 1_000_000n }] });
        } catch (err) {
          expect(err).toMatchObject({ errorCode: 'wallet.balance.insufficient' });
        }
      })
      .catch(() => {});
    expect(await transfers()).toBe(before);
    expect((await balancesOf(t.db, [mainAccount(memberId)])).get(mainAccount(memberId))).toBe(7_500n);
    expect(await auditLedger(t.db)).toMatchObject(sound);
  });

  it('keeps balance_after right when one transfer moves an account twice', async () => {
    const posted = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'adjustment',
        memberId,
        legs: [
          { from: mainAccount(memberId), to: HOUSE.adjustments, amount: 500n },
          { from: HOUSE.adjustments, to: mainAccount(memberId), amount: 200n },
        ],
      }),
    );
    expect(posted.balances.get(mainAccount(memberId))).toBe(7_200n);
    const entries = rowsOf(
      await t.db.execute(sql`select e.amount::text as amount, e.balance_after::text as after from ledger_entry e join ledger_account a on a.id = e.account_id
        where e.transfer_id = ${posted.transferId} and a.code = ${mainAccount(memberId)} order by e.id`),
    );
    expect(entries).toEqual([
      { amount: '-500', after: '7000' },
      { amount: '200', after: '7200' },
    ]);
    expect(await auditLedger(t.db)).toMatchObject(sound);
  });
});

describe('the round calls, with their record written last', () => {
  it('replays a retried bet, settle and refund, and refuses a reused round id with another request', async () => {
    const bet = await placeBet(t.db, { memberId, roundId: 'refusal-r1', vendor: 'JL', gameName: 'Test', amount: 200n });
    expect(await placeBet(t.db, { memberId, roundId: 'refusal-r1', vendor: 'JL', gameName: 'Test', amount: 200n })).toEqual(bet);
    await expect(placeBet(t.db, { memberId, roundId: 'refusal-r1', vendor: 'JL', gameName: 'Test', amount: 300n })).rejects.toMatchObject({
      errorCode: 'wallet.idempotency.conflict',
    });
    const won = await settleRound(t.db, 'refusal-r1', 0n);
    expect(won).toMatchObject({ status: 'settled', win: '0.00', balance: '70.00' });
    expect(await settleRound(t.db, 'refusal-r1', 0n)).toEqual(won);
    await expect(settleRound(t.db, 'refusal-r1', 5n)).rejects.toMatchObject({ errorCode: 'wallet.idempotency.conflict' });
    await expect(refundRound(t.db, 'refusal-r1')).rejects.toMatchObject({ errorCode: 'wallet.round.closed' });
    await expect(settleRound(t.db, 'refusal-none', 5n)).rejects.toMatchObject({ errorCode: 'wallet.round.unknown' });

    await placeBet(t.db, { memberId, roundId: 'refusal-r2', vendor: 'JL', gameName: 'Test', amount: 300n });
    const [a, b] = await Promise.all([refundRound(t.db, 'refusal-r2'), refundRound(t.db, 'refusal-r2')]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'refunded', balance: '70.00' });
    const refunds = rowsOf(await t.db.execute(sql`select count(*)::int as n from ledger_transfer where kind = 'refund' and reference = 'refusal-r2'`));
    expect(refunds[0]!.n).toBe(1);
    expect(await auditLedger(t.db)).toMatchObject(sound);
  });
});

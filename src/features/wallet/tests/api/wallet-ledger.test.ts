/** The ledger core: double entry, no negative member balance, idempotent keys, append-only rows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { member } from '../../../../app/schema.ts';
import { HOUSE, gameAccount, mainAccount } from '../../server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../server/ledger.ts';
import { once } from '../../../../kernel/idempotency.ts';
import { placeBet, refundRound, settleRound } from '../../server/game-play.ts';

let t: TestDb;
let memberId: number;

beforeAll(async () => {
  t = await openTestDb();
  const [m] = await t.db.insert(member).values({ username: 'ledgerplayer', passwordHash: 'x', passwordChangedAt: new Date() }).returning({ id: member.id });
  memberId = m!.id;
});
afterAll(() => t.dispose());

const deposit = (key: string, amount: bigint) =>
  once(t.db, { name: 'test-deposit', memberId, key, request: { amount } }, (tx) =>
    postTransfer(tx, { kind: 'deposit', memberId, legs: [{ from: HOUSE.payments, to: mainAccount(memberId), amount }] }).then((p) => ({
      transferId: p.transferId,
      balance: p.balances.get(mainAccount(memberId))!.toString(),
    })),
  );

describe('the ledger', () => {
  it('credits a deposit with two entries that sum to zero and keeps the books balanced', async () => {
    const r = await deposit('dep-00001', 10_000n);
    expect(r.replayed).toBe(false);
    expect(r.value.balance).toBe('10000');
    const audit = await auditLedger(t.db);
    expect(audit).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('replays the first answer for a retried key and refuses the key with another request', async () => {
    const again = await deposit('dep-00001', 10_000n);
    expect(again.replayed).toBe(true);
    expect((await balancesOf(t.db, [mainAccount(memberId)])).get(mainAccount(memberId))).toBe(10_000n);
    await expect(deposit('dep-00001', 5n)).rejects.toMatchObject({ errorCode: 'wallet.idempotency.conflict' });
  });

  it('refuses a movement that would take a member account below zero, and moves nothing', async () => {
    const before = await auditLedger(t.db);
    await expect(t.db.transaction((tx) => postTransfer(tx, { kind: 'bet', memberId, legs: [{ from: mainAccount(memberId), to: HOUSE.games, amount: 10_001n }] }))).rejects.toMatchObject({
      errorCode: 'wallet.balance.insufficient',
    });
    const after = await auditLedger(t.db);
    expect(after.transfers).toBe(before.transfers);
  });

  it('refuses to change or delete an entry or a transfer', async () => {
    await expect(t.db.execute(sql`update ledger_entry set amount = amount + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_transfer`)).rejects.toThrow();
  });

  it('keeps a member balance non-negative even against a direct write (CHECK constraint)', async () => {
    await expect(t.db.execute(sql`update ledger_account set balance = -1 where code = ${mainAccount(memberId)}`)).rejects.toThrow();
  });
});

describe('the game-play interface', () => {
  it('debits a bet, credits a win once, and refuses a second settlement', async () => {
    const bet = await placeBet(t.db, { memberId, roundId: 'round-0001', vendor: 'JL', gameName: 'Test', amount: 500n });
    expect(bet).toMatchObject({ status: 'open', bet: '5.00', balance: '95.00' });
    const again = await placeBet(t.db, { memberId, roundId: 'round-0001', vendor: 'JL', gameName: 'Test', amount: 500n });
    expect(again.balance).toBe('95.00');
    const won = await settleRound(t.db, 'round-0001', 1_250n);
    expect(won).toMatchObject({ status: 'settled', win: '12.50', balance: '107.50' });
    expect(await settleRound(t.db, 'round-0001', 1_250n)).toEqual(won);
    await expect(refundRound(t.db, 'round-0001')).rejects.toMatchObject({ errorCode: 'wallet.round.closed' });
  });

  it('refunds an open round and refuses a bet larger than the balance', async () => {
    await placeBet(t.db, { memberId, roundId: 'round-0002', vendor: 'JL', gameName: 'Test', amount: 7_50n });
    const refunded = await refundRound(t.db, 'round-0002');
    expect(refunded).toMatchObject({ status: 'refunded', balance: '107.50' });
    await expect(placeBet(t.db, { memberId, roundId: 'round-0003', vendor: 'JL', gameName: 'Test', amount: 1_000_000n })).rejects.toMatchObject({
      errorCode: 'wallet.balance.insufficient',
    });
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('pays a win or a refund back to the wallet the bet came from', async () => {
    const game = gameAccount(memberId, 'PG');
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'wallet_transfer', memberId, legs: [{ from: mainAccount(memberId), to: game, amount: 20_00n }] }));
    await placeBet(t.db, { memberId, roundId: 'round-0004', vendor: 'PG', gameName: 'Test', amount: 4_00n, fromGameWallet: true });
    const refunded = await refundRound(t.db, 'round-0004');
    expect(refunded.balance).toBe('20.00');
    const balances = await balancesOf(t.db, [game, mainAccount(memberId)]);
    expect(balances.get(game)).toBe(20_00n);
    expect(balances.get(mainAccount(memberId))).toBe(87_50n);
  });
});

/**
 * Points in the ledger (issue 32): each member's points account (`member:<id>:points`, whole
 * points in their own currency, POINTS_CURRENCY) against the house's (`house:points`), append-only
 * and audited like money; no transfer moves points and money together (the audit's `mixed`).
 * Points have no expiry (spec 9). The wallet owns the ledger: the points feature earns, redeems
 * and converts through these functions, inside its own transactions.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { HOUSE, mainAccount, pointsAccount } from './accounts.ts';
import { postPayouts, postTransfer, type PostedTransfer } from './ledger.ts';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from './tables.ts';

/** Earns points for many members at once (a day's points of one type): one transfer each from the house. */
export async function earnPoints(tx: Tx, items: { memberId: number; points: bigint }[], reference: string, memo: string): Promise<bigint> {
  const payouts = items.filter((i) => i.points > 0n).map((i) => ({ memberId: i.memberId, from: HOUSE.points, to: pointsAccount(i.memberId), amount: i.points }));
  return postPayouts(tx, 'points_earn', payouts, reference, memo);
}

/** Earns one member's points (a deposit's). */
export async function earnPointsOnce(tx: Tx, memberId: number, points: bigint, reference: string, memo: string): Promise<PostedTransfer | null> {
  if (points <= 0n) return null;
  return postTransfer(tx, { kind: 'points_earn', memberId, reference, memo, legs: [{ from: HOUSE.points, to: pointsAccount(memberId), amount: points }] });
}

/**
 * Spends a member's points (a redemption), or gives them back (a refused one), inside the
 * caller's transaction. Spending more than the member holds is refused by the ledger with
 * 'wallet.balance.insufficient' (the caller answers it in its own words).
 */
export async function spendPoints(tx: Tx, req: { memberId: number; points: bigint; kind: 'points_redeem' | 'points_refund'; reference: string; memo: string }): Promise<PostedTransfer> {
  const own = pointsAccount(req.memberId);
  const legs = req.kind === 'points_redeem' ? [{ from: own, to: HOUSE.points, amount: req.points }] : [{ from: HOUSE.points, to: own, amount: req.points }];
  return postTransfer(tx, { kind: req.kind, memberId: req.memberId, reference: req.reference, memo: req.memo, legs });
}

/** Converts points to money: the points go back to the house and the money comes from the house's bonus account into the main wallet, as two transfers (never one mixing the two). */
export async function convertPoints(tx: Tx, req: { memberId: number; points: bigint; money: bigint; reference: string }): Promise<{ points: bigint; main: bigint }> {
  const p = await postTransfer(tx, {
    kind: 'points_convert',
    memberId: req.memberId,
    reference: req.reference,
    memo: 'convert',
    legs: [{ from: pointsAccount(req.memberId), to: HOUSE.points, amount: req.points }],
  });
  const m = await postTransfer(tx, {
    kind: 'points_convert',
    memberId: req.memberId,
    reference: req.reference,
    memo: 'convert',
    legs: [{ from: HOUSE.bonus, to: mainAccount(req.memberId), amount: req.money }],
  });
  return { points: p.balances.get(pointsAccount(req.memberId))!, main: m.balances.get(mainAccount(req.memberId))! };
}

/** A member's points now. */
export async function pointsBalance(db: Db | Tx, memberId: number): Promise<bigint> {
  const [r] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.code, pointsAccount(memberId)));
  return r?.balance ?? 0n;
}

/** A member's points earned per type (the transfer's memo) and spent, since ever. */
export async function pointsByType(db: Db | Tx, memberId: number): Promise<{ type: string; points: bigint }[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select t.memo as type, sum(e.amount)::text as points from ledger_entry e
      join ledger_account a on a.id = e.account_id and a.code = ${pointsAccount(memberId)}
      join ledger_transfer t on t.id = e.transfer_id
      group by t.memo order by t.memo`),
  );
  return rows.map((r) => ({ type: String(r.type), points: BigInt(String(r.points)) }));
}

/** A page of a member's points movements, newest first, in [from, to). */
export async function pointsMovements(db: Db | Tx, memberId: number, r: { start: Date; end: Date }, limit: number, offset: number) {
  const where = and(eq(ledgerAccount.code, pointsAccount(memberId)), gte(ledgerEntry.createdAt, r.start), lt(ledgerEntry.createdAt, r.end));
  const rows = await db
    .select({
      id: ledgerEntry.id,
      amount: ledgerEntry.amount,
      balanceAfter: ledgerEntry.balanceAfter,
      time: ledgerEntry.createdAt,
      kind: ledgerTransfer.kind,
      memo: ledgerTransfer.memo,
      reference: ledgerTransfer.reference,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
    .where(where)
    .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
    .limit(limit)
    .offset(offset);
  const [total] = rowsOf(
    await db.execute(sql`select count(*)::int as n from ledger_entry e join ledger_account a on a.id = e.account_id
      where a.code = ${pointsAccount(memberId)} and e.created_at >= ${r.start} and e.created_at < ${r.end}`),
  );
  return { rows, total: Number(total?.n ?? 0) };
}

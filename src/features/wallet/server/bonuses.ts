/**
 * Bonuses with a wagering requirement (issue 15). A bonus is paid into the main wallet from
 * house:bonus, so it is played like any money, at every vendor; what makes it a bonus is its
 * requirement: until the member's bets since it was granted reach its turnover (each bet counted
 * at its category's weight; bets above the bonus's maximum not at all), withdrawals are refused.
 * Reached, it is completed. Forfeited by the member, or expired, what is left of it (the bonus's
 * amount, at most what the main wallet holds) goes back to house:bonus.
 *
 * Chosen over a separate bonus wallet that bets would draw on: that would change every bet path
 * (main wallet, 29 vendor wallets, their transfers) for one rule, where the turnover lock is the
 * model of the Asian-market operators this platform follows, and the player sees one balance.
 *
 * The turnover done is computed from game_round when asked (bonus details, a withdrawal, the
 * expiry job), never accumulated: nothing to lose after a crash, nothing counted twice.
 */
import { isMarketable } from '../../protection/index.ts';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { clock } from '../../../kernel/clock.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { HOUSE, mainAccount } from './accounts.ts';
import { money } from './amounts.ts';
import { postTransfer, type Tx } from './ledger.ts';
import { bonus, ledgerAccount } from './tables.ts';

export type BonusStatus = 'active' | 'completed' | 'forfeited' | 'expired';

export interface GrantBonus {
  memberId: number;
  /** One bonus per reference: granting twice answers the first. */
  reference: string;
  source: string;
  titles: Record<string, string>;
  amount: bigint;
  /** 0: nothing to wager, completed at once. */
  turnoverRequired: bigint;
  /** Percent counted per game category; 100 for those not named. */
  weights?: Record<string, number>;
  maxBet?: bigint | null;
  /** How long the member has to reach the turnover. */
  validMs: number;
}

export interface GrantedBonus {
  bonusId: number;
  /** false when the reference had already been granted. */
  created: boolean;
}

/** Pays a bonus into the main wallet with its requirement, inside the caller's transaction. */
export async function grantBonus(tx: Tx, g: GrantBonus): Promise<GrantedBonus> {
  if (g.amount <= 0n) throw new Error('a bonus is a positive amount');
  // Player protection: no bonus, reward, rebate or free spins reach a blocked (excluded, timed-out or closed) member.
  if (!(await isMarketable(tx, g.memberId))) throw new ApiError(403, 'protection.blocked.marketing');
  const now = clock.now();
  const [row] = await tx
    .insert(bonus)
    .values({
      memberId: g.memberId,
      reference: g.reference,
      source: g.source,
      titles: g.titles,
      amount: g.amount,
      turnoverRequired: g.turnoverRequired,
      weights: g.weights ?? {},
      maxBet: g.maxBet ?? null,
      status: g.turnoverRequired > 0n ? 'active' : 'completed',
      createdAt: new Date(now),
      expiresAt: new Date(now + g.validMs),
      endedAt: g.turnoverRequired > 0n ? null : new Date(now),
    })
    .onConflictDoNothing({ target: bonus.reference })
    .returning({ id: bonus.id });
  if (!row) {
    const [old] = await tx.select({ id: bonus.id }).from(bonus).where(eq(bonus.reference, g.reference));
    return { bonusId: old!.id, created: false };
  }
  const posted = await postTransfer(tx, {
    kind: 'bonus',
    memberId: g.memberId,
    reference: `bonus:${row.id}`,
    memo: g.titles.en ?? Object.values(g.titles)[0] ?? 'Bonus',
    legs: [{ from: HOUSE.bonus, to: mainAccount(g.memberId), amount: g.amount }],
  });
  await tx.update(bonus).set({ transferId: posted.transferId }).where(eq(bonus.id, row.id));
  return { bonusId: row.id, created: true };
}

/** Turnover done so far by each active bonus of a member (or of the given ids), from the rounds. */
async function turnoverDone(db: Db | Tx, where: { memberId?: number; ids?: number[] }): Promise<Map<number, bigint>> {
  const filter = where.ids
    ? sql`b.id in (${sql.join(
        where.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`b.member_id = ${where.memberId}`;
  const rows = rowsOf(
    await db.execute(sql`
      select b.id, coalesce(sum(r.bet_amount * coalesce((b.weights ->> v.game_type)::int, 100) / 100), 0)::text as done
      from bonus b
      left join game_round r on r.member_id = b.member_id and r.status = 'settled' and r.created_at >= b.created_at
        and (b.max_bet is null or r.bet_amount <= b.max_bet)
      left join vendor v on v.code = r.vendor
      where ${filter} and b.status = 'active'
      group by b.id`),
  );
  return new Map(rows.map((r) => [Number(r.id), BigInt(r.done as string)]));
}

/**
 * Brings a member's active bonuses up to date: completes those whose turnover is reached and
 * ends those past their time (a bonus reached before its end is completed, never expired).
 */
async function refresh(db: Db, memberId: number): Promise<Map<number, { done: bigint; required: bigint }>> {
  const still = new Map<number, { done: bigint; required: bigint }>();
  const done = await turnoverDone(db, { memberId });
  if (done.size === 0) return still;
  const rows = await db
    .select()
    .from(bonus)
    .where(and(eq(bonus.memberId, memberId), eq(bonus.status, 'active')));
  const now = clock.now();
  for (const b of rows) {
    const d = done.get(b.id) ?? 0n;
    if (d >= b.turnoverRequired) await complete(db, b.id);
    else if (b.expiresAt.getTime() <= now) await endBonus(db, memberId, b.id, 'expired').catch(ignoreEnded);
    else still.set(b.id, { done: d, required: b.turnoverRequired });
  }
  return still;
}

/** Another process ended it first: nothing left to do. */
function ignoreEnded(e: unknown): void {
  if (!(e instanceof ApiError && e.errorCode === 'wallet.bonus.ended')) throw e;
}

async function complete(db: Db | Tx, id: number): Promise<void> {
  await db
    .update(bonus)
    .set({ status: 'completed', endedAt: new Date(clock.now()) })
    .where(and(eq(bonus.id, id), eq(bonus.status, 'active')));
}

/**
 * Ends an active bonus of `memberId` as forfeited (the member's choice) or expired: the bonus's
 * amount, at most what the main wallet holds, goes back to house:bonus, in one transaction with
 * the status. Answers what went back; refuses a bonus that is not the member's or not active.
 */
export async function endBonus(db: Db, memberId: number, bonusId: number, how: 'forfeited' | 'expired'): Promise<bigint> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(bonus)
      .where(and(eq(bonus.id, bonusId), eq(bonus.memberId, memberId)))
      .for('update');
    if (!b) throw new ApiError(404, 'wallet.bonus.unknown');
    if (b.status !== 'active') throw new ApiError(409, 'wallet.bonus.ended');
    const [main] = await tx
      .select({ balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(eq(ledgerAccount.code, mainAccount(memberId)))
      .for('update');
    const balance = main?.balance ?? 0n;
    const back = balance < b.amount ? balance : b.amount;
    if (back > 0n) {
      await postTransfer(tx, {
        kind: 'bonus_forfeit',
        memberId,
        reference: `bonus:${b.id}:${how}`,
        memo: b.titles.en ?? 'Bonus',
        legs: [{ from: mainAccount(memberId), to: HOUSE.bonus, amount: back }],
      });
    }
    await tx
      .update(bonus)
      .set({ status: how, recovered: back, endedAt: new Date(clock.now()) })
      .where(eq(bonus.id, b.id));
    return back;
  });
}

/** What is left to wager before a withdrawal: the largest remaining turnover of the active bonuses (0: none). */
export async function wageringRemaining(db: Db, memberId: number): Promise<bigint> {
  let left = 0n;
  for (const { done, required } of (await refresh(db, memberId)).values()) if (required - done > left) left = required - done;
  return left;
}

/** Refuses a withdrawal (or a transfer out of the member's reach) while a bonus's turnover is open. */
export async function assertNoWageringLock(db: Db, memberId: number): Promise<void> {
  const left = await wageringRemaining(db, memberId);
  if (left > 0n) throw new ApiError(409, 'wallet.withdrawal.wagering', { remaining: money(left) });
}

export interface BonusView {
  id: number;
  title: string;
  source: string;
  amount: string;
  turnoverRequired: string;
  /** null once forfeited or expired. */
  turnoverDone: string | null;
  status: BonusStatus;
  recovered: string;
  /** ms */
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
  maxBet: string | null;
  /** Percent counted per category, for the categories that do not count fully. */
  weights: Record<string, number>;
}

/** A member's bonuses, newest first, brought up to date; titles in `locale` (else English). */
export async function memberBonuses(db: Db, memberId: number, locale: Locale, limit = 50): Promise<BonusView[]> {
  const active = await refresh(db, memberId);
  const rows = await db.select().from(bonus).where(eq(bonus.memberId, memberId)).orderBy(desc(bonus.createdAt), desc(bonus.id)).limit(limit);
  return rows.map((b) => {
    const doneNow = b.status === 'active' ? (active.get(b.id)?.done ?? 0n) : b.status === 'completed' ? b.turnoverRequired : null;
    return {
      id: b.id,
      title: b.titles[locale] ?? b.titles.en ?? '',
      source: b.source,
      amount: money(b.amount),
      turnoverRequired: money(b.turnoverRequired),
      turnoverDone: doneNow === null ? null : money(doneNow > b.turnoverRequired ? b.turnoverRequired : doneNow),
      status: b.status as BonusStatus,
      recovered: money(b.recovered),
      createdAt: b.createdAt.getTime(),
      expiresAt: b.expiresAt.getTime(),
      endedAt: b.endedAt?.getTime() ?? null,
      maxBet: b.maxBet === null ? null : money(b.maxBet),
      weights: b.weights,
    };
  });
}

/** The expiry job: ends (or completes, when reached) the active bonuses past their time; answers how many ended. */
export async function expireDueBonuses(db: Db, limit = 200): Promise<number> {
  const due = await db
    .select({ id: bonus.id, memberId: bonus.memberId })
    .from(bonus)
    .where(and(eq(bonus.status, 'active'), lte(bonus.expiresAt, new Date(clock.now()))))
    .limit(limit);
  const members = [...new Set(due.map((d) => d.memberId))];
  for (const m of members) await refresh(db, m);
  return due.length;
}

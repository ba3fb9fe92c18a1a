/**
 * The member centre's records (spec 2.14, 2.16): account record (ledger entries of the member's
 * wallets), betting record, deposit orders, withdrawals, personal loss/profit by day, bonus
 * details. Dates are calendar days in the brand's time zone, both ends included, at most 31 days
 * apart (default: the last 7 days). Every query walks an index by member (or account) and time:
 * ledger_entry (account_id, created_at), game_round (member_id, created_at), ledger_transfer
 * (member_id, created_at), payment_order (member_id, created_at), withdrawal (member_id, requested_at).
 */
import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { addDays, dayIn, daysBetween, dayStart as startOfDayIn, isDay } from '../../../kernel/days.ts';
import { clock } from '../../../kernel/clock.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { gameRound, ledgerAccount, ledgerEntry, ledgerTransfer, paymentOrder, withdrawal } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { money } from './amounts.ts';
import { orderView } from './deposits.ts';
import { withdrawalView } from './withdrawals.ts';

/** Longest span between the first and the last day of a filter. */
export const MAX_RANGE_DAYS = 31;
/** Days of the default filter (today and the 6 before it). */
export const DEFAULT_RANGE_DAYS = 7;

export interface DayRange {
  from: string;
  to: string;
  /** First instant of `from` in the brand's time zone. */
  start: Date;
  /** First instant after `to` in the brand's time zone. */
  end: Date;
}

export interface PageQuery {
  /** 1-based; default 1. */
  pageNo?: number;
  /** Default 20. */
  pageSize?: number;
}

const pageNoOf = (p: PageQuery) => p.pageNo ?? 1;
const pageSizeOf = (p: PageQuery) => p.pageSize ?? 20;

/** Days since the epoch of a 'YYYY-MM-DD' that is a real date, or null. */
function dayNumber(day: string): number | null {
  return isDay(day) ? daysBetween('1970-01-01', day) : null;
}

const dayText = (n: number) => addDays('1970-01-01', n);

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now = clock.now()): string {
  return dayIn(now, timeZone);
}

/** The instant a calendar day (days since the epoch) starts in a time zone, offset changes included. */
export function dayStart(dayNo: number, timeZone: string): number {
  return startOfDayIn(dayText(dayNo), timeZone);
}

/** Resolves a record filter's days (default: the last 7 days); refuses a bad or too long range with 'wallet.range.invalid'. */
export function dayRange(q: { from?: string; to?: string }): DayRange {
  const tz = brand().timeZone;
  const to = q.to === undefined ? dayNumber(todayIn(tz)) : dayNumber(q.to);
  if (to === null) throw new ApiError(400, 'wallet.range.invalid', { days: MAX_RANGE_DAYS });
  const from = q.from === undefined ? to - (DEFAULT_RANGE_DAYS - 1) : dayNumber(q.from);
  if (from === null || from > to || to - from > MAX_RANGE_DAYS) throw new ApiError(400, 'wallet.range.invalid', { days: MAX_RANGE_DAYS });
  return { from: dayText(from), to: dayText(to), start: new Date(dayStart(from, tz)), end: new Date(dayStart(to + 1, tz)) };
}

function pageOf<T>(content: T[], totalCount: number, p: PageQuery) {
  return { content, pageNum: pageNoOf(p), totalPages: Math.ceil(totalCount / pageSizeOf(p)), totalCount };
}

const offset = (p: PageQuery) => (pageNoOf(p) - 1) * pageSizeOf(p);

/** The n of a `select count() as n` answer. */
const countOf = (rows: { n: number }[]) => rows[0]?.n ?? 0;

/** The account record: the member's ledger entries, newest first, optionally of one transfer kind. */
export async function transactionsPage(db: Db, memberId: number, q: { from?: string; to?: string; kind?: string } & PageQuery) {
  const r = dayRange(q);
  const where = and(
    eq(ledgerAccount.memberId, memberId),
    ne(ledgerAccount.kind, 'points'),
    gte(ledgerEntry.createdAt, r.start),
    lt(ledgerEntry.createdAt, r.end),
    q.kind ? eq(ledgerTransfer.kind, q.kind) : undefined,
  );
  const base = () =>
    db
      .select({
        entryId: ledgerEntry.id,
        amount: ledgerEntry.amount,
        balanceAfter: ledgerEntry.balanceAfter,
        time: ledgerEntry.createdAt,
        transferId: ledgerTransfer.id,
        kind: ledgerTransfer.kind,
        reference: ledgerTransfer.reference,
        memo: ledgerTransfer.memo,
        accountKind: ledgerAccount.kind,
        vendor: ledgerAccount.vendor,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId));
  const rows = await base().where(where).orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id)).limit(pageSizeOf(q)).offset(offset(q));
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
    .where(where);
  const content = rows.map((e) => ({
    transferId: e.transferId,
    time: e.time.getTime(),
    kind: e.kind,
    wallet: e.accountKind === 'main' ? 'MAIN' : e.accountKind === 'hold' ? 'HOLD' : (e.vendor ?? e.accountKind.toUpperCase()),
    amount: money(e.amount),
    balanceAfter: money(e.balanceAfter),
    reference: e.reference,
    memo: e.memo,
  }));
  return pageOf(content, total?.n ?? 0, q);
}

/** Round sums of a member over a range; refunded rounds count for nothing, open ones as bets without a win. */
const roundSums = {
  bet: sql<string>`coalesce(sum(${gameRound.betAmount}) filter (where ${gameRound.status} <> 'refunded'), 0)::text`,
  win: sql<string>`coalesce(sum(${gameRound.winAmount}) filter (where ${gameRound.status} = 'settled'), 0)::text`,
  rounds: sql<number>`(count(*) filter (where ${gameRound.status} <> 'refunded'))::int`,
};

/** The betting record: the member's rounds, newest first, with the range's totals. */
export async function betsPage(db: Db, memberId: number, q: { from?: string; to?: string } & PageQuery) {
  const r = dayRange(q);
  const where = and(eq(gameRound.memberId, memberId), gte(gameRound.createdAt, r.start), lt(gameRound.createdAt, r.end));
  const rows = await db.select().from(gameRound).where(where).orderBy(desc(gameRound.createdAt), desc(gameRound.roundId)).limit(pageSizeOf(q)).offset(offset(q));
  const [sums] = await db
    .select({ n: count(), ...roundSums })
    .from(gameRound)
    .where(where);
  const content = rows.map((g) => ({
    roundId: g.roundId,
    time: g.createdAt.getTime(),
    vendor: g.vendor,
    gameName: g.gameName,
    bet: money(g.betAmount),
    win: g.status === 'settled' ? money(g.winAmount ?? 0n) : null,
    profit: g.status === 'settled' ? money((g.winAmount ?? 0n) - g.betAmount) : g.status === 'refunded' ? money(0n) : null,
    status: g.status as 'open' | 'settled' | 'refunded',
  }));
  const bet = BigInt(sums?.bet ?? '0');
  const win = BigInt(sums?.win ?? '0');
  return {
    ...pageOf(content, sums?.n ?? 0, q),
    summary: { bet: money(bet), win: money(win), profit: money(win - bet), rounds: sums?.rounds ?? 0 },
  };
}

/** Deposit orders of the member, newest first. */
export async function depositOrdersPage(db: Db, memberId: number, q: { from?: string; to?: string } & PageQuery) {
  const r = dayRange(q);
  const where = and(eq(paymentOrder.memberId, memberId), gte(paymentOrder.createdAt, r.start), lt(paymentOrder.createdAt, r.end));
  const rows = await db.select().from(paymentOrder).where(where).orderBy(desc(paymentOrder.createdAt), desc(paymentOrder.id)).limit(pageSizeOf(q)).offset(offset(q));
  const now = clock.now();
  return pageOf(
    rows.map((o) => orderView(o, now)),
    countOf(await db.select({ n: count() }).from(paymentOrder).where(where)),
    q,
  );
}

/** Withdrawals of the member, newest first. */
export async function withdrawalsPage(db: Db, memberId: number, q: { from?: string; to?: string } & PageQuery) {
  const r = dayRange(q);
  const where = and(eq(withdrawal.memberId, memberId), gte(withdrawal.requestedAt, r.start), lt(withdrawal.requestedAt, r.end));
  const rows = await db.select().from(withdrawal).where(where).orderBy(desc(withdrawal.requestedAt), desc(withdrawal.id)).limit(pageSizeOf(q)).offset(offset(q));
  return pageOf(rows.map(withdrawalView), countOf(await db.select({ n: count() }).from(withdrawal).where(where)), q);
}

/** What a member's accounts gained (or, negative, lost) in each transfer of some kinds over a range. */
function memberTransferSums(db: Db, memberId: number, kinds: string[], r: DayRange) {
  return db
    .select({
      transferId: ledgerTransfer.id,
      kind: ledgerTransfer.kind,
      time: ledgerTransfer.createdAt,
      memo: ledgerTransfer.memo,
      amount: sql<string>`sum(${ledgerEntry.amount})::text`,
    })
    .from(ledgerTransfer)
    .innerJoin(ledgerEntry, eq(ledgerEntry.transferId, ledgerTransfer.id))
    .innerJoin(ledgerAccount, and(eq(ledgerAccount.id, ledgerEntry.accountId), eq(ledgerAccount.memberId, memberId), ne(ledgerAccount.kind, 'points')))
    .where(and(eq(ledgerTransfer.memberId, memberId), inArray(ledgerTransfer.kind, kinds), gte(ledgerTransfer.createdAt, r.start), lt(ledgerTransfer.createdAt, r.end)))
    .groupBy(ledgerTransfer.id);
}

/** Bonus details: bonus transfers to the member, newest first. */
export async function bonusPage(db: Db, memberId: number, q: { from?: string; to?: string } & PageQuery) {
  const r = dayRange(q);
  const where = and(eq(ledgerTransfer.memberId, memberId), eq(ledgerTransfer.kind, 'bonus'), gte(ledgerTransfer.createdAt, r.start), lt(ledgerTransfer.createdAt, r.end));
  const rows = await memberTransferSums(db, memberId, ['bonus'], r).orderBy(desc(ledgerTransfer.createdAt), desc(ledgerTransfer.id)).limit(pageSizeOf(q)).offset(offset(q));
  const content = rows.map((b) => ({ transferId: b.transferId, time: b.time.getTime(), amount: money(BigInt(b.amount)), memo: b.memo }));
  return pageOf(content, countOf(await db.select({ n: count() }).from(ledgerTransfer).where(where)), q);
}

interface ProfitSums {
  bet: bigint;
  win: bigint;
  deposit: bigint;
  withdrawal: bigint;
  bonus: bigint;
}

const zeroSums = (): ProfitSums => ({ bet: 0n, win: 0n, deposit: 0n, withdrawal: 0n, bonus: 0n });

function profitRow(s: ProfitSums) {
  return {
    bet: money(s.bet),
    win: money(s.win),
    profit: money(s.win - s.bet),
    deposit: money(s.deposit),
    withdrawal: money(s.withdrawal),
    bonus: money(s.bonus),
  };
}

/**
 * Personal loss/profit by day (newest first) and in total: bets and wins of the member's rounds
 * (profit = win - bet, the player's side), deposits credited, withdrawals paid out, bonuses.
 */
export async function profitReport(db: Db, memberId: number, q: { from?: string; to?: string }) {
  const r = dayRange(q);
  const tz = brand().timeZone;
  const roundDay = sql<string>`to_char(${gameRound.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const rounds = await db
    .select({ day: roundDay, bet: roundSums.bet, win: roundSums.win })
    .from(gameRound)
    .where(and(eq(gameRound.memberId, memberId), gte(gameRound.createdAt, r.start), lt(gameRound.createdAt, r.end)))
    // By position: the day expression carries the time zone as a parameter, and a repeated
    // parameter would not count as the same expression for GROUP BY.
    .groupBy(sql`1`);
  const transfers = await memberTransferSums(db, memberId, ['deposit', 'withdrawal_payout', 'bonus'], r);
  const days = new Map<string, ProfitSums>();
  const sumsOf = (day: string) => {
    let s = days.get(day);
    if (!s) days.set(day, (s = zeroSums()));
    return s;
  };
  for (const row of rounds) {
    const s = sumsOf(row.day);
    s.bet += BigInt(row.bet);
    s.win += BigInt(row.win);
  }
  for (const t of transfers) {
    const s = sumsOf(todayIn(tz, t.time.getTime()));
    const amount = BigInt(t.amount);
    if (t.kind === 'deposit') s.deposit += amount;
    else if (t.kind === 'bonus') s.bonus += amount;
    // A payout takes the held amount off the member's books: its sum there is negative.
    else s.withdrawal += -amount;
  }
  const total = zeroSums();
  const out = [];
  for (let d = dayNumber(r.to)!; d >= dayNumber(r.from)!; d--) {
    const date = dayText(d);
    const s = days.get(date) ?? zeroSums();
    for (const k of Object.keys(total) as (keyof ProfitSums)[]) total[k] += s[k];
    out.push({ date, ...profitRow(s) });
  }
  return { days: out, total: profitRow(total) };
}

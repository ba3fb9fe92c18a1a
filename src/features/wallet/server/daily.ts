/**
 * Daily figures per member (table member_day): what team reports sum. Each writer of a source row
 * (a settled round, a credited deposit, a paid withdrawal) adds to its member's day in the same
 * transaction, so the figures never disagree with the rows; `rebuildDailyFigures` derives them
 * all again from the sources (at start when the brand's time zone changed, or never built).
 */
import { between, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { log } from '../../../kernel/log.ts';
import type { Tx } from './ledger.ts';
import { memberDay, memberDayDirty } from './tables.ts';

export interface DayFigures {
  betCount?: number;
  validBet?: bigint;
  payout?: bigint;
  depositCount?: number;
  deposit?: bigint;
  withdrawalCount?: number;
  withdrawal?: bigint;
}

/** Adds figures to a member's day (the brand's calendar day of `at`) for a vendor ('' for money in and out). */
export async function addToDay(tx: Tx | Db, memberId: number, at: Date, vendor: string, f: DayFigures): Promise<void> {
  const n = (v: number | bigint | undefined) => String(v ?? 0);
  const tz = brand().timeZone;
  // One statement: the figures, and the day marked changed when it is already closed.
  await tx.execute(sql`
    with up as (insert into member_day (member_id, day, vendor, tree_path, depth, bet_count, valid_bet, payout, deposit_count, deposit, withdrawal_count, withdrawal)
    select m.id, (${at.toISOString()}::timestamptz at time zone ${brand().timeZone})::date, ${vendor}, m.tree_path, m.depth,
      ${n(f.betCount)}::int, ${n(f.validBet)}::bigint, ${n(f.payout)}::bigint, ${n(f.depositCount)}::int, ${n(f.deposit)}::bigint,
      ${n(f.withdrawalCount)}::int, ${n(f.withdrawal)}::bigint
    from member m where m.id = ${memberId}
    on conflict (member_id, day, vendor) do update set
      bet_count = member_day.bet_count + excluded.bet_count,
      valid_bet = member_day.valid_bet + excluded.valid_bet,
      payout = member_day.payout + excluded.payout,
      deposit_count = member_day.deposit_count + excluded.deposit_count,
      deposit = member_day.deposit + excluded.deposit,
      withdrawal_count = member_day.withdrawal_count + excluded.withdrawal_count,
      withdrawal = member_day.withdrawal + excluded.withdrawal
    returning day)
    insert into member_day_dirty (day) select day from up where day < (now() at time zone ${tz})::date on conflict (day) do update set at = now()`);
}

/** The closed days in [from, to] whose figures changed since they closed (see memberDayDirty). */
export async function changedDays(db: Db | Tx, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: memberDayDirty.day })
    .from(memberDayDirty)
    .where(between(memberDayDirty.day, from, to));
  return new Set(rows.map((r) => r.day));
}

/** Takes a day off the changed list, inside the transaction that summarises it again (a change committed after this waits, and marks it again). */
export async function takeChangedDay(tx: Tx, day: string): Promise<void> {
  await tx.delete(memberDayDirty).where(eq(memberDayDirty.day, day));
}

/** Withdrawal states that mean the money left (paid out, whatever the player later confirmed). */
export const PAID_WITHDRAWAL = ['paid', 'received', 'disputed', 'force_received'] as const;

/**
 * Derives every member's daily figures again from the rounds, deposits and payouts, in one
 * transaction (readers see the old figures or the new, never a half). Days follow `timeZone`.
 */
export async function rebuildDailyFigures(db: Db, timeZone = brand().timeZone): Promise<number> {
  return db.transaction(async (tx) => {
    // One rebuild at a time across processes; a second waits and then rebuilds the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wallet.member_day.rebuild'))`);
    await tx.execute(sql`delete from member_day`);
    await tx.execute(sql`delete from member_day_dirty`);
    const paid = sql.join(
      PAID_WITHDRAWAL.map((s) => sql`${s}`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into member_day (member_id, day, vendor, tree_path, depth, bet_count, valid_bet, payout, deposit_count, deposit, withdrawal_count, withdrawal)
      select x.member_id, x.day, x.vendor, m.tree_path, m.depth, sum(x.bet_count)::int, sum(x.valid_bet), sum(x.payout),
        sum(x.deposit_count)::int, sum(x.deposit), sum(x.withdrawal_count)::int, sum(x.withdrawal)
      from (
        select member_id, (created_at at time zone ${timeZone})::date as day, vendor, count(*) as bet_count, sum(bet_amount) as valid_bet,
          sum(coalesce(win_amount, 0)) as payout, 0 as deposit_count, 0::bigint as deposit, 0 as withdrawal_count, 0::bigint as withdrawal
        from game_round where status = 'settled' group by 1, 2, 3
        union all
        select member_id, (settled_at at time zone ${timeZone})::date, '', 0, 0, 0, count(*), sum(amount), 0, 0
        from payment_order where status = 'paid' group by 1, 2
        union all
        select member_id, (paid_at at time zone ${timeZone})::date, '', 0, 0, 0, 0, 0, count(*), sum(amount)
        from withdrawal where status in (${paid}) and paid_at is not null group by 1, 2
      ) x join member m on m.id = x.member_id
      group by x.member_id, x.day, x.vendor, m.tree_path, m.depth`);
    // Every day changed: summaries of closed days are built again from these.
    await tx.execute(sql`insert into member_day_dirty (day) select distinct day from member_day on conflict (day) do update set at = now()`);
    await writeSetting(tx as unknown as Db, DAILY_KEY, { timeZone, at: new Date().toISOString() });
    const [row] = await tx.select({ n: count() }).from(memberDay);
    return row?.n ?? 0;
  });
}

const DAILY_KEY = 'wallet.dailyFigures';

/** Builds the daily figures when they were never built (an install older than them) or the brand's time zone moved. */
export async function ensureDailyFigures(db: Db): Promise<void> {
  const tz = brand().timeZone;
  const built = await readSetting<{ timeZone: string } | null>(db, DAILY_KEY, null);
  if (built?.timeZone === tz) return;
  const rows = await rebuildDailyFigures(db, tz);
  log.info('wallet.dailyFigures.rebuilt', { timeZone: tz, rows });
}

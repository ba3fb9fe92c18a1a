/**
 * Earning points (issue 32): per valid bet of each type for each closed brand day, and per
 * credited deposit. Both exactly once:
 * - a closed day's points are computed by the job `points.earn` from the wallet's daily figures
 *   (valid bets by vendor, the vendor's category giving the type) ten minutes after the day, and
 *   again for each of the last seven days (a bet settled after its day closed, a day missed while
 *   the server was down): one transaction per day, under the day's advisory lock, pays each
 *   member and type what the day earns now less what it had earned (`points_day`);
 * - a deposit's points are the outbox consumer's, in its batch's transaction (the consumer's cursor).
 * Trial accounts and members whom marketing may not reach (player protection) earn none.
 */
import { sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { addDays, dayIn, dayStart, type Day } from '../../../kernel/days.ts';
import { consumer, on } from '../../../kernel/events.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { findById } from '../../accounts/index.ts';
import { blockedSql, isMarketable } from '../../protection/index.ts';
import { depositCredited } from '../../wallet/contract.ts';
import { earnPoints, earnPointsOnce } from '../../wallet/index.ts';
import { BET_POINT_TYPES, categoriesOf, pointsRules, type BetPointType } from './settings.ts';

/** A closed day earns its points this long after it ended (its last rounds have settled). */
export const EARN_GRACE_MS = 10 * 60_000;
/** Days looked back for days not yet earned. */
const LOOK_BACK_DAYS = 7;

/** Points for `amount` at `points` per whole `per`. */
export const pointsFor = (amount: bigint, rate: { per: bigint; points: number }): bigint => (amount / rate.per) * BigInt(rate.points);

/** The SQL CASE that names a vendor's point type from its category (v.game_type). */
function typeCase() {
  return sql.join([sql`case v.game_type`, ...BET_POINT_TYPES.flatMap((t) => categoriesOf(t).map((c) => sql`when ${c} then ${t}`)), sql`end`], sql` `);
}

/**
 * Earns one closed day's points: what the day's valid bets earn now, less what they earned before
 * (points_day), per member and type; answers how many members earned. One run per day at a time
 * across processes (a transaction-level advisory lock), so a difference is paid once.
 */
export async function earnDay(db: Db, day: Day): Promise<number> {
  const rules = pointsRules();
  if (!rules || Object.keys(rules.earn).length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`points.earn:${day}`}))`);
    const rows = rowsOf(
      await tx.execute(sql`
        select md.member_id, ${typeCase()} as type, sum(md.valid_bet)::text as bets
        from member_day md join vendor v on v.code = md.vendor
        join member m on m.id = md.member_id and m.type <> ${TRIAL_TYPE}
        where md.day = ${day} and md.vendor <> '' and md.valid_bet > 0
          and not exists (select 1 from rg_member g where g.member_id = m.id and g.block_kind is not null and (${sql.raw(blockedSql('g'))}))
        group by 1, 2`),
    );
    const before = new Map(
      rowsOf(await tx.execute(sql`select member_id, type, points::text as points from points_day where day = ${day}`)).map((r) => [`${r.member_id}:${r.type}`, BigInt(String(r.points))]),
    );
    const due: { memberId: number; type: BetPointType; points: bigint; more: bigint }[] = [];
    for (const r of rows) {
      const type = r.type as BetPointType | null;
      const rate = type ? rules.earn[type] : undefined;
      if (!type || !rate) continue;
      const points = pointsFor(BigInt(String(r.bets)), rate);
      const more = points - (before.get(`${r.member_id}:${type}`) ?? 0n);
      if (more > 0n) due.push({ memberId: Number(r.member_id), type, points, more });
    }
    if (due.length === 0) return 0;
    // One parameter for any number of members (a statement takes at most 65,535).
    const json = JSON.stringify(due.map((d) => ({ m: d.memberId, t: d.type, p: d.points.toString() })));
    await tx.execute(sql`
      insert into points_day (member_id, day, type, points)
      select x.m, ${day}::date, x.t, x.p from jsonb_to_recordset(${json}::jsonb) as x(m integer, t text, p bigint)
      on conflict (member_id, day, type) do update set points = excluded.points, at = now()`);
    for (const type of BET_POINT_TYPES) {
      await earnPoints(
        tx,
        due.filter((d) => d.type === type).map((d) => ({ memberId: d.memberId, points: d.more })),
        `points:${day}`,
        type,
      );
    }
    return new Set(due.map((d) => d.memberId)).size;
  });
}

/** The job: every closed day of the last week not yet earned (after its grace). */
export async function runEarnJob(db: Db, now = clock.now()): Promise<number> {
  if (!pointsRules()) return 0;
  const tz = brand().timeZone;
  const today = dayIn(now, tz);
  let earned = 0;
  for (let back = LOOK_BACK_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    if (dayStart(addDays(day, 1), tz) + EARN_GRACE_MS > now) continue;
    earned += await earnDay(db, day);
  }
  return earned;
}

/** A deposit's points, in the outbox batch's transaction (once: the consumer's cursor). */
async function onDeposit(tx: Tx, memberId: number | null, amount: string, orderId: string): Promise<void> {
  const rate = pointsRules()?.deposit;
  if (!rate || memberId === null) return;
  const m = await findById(tx as unknown as Db, memberId);
  if (!m || isTrialType(m.type) || !(await isMarketable(tx, memberId))) return;
  const minor = parseMinor(amount, brand().currencyDecimals);
  if (minor === null) return;
  await earnPointsOnce(tx, memberId, pointsFor(minor, rate), `points:deposit:${orderId}`, 'deposit');
}

export const depositPointsConsumer = consumer('points.deposits', [on(depositCredited, (tx, e) => onDeposit(tx, e.memberId, e.payload.amount, e.payload.orderId))]);

/**
 * Earning points (issue 32): per valid bet of each type for each closed brand day, and per
 * credited deposit. Both exactly once:
 * - a closed day's points are computed by the job `points.earn` from the wallet's daily figures
 *   (valid bets by vendor, the vendor's category giving the type) ten minutes after the day, for
 *   the last seven days so that a day missed while the server was down is earned on start; one
 *   transaction per day writes the members' `points_day` rows (one per member and day: a second
 *   process finds them there and writes nothing) and their points;
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

/** Earns one closed day's points, once per member; answers how many members earned. */
export async function earnDay(db: Db, day: Day): Promise<number> {
  const rules = pointsRules();
  if (!rules || Object.keys(rules.earn).length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`
        select md.member_id, ${typeCase()} as type, sum(md.valid_bet)::text as bets
        from member_day md join vendor v on v.code = md.vendor
        join member m on m.id = md.member_id and m.type <> ${TRIAL_TYPE}
        where md.day = ${day} and md.vendor <> '' and md.valid_bet > 0
          and not exists (select 1 from points_day p where p.member_id = md.member_id and p.day = ${day})
          and not exists (select 1 from rg_member g where g.member_id = m.id and g.block_kind is not null and (${sql.raw(blockedSql('g'))}))
        group by 1, 2`),
    );
    const byMember = new Map<number, Map<BetPointType, bigint>>();
    for (const r of rows) {
      const type = r.type as BetPointType | null;
      const rate = type ? rules.earn[type] : undefined;
      if (!type || !rate) continue;
      const points = pointsFor(BigInt(String(r.bets)), rate);
      if (points <= 0n) continue;
      const id = Number(r.member_id);
      const m = byMember.get(id) ?? new Map<BetPointType, bigint>();
      m.set(type, points);
      byMember.set(id, m);
    }
    if (byMember.size === 0) return 0;
    // The day's rows first: a member another process has just earned for is skipped here.
    const values = [...byMember].map(([id, types]) => sql`(${id}, ${day}::date, ${[...types.values()].reduce((a, b) => a + b, 0n)}::bigint)`);
    const fresh = new Set(
      rowsOf(await tx.execute(sql`insert into points_day (member_id, day, points) values ${sql.join(values, sql`, `)} on conflict do nothing returning member_id`)).map((r) => Number(r.member_id)),
    );
    for (const type of BET_POINT_TYPES) {
      const items = [...byMember].filter(([id, t]) => fresh.has(id) && t.has(type)).map(([memberId, t]) => ({ memberId, points: t.get(type)! }));
      await earnPoints(tx, items, `points:${day}`, type);
    }
    return fresh.size;
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

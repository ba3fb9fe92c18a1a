/**
 * The VIP programme (issue 15; spec 1, 2.4, 6): the brand's rule of kind `vip`
 * (server/settings.ts). A member's level is the highest whose cumulative valid bets and
 * deposits (the wallet's daily figures) are both reached; it is kept on the member's row
 * (accounts' `vip_level`, shown as the VIP label of member info) and never goes down.
 *
 * When a level is reached: raised in one transaction with the member's row locked, each level
 * passed writes its level-up bonus into the reward centre (once per member and level: its
 * reference), and an event tells the inbox. Who raises it: the deposit consumer (a credited
 * deposit, in the outbox batch's transaction), the job `promotions.vip` every minute for members
 * who played since its last run (rounds make no event: one per bet would be the outbox's bulk), and
 * the VIP page itself when a member opens it. All three meet on the same locked row.
 *
 * On the first day of each month, members whose valid bets of the month before reached the
 * programme's `keepPercent` of their level's threshold earn the level's monthly bonus (one
 * statement, once per member and month). Both bonuses carry the rule's wagering once claimed.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { vipProgramme, type PromotionRule, type VipReward, promotionRules } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { addDays, dayIn, dayStart } from '../../../kernel/days.ts';
import { consumer, emit, on } from '../../../kernel/events.ts';
import { depositCredited } from '../../wallet/contract.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { TRIAL_TYPE, isTrialType } from '../../accounts/contract.ts';
import { member, raiseVipLevel } from '../../accounts/index.ts';
import { money } from '../../wallet/index.ts';
import { vipLevelUp, type VipStatus } from '../contract.ts';
import { promoReward } from './tables.ts';
import { multipleInHundredths, turnoverOf } from './rules.ts';

const DAY = 86_400_000;

/** The brand's VIP programme, or null while its VIP is off. */
export function vip(): { rule: PromotionRule; reward: VipReward } | null {
  return vipProgramme(promotionRules());
}

export interface VipTotals {
  validBets: bigint;
  deposits: bigint;
}

/** The highest level both totals reach (levels ask more and more, the first nothing). */
export function levelFor(levels: VipReward['levels'], t: VipTotals): number {
  let level = 0;
  levels.forEach((l, i) => {
    if (t.validBets >= l.validBets && t.deposits >= l.deposits) level = i;
  });
  return level;
}

/** A member's valid bets and deposits since registration, from the wallet's daily figures. */
async function totals(db: Db | Tx, memberId: number): Promise<VipTotals> {
  const [r] = rowsOf(await db.execute(sql`select coalesce(sum(valid_bet), 0)::text as bets, coalesce(sum(deposit), 0)::text as deposits from member_day where member_id = ${memberId}`));
  return { validBets: BigInt(String(r?.bets ?? '0')), deposits: BigInt(String(r?.deposits ?? '0')) };
}

/**
 * Raises the member's level to what the totals reach, inside `tx`: each level passed earns its
 * level-up bonus into the reward centre, and the inbox hears of it. Answers the levels reached
 * now (none when the level stays, VIP is off, or the account is a trial one).
 */
export async function raiseLevel(tx: Tx, memberId: number, now = clock.now()): Promise<number[]> {
  const programme = vip();
  if (!programme) return [];
  const { rule, reward } = programme;
  const [m] = await tx.select({ type: member.type, level: member.vipLevel }).from(member).where(eq(member.id, memberId));
  if (!m || isTrialType(m.type) || m.level >= reward.levels.length - 1) return [];
  const target = levelFor(reward.levels, await totals(tx, memberId));
  if (target <= m.level) return [];
  const from = await raiseVipLevel(tx, memberId, target);
  if (from === null) return [];
  const reached: number[] = [];
  let paid = 0n;
  for (let l = from + 1; l <= target; l++) {
    reached.push(l);
    const level = reward.levels[l]!;
    if (level.levelUp <= 0n) continue;
    const rows = await tx
      .insert(promoReward)
      .values({
        memberId,
        kind: 'vip',
        promotionId: rule.id,
        reference: `vip:up:${l}`,
        period: level.name,
        amount: level.levelUp,
        turnover: turnoverOf(level.levelUp, rule.wagering),
        wageringDays: rule.wagering?.days ?? null,
        status: 'claimable',
        createdAt: new Date(now),
        expiresAt: new Date(now + reward.claimDays * DAY),
      })
      .onConflictDoNothing()
      .returning({ id: promoReward.id });
    if (rows.length) paid += level.levelUp;
  }
  if (paid > 0n) await emit(tx, vipLevelUp, memberId, { level: reward.levels[target]!.name, reward: money(paid), symbol: brand().currencySymbol });
  return reached;
}

/** The members with figures since `since` (a brand day; null: ever) who may still rise. */
async function candidates(db: Db, since: string | null, top: number): Promise<number[]> {
  const recent = since === null ? sql`true` : sql`d.day >= ${since}`;
  const rows = rowsOf(
    await db.execute(sql`
      select distinct d.member_id from member_day d
      join member m on m.id = d.member_id and m.type <> ${TRIAL_TYPE} and m.vip_level < ${top}
      where ${recent}`),
  );
  return rows.map((r) => Number(r.member_id));
}

/**
 * The monthly bonuses of the month before `now`'s (brand time), each once; answers how many it
 * wrote. The level is the one the member held when that month ended (from the totals before the
 * new month, not today's), and that month's valid bets must reach `keepPercent` of its threshold.
 */
export async function computeMonthly(db: Db | Tx, now = clock.now()): Promise<number> {
  const programme = vip();
  if (!programme) return 0;
  const { rule, reward } = programme;
  const tz = brand().timeZone;
  const today = dayIn(now, tz);
  const monthStart = `${today.slice(0, 7)}-01`;
  const prevStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
  const month = prevStart.slice(0, 7);
  const table = sql.join(
    reward.levels.map((l, i) => sql`(${i}::int, ${l.validBets}::bigint, ${l.deposits}::bigint, ${l.monthly}::bigint, ${(l.validBets * BigInt(reward.keepPercent)) / 100n}::bigint)`),
    sql`, `,
  );
  const w = rule.wagering;
  const multiple = multipleInHundredths(w);
  // Calendar days in the brand's zone (a clock change in between moves no deadline by an hour).
  const expiresAt = new Date(dayStart(addDays(monthStart, reward.claimDays), tz));
  const rows = rowsOf(
    await db.execute(sql`
      with t as (
        select d.member_id,
          coalesce(sum(d.valid_bet), 0) as bets,
          coalesce(sum(d.deposit), 0) as deposits,
          coalesce(sum(d.valid_bet) filter (where d.day >= ${prevStart}), 0) as month_bets
        from member_day d
        join member m on m.id = d.member_id and m.type <> ${TRIAL_TYPE} and m.vip_level > 0
        where d.day < ${monthStart}
        group by d.member_id)
      insert into promo_reward (member_id, kind, promotion_id, reference, period, amount, turnover, wagering_days, status, created_at, expires_at)
      select t.member_id, 'vip', ${rule.id}, ${`vip:month:${month}`}, ${month}, l.monthly, div(l.monthly * ${multiple}, 100)::bigint, ${w?.days ?? null}::int, 'claimable', ${new Date(now)}, ${expiresAt}
      from t
      join lateral (
        select * from (values ${table}) as v(level, bets, deposits, monthly, keep)
        where t.bets >= v.bets and t.deposits >= v.deposits
        order by v.level desc limit 1) l on true
      where l.level > 0 and l.monthly > 0 and t.month_bets >= l.keep
      on conflict (member_id, reference) do nothing
      returning member_id`),
  );
  return rows.length;
}

/** When the job last looked (ms): the next run looks at members with figures since the day before it. */
const SCANNED = 'promotions.vip.scannedAt';

/**
 * The job: levels of the members who played or deposited since the day before its last run
 * (everyone with figures on the first run; after a downtime, everyone since), then the month
 * before's monthly bonuses once the month has turned (written once per member and month whatever
 * the number of processes, on start for a month missed).
 */
export async function runVipJob(db: Db, now = clock.now()): Promise<{ raised: number; monthly: number }> {
  const programme = vip();
  if (!programme) return { raised: 0, monthly: 0 };
  const tz = brand().timeZone;
  const last = await readSetting<number | null>(db, SCANNED, null);
  const ids = await candidates(db, last === null ? null : addDays(dayIn(Math.min(last, now), tz), -1), programme.reward.levels.length - 1);
  let raised = 0;
  for (const id of ids) {
    if ((await db.transaction((tx) => raiseLevel(tx, id, now))).length) raised += 1;
  }
  await writeSetting(db, SCANNED, now);
  // The month's bonuses, once, from 10 minutes into the month (the last rounds of the month before
  // settled); on start if the server was down then, while they could still be claimed.
  const monthKey = `promotions.vip.monthly.${dayIn(now, tz).slice(0, 7)}`;
  const monthStart = dayStart(`${dayIn(now, tz).slice(0, 7)}-01`, tz);
  let monthly = 0;
  if (now >= monthStart + 10 * 60_000 && now < monthStart + programme.reward.claimDays * DAY && (await readSetting<number | null>(db, monthKey, null)) === null) {
    monthly = await computeMonthly(db, now);
    await writeSetting(db, monthKey, now);
  }
  return { raised, monthly };
}

/** A credited deposit may raise the level: heard from the wallet's event, in the batch's transaction. */
export const vipConsumer = consumer('promotions.vip', [
  on(depositCredited, async (tx, e) => {
    if (e.memberId !== null) await raiseLevel(tx, e.memberId);
  }),
]);

/** The VIP page's answer: the member's level and progress to the next, and every level (brought up to date first). */
export async function vipStatus(db: Db, memberId: number): Promise<VipStatus> {
  const programme = vip();
  if (!programme) throw new ApiError(404, 'promotion.vip.off');
  const { rule, reward } = programme;
  await db.transaction((tx) => raiseLevel(tx, memberId));
  const [m] = await db.select({ type: member.type, level: member.vipLevel }).from(member).where(eq(member.id, memberId));
  if (!m) throw new ApiError(401, 'login.not.session');
  if (isTrialType(m.type)) throw new ApiError(403, 'account.trial');
  const t = await totals(db, memberId);
  const level = Math.min(m.level, reward.levels.length - 1);
  const next = reward.levels[level + 1];
  const [bonuses] = await db
    .select({ n: count() })
    .from(promoReward)
    .where(and(eq(promoReward.memberId, memberId), eq(promoReward.kind, 'vip'), eq(promoReward.status, 'claimable'), gt(promoReward.expiresAt, new Date(clock.now()))));
  return {
    promotionId: rule.id,
    level,
    label: reward.levels[level]!.name,
    validBets: money(t.validBets),
    deposits: money(t.deposits),
    next: next
      ? {
          label: next.name,
          validBets: money(next.validBets),
          deposits: money(next.deposits),
          validBetsLeft: money(max0(next.validBets - t.validBets)),
          depositsLeft: money(max0(next.deposits - t.deposits)),
        }
      : null,
    keepPercent: reward.keepPercent,
    claimable: Number(bonuses?.n ?? 0),
    levels: reward.levels.map((l) => ({ label: l.name, validBets: money(l.validBets), deposits: money(l.deposits), levelUp: money(l.levelUp), monthly: money(l.monthly) })),
  };
}

const max0 = (n: bigint) => (n > 0n ? n : 0n);

/**
 * The reward centre (issue 15, spec 2.14): what a member may claim now. Today: each day's rebate
 * of the promotions whose reward is a rebate (computed by a job once the brand's day has closed,
 * from the wallet's daily figures: valid bets by vendor, at the rate of the vendor's category),
 * and rewards an operator grants by hand (`npm run ops -- reward grant`). A claim pays the reward
 * into the main wallet as a bonus (with the wagering its promotion asks, if any: VIP bonuses and raffle prizes), once: the row moves from claimable to
 * claimed under its lock, and the bonus's reference is the row's.
 */
import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import type { RebateReward } from './settings.ts';
import { promotionRules } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { addDays, dayIn, dayStart, type Day } from '../../../kernel/days.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { TRIAL_TYPE } from '../../accounts/contract.ts';
import { listPromotions } from '../../content/index.ts';
import { refuseIfBlocked } from '../../protection/index.ts';
import { grantBonus, money } from '../../wallet/index.ts';
import type { PrizeView, RewardItem } from '../contract.ts';
import { moneyOf, payOther, prizeViews } from './payouts.ts';
import { runPromotions } from './engine.ts';
import { promoReward } from './tables.ts';
import { wageringOfReference } from './mission-settings.ts';
import { rebateDayLock } from './manual-rebate.ts';

const DAY = 86_400_000;
/** A day's rebate is computed this long after the day closed, so that its last rounds have settled. */
export const REBATE_GRACE_MS = 10 * 60_000;

/** The rate (basis points) of each category, as an SQL CASE over vendor.game_type. */
function rateCase(rates: RebateReward['rates']) {
  const entries = Object.entries(rates).filter(([, bp]) => bp !== undefined && bp > 0);
  if (entries.length === 0) return sql`0`;
  return sql`case v.game_type ${sql.join(
    entries.map(([category, bp]) => sql`when ${category} then ${bp}::bigint`),
    sql` `,
  )} else 0 end`;
}

/**
 * Writes the rebates of `day` for one rebate promotion (each member once); answers how many it
 * wrote. The valid bets that manual claims paid already (manual-rebate.ts) are left out, and so is
 * what they took of the day's cap; the minimum applies to the day's whole rebate, claims
 * included. It runs under the day's lock, taken exclusively here, so every claim of the day has
 * committed (claims take it shared).
 */
export async function computeRebateDay(tx: Tx, promotionId: number, reward: RebateReward, day: Day, now = clock.now()): Promise<number> {
  const tz = brand().timeZone;
  const expiresAt = new Date(dayStart(addDays(day, 1 + reward.claimDays), tz));
  await tx.execute(rebateDayLock(promotionId, day, 'exclusive'));
  const unclaimed = sql`greatest(md.valid_bet - coalesce(c.valid_bet, 0), 0)`;
  const rebate = sql`div(sum(${unclaimed} * ${rateCase(reward.rates)}), 10000)`;
  const claimed = sql`coalesce((select sum(rc.amount) from rebate_claim rc where rc.member_id = md.member_id and rc.promotion_id = ${promotionId} and rc.day = ${day}), 0)`;
  const rows = rowsOf(
    await tx.execute(sql`
      insert into promo_reward (member_id, kind, promotion_id, reference, period, amount, status, created_at, expires_at)
      select md.member_id, 'rebate', ${promotionId}, ${`rebate:${promotionId}:${day}`}, ${day},
        least(${reward.max}::bigint - ${claimed}, ${rebate})::bigint, 'claimable', ${new Date(now)}, ${expiresAt}
      from member_day md
      join vendor v on v.code = md.vendor
      join member m on m.id = md.member_id and m.type <> ${TRIAL_TYPE}
      left join rebate_claimed_bet c on c.member_id = md.member_id and c.promotion_id = ${promotionId} and c.day = md.day and c.vendor = md.vendor
      where md.day = ${day} and md.vendor <> ''
      group by md.member_id
      having ${rebate} + ${claimed} >= ${reward.min}::bigint
        and least(${reward.max}::bigint - ${claimed}, ${rebate}) > 0
      on conflict (member_id, reference) do nothing
      returning member_id`),
  );
  return rows.length;
}

/**
 * The job: for every rebate promotion, the closed days whose rewards may still be claimed (so a
 * day missed while the server was down is computed on start), each once; then claimable rewards
 * past their time expire. Safe with several processes: a reward exists once per member and key.
 */
export async function runRewardJobs(db: Db, now = clock.now()): Promise<{ written: number; expired: number }> {
  const tz = brand().timeZone;
  let written = 0;
  for (const { rule, words } of runPromotions()) {
    const reward = rule.reward;
    if (reward.kind !== 'rebate') continue;
    const today = dayIn(now, tz);
    for (let back = reward.claimDays + 1; back >= 1; back--) {
      const day = addDays(today, -back);
      if (dayStart(addDays(day, 1), tz) + REBATE_GRACE_MS > now) continue;
      if (dayStart(addDays(day, 1 + reward.claimDays), tz) <= now) continue;
      if ((words.start && day < words.start) || (words.end && day > words.end)) continue;
      written += await db.transaction((tx) => computeRebateDay(tx, rule.id, reward, day, now));
    }
  }
  const expired = await db
    .update(promoReward)
    .set({ status: 'expired' })
    .where(and(eq(promoReward.status, 'claimable'), lte(promoReward.expiresAt, new Date(now))))
    .returning({ id: promoReward.id });
  return { written, expired: expired.length };
}

type Row = typeof promoReward.$inferSelect;

function titleOf(r: Row, locale: Locale): string {
  if (r.promotionId !== null) return listPromotions(locale).find((p) => p.id === r.promotionId)?.title ?? listPromotions('en').find((p) => p.id === r.promotionId)?.title ?? '';
  return r.titles?.[locale] ?? r.titles?.en ?? '';
}

function view(r: Row, locale: Locale, now: number, prize: PrizeView): RewardItem {
  const status = r.status === 'claimable' && r.expiresAt.getTime() <= now ? 'expired' : (r.status as RewardItem['status']);
  return {
    id: r.id,
    kind: r.kind as RewardItem['kind'],
    promotionId: r.promotionId,
    title: titleOf(r, locale),
    period: r.period,
    amount: moneyOf(r),
    turnover: money(r.turnover),
    prize,
    status,
    createdAt: r.createdAt.getTime(),
    expiresAt: r.expiresAt.getTime(),
    claimedAt: r.claimedAt?.getTime() ?? null,
  };
}

/** Rows as the reward centre shows them (the names of what they give looked up once). */
async function views(db: Db | Tx, rows: readonly Row[], locale: Locale, now: number): Promise<RewardItem[]> {
  const prizes = await prizeViews(db, rows, locale);
  return rows.map((r, i) => view(r, locale, now, prizes[i]!));
}

/** How many rewards the member may claim now (availablePromoCount of spec 3). */
export async function availableRewards(db: Db | Tx, memberId: number, now = clock.now()): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(promoReward)
    .where(and(eq(promoReward.memberId, memberId), eq(promoReward.status, 'claimable'), gt(promoReward.expiresAt, new Date(now))));
  return Number(r?.n ?? 0);
}

/** The member's rewards, claimable first, then the latest others. */
export async function listRewards(db: Db, memberId: number, locale: Locale, limit = 50): Promise<{ available: number; items: RewardItem[] }> {
  const now = clock.now();
  const rows = await db
    .select()
    .from(promoReward)
    .where(eq(promoReward.memberId, memberId))
    .orderBy(sql`case when ${promoReward.status} = 'claimable' and ${promoReward.expiresAt} > ${new Date(now)} then 0 else 1 end`, desc(promoReward.createdAt), desc(promoReward.id))
    .limit(limit);
  return { available: await availableRewards(db, memberId, now), items: await views(db, rows, locale, now) };
}

/** Claims one of the member's rewards: paid once, or refused with why (unknown, claimed, expired). */
export async function claimReward(db: Db, memberId: number, id: number, locale: Locale): Promise<{ item: RewardItem; available: number }> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(promoReward)
      .where(and(eq(promoReward.id, id), eq(promoReward.memberId, memberId)))
      .for('update');
    if (!r) throw new ApiError(404, 'promotion.reward.unknown');
    if (r.status === 'claimed') throw new ApiError(409, 'promotion.reward.claimed');
    const now = clock.now();
    if (r.status !== 'claimable' || r.expiresAt.getTime() <= now) throw new ApiError(409, 'promotion.reward.expired');
    const titles = Object.fromEntries(LOCALES.map((l) => [l.code, titleOf(r, l.code)]));
    const fromBoard = r.kind === 'mission' || r.kind === 'leaderboard';
    const wagering = fromBoard ? wageringOfReference(r.reference) : r.turnover > 0n ? promotionRules().find((p) => p.id === r.promotionId)?.wagering : undefined;
    const source = r.promotionId !== null ? `promotion:${r.promotionId}` : fromBoard ? r.reference.split(':').slice(0, 2).join(':') : 'operator';
    let bonusId: number | null = null;
    if (r.payout) {
      // A money bonus is refused to a blocked member by the wallet; the other gifts here.
      await refuseIfBlocked(tx, memberId);
      await payOther(tx, { id: r.id, memberId, amount: r.amount, payout: r.payout }, { source, titles, wagering, now });
    } else {
      const granted = await grantBonus(tx, {
        memberId,
        reference: `reward:${r.id}`,
        source,
        titles,
        amount: r.amount,
        turnoverRequired: r.turnover,
        weights: r.turnover > 0n ? (wagering?.weights ?? {}) : {},
        maxBet: r.turnover > 0n ? (wagering?.maxBet ?? null) : null,
        validMs: r.turnover > 0n ? (r.wageringDays ?? 1) * DAY : DAY,
      });
      bonusId = granted.bonusId;
    }
    const [row] = await tx
      .update(promoReward)
      .set({ status: 'claimed', claimedAt: new Date(now), bonusId })
      .where(eq(promoReward.id, r.id))
      .returning();
    return { item: (await views(tx, [row!], locale, now))[0]!, available: await availableRewards(tx, memberId, now) };
  });
}

export interface NewReward {
  memberId: number;
  kind: 'signin' | 'vip';
  promotionId: number;
  reference: string;
  period: string;
  amount: bigint;
  expiresAt: Date;
  /** The turnover its bonus will ask, and in how many days (none: free money once claimed). */
  turnover?: bigint;
  wageringDays?: number;
}

/** Writes a claimable reward inside the caller's transaction and answers it as the reward centre shows it. */
export async function insertReward(tx: Tx, r: NewReward, locale: Locale, now = clock.now()): Promise<RewardItem> {
  const [row] = await tx
    .insert(promoReward)
    .values({ ...r, status: 'claimable', createdAt: new Date(now) })
    .returning();
  return view(row!, locale, now, { kind: 'money', amount: money(r.amount), count: null, on: null, game: null });
}

export interface OperatorReward {
  memberId: number;
  key: string;
  titles: Record<string, string>;
  amount: bigint;
  days: number;
}

/** An operator's reward for one member, claimable for `days` days; once per key. Answers whether it was new. */
export async function grantOperatorReward(db: Db, r: OperatorReward): Promise<boolean> {
  const now = clock.now();
  const rows = await db
    .insert(promoReward)
    .values({
      memberId: r.memberId,
      kind: 'operator',
      reference: `operator:${r.key}`,
      titles: r.titles,
      amount: r.amount,
      status: 'claimable',
      createdAt: new Date(now),
      expiresAt: new Date(now + r.days * DAY),
    })
    .onConflictDoNothing()
    .returning({ id: promoReward.id });
  return rows.length > 0;
}

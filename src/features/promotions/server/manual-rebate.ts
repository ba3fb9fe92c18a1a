/**
 * Manual rebate (issue 36; spec 2.14): the rebate a member has accrued today on valid bets since
 * their last claim, per game category at the rates of the brand's rebate promotion (the one whose
 * reward says `manual`), shown live and claimed on demand into the main wallet as a bonus with the
 * promotion's wagering.
 *
 * What is paid, once:
 * - a claim pays the valid bets of the brand day so far that no claim paid before: per vendor, the
 *   day's figure (the wallet's `member_day`) less the figure at the last claim
 *   (`rebate_claimed_bet`), which the claim then moves up to the day's figure; the day's cap
 *   (`max`) counts every claim of the day;
 * - the daily automatic rebate of a closed day (rewards.ts) pays only what lies above the last
 *   claim's figures, and what is left of the cap; so a bet is paid by a claim or by the day's
 *   rebate, never both.
 *
 * Why it holds under concurrency: a claim runs in one transaction under the member's advisory lock
 * for this promotion (two claims at once: the second finds nothing left) and a shared advisory
 * lock on the promotion's day; the day's automatic rebate takes that day's lock exclusively, so it
 * reads every claim of the day committed, and a claim never sees a day the rebate has computed (a
 * claim pays only today, which closes before its rebate is computed). A retried claim (the same
 * idempotency key) answers the first.
 *
 * Trial accounts have none; a member under a protection block is refused (the wallet refuses their
 * bonus too).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { CATEGORY_ORDER } from '../../../kernel/categories.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { dayIn, dayStart, addDays, type Day } from '../../../kernel/days.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { once } from '../../../kernel/idempotency.ts';
import { LOCALES, type Locale } from '../../../kernel/locales.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { listPromotions } from '../../content/index.ts';
import { isMarketable, refuseIfBlocked } from '../../protection/index.ts';
import { grantBonus, money } from '../../wallet/index.ts';
import type { ManualRebateView } from '../contract.ts';
import { runPromotions } from './engine.ts';
import { turnoverOf } from './rules.ts';
import type { PromotionRule, RebateReward } from './settings.ts';
import { rebateClaim } from './tables.ts';

const DAY = 86_400_000;
/** Claims shown in the history. */
const HISTORY = 20;

/**
 * The rebate promotion that members may claim by hand (the first such in the brand file that has
 * its words, as the daily job counts it), while its dates hold on the brand day of `now`; its title
 * in `locale` (the English one when that language has none).
 */
export function manualRebateRule(locale: Locale = 'en', now = clock.now()): { rule: PromotionRule; reward: RebateReward & { manual: { min: bigint } }; title: string } | null {
  const day = dayIn(now, brand().timeZone);
  for (const { rule, words } of runPromotions()) {
    if (rule.reward.kind !== 'rebate' || !rule.reward.manual) continue;
    if ((words.start && day < words.start) || (words.end && day > words.end)) return null;
    const title = runPromotions(locale).find((p) => p.rule.id === rule.id)?.words.title ?? words.title;
    return { rule, reward: rule.reward as RebateReward & { manual: { min: bigint } }, title };
  }
  return null;
}

/** The days of the lock below: a brand day as a number (2026-12-02: 20261202). */
const dayNumber = (day: Day): number => Number(day.replaceAll('-', ''));

/**
 * Takes a promotion's brand-day lock in the caller's transaction: exclusively for the day's
 * automatic rebate, shared for a claim (two-key advisory lock: the promotion's key and the day).
 */
export const rebateDayLock = (promotionId: number, day: Day, mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? sql`select pg_advisory_xact_lock_shared(hashtext(${`promotions.rebate-day:${promotionId}`}), ${dayNumber(day)})`
    : sql`select pg_advisory_xact_lock(hashtext(${`promotions.rebate-day:${promotionId}`}), ${dayNumber(day)})`;

interface Accrued {
  category: string;
  validBet: bigint;
  rate: number;
  amount: bigint;
}

/** Today's unclaimed valid bets per category with their rebate, and each vendor's figure now. */
async function accrued(db: Db | Tx, memberId: number, promotionId: number, reward: RebateReward, day: Day): Promise<{ categories: Accrued[]; vendors: { vendor: string; validBet: bigint }[] }> {
  const rows = rowsOf(
    await db.execute(sql`
      select md.vendor, v.game_type as category, md.valid_bet::text as valid_bet, greatest(md.valid_bet - coalesce(c.valid_bet, 0), 0)::text as unclaimed
      from member_day md
      join vendor v on v.code = md.vendor
      left join rebate_claimed_bet c on c.member_id = md.member_id and c.promotion_id = ${promotionId} and c.day = md.day and c.vendor = md.vendor
      where md.member_id = ${memberId} and md.day = ${day} and md.vendor <> ''`),
  );
  const byCategory = new Map<string, bigint>();
  for (const r of rows) {
    const rate = reward.rates[String(r.category) as keyof typeof reward.rates] ?? 0;
    if (rate <= 0) continue;
    byCategory.set(String(r.category), (byCategory.get(String(r.category)) ?? 0n) + BigInt(String(r.unclaimed)));
  }
  const categories = CATEGORY_ORDER.flatMap((c) => {
    const validBet = byCategory.get(c);
    if (validBet === undefined) return [];
    const rate = reward.rates[c] ?? 0;
    return [{ category: c, validBet, rate, amount: (validBet * BigInt(rate)) / 10_000n }];
  });
  // Only the vendors a claim pays are marked paid (a category at 0% today may earn tomorrow).
  const paid = rows.filter((r) => (reward.rates[String(r.category) as keyof typeof reward.rates] ?? 0) > 0);
  return { categories, vendors: paid.map((r) => ({ vendor: String(r.vendor), validBet: BigInt(String(r.valid_bet)) })) };
}

/** What the day's claims paid so far (against the day's cap). */
async function claimedOn(db: Db | Tx, memberId: number, promotionId: number, day: Day): Promise<bigint> {
  const [r] = rowsOf(await db.execute(sql`select coalesce(sum(amount), 0)::text as paid from rebate_claim where member_id = ${memberId} and promotion_id = ${promotionId} and day = ${day}`));
  return BigInt(String(r?.paid ?? '0'));
}

/**
 * The sum a claim would pay: the rebate of the unclaimed bets, as the day's automatic rebate
 * counts it (the total's basis points, floored once), within what is left of the day's cap.
 */
function payable(categories: readonly Accrued[], reward: RebateReward, claimed: bigint): bigint {
  const total = categories.reduce((n, c) => n + c.validBet * BigInt(c.rate), 0n) / 10_000n;
  const left = reward.max - claimed;
  return total < left ? total : left > 0n ? left : 0n;
}

/** The member's manual rebate now: today's accrual per category, what a claim pays, the minimum, the latest claims. */
export async function manualRebateOf(db: Db, memberId: number, locale: Locale, now = clock.now()): Promise<ManualRebateView> {
  const found = manualRebateRule(locale, now);
  const tz = brand().timeZone;
  const day = dayIn(now, tz);
  const [m] = await db.select({ type: member.type }).from(member).where(eq(member.id, memberId));
  const history = await db.select().from(rebateClaim).where(eq(rebateClaim.memberId, memberId)).orderBy(desc(rebateClaim.createdAt), desc(rebateClaim.id)).limit(HISTORY);
  const base = {
    symbol: brand().currencySymbol,
    day,
    resetsAt: dayStart(addDays(day, 1), tz),
    history: history.map((h) => ({ id: h.id, at: h.createdAt.getTime(), day: h.day, amount: money(h.amount), validBet: money(h.validBet) })),
  };
  if (!found || !m || isTrialType(m.type) || !(await isMarketable(db, memberId)))
    return {
      ...base,
      enabled: false,
      promotionId: null,
      title: null,
      rates: [],
      categories: [],
      total: money(0n),
      claimable: money(0n),
      min: money(0n),
      max: money(0n),
      claimedToday: money(0n),
      wagering: null,
    };
  const { rule, reward, title } = found;
  const { categories } = await accrued(db, memberId, rule.id, reward, day);
  const claimed = await claimedOn(db, memberId, rule.id, day);
  const pay = payable(categories, reward, claimed);
  return {
    ...base,
    enabled: true,
    promotionId: rule.id,
    title,
    rates: CATEGORY_ORDER.flatMap((c) => (reward.rates[c] ? [{ category: c, rate: reward.rates[c]! }] : [])),
    categories: categories.map((c) => ({ category: c.category, validBet: money(c.validBet), rate: c.rate, amount: money(c.amount) })),
    total: money(categories.reduce((n, c) => n + c.amount, 0n)),
    claimable: money(pay),
    min: money(reward.manual.min),
    max: money(reward.max),
    claimedToday: money(claimed),
    wagering: rule.wagering ? { multiple: rule.wagering.multiple, days: rule.wagering.days } : null,
  };
}

/** Claims today's manual rebate (see the top of this file); answers what was paid and the page as it is then. */
export async function claimManualRebate(db: Db, memberId: number, idempotencyKey: string, locale: Locale): Promise<{ paid: string; turnover: string; rebate: ManualRebateView }> {
  const found = manualRebateRule(locale);
  if (!found) throw new ApiError(409, 'promotion.rebate.manualOff');
  const { rule, reward } = found;
  const [m] = await db.select({ type: member.type }).from(member).where(eq(member.id, memberId));
  if (!m) throw new ApiError(401, 'login.not.session');
  if (isTrialType(m.type)) throw new ApiError(403, 'account.trial');
  await refuseIfBlocked(db, memberId);
  const op = { name: 'rebate-claim', memberId, key: idempotencyKey, request: { promotionId: rule.id } };
  const { value } = await once(db, op, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promotions.rebate-claim:${rule.id}`}), ${memberId})`);
    const day = dayIn(clock.now(), brand().timeZone);
    await tx.execute(rebateDayLock(rule.id, day, 'shared'));
    // The day is still today once the locks are held, and its automatic rebate is not written:
    // a claim pays only a day no automatic rebate has paid.
    const now = clock.now();
    if (dayIn(now, brand().timeZone) !== day) throw new ApiError(409, 'promotion.rebate.dayChanged');
    const [done] = rowsOf(await tx.execute(sql`select 1 from promo_reward where member_id = ${memberId} and reference = ${`rebate:${rule.id}:${day}`}`));
    if (done) throw new ApiError(409, 'promotion.rebate.dayChanged');
    const { categories, vendors } = await accrued(tx, memberId, rule.id, reward, day);
    const claimed = await claimedOn(tx, memberId, rule.id, day);
    const amount = payable(categories, reward, claimed);
    if (claimed >= reward.max) throw new ApiError(409, 'promotion.rebate.capReached', { max: money(reward.max) });
    if (amount <= 0n || amount < reward.manual.min) throw new ApiError(409, 'promotion.rebate.belowMinimum', { min: money(reward.manual.min) });
    const validBet = categories.reduce((n, c) => n + c.validBet, 0n);
    const [row] = await tx
      .insert(rebateClaim)
      .values({
        memberId,
        promotionId: rule.id,
        day,
        amount,
        validBet,
        detail: categories.map((c) => ({ category: c.category, validBet: String(c.validBet), rate: c.rate, amount: String(c.amount) })),
        createdAt: new Date(now),
      })
      .returning({ id: rebateClaim.id });
    // The day's figures as paid: the next claim and the day's automatic rebate start above them.
    await tx.execute(sql`
      insert into rebate_claimed_bet (member_id, promotion_id, day, vendor, valid_bet)
      select ${memberId}, ${rule.id}, ${day}, x.vendor, x.valid_bet
      from jsonb_to_recordset(${JSON.stringify(vendors.map((v) => ({ vendor: v.vendor, valid_bet: String(v.validBet) })))}::jsonb) as x(vendor text, valid_bet bigint)
      on conflict (member_id, promotion_id, day, vendor) do update set valid_bet = excluded.valid_bet`);
    const titles = Object.fromEntries(LOCALES.map((l) => [l.code, listPromotions(l.code).find((p) => p.id === rule.id)?.title ?? '']));
    const turnover = turnoverOf(amount, rule.wagering);
    const granted = await grantBonus(tx, {
      memberId,
      reference: `rebate-claim:${row!.id}`,
      source: `promotion:${rule.id}`,
      titles,
      amount,
      turnoverRequired: turnover,
      weights: rule.wagering?.weights ?? {},
      maxBet: rule.wagering?.maxBet ?? null,
      validMs: turnover > 0n ? (rule.wagering?.days ?? 1) * DAY : DAY,
    });
    await tx
      .update(rebateClaim)
      .set({ bonusId: granted.bonusId })
      .where(and(eq(rebateClaim.id, row!.id)));
    return { paid: money(amount), turnover: money(turnover) };
  });
  return { ...value, rebate: await manualRebateOf(db, memberId, locale) };
}

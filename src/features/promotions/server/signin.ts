/**
 * The daily sign-in (issue 15): a promotion whose reward is `signin` (brand file) shows the
 * calendar of its period (a week from Monday, or a month); a member signs in once per brand day
 * (the row's key is the day), and the n-th day of an unbroken run in the period earns the n-th
 * reward (the last repeats), put in the reward centre to claim. A missed day, or a new period,
 * starts the run again.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import type { PromotionRule, SigninReward } from './settings.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { addDays, dayIn, dayStart, daysBetween, type Day } from '../../../kernel/days.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { periodAt } from '../../../kernel/periods.ts';
import { isTrialType } from '../../accounts/contract.ts';
import { member } from '../../accounts/index.ts';
import { money } from '../../wallet/index.ts';
import type { RewardItem, SigninCalendar } from '../contract.ts';
import { publicStatus, runPromotions } from './engine.ts';
import { insertReward } from './rewards.ts';
import { promoSignin } from './tables.ts';

/** The sign-in promotion the brand runs (the first with a signin reward), with its reward rules. */
export function signinPromotion(): { rule: PromotionRule; reward: SigninReward; title: string; start?: string; end?: string } | null {
  for (const { rule, words } of runPromotions()) {
    if (rule.reward.kind === 'signin') return { rule, reward: rule.reward, title: words.title, start: words.start, end: words.end };
  }
  return null;
}

/** The reward of the n-th day of a run (the last of the list repeats). */
export const rewardOfRun = (reward: SigninReward, n: number): bigint => reward.rewards[Math.min(n, reward.rewards.length) - 1]!;

/** The calendar of the current period: each day, whether the member signed in, what it earns (or would, with an unbroken run from today). */
export async function signinCalendar(db: Db, memberId: number, now = clock.now()): Promise<SigninCalendar> {
  const p = signinPromotion();
  if (!p) throw new ApiError(404, 'promotion.unknown');
  const tz = brand().timeZone;
  const today = dayIn(now, tz);
  const period = periodAt(p.reward.period, now, tz);
  const first = dayIn(period.start, tz);
  const length = daysBetween(first, dayIn(period.end, tz));
  const rows = await db
    .select({ day: promoSignin.day, streak: promoSignin.streak })
    .from(promoSignin)
    .where(and(eq(promoSignin.memberId, memberId), eq(promoSignin.promotionId, p.rule.id), gte(promoSignin.day, first), lt(promoSignin.day, dayIn(period.end, tz))));
  const signed = new Map(rows.map((r) => [r.day, r.streak]));
  const yesterday = signed.get(addDays(today, -1)) ?? 0;
  const todayRun = signed.get(today);
  // The run today is part of: today's, or the one that today would continue.
  const run = todayRun ?? yesterday;
  const days = Array.from({ length }, (_, i) => {
    const day = addDays(first, i);
    const streak = signed.get(day);
    let earns: bigint | null = null;
    if (streak !== undefined) earns = rewardOfRun(p.reward, streak);
    else if (day >= today) earns = rewardOfRun(p.reward, (todayRun ?? yesterday + 1) + daysBetween(today, day));
    return { day, signed: streak !== undefined, today: day === today, reward: earns === null ? null : money(earns) };
  });
  return { promotionId: p.rule.id, title: p.title, today, signedToday: todayRun !== undefined, streak: run, period: p.reward.period, days };
}

/** Signs the member in for today: once per brand day; the run's reward goes to the reward centre. */
export async function signIn(db: Db, memberId: number, locale: Locale, now = clock.now()): Promise<{ day: Day; streak: number; reward: RewardItem }> {
  const p = signinPromotion();
  if (!p) throw new ApiError(404, 'promotion.unknown');
  const open = publicStatus(p.rule, { id: p.rule.id, title: p.title, summary: '', promoType: 'daily', href: '', start: p.start, end: p.end }, now);
  if (open === 'comingSoon') throw new ApiError(409, 'promotion.notStarted');
  if (open === 'closed') throw new ApiError(409, 'promotion.ended');
  const tz = brand().timeZone;
  const today = dayIn(now, tz);
  const periodFirst = dayIn(periodAt(p.reward.period, now, tz).start, tz);
  return db.transaction(async (tx) => {
    const [m] = await tx.select({ type: member.type }).from(member).where(eq(member.id, memberId));
    if (!m || isTrialType(m.type)) throw new ApiError(403, 'account.trial');
    const yesterday = addDays(today, -1);
    const [prev] =
      yesterday >= periodFirst
        ? await tx
            .select({ streak: promoSignin.streak })
            .from(promoSignin)
            .where(and(eq(promoSignin.memberId, memberId), eq(promoSignin.promotionId, p.rule.id), eq(promoSignin.day, yesterday)))
        : [];
    const streak = (prev?.streak ?? 0) + 1;
    const inserted = await tx
      .insert(promoSignin)
      .values({ memberId, promotionId: p.rule.id, day: today, streak, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ day: promoSignin.day });
    if (inserted.length === 0) throw new ApiError(409, 'promotion.signin.done');
    const reward = await insertReward(
      tx,
      {
        memberId,
        kind: 'signin',
        promotionId: p.rule.id,
        reference: `signin:${p.rule.id}:${today}`,
        period: today,
        amount: rewardOfRun(p.reward, streak),
        expiresAt: new Date(dayStart(addDays(today, 1 + p.reward.claimDays), tz)),
      },
      locale,
      now,
    );
    return { day: today, streak, reward };
  });
}

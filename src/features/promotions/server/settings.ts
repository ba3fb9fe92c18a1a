/**
 * The rules of a brand's promotions (issue 15), in its brand file (`promotions`, the promotions
 * feature's part of it: src/kernel/brand/sections.ts): what the engine runs, beside the words
 * content editors keep in src/content/promotions (joined by id). Amounts in minor units.
 */
import { z } from 'zod';
import { CATEGORY_ORDER } from '../../../kernel/categories.ts';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { minorAmount } from '../../../kernel/brand/fields.ts';
import { missionRules } from './mission-settings.ts';

const minor = minorAmount;

/** How a member starts a promotion. */
export const PROMO_STARTS = ['auto', 'join', 'apply', 'code'] as const;

export const promotionRuleSchema = z
  .object({
    /** The id of its Markdown (src/content/promotions/<locale>/*.md). */
    id: z.number().int().positive(),
    /** auto: every eligible member takes part; join: the member joins it first (a button); apply: the member applies and an operator approves (paid then) or rejects; code: the member enters its bonus code. */
    start: z.enum(PROMO_STARTS),
    /** The bonus code of a promotion that starts with one (letters and digits, compared without case). */
    code: z
      .string()
      .regex(/^[A-Za-z0-9]{4,20}$/, 'must be 4 to 20 letters and digits')
      .transform((c) => c.toUpperCase())
      .optional(),
    eligibility: z
      .object({
        /** Only members registered at most this many days ago may start it. */
        registeredWithinDays: z.number().int().min(1).max(3650).optional(),
        /** Its reward follows the member's first deposit. */
        firstDeposit: z.boolean().default(false),
        /** The smallest deposit that earns the reward. */
        minDeposit: minor.optional(),
        /** Only deposits on these weekdays (brand time; 0 Sunday ... 6 Saturday) earn it. */
        weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
        /** Earned again each period (W: a week from Monday, brand time) instead of once: a reload bonus. */
        oncePer: z.enum(['W']).optional(),
        /** Not on a deposit that already earned another promotion's bonus (rules are tried in the brand file's order). */
        alone: z.boolean().default(false),
      })
      .strict()
      .default({ firstDeposit: false, alone: false }),
    reward: z.discriminatedUnion('kind', [
      /** A share of the deposit, at most `cap`. */
      z.object({ kind: z.literal('depositPercent'), percent: z.number().int().min(1).max(1000), cap: minor }).strict(),
      z.object({ kind: z.literal('fixed'), amount: minor }).strict(),
      /**
       * A daily rebate: of each day's valid bets, a rate per game category in basis points
       * (120 = 1.2%), paid when at least `min`, at most `max`, claimable in the reward centre for
       * `claimDays` days after the day it is computed.
       */
      z
        .object({
          kind: z.literal('rebate'),
          rates: z.partialRecord(z.enum(CATEGORY_ORDER), z.number().int().min(0).max(10_000)),
          min: minor,
          max: minor,
          claimDays: z.number().int().min(1).max(90).default(1),
          /**
           * Manual rebate (spec 2.14): members may also claim the day's rebate so far on demand,
           * from `min`; what they have not claimed when the day closes is the day's automatic rebate.
           */
          manual: z.object({ min: minor }).strict().optional(),
        })
        .strict(),
      /**
       * A daily sign-in: once per brand day; the n-th day of an unbroken run within the period
       * (W: Monday to Sunday, M: the month) earns rewards[n-1] (the last repeats), claimable in
       * the reward centre for `claimDays` days. A missed day starts the run again.
       */
      z
        .object({
          kind: z.literal('signin'),
          period: z.enum(['W', 'M']),
          rewards: z.array(minor).min(1).max(31),
          claimDays: z.number().int().min(1).max(90).default(3),
        })
        .strict(),
      /**
       * A raffle: each period (D, W from Monday, M; brand time) a member holds one ticket per
       * `ticketPer` of valid bets in it, at most `maxTickets`; after the period the draw picks
       * winning tickets, provably fairly, one prize per member in the order of `prizes`
       * (prizes[0] first), claimable for `claimDays` days.
       */
      z
        .object({
          kind: z.literal('raffle'),
          period: z.enum(['D', 'W', 'M']),
          ticketPer: minor.refine((n) => n > 0n, 'must be more than zero'),
          maxTickets: z.number().int().min(1).max(100_000),
          prizes: z
            .array(minor.refine((n) => n > 0n, 'must be more than zero'))
            .min(1)
            .max(100),
          claimDays: z.number().int().min(1).max(90).default(7),
        })
        .strict(),
      /**
       * The VIP programme (at most one rule of this kind; the brand's VIP is on when it has one):
       * a member's level is the highest whose cumulative valid bets and deposits are both reached
       * (levels[0] is where everyone starts, with zero thresholds); a level never goes down.
       * Reaching a level earns its `levelUp` reward; on the first day of each month a member whose
       * valid bets of the month before reached `keepPercent` of the level's `validBets` earns its
       * `monthly` reward; both claimable in the reward centre for `claimDays` days.
       */
      z
        .object({
          kind: z.literal('vip'),
          levels: z
            .array(z.object({ name: z.string().min(1).max(20), validBets: minor, deposits: minor, levelUp: minor, monthly: minor }).strict())
            .min(2)
            .max(20)
            .refine((l) => l[0]!.validBets === 0n && l[0]!.deposits === 0n, { message: 'the first level starts at zero' })
            .refine((l) => l.every((x, i) => i === 0 || (x.validBets >= l[i - 1]!.validBets && x.deposits >= l[i - 1]!.deposits)), {
              message: 'each level asks at least what the one before asks',
            }),
          keepPercent: z.number().int().min(0).max(100).default(10),
          claimDays: z.number().int().min(1).max(90).default(30),
        })
        .strict(),
      /**
       * Daily free spins: once per brand day a member claims `spins` free spins of the slot of
       * the day (games[n % games.length], n counting brand days from 1970-01-01: a different
       * catalogue game, by nodeId, each day), each at the game's largest stake not above `bet`;
       * they end at the day's end. Their winnings become a bonus with the rule's wagering.
       */
      z
        .object({
          kind: z.literal('freeSpins'),
          spins: z.number().int().min(1).max(500),
          bet: minor.refine((n) => n > 0n, 'must be more than zero'),
          games: z.array(z.number().int().positive()).min(1).max(31),
        })
        .strict(),
      /**
       * Invite friends (at most one rule of this kind; spec 2.4, 3: the REFERRAL entry): a member
       * who registered with a player's invite code (the player's affiliate code, so the player
       * is the friend's upline) is a friend of that player. Once the friend's deposits reach
       * `minDeposit` and the friend's valid bets reach `validBets`, the player earns
       * `referrer` and the friend `friend`, claimable in the reward centre for `claimDays` days;
       * a player is rewarded for at most `monthlyCap` friends a month (brand time; the friend
       * still is). Friends registered or playing from the player's own address earn nothing.
       */
      z
        .object({
          kind: z.literal('referral'),
          minDeposit: minor,
          validBets: minor,
          referrer: minor,
          friend: minor,
          monthlyCap: z.number().int().min(1).max(10_000),
          claimDays: z.number().int().min(1).max(90).default(30),
        })
        .strict(),
    ]),
    /** The bonus's wagering requirement; none: the bonus is free money at once. */
    wagering: z
      .object({
        /** Turnover as a multiple of `of`. */
        multiple: z.number().min(0).max(200),
        of: z.enum(['bonus', 'depositAndBonus']),
        days: z.number().int().min(1).max(365),
        /** Percent of a bet that counts, per game category (100 when not named). */
        weights: z.partialRecord(z.enum(CATEGORY_ORDER), z.number().int().min(0).max(100)).default({}),
        /** Bets above this do not count. */
        maxBet: minor.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((r) => (r.start === 'code') === (r.code !== undefined), { message: 'a promotion has a code exactly when it starts with one', path: ['code'] })
  .refine((r) => r.reward.kind !== 'vip' || r.start === 'auto', { message: 'the VIP programme starts by itself (start: auto)', path: ['start'] })
  .refine((r) => r.reward.kind !== 'freeSpins' || r.start === 'auto', { message: 'daily free spins are claimed from the reward centre (start: auto)', path: ['start'] })
  .refine(
    (r) =>
      (r.reward.kind !== 'freeSpins' && r.reward.kind !== 'referral') ||
      (r.eligibility.registeredWithinDays === undefined && !r.eligibility.firstDeposit && r.eligibility.minDeposit === undefined && !r.eligibility.weekdays && !r.eligibility.oncePer),
    { message: 'daily free spins and invite friends are for every member: their rules say who earns them', path: ['eligibility'] },
  )
  .refine((r) => r.reward.kind !== 'referral' || r.start === 'auto', { message: 'invite friends starts by itself (start: auto)', path: ['start'] })
  .refine((r) => r.reward.kind !== 'raffle' || r.start === 'auto', { message: 'a raffle starts by itself (start: auto)', path: ['start'] })
  .refine((r) => !r.eligibility.oncePer || r.reward.kind === 'depositPercent' || r.reward.kind === 'fixed', {
    message: 'only a deposit bonus is earned again each period',
    path: ['eligibility', 'oncePer'],
  })
  .refine((r) => !r.eligibility.oncePer || (!r.eligibility.firstDeposit && (r.start === 'auto' || r.start === 'join')), {
    message: 'a reload bonus follows deposits after the first, for members in it (start auto or join)',
    path: ['eligibility', 'oncePer'],
  })
  .refine((r) => r.start !== 'apply' || (r.reward.kind === 'fixed' && !r.eligibility.firstDeposit), {
    message: 'a promotion that starts with an application pays a fixed reward when approved (no first-deposit rule)',
    path: ['start'],
  });

export type PromotionRule = z.output<typeof promotionRuleSchema>;
export type RebateReward = Extract<PromotionRule['reward'], { kind: 'rebate' }>;
export type SigninReward = Extract<PromotionRule['reward'], { kind: 'signin' }>;
export type RaffleReward = Extract<PromotionRule['reward'], { kind: 'raffle' }>;
export type VipReward = Extract<PromotionRule['reward'], { kind: 'vip' }>;
export type VipLevel = VipReward['levels'][number];
export type ReferralReward = Extract<PromotionRule['reward'], { kind: 'referral' }>;
export type FreeSpinsReward = Extract<PromotionRule['reward'], { kind: 'freeSpins' }>;

/** The brand's VIP programme (its rule of kind vip), or null when the brand's VIP is off. */
export function vipProgramme(rules: readonly PromotionRule[]): { rule: PromotionRule; reward: VipReward } | null {
  const rule = rules.find((r) => r.reward.kind === 'vip');
  return rule ? { rule, reward: rule.reward as VipReward } : null;
}

/** The brand's invite-friends programme (its rule of kind referral; spec 3's REFERRAL entry), or null when it has none. */
export function referralProgramme(rules: readonly PromotionRule[]): { rule: PromotionRule; reward: ReferralReward } | null {
  const rule = rules.find((r) => r.reward.kind === 'referral');
  return rule ? { rule, reward: rule.reward as ReferralReward } : null;
}

/** The brand's promotion rules, checked together (ids unique, one VIP and one invite-friends programme at most). */
export const promotionRules = brandSection(
  'promotions',
  z
    .array(promotionRuleSchema)
    .default([])
    .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, { message: 'two rules have the same id' })
    .refine((rules) => rules.filter((r) => r.reward.kind === 'vip').length <= 1, { message: 'a brand has one VIP programme at most' })
    .refine((rules) => rules.filter((r) => r.reward.kind === 'referral').length <= 1, { message: 'a brand has one invite-friends programme at most' }),
);

/** The name of a VIP level (the highest the programme has, for a level above it); null while the brand runs no VIP programme. */
export function vipLevelName(level: number): string | null {
  const programme = vipProgramme(promotionRules());
  if (!programme) return null;
  const levels = programme.reward.levels;
  return levels[Math.min(level, levels.length - 1)]!.name;
}

/** Which of its programmes the brand runs, for the start-up status (spec 3: hasVip, the REFERRAL and MISSION entries). */
export function runningOffers(): { vip: boolean; referral: boolean; missions: boolean; rebate: boolean } {
  const rules = promotionRules();
  return {
    vip: vipProgramme(rules) !== null,
    referral: referralProgramme(rules) !== null,
    missions: missionRules().length > 0,
    rebate: rules.some((r) => r.reward.kind === 'rebate' && r.reward.manual !== undefined),
  };
}

/**
 * The brand's missions (issue 32; spec 1, 2.14): its part `missions` of the brand file. Each
 * mission has one goal counted over a period (the brand's day, week from Monday, month, or once
 * between two days), steps of rising targets each with its reward, and who may take part.
 * Amounts in minor units; counts are plain numbers.
 */
import { z } from 'zod';
import { CATEGORY_ORDER } from '../../../kernel/categories.ts';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { minorAmount } from '../../../kernel/brand/fields.ts';
import { isDay } from '../../../kernel/days.ts';

const day = z.string().refine(isDay, 'must be a day (YYYY-MM-DD)');
const vendorCode = z.string().regex(/^[A-Z0-9_]{1,20}$/);
/** Which rounds count: of these game categories and/or these vendors (none named: every round). */
const games = {
  categories: z.array(z.enum(CATEGORY_ORDER)).min(1).optional(),
  vendors: z.array(vendorCode).min(1).optional(),
};

/** A money reward's wagering once claimed, as a multiple of its amount within `days` (the promotions' weights and largest bet); none: free money. */
const rewardWagering = z
  .object({
    multiple: z.number().min(0).max(200),
    days: z.number().int().min(1).max(365),
    weights: z.partialRecord(z.enum(CATEGORY_ORDER), z.number().int().min(0).max(100)).default({}),
    maxBet: minorAmount.optional(),
  })
  .strict()
  .optional();

const positive = minorAmount.refine((n) => n > 0n, 'must be more than zero');

/**
 * What a reached step or a prize gives, claimed in the reward centre:
 * - money: a bonus into the main wallet (with the mission's or board's wagering, if any);
 * - points: points into the member's points account (no wagering, no expiry);
 * - freeSpins: spins of one slot (its node id) at a stake (minor units; the slot's nearest bet not above it), whose winnings become a bonus with the wagering;
 * - raffleTickets: tickets in the current period of a raffle promotion (its id), on top of the tickets bets earn.
 */
export const rewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('money'), amount: positive }).strict(),
  z.object({ kind: z.literal('points'), points: z.number().int().positive().max(100_000_000) }).strict(),
  z.object({ kind: z.literal('freeSpins'), nodeId: z.number().int().positive(), spins: z.number().int().min(1).max(500), bet: positive }).strict(),
  z.object({ kind: z.literal('raffleTickets'), promotionId: z.number().int().positive(), tickets: z.number().int().min(1).max(100_000) }).strict(),
]);
export type Reward = z.output<typeof rewardSchema>;

/**
 * What a mission counts in its period:
 * - deposit: credited deposits, their sum (measure amount, minor units) or their number (count);
 * - wager: valid bets (stakes of settled rounds) of the named games;
 * - rounds: settled rounds of the named games;
 * - winMultiple: settled rounds whose win was at least `multiple` times the stake (and the stake at least `minBet`);
 * - loginDays: brand days with a login (consecutive: the longest unbroken run of them);
 * - lotteryTickets: lottery tickets bought (not cancelled);
 * - friends: friends invited with the member's code (registered under them) who deposited in the period.
 */
export const missionGoal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), measure: z.enum(['amount', 'count']).default('amount') }).strict(),
  z.object({ kind: z.literal('wager'), ...games }).strict(),
  z.object({ kind: z.literal('rounds'), ...games }).strict(),
  z.object({ kind: z.literal('winMultiple'), multiple: z.number().min(1.01).max(10_000), minBet: minorAmount.default(0n), ...games }).strict(),
  z.object({ kind: z.literal('loginDays'), consecutive: z.boolean().default(false) }).strict(),
  z.object({ kind: z.literal('lotteryTickets') }).strict(),
  z.object({ kind: z.literal('friends') }).strict(),
]);
export type MissionGoal = z.output<typeof missionGoal>;

/** Is the goal's progress money (minor units) rather than a count? */
export const countsMoney = (g: MissionGoal): boolean => g.kind === 'wager' || (g.kind === 'deposit' && g.measure === 'amount');

export const missionSchema = z
  .object({
    id: z.number().int().positive(),
    /** Its name per site language (en required; another language falls back to it). */
    titles: z.record(z.string(), z.string().trim().min(1).max(60)).refine((t) => 'en' in t, { message: 'needs an English title (en)' }),
    /** D: each brand day; W: each week from Monday; M: each month; once: one run from `start` to `end`. Progress starts again with each period. */
    period: z.enum(['D', 'W', 'M', 'once']),
    /** The brand days it runs from and to (inclusive); none: from always, for ever. */
    start: day.optional(),
    end: day.optional(),
    goal: missionGoal,
    /** Rising targets (minor units for money goals, else a count), each with its reward. */
    steps: z
      .array(
        z
          .object({
            target: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
            reward: rewardSchema,
          })
          .strict(),
      )
      .min(1)
      .max(10)
      .refine((s) => s.every((x, i) => i === 0 || x.target > s[i - 1]!.target), { message: 'each step asks more than the one before' }),
    eligibility: z
      .object({
        /** The member's VIP level (0 is where everyone starts) at least / at most. */
        minVip: z.number().int().min(0).max(20).optional(),
        maxVip: z.number().int().min(0).max(20).optional(),
        /** Only members registered at most this many days ago. */
        registeredWithinDays: z.number().int().min(1).max(3650).optional(),
      })
      .strict()
      .default({}),
    /** The money rewards' wagering once claimed, and the free spins' winnings' (none: free money). */
    wagering: rewardWagering,
    /** Days a reached step's reward may be claimed after its period ended. */
    claimDays: z.number().int().min(1).max(90).default(7),
  })
  .strict()
  .refine((m) => m.period !== 'once' || m.start !== undefined, { message: 'a one-off mission says when it starts', path: ['start'] })
  .refine((m) => !m.start || !m.end || m.start <= m.end, { message: 'it ends before it starts', path: ['end'] });

export type Mission = z.output<typeof missionSchema>;

/** The brand's missions, checked together (ids unique). */
export const missionRules = brandSection(
  'missions',
  z
    .array(missionSchema)
    .max(50)
    .default([])
    .refine((ms) => new Set(ms.map((m) => m.id)).size === ms.length, { message: 'two missions have the same id' }),
);

/**
 * The mission leaderboards (issue 32; spec 2.5: the cash-back tile): each period (the brand's day,
 * week from Monday, or month) ranks the members by one measure of the wallet's daily figures
 * (valid bets of the named games, their rounds, or deposits), and pays `prizes[0]` to the first,
 * `prizes[1]` to the second... once the period has closed, into the reward centre. A member takes
 * part from `minScore` on; ties are broken by the period's committed seed (provably fair).
 */
export const leaderboardSchema = z
  .object({
    id: z.number().int().positive(),
    titles: z.record(z.string(), z.string().trim().min(1).max(60)).refine((t) => 'en' in t, { message: 'needs an English title (en)' }),
    period: z.enum(['D', 'W', 'M']),
    goal: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('deposit'), measure: z.enum(['amount', 'count']).default('amount') }).strict(),
      z.object({ kind: z.literal('wager'), ...games }).strict(),
      z.object({ kind: z.literal('rounds'), ...games }).strict(),
    ]),
    /** The smallest score that takes part (minor units for money measures, else a count). */
    minScore: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(1),
    /** Prizes by rank, the first's first: an amount of money (minor units), or any reward. */
    prizes: z
      .array(z.preprocess((v) => (typeof v === 'number' ? { kind: 'money', amount: v } : v), rewardSchema))
      .min(1)
      .max(100),
    wagering: rewardWagering,
    claimDays: z.number().int().min(1).max(90).default(7),
  })
  .strict();

export type Leaderboard = z.output<typeof leaderboardSchema>;

/** The brand's leaderboards (ids unique). */
export const leaderboardRules = brandSection(
  'leaderboards',
  z
    .array(leaderboardSchema)
    .max(10)
    .default([])
    .refine((ls) => new Set(ls.map((l) => l.id)).size === ls.length, { message: 'two leaderboards have the same id' }),
);

/** The mission or leaderboard of a reward's reference (`mission:<id>:...`, `leaderboard:<id>:...`), for its wagering at claim time. */
export function wageringOfReference(reference: string): Mission['wagering'] {
  const m = /^(mission|leaderboard):(\d+):/.exec(reference);
  if (!m) return undefined;
  const id = Number(m[2]);
  return m[1] === 'mission' ? missionRules().find((x) => x.id === id)?.wagering : leaderboardRules().find((x) => x.id === id)?.wagering;
}

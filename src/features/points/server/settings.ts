/**
 * The brand's points (issue 32; spec 3, 5, 9): its part `points` of the brand file. Points are
 * earned per valid bet by type (the spec's live, lott, pvp, rng, sports) and per deposit, kept in
 * the ledger's points accounts, never expire, and are spent in the points mall (its items here) or
 * converted to money. Absent: the brand runs no points.
 */
import { z } from 'zod';
import { brandSection } from '../../../kernel/brand/sections.ts';
import { minorAmount } from '../../../kernel/brand/fields.ts';
import { CATEGORY_ORDER, type Category } from '../../../kernel/categories.ts';
import { isDay } from '../../../kernel/days.ts';

/** The spec's point types earned by play, and the game categories each one counts. */
export const BET_POINT_TYPES = ['live', 'lott', 'pvp', 'rng', 'sports'] as const;
export type BetPointType = (typeof BET_POINT_TYPES)[number];
export const POINT_TYPE_OF: Record<Category, BetPointType> = {
  RNG: 'rng',
  FISH: 'rng',
  PVP: 'pvp',
  LIVE: 'live',
  LOTT: 'lott',
  ELOTT: 'lott',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  COCKFIGHT: 'sports',
};
/** Every type a movement of points has (spec 5): earned by play, by deposits, given by an operator (grant) or a mission or leaderboard (reward), or spent (redeem; convert and refund ours). */
export const POINT_TYPES = [...BET_POINT_TYPES, 'deposit', 'grant', 'reward', 'redeem', 'convert', 'refund'] as const;

const positive = minorAmount.refine((n) => n > 0n, 'must be more than zero');
/** `points` points for each whole `per` (minor units) of the measure. */
const rate = z.object({ per: positive, points: z.number().int().min(1).max(1_000_000) }).strict();
const day = z.string().refine(isDay, 'must be a day (YYYY-MM-DD)');

export const mallItemSchema = z
  .object({
    id: z.number().int().positive(),
    titles: z.record(z.string(), z.string().trim().min(1).max(60)).refine((t) => 'en' in t, { message: 'needs an English title (en)' }),
    /**
     * bonus: money into the main wallet (with wagering when said); goods: a thing sent to the
     * member's address; freeSpins: `spins` spins of the slot `nodeId` at stake `bet` (their
     * winnings a bonus with the wagering); raffleTickets: `tickets` tickets in the current draw of
     * the raffle promotion `promotionId` (refused while it is not running).
     */
    kind: z.enum(['bonus', 'goods', 'freeSpins', 'raffleTickets']),
    points: z.number().int().positive().max(100_000_000),
    /** The bonus's money (bonus items). */
    amount: positive.optional(),
    /** Free spins: the slot, how many, and the stake (minor units; the slot's nearest bet not above it). */
    nodeId: z.number().int().positive().optional(),
    spins: z.number().int().min(1).max(500).optional(),
    bet: positive.optional(),
    /** Raffle tickets: the raffle promotion and how many. */
    promotionId: z.number().int().positive().optional(),
    tickets: z.number().int().min(1).max(100_000).optional(),
    /** The bonus's (or the free spins' winnings') wagering, as a multiple of its amount, within `days`. */
    wagering: z
      .object({ multiple: z.number().min(0).max(200), days: z.number().int().min(1).max(365) })
      .strict()
      .optional(),
    /** How many there are in all (none: no limit). */
    stock: z.number().int().min(0).max(10_000_000).optional(),
    /** How many one member may redeem (none: no limit). */
    perMember: z.number().int().positive().max(1000).optional(),
    start: day.optional(),
    end: day.optional(),
    /** A picture of it (an address under the site or the brand's CDN). */
    image: z.string().max(500).optional(),
  })
  .strict()
  .refine((i) => (i.kind === 'bonus') === (i.amount !== undefined), { message: 'a bonus item has an amount, the others none', path: ['amount'] })
  .refine((i) => (i.kind === 'freeSpins') === (i.nodeId !== undefined && i.spins !== undefined && i.bet !== undefined), {
    message: 'a free-spins item has a nodeId, spins and a bet, the others none',
    path: ['nodeId'],
  })
  .refine((i) => (i.kind === 'raffleTickets') === (i.promotionId !== undefined && i.tickets !== undefined), {
    message: 'a raffle-tickets item has a promotionId and tickets, the others none',
    path: ['promotionId'],
  });

export type MallItem = z.output<typeof mallItemSchema>;

export const pointsRulesSchema = z
  .object({
    /** Points per valid bet of each type (a type not named earns none). */
    earn: z.partialRecord(z.enum(BET_POINT_TYPES), rate).default({}),
    /** Points per credited deposit. */
    deposit: rate.optional(),
    /** Converting points to money: `money` (minor units) for each `points`, from `minPoints` at a time. */
    convert: z.object({ points: z.number().int().positive(), money: positive, minPoints: z.number().int().positive() }).strict().optional(),
    items: z
      .array(mallItemSchema)
      .max(200)
      .default([])
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, { message: 'two items have the same id' }),
  })
  .strict()
  .optional();

export type PointsRules = NonNullable<z.output<typeof pointsRulesSchema>>;
export const pointsRules = brandSection('points', pointsRulesSchema);

/** The category codes that earn points of a type, for SQL over the vendor table. */
export const categoriesOf = (type: BetPointType): Category[] => CATEGORY_ORDER.filter((c) => POINT_TYPE_OF[c] === type);

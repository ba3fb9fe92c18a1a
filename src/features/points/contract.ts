/**
 * Points and the points mall (issue 32; spec 2.16, 3, 5, 7): the member's points, their details
 * by type, the mall's items, redeeming one and converting points to money (both through spec 7's
 * `/wps/relay/passwordCheck/...`, encrypted, behind the payment password), the redeem history.
 * The spec names the calls' purposes but shows no names or shapes for them: these are ours, under
 * /wps/relay with the PTS_ prefix of the points service.
 */
import { z } from 'zod';
import { defineCall, intParam, pageSizeParam } from '../../kernel/contract.ts';

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const page = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), pageNum: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() });

export const pointTypeName = z.enum(['live', 'lott', 'pvp', 'rng', 'sports', 'deposit', 'grant', 'reward', 'redeem', 'convert', 'refund']);
export type PointTypeName = z.infer<typeof pointTypeName>;

export const pointsBalanceValue = z.object({
  /** Whole points (no expiry). */
  points: z.number().int(),
  /** Earned (positive) and spent (negative) since ever, per type. */
  byType: z.array(z.object({ type: pointTypeName, points: z.number().int() })),
});
export type PointsBalance = z.infer<typeof pointsBalanceValue>;

/** The member's points now (the avatar menu, the member centre). A trial account has none. */
export const pointsBalance = defineCall({ name: 'PTS_getPointBalance', method: 'GET', path: '/wps/relay/PTS_getPointBalance', token: true, value: pointsBalanceValue });

export const pointsConfigValue = z.object({
  /** Does the brand run points? */
  enabled: z.boolean(),
  /** Points per valid bet of each type, and per deposit: `points` for each whole `per` (money). */
  earn: z.array(z.object({ type: pointTypeName, per: z.string(), points: z.number().int() })),
  /** Converting: `money` for each `points`, from `minPoints` at a time; null while the brand converts none. */
  convert: z.object({ points: z.number().int(), money: z.string(), minPoints: z.number().int() }).nullable(),
  symbol: z.string(),
});
export type PointsConfig = z.infer<typeof pointsConfigValue>;

/** How points are earned and converted (public: the mall shows it to visitors). */
export const pointsConfig = defineCall({ name: 'PTS_getConfig', method: 'GET', path: '/wps/relay/PTS_getConfig', value: pointsConfigValue });

export const mallItemView = z.object({
  id: z.number().int(),
  title: z.string(),
  /** bonus: money with wagering; goods: sent to an address; freeSpins: spins of a slot; raffleTickets: tickets in a raffle's current draw. */
  kind: z.enum(['bonus', 'goods', 'freeSpins', 'raffleTickets']),
  points: z.number().int(),
  /** The bonus's money and the turnover it asks (bonus items), else null. */
  amount: z.string().nullable(),
  turnover: z.string().nullable(),
  /** How many spins or tickets (those items), else null; the slot's or the raffle's name. */
  quantity: z.number().int().nullable(),
  on: z.string().nullable(),
  /** A free-spins item's slot, to launch it once redeemed (null for the others). */
  game: z.object({ nodeId: z.number().int(), vassalage: z.string() }).nullable(),
  /** Left in stock (null: no limit). */
  left: z.number().int().nullable(),
  /** How many one member may redeem (null: no limit), and how many the caller has (0 for a visitor). */
  perMember: z.number().int().nullable(),
  mine: z.number().int(),
  image: z.string().nullable(),
  /** The brand days it may be redeemed from and to (null: always). */
  start: day.nullable(),
  end: day.nullable(),
});
export type MallItemView = z.infer<typeof mallItemView>;

/** The mall's items open now (public; with a session, the caller's own counts). */
export const mallItems = defineCall({
  name: 'PTS_getRewardList',
  method: 'GET',
  path: '/wps/relay/PTS_getRewardList',
  value: z.object({ items: z.array(mallItemView), symbol: z.string() }),
});

/** A redemption's states: goods go pending -> shipped -> done, or refused (points and stock back); the others are done at once. */
export const REDEMPTION_STATUSES = ['pending', 'shipped', 'done', 'refused'] as const;

export const redemptionView = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  title: z.string(),
  kind: z.enum(['bonus', 'goods', 'freeSpins', 'raffleTickets']),
  /** Points required (spent). */
  points: z.number().int(),
  /** The bonus's money, else null. */
  amount: z.string().nullable(),
  /** The spins or tickets it gave, else null. */
  quantity: z.number().int().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RedemptionView = z.infer<typeof redemptionView>;

/** The redeem history (spec 2.16), newest first. */
export const redemptions = defineCall({
  name: 'PTS_getRedeemList',
  method: 'GET',
  path: '/wps/relay/PTS_getRedeemList',
  token: true,
  query: z.object({ pageNo: intParam(1, 100_000, 1), pageSize: pageSizeParam(100, 20) }),
  value: page(redemptionView),
});

export const pointsMovementView = z.object({
  id: z.number().int(),
  type: pointTypeName,
  /** Positive: earned or given back; negative: spent. */
  points: z.number().int(),
  balanceAfter: z.number().int(),
  time: z.number(),
});

/** The points details (spec 3: member transaction detail), newest first, in a range of brand days. */
export const pointsDetails = defineCall({
  name: 'PTS_getMemberTransactionDetail',
  method: 'GET',
  path: '/wps/relay/PTS_getMemberTransactionDetail',
  token: true,
  query: z.object({ from: day.optional(), to: day.optional(), pageNo: intParam(1, 100_000, 1), pageSize: pageSizeParam(100, 20) }),
  value: page(pointsMovementView),
});

const address = z.object({
  name: z.string().trim().min(1).max(60),
  phone: z.string().trim().min(5).max(30),
  address: z.string().trim().min(5).max(300),
});

/** Redeems a mall item (spec 7: through passwordCheck, encrypted): its points spent and, for a bonus, its money paid, in one transaction; goods need an address. */
export const redeemItem = defineCall({
  name: 'PTS_redeemReward',
  method: 'POST',
  path: '/wps/relay/passwordCheck/PTS_redeemReward',
  token: true,
  enc: true,
  body: z.object({ itemId: z.number().int().positive(), paymentPassword: z.string().max(64).optional(), idempotencyKey, address: address.optional() }),
  value: z.object({ redemption: redemptionView, points: z.number().int() }),
});

/** Converts points to money into the main wallet (spec 7: through passwordCheck, encrypted). */
export const convertPoints = defineCall({
  name: 'PTS_convertPoints',
  method: 'POST',
  path: '/wps/relay/passwordCheck/PTS_convertPoints',
  token: true,
  enc: true,
  body: z.object({ points: z.number().int().positive().max(1_000_000_000), paymentPassword: z.string().max(64).optional(), idempotencyKey }),
  value: z.object({ points: z.number().int(), money: z.string(), balance: z.string() }),
});

export const pointsCalls = [pointsBalance, pointsConfig, mallItems, redemptions, pointsDetails, redeemItem, convertPoints];

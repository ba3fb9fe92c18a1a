/**
 * A member's part in a promotion (issue 15): joined, then issued when its reward is paid. One
 * row per member and promotion (the promotions the engine runs so far are one-offs).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/** A reward's gift other than money (see promo_reward.payout). */
export type RewardPayout =
  | { kind: 'points' }
  /** The winnings' wagering as written (a multiple in hundredths, and days), so a later change of the brand file does not change it. */
  | { kind: 'freeSpins'; nodeId: number; bet: string; wageringHundredths?: number; wageringDays?: number }
  | { kind: 'raffleTickets'; promotionId: number };

export const promoEntry = pgTable(
  'promo_entry',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    promotionId: integer('promotion_id').notNull(),
    /** joined or issued. */
    status: text('status').notNull(),
    /** The wallet's bonus paid as its reward. */
    bonusId: bigint('bonus_id', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.promotionId] })],
);

/**
 * Something a member may claim in the reward centre (issue 15): a day's rebate, an operator's
 * reward; later sign-in rewards, raffle prizes, mission rewards. Claimed once (the status moves
 * under the row's lock, and the payment's reference is this row's), or expired when its time ran out.
 */
export const promoReward = pgTable(
  'promo_reward',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** rebate, signin, vip (a level-up or monthly VIP bonus), raffle, referral (invite friends) or operator. */
    kind: text('kind').notNull(),
    /** The promotion it belongs to (none for an operator's reward). */
    promotionId: integer('promotion_id'),
    /** One reward per member and key: rebate:<promotion>:<day>, signin:..., vip:up:<level>, vip:month:<YYYY-MM>, referral:<friend id> (both the referrer's and the friend's), operator:<key>. */
    reference: text('reference').notNull(),
    /** Its name per locale, when it is not a promotion's. */
    titles: jsonb('titles').$type<Record<string, string>>(),
    /** The period it is for (a brand day), when it has one. */
    period: text('period'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The turnover its bonus asks once claimed (its promotion's wagering), and in how many days. */
    turnover: bigint('turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wageringDays: integer('wagering_days'),
    /** claimable, claimed or expired. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    /**
     * What it gives when not money (mission steps and leaderboard prizes): points (amount = the
     * points), freeSpins (amount = the spins, of the slot `nodeId` at stake `bet` minor units) or
     * raffleTickets (amount = the tickets, in the raffle promotion `promotionId`). None: money.
     */
    payout: jsonb('payout').$type<RewardPayout>(),
  },
  (t) => [
    uniqueIndex('promo_reward_reference_uq').on(t.memberId, t.reference),
    index('promo_reward_member_idx').on(t.memberId, t.createdAt),
    index('promo_reward_claimable_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'claimable'`),
    check('promo_reward_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A member's daily sign-in (issue 15): once per promotion and brand day, with the run it made. */
export const promoSignin = pgTable(
  'promo_signin',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    promotionId: integer('promotion_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The n-th day of an unbroken run within the period. */
    streak: integer('streak').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.promotionId, t.day] })],
);

/**
 * A raffle's draw of one period (issue 15): created with its server seed when the period opens,
 * whose SHA-256 is shown from then on; drawn once after the period (status open -> drawn in one
 * transaction with its entries and prizes), the seed revealed with the result.
 */
export const raffleDraw = pgTable(
  'raffle_draw',
  {
    promotionId: integer('promotion_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** 32 random bytes (hex): secret until the draw. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** open, then drawn. */
    status: text('status').notNull(),
    /** Tickets in the draw and prizes drawn for (set when drawn: a later change of the rule does not change a past draw). */
    tickets: integer('tickets'),
    prizes: integer('prizes'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.periodStart] }),
    index('raffle_draw_open_idx')
      .on(t.periodEnd)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Raffle tickets given rather than earned (issue 32): a mission's or leaderboard's reward, or the
 * points mall. They count in the period of the raffle that holds `created_at`, on top of the
 * tickets bets earn (and of their cap). Once per member and reference.
 */
export const raffleBonus = pgTable(
  'raffle_bonus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: integer('promotion_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    tickets: integer('tickets').notNull(),
    /** reward:<promo_reward id> or mall:<redemption id>. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('raffle_bonus_reference_uq').on(t.memberId, t.reference),
    index('raffle_bonus_period_idx').on(t.promotionId, t.createdAt),
    check('raffle_bonus_tickets_positive', sql`${t.tickets} > 0`),
  ],
);

/** A member's tickets in a drawn period: tickets first_ticket .. first_ticket + tickets - 1 (members in id order). */
export const raffleEntry = pgTable(
  'raffle_entry',
  {
    promotionId: integer('promotion_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    firstTicket: integer('first_ticket').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.periodStart, t.memberId] })],
);

/** A prize of a drawn period: the rank's winning ticket, its member, and the reward they claim. */
export const rafflePrize = pgTable(
  'raffle_prize',
  {
    promotionId: integer('promotion_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** 1 for the first prize. */
    rank: integer('rank').notNull(),
    ticket: integer('ticket').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rewardId: bigint('reward_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.periodStart, t.rank] })],
);

/**
 * Invite friends (issue 15): a friend's referral, once decided. A friend without a row is still
 * on the way (first deposit, valid bets); the row is written once, under the referrer's row lock,
 * with what was paid: rewarded (both), capped (the friend only: the referrer's month was full) or
 * sameAddress (neither: the friend registered or logs in from the referrer's address).
 */
export const promoReferral = pgTable(
  'promo_referral',
  {
    friendId: integer('friend_id')
      .primaryKey()
      .references(() => member.id),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => member.id),
    status: text('status').notNull(),
    /** The brand month it was decided in (YYYY-MM): the referrer's monthly cap counts these. */
    month: text('month').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promo_referral_referrer_idx').on(t.referrerId, t.month)],
);

/**
 * A period of a mission leaderboard (issue 32): written with its server seed when the period is
 * first seen, whose SHA-256 is shown from then on; paid once after the period (status open ->
 * paid in one transaction with its prizes), the seed revealed with the result. Ties of the final
 * standings are broken by HMAC-SHA256(seed, `leaderboard:<id>:<period key>:<member id>`).
 */
export const leaderboardPeriod = pgTable(
  'leaderboard_period',
  {
    boardId: integer('board_id').notNull(),
    /** The period's first instant, ISO. */
    periodKey: text('period_key').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** open, then paid. */
    status: text('status').notNull(),
    /** Members who took part, set when paid. */
    entries: integer('entries'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * 32 random bytes (hex), never shown: a member's entrant code in the period is
     * HMAC-SHA256(entrant_key, member id), cut to 16 hex digits. The tie-break is computed from the
     * code, and the verify call publishes codes, not member ids; each member sees their own code
     * from the period's start. None: a period paid before codes (its tie-break used the member id).
     */
    entrantKey: text('entrant_key'),
    /** Every member who could win when paid (scores at least the last prize's): code, masked name, score. */
    contenders: jsonb('contenders').$type<{ entrant: string; account: string; score: string }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.periodKey] }),
    index('leaderboard_period_open_idx')
      .on(t.periodEnd)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A member's score in a leaderboard period: the period's sum of the board's measure in the daily
 * figures, refreshed by the job every minute for everyone, and for the member when they look.
 * Read top first by the index; a member's rank is 1 + the scores above theirs.
 */
export const leaderboardScore = pgTable(
  'leaderboard_score',
  {
    boardId: integer('board_id').notNull(),
    periodKey: text('period_key').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    score: bigint('score', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.periodKey, t.memberId] }), index('leaderboard_score_rank_idx').on(t.boardId, t.periodKey, t.score.desc(), t.memberId)],
);

/** A prize of a paid leaderboard period: the rank's member, their score and tie-break, and the reward they claim. */
export const leaderboardPrize = pgTable(
  'leaderboard_prize',
  {
    boardId: integer('board_id').notNull(),
    periodKey: text('period_key').notNull(),
    rank: integer('rank').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    score: bigint('score', { mode: 'bigint' }).notNull(),
    /** HMAC-SHA256(seed, `leaderboard:<id>:<period key>:<member id>`), hex: the smaller ranks first among equal scores. */
    tiebreak: text('tiebreak').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rewardId: bigint('reward_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.periodKey, t.rank] })],
);

/**
 * A manual rebate claim (issue 36; spec 2.14's manual rebate): the rebate a member took on demand
 * from the valid bets of the brand day `day` not claimed before, at the rebate promotion's rates,
 * paid as a bonus with its wagering. One row per claim; `detail` holds each category's valid bets
 * and amount.
 */
export const rebateClaim = pgTable(
  'rebate_claim',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    promotionId: integer('promotion_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    detail: jsonb('detail').$type<{ category: string; validBet: string; rate: number; amount: string }[]>().notNull(),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rebate_claim_member_idx').on(t.memberId, t.createdAt), check('rebate_claim_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * The valid bets of a member's brand day and vendor already paid by manual claims (the day's
 * figure at the last claim): the next claim and the day's automatic rebate pay only what lies
 * above it, so no bet is paid twice.
 */
export const rebateClaimedBet = pgTable(
  'rebate_claimed_bet',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    promotionId: integer('promotion_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    vendor: text('vendor').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.promotionId, t.day, t.vendor] })],
);

/**
 * Wallet: a double-entry, append-only ledger. Every movement of money is a transfer of legs; deposits, withdrawals and game rounds.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/** A ledger account: a member's main wallet, a vendor game wallet or withdrawal hold, or a house account. */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** member:<id>:main, member:<id>:game:<vendor>, member:<id>:hold, or house:<name>. */
    code: text('code').notNull(),
    memberId: integer('member_id').references(() => member.id),
    /** main, game, hold or house. */
    kind: text('kind').notNull(),
    vendor: text('vendor'),
    currency: text('currency').notNull(),
    /** Sum of this account's entries (minor units). */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** House accounts face the outside world and may go below zero; a member's never do. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_account_code_uq').on(t.code), index('ledger_account_member_idx').on(t.memberId), check('ledger_account_not_negative', sql`${t.allowNegative} or ${t.balance} >= 0`)],
);

/** One movement of money: its entries' amounts sum to zero. */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** deposit, withdrawal_hold, withdrawal_release, withdrawal_payout, bet, win, refund, resettle, wallet_transfer, upline_transfer, bonus, salary, dividend, adjustment. */
    kind: text('kind').notNull(),
    /** The member the movement is about (records); null for house-only movements. */
    memberId: integer('member_id').references(() => member.id),
    /** Order, withdrawal or round id the movement belongs to. */
    reference: text('reference'),
    /** Why (operator adjustments), or a short description. */
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transfer_member_idx').on(t.memberId, t.createdAt), index('ledger_transfer_reference_idx').on(t.reference)],
);

/** A leg of a transfer on one account: positive credits the account, negative debits it. */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this entry (statements, audits). */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    // The account record (transaction history) filters a member's entries by date.
    index('ledger_entry_account_time_idx').on(t.accountId, t.createdAt),
    index('ledger_entry_transfer_idx').on(t.transferId),
    check('ledger_entry_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** A deposit through a payment provider: pending until the provider's signed callback says paid. */
export const paymentOrder = pgTable(
  'payment_order',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, paid, failed or expired. */
    status: text('status').notNull(),
    /** The provider's own reference, once it has one. */
    providerRef: text('provider_ref'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfer.id),
    /** Where the payer pays a pending order (the provider's page). */
    payUrl: text('pay_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Its expiry gave room back to a deposit limit (expireDepositOrders): a provider that reports
     * it paid later counts it again then, and only then.
     */
    limitReleased: boolean('limit_released').notNull().default(false),
  },
  (t) => [
    index('payment_order_member_idx').on(t.memberId, t.createdAt),
    // The console's deposit list, newest first across members, and of one state (issue 29).
    index('payment_order_created_idx').on(t.createdAt),
    index('payment_order_status_idx').on(t.status, t.createdAt),
    // The expiry job's scan (expireDepositOrders): only the few orders still pending.
    index('payment_order_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every callback a provider sent, kept whatever its fate (audit); an event id takes effect once. */
export const paymentCallback = pgTable(
  'payment_callback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id'),
    orderId: text('order_id'),
    /** credited, duplicate, bad_signature, stale, unknown_order, mismatch, failed. */
    outcome: text('outcome').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_callback_order_idx').on(t.orderId),
    // An event takes effect once: a second accepted row with the same event id cannot exist, so a
    // replayed callback (even one racing the first) is recorded as 'replayed' and does nothing.
    uniqueIndex('payment_callback_event_uq')
      .on(t.provider, t.eventId)
      .where(sql`${t.outcome} in ('credited', 'failed')`),
  ],
);

/** A withdrawal: funds held at request, then rejected (released) or paid out and confirmed. */
export const withdrawal = pgTable(
  'withdrawal',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, rejected, paid, received (full paid), disputed, force_received. */
    status: text('status').notNull(),
    payeeName: text('payee_name'),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    /** What the player says arrived (confirmation); the rest is the remaining amount. */
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    proofType: text('proof_type'),
    proofImage: text('proof_image'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('withdrawal_member_idx').on(t.memberId, t.requestedAt), index('withdrawal_status_idx').on(t.status, t.requestedAt)],
);

/** A game round: the bet debited at start, then settled with a win (maybe 0) or refunded, once. */
export const gameRound = pgTable(
  'game_round',
  {
    roundId: text('round_id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    vendor: text('vendor').notNull(),
    nodeId: integer('node_id'),
    gameName: text('game_name').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'bigint' }),
    /** Ledger account the bet came from; the win or refund goes back to it. */
    walletAccount: text('wallet_account').notNull(),
    /** open, settled or refunded. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * When the vendor said the round's result is due (a sports bet's fixture, issue 34): the
     * stale-round sweeper leaves it open until then. Null: a round that should settle at once.
     */
    settleBy: timestamp('settle_by', { withTimezone: true }),
    /**
     * What a vendor's correction (a resettle to a smaller win, a void of a settled round) took
     * back from the wallet less than it asked: the wallet never goes below zero, so the house
     * wrote it off. The ledger's wins of the round are its win plus this (the audit's rule).
     */
    writtenOff: bigint('written_off', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Parts of the win a vendor paid while the round stayed open (issue 34: a bet settled in
     * several parts); the closing credit adds the last part, and `win_amount` is then all of them.
     * Counted in the day figures and the loss limits at the settle, with the rest of the round.
     */
    partPaid: bigint('part_paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    index('game_round_member_idx').on(t.memberId, t.createdAt),
    // A team's newest bets (agent back office): walked newest first, members checked on the way.
    index('game_round_time_idx').on(t.createdAt),
    // The sweeper's search for rounds a vendor left open (game-play.ts refundStaleRounds).
    index('game_round_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A member's figures of one day (the brand's calendar day) and one game vendor: derived from the
 * rounds, deposits and payouts above, written in the same transaction as each of them, so that
 * team reports (the agent back office) sum a few rows per member-day instead of every round.
 * A round counts on the day of its bet, once settled (refunded rounds count for nothing); a
 * deposit on the day it is credited; a withdrawal on the day it is paid out (vendor '').
 * The member's tree path and depth are copied from the member (they never change), so a team's
 * rows are one prefix range of this table. Rebuilt from the sources by `rebuildDailyFigures`.
 */
export const memberDay = pgTable(
  'member_day',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** The game vendor, or '' for money in and out. */
    vendor: text('vendor').notNull(),
    treePath: text('tree_path').notNull(),
    depth: integer('depth').notNull(),
    betCount: integer('bet_count').notNull().default(0),
    /** Stakes of settled rounds. */
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Wins paid on those rounds. */
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    deposit: bigint('deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    withdrawal: bigint('withdrawal', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day, t.vendor] }),
    // A team over a range of days: the prefix of the team's path, then the days.
    index('member_day_tree_idx').using('btree', t.treePath.op('text_pattern_ops'), t.day),
    index('member_day_day_idx').on(t.day),
  ],
);

/**
 * Past days whose daily figures changed after the day closed (a round settled after midnight on
 * its bet's day, a rebuild): whoever keeps summaries of closed days (the agent back office's team
 * days) builds those days again, and reads them from member_day until it has.
 */
export const memberDayDirty = pgTable('member_day_dirty', {
  day: date('day', { mode: 'string' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A bonus paid into a member's main wallet with a wagering requirement (issue 15): while it is
 * active, withdrawals are refused; bets settled since it was granted count toward the turnover
 * by their category's weight (bets above `max_bet` do not count); when the turnover is reached it
 * is completed; forfeited or expired, what is left of it goes back to the house. The turnover done
 * is always computed from game_round, never kept here, so no bet is counted twice or lost.
 */
export const bonus = pgTable(
  'bonus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The granter's key (e.g. promotion:5:member:12): one bonus per key. */
    reference: text('reference').notNull(),
    /** What granted it (promotion:5, code:WELCOME, seed). */
    source: text('source').notNull(),
    /** The bonus's name per locale, as the granter gave it. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull(),
    /** Percent of a bet that counts, by game category (RNG, LIVE...); 100 when not named. */
    weights: jsonb('weights').$type<Record<string, number>>().notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    /** active, completed, forfeited or expired. */
    status: text('status').notNull(),
    /** What went back to the house when it was forfeited or expired. */
    recovered: bigint('recovered', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transferId: bigint('transfer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bonus_reference_uq').on(t.reference),
    index('bonus_member_idx').on(t.memberId, t.createdAt),
    index('bonus_active_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check('bonus_amount_positive', sql`${t.amount} > 0 and ${t.turnoverRequired} >= 0 and ${t.recovered} >= 0`),
  ],
);

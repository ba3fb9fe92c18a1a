/**
 * The points feature's tables (issue 32): the days whose play has earned its points (once per
 * member and day), the mall's stock sold per item, and each member's redemptions with their status.
 * The points themselves are in the wallet's ledger (points accounts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/**
 * The points a member's valid bets of one type on one brand day have earned so far: the job sets
 * it to what the day's figures earn now and pays the difference, so a bet that settles after the
 * day closed (a lottery draw, a sports result) still earns, and nothing earns twice.
 */
export const pointsDay = pgTable(
  'points_day',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** live, lott, pvp, rng or sports. */
    type: text('type').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.type] }), index('points_day_day_idx').on(t.day)],
);

/** How many of a mall item have been redeemed (refused redemptions give theirs back); never above the item's stock. */
export const mallStock = pgTable(
  'mall_stock',
  {
    itemId: integer('item_id').primaryKey(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [check('mall_stock_sold_not_negative', sql`${t.sold} >= 0`)],
);

/**
 * A redemption in the points mall: its points spent in the same transaction; a bonus item is paid
 * at once (done), goods wait for the operator (pending, shipped, done, or refused: points and stock
 * given back). One per member and idempotency key.
 */
export const mallRedemption = pgTable(
  'mall_redemption',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    itemId: integer('item_id').notNull(),
    /** The item's name per language when redeemed (the brand file may change later). */
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    kind: text('kind').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** The bonus's money (bonus items). */
    amount: bigint('amount', { mode: 'bigint' }),
    /** How many free spins or raffle tickets it gave (those items). */
    quantity: integer('quantity'),
    /** pending, shipped, done or refused. */
    status: text('status').notNull(),
    /** Where goods go: name, phone, address lines. */
    address: jsonb('address').$type<{ name: string; phone: string; address: string }>(),
    /** The operator's note (a tracking number, why refused). */
    note: text('note'),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mall_redemption_member_idx').on(t.memberId, t.createdAt),
    index('mall_redemption_status_idx').on(t.status, t.createdAt),
    index('mall_redemption_item_member_idx').on(t.memberId, t.itemId),
  ],
);

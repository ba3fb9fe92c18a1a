/**
 * A member's part in a promotion (issue 15): joined, then issued when its reward is paid. One
 * row per member and promotion (the promotions the engine runs so far are one-offs).
 */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

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

/** Customer service's tables (issue 31): feedback and its pictures. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/** A member's feedback: a question type and words; open until support answers it (once). */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** open or answered. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff member who answered (a console username; staff are the console's, a later feature). */
    answeredBy: text('answered_by'),
  },
  (t) => [index('feedback_member_idx').on(t.memberId, t.createdAt), index('feedback_open_idx').on(t.status, t.createdAt)],
);

/** A picture of a feedback, re-encoded as WebP and kept in the file store under a random key (never public). */
export const feedbackPicture = pgTable(
  'feedback_image',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedbackId: bigint('feedback_id', { mode: 'number' })
      .notNull()
      .references(() => feedback.id),
    storeKey: text('store_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('feedback_image_feedback_idx').on(t.feedbackId)],
);

/**
 * What the sandbox providers "sent" (sms, e-mail), for the operator to read.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages the sandbox providers "sent" (sms, e-mail), for the operator to read. */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_outbox_recipient_idx').on(t.channel, t.recipient, t.id)],
);

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
    /** The text as sent, with its one-time secret (if any) replaced by SECRET_SLOT. */
    body: text('body').notNull(),
    /** The one-time secret (code, temporary password) while it can still be used; then null. */
    secret: text('secret'),
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_outbox_recipient_idx').on(t.channel, t.recipient, t.id)],
);

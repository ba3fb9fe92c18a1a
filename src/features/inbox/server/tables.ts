/**
 * The inbox's tables (issue 15): platform messages to one member or to everyone, and each
 * member's state of the messages it has read or deleted. A message to everyone is one row,
 * whatever the number of members; a member's unread count is its own messages and the messages to
 * everyone sent since it registered, less those it has read or deleted.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

export const inboxMessage = pgTable(
  'inbox_message',
  {
    id: serial('id').primaryKey(),
    /** The member it is for; null: everyone registered when it was sent. */
    memberId: integer('member_id').references(() => member.id),
    /** system (written by a feature, in the reader's language from `template`), operator, or marketing (an operator's, never shown to a blocked member). */
    kind: text('kind').notNull(),
    /** System messages: the catalogue key of its title and body (`<ns>:<key>`, the producing feature's words), and their values. */
    template: text('template'),
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Operator messages: title and body (plain text) by language code, with a default under 'default'. */
    title: jsonb('title'),
    body: jsonb('body'),
    /** The event it was written for (system messages): one message per event, whatever the retries. */
    eventId: bigint('event_id', { mode: 'number' }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_message_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('inbox_message_event_uq')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
);

/** What a member did with a message: read it, deleted it. */
export const inboxState = pgTable(
  'inbox_state',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    messageId: integer('message_id')
      .notNull()
      .references(() => inboxMessage.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.messageId] })],
);

/** Customer service's tables (issue 31): feedback and its pictures, the live chat. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * A live chat with support (issue 31, stage 2): a member's (member_id) or a visitor's (visitor_key,
 * the SHA-256 of the key the visitor's browser keeps; a visitor's joins the member's at login).
 * waiting (no one has taken it), open (a staff member has it), closed. One not closed per member
 * (and per visitor: unique partial indexes). Read marks are the last message id each side has seen; `forwarded_id`
 * the last support message already sent on as a platform message to a member who had left.
 */
export const chatConversation = pgTable(
  'chat_conversation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').references(() => member.id),
    visitorKey: text('visitor_key'),
    visitorName: text('visitor_name'),
    visitorContact: text('visitor_contact'),
    status: text('status').notNull().default('waiting'),
    assignedTo: text('assigned_to'),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** When a staff member first answered (the wait estimate learns from it). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    memberReadId: bigint('member_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    forwardedId: bigint('forwarded_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('chat_conversation_member_idx').on(t.memberId, t.createdAt),
    index('chat_conversation_visitor_idx').on(t.visitorKey),
    index('chat_conversation_status_idx').on(t.status, t.createdAt),
    index('chat_conversation_last_message_idx').on(t.lastMessageAt),
    uniqueIndex('chat_conversation_one_open_idx')
      .on(t.memberId)
      .where(sql`status <> 'closed' and member_id is not null`),
    // One open per visitor too: two first messages at once make one conversation.
    uniqueIndex('chat_conversation_one_open_visitor_idx')
      .on(t.visitorKey)
      .where(sql`status <> 'closed' and member_id is null and visitor_key is not null`),
  ],
);

/**
 * A message of a conversation: from the member or visitor, from staff (`staff_name`), a note staff
 * keep among themselves (never shown to the member), or the system's (the wait, out of hours,
 * closed). Text only, shown as text; a picture is a file-store key served to the conversation's
 * own people. `client_key` makes a resend of the same message one message.
 */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversation.id),
    author: text('author').notNull(),
    staffName: text('staff_name'),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('chat_message_conversation_idx').on(t.conversationId, t.id), uniqueIndex('chat_message_client_key_idx').on(t.conversationId, t.clientKey)],
);

/** Members support has barred from the chat (abuse), with who and why; deleted to lift it. */
export const chatBlock = pgTable('chat_block', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => member.id),
  blockedBy: text('blocked_by').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A staff member at the chat desk (a console username): whether they take new chats by
 * themselves, and when their desk was last seen open (its stream's heartbeat, from any process).
 * New conversations go to the least loaded one seen in the last minute who takes them.
 */
export const chatAgent = pgTable('chat_agent', {
  username: text('username').primaryKey(),
  accepting: boolean('accepting').notNull().default(false),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
});

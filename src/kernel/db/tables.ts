/**
 * Tables of the kernel: settings, the ops audit, the significant-event log, rate limits, human checks, encrypted-body nonces, idempotency records and the event outbox.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-controlled settings read at run time (maintenance, region blocks, seed marker). */
export const systemSetting = pgTable('system_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what through the ops command; append-only. */
export const opsAudit = pgTable('ops_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  args: jsonb('args').notNull(),
  /** The caller's address (console actions; the command line has none). */
  ip: text('ip'),
  /** What the action changed, as it was and as it became (console actions). */
  before: jsonb('before'),
  after: jsonb('after'),
});

/**
 * The significant-event log (GLI-19, issue 28): logins and their failures, limit changes,
 * exclusions, large wins, withdrawals, adjustments, flag changes; each with its time, the member,
 * who did it (the member, an operator, the system) and from which address. Append-only: the code
 * only inserts (kernel/significant.ts); retention deletes whole days past the brand's keep.
 */
export const significantEvent = pgTable(
  'significant_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    memberId: integer('member_id'),
    kind: text('kind').notNull(),
    /** 'member', 'system' or 'ops:<name>'. */
    actor: text('actor').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [index('significant_event_member_idx').on(t.memberId, t.at), index('significant_event_kind_idx').on(t.kind, t.at)],
);

/** Fixed-window counters shared by every app process (failed logins, sms sends, code tries). */
export const rateBucket = pgTable('rate_bucket', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Captcha answers (hashed), bound to the caller by an HttpOnly cookie; single use. */
export const captchaChallenge = pgTable('captcha_challenge', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Proof-of-work challenges; each is answered once. */
export const powChallenge = pgTable('pow_challenge', {
  id: text('id').primaryKey(),
  salt: text('salt').notNull(),
  difficulty: smallint('difficulty').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Nonces of encrypted bodies seen recently: a second use is a replay. */
export const encNonce = pgTable('enc_nonce', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/* ---------------------------------------------------------------------------------------------
 * Wallet: a double-entry, append-only ledger (src/features/wallet/server). Every movement of money is
 * a transfer whose entries sum to zero; an account's balance is the sum of its entries, kept in
 * the same transaction as each entry. Entries and transfers are never updated or deleted (a
 * trigger refuses it, migration 0005); corrections are new transfers.
 * ------------------------------------------------------------------------------------------- */

/**
 * Operations by idempotency key: the first call claims the key (answer null) in its own
 * transaction and stores its answer there; a retry with the same request replays that answer,
 * one with a different request is refused.
 */
export const idempotencyRecord = pgTable('idempotency_record', {
  /** <operation>:<member id>:<client key>, so that clients cannot collide across members. */
  key: text('key').primaryKey(),
  memberId: integer('member_id'),
  /** SHA-256 of the canonical request. */
  requestHash: text('request_hash').notNull(),
  answer: jsonb('answer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A column of PostgreSQL's 64-bit transaction ids (xid8), read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The event outbox (src/kernel/events.ts): facts written by the feature that makes them, in the
 * same transaction (a deposit credited, a withdrawal paid...), for the features that react to
 * them. `txid` is the writing transaction's id: consumers read only events of transactions that
 * have all finished, in (txid, id) order, so none is skipped by a later commit of an earlier id.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    kind: text('kind').notNull(),
    memberId: integer('member_id'),
    payload: jsonb('payload').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_outbox_order_idx').on(t.txid, t.id)],
);

/** Where each consumer of the outbox stands: the last (txid, id) it handled. */
export const eventCursor = pgTable('event_cursor', {
  consumer: text('consumer').primaryKey(),
  lastTxid: xid8('last_txid')
    .notNull()
    .default(sql`'0'::xid8`),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

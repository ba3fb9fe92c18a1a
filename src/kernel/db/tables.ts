/**
 * Tables of the kernel: settings, the ops audit, rate limits, human checks, encrypted-body nonces and idempotency records.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { bigserial, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
});

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

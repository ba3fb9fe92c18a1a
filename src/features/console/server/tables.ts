/**
 * The operator console's tables (issue 29): staff accounts (not members), their sessions and
 * recovery codes, and the first key of a two-key approval.
 */
import { sql } from 'drizzle-orm';
import { member } from '../../accounts/server/tables.ts';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A staff member: a username (lower case), a password hash, roles (owner, finance, support, risk,
 * content, agents), and the authenticator app that every staff member must have: its sealed
 * secret once confirmed, or a pending one during the first login's set-up.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    /** active | locked */
    status: text('status').notNull().default('active'),
    /** Set by an owner or the ops command: the first login chooses a new password. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
  },
  (t) => [uniqueIndex('staff_username_key').on(t.username)],
);

/** A staff session: only the SHA-256 of its 256-bit token is kept; it slides until idle, ends at logout. */
export const staffSession = pgTable(
  'staff_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_session_token_key').on(t.tokenHash), index('staff_session_staff_idx').on(t.staffId)],
);

/** A staff member's recovery codes (SHA-256), each good once. */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * The first key of an action that needs two (a withdrawal above the brand's threshold): who
 * turned it and when. The second key, by another staff member with the role, does the action;
 * one row per subject, so two first keys at once leave one.
 */
export const staffApproval = pgTable('staff_approval', {
  /** 'withdrawal:<id>' */
  subject: text('subject').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  at: timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * An adjustment of a member's main wallet above the brand's threshold, waiting for a second
 * finance key (issue 29). pending -> approving (a second key claimed it; the wallet's adjustment
 * runs under the idempotency key `console-adjustment-<id>`, so a retry after a crash or a second
 * approval at once pays once) -> done; or pending -> rejected.
 */
export const staffAdjustment = pgTable(
  'staff_adjustment',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** Signed minor units: positive credits the member. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staff.id),
    requestedAt: timestamp('requested_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (t) => [index('staff_adjustment_status_idx').on(t.status, t.requestedAt)],
);

/**
 * Notes staff keep on a member (support's and risk's memory of a case): append-only, each with
 * its author and time; never shown to the member or their agents.
 */
export const staffMemberNote = pgTable(
  'staff_member_note',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('staff_member_note_member_idx').on(t.memberId, t.createdAt)],
);

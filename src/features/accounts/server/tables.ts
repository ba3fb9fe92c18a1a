/**
 * Accounts: members, sessions, the addresses they log in from, sms codes.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A player, agent or trial account. Usernames are unique regardless of case; mobiles are kept
 * without leading zeros and are unique per dialing code. Only hashes of secrets are stored.
 */
export const member = pgTable(
  'member',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    username: text('username').notNull(),
    /** 0 player, 1, 2, 41, 42 agents, 4 trial. */
    type: smallint('type').notNull().default(0),
    nickname: text('nickname'),
    /** The site language the member last chose (spec 4: a language change updates the server); null until one is chosen. */
    language: text('language'),
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    email: text('email'),
    payeeName: text('payee_name'),
    /** Other registration fields (qqNum, line, whatsapp, facebook, wechat, idNumber, recommenderId). */
    profile: jsonb('profile').notNull().default({}),
    uplineId: integer('upline_id'),
    /**
     * The member's place in the agent tree, as a materialised path of ids from the top ('/12/340/
     * 5678/'): a team is every member whose path starts with its agent's (a prefix scan on
     * member_tree_path_idx, the same on PostgreSQL and PGlite). Set by the trigger
     * member_tree_path (migration 0019) from the upline's path at insert, for every way a member
     * is made; an upline never changes after registration.
     */
    treePath: text('tree_path').notNull().default(''),
    /** Levels below the top of the tree (0: no upline). */
    depth: smallint('depth').notNull().default(0),
    /** Upper-case code others register with (agents' team code, players' invite code). */
    affiliateCode: text('affiliate_code'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    /** The password was set by someone else (operator, forgot-by-email): change it at next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A temporary password sent by e-mail; the old one keeps working until it is used. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    paymentPasswordHash: text('payment_password_hash'),
    /** Has never logged in (first-login action pending). */
    firstLogin: boolean('first_login').notNull().default(true),
    /** active, or frozen by an operator (cannot log in). */
    status: text('status').notNull().default('active'),
    registerIp: text('register_ip'),
    registerUrl: text('register_url'),
    domain: text('domain'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** Authenticator app (TOTP) secret, encrypted with the server's key (second-factor.ts); null: none. */
    totpSecret: text('totp_secret'),
    /** A secret being set up, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** When the member proved the e-mail address with a code (null: not verified; changing it clears this). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The VIP level reached (an index into the brand's VIP levels, the promotions' settings),
     * raised by the promotions' VIP programme through `raiseVipLevel`; it never goes down.
     */
    vipLevel: smallint('vip_level').notNull().default(0),
  },
  (t) => [
    uniqueIndex('member_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('member_mobile_uq').on(t.countryDialingCode, t.mobile),
    uniqueIndex('member_affiliate_code_uq').on(t.affiliateCode),
    index('member_upline_idx').on(t.uplineId),
    index('member_tree_path_idx').on(t.treePath.op('text_pattern_ops')),
    // The console's member search by the start of a username, an e-mail or a mobile number
    // (`like 'x%'` needs the pattern operator class under a non-C collation).
    index('member_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('member_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('member_mobile_prefix_idx').on(t.mobile.op('text_pattern_ops')),
  ],
);

/** A login session. Only the SHA-256 of the token is kept; expiry slides with use. */
export const memberSession = pgTable(
  'member_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    deviceId: text('device_id'),
    ip: text('ip').notNull(),
    /** The member's login before this one, shown after login. */
    prevLoginAt: timestamp('prev_login_at', { withTimezone: true }),
    prevLoginIp: text('prev_login_ip'),
  },
  (t) => [uniqueIndex('member_session_token_uq').on(t.tokenHash), index('member_session_member_idx').on(t.memberId)],
);

/** Addresses a member has logged in from; a login from any other asks for extra verification. */
export const memberLoginIp = pgTable(
  'member_login_ip',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

/** Verification codes (hashed), by purpose and number (or e-mail address, dialing code 'email'); single use, few attempts. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** register, noLogin (sms login, set password by phone), loginIp (new address); by e-mail: emailVerify, loginIpEmail. */
    purpose: text('purpose').notNull(),
    countryDialingCode: text('country_dialing_code').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_code_target_idx').on(t.purpose, t.countryDialingCode, t.mobile, t.createdAt)],
);

/** Recovery codes of the authenticator app (SHA-256 of each); each works once. */
export const memberRecoveryCode = pgTable(
  'member_recovery_code',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.codeHash] })],
);

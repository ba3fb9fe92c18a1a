/**
 * The one pg-core schema of the platform. Every slice's tables live here so that one migrations
 * folder (./drizzle) describes the whole database, on PGlite and on PostgreSQL alike.
 * Money columns are bigint minor units; they become 2-decimal strings only at the API edge.
 */
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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

/** A game vendor (the spec calls its code `vassalage`). */
export const vendor = pgTable('vendor', {
  code: text('code').primaryKey(),
  displayName: text('display_name').notNull(),
  /** Category the vendor belongs to: RNG, FISH, PVP, LIVE, LOTT, ELOTT, SPORTS, ESPORTS, COCKFIGHT. */
  gameType: text('game_type').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  isDemo: boolean('is_demo').notNull().default(false),
  /** Under maintenance: listed, but its games cannot be launched (`game.maintenance`). */
  maintenance: boolean('maintenance').notNull().default(false),
});

/** A catalogue entry. `nodeId` is the public id used by tiles, favourites and launches. */
export const game = pgTable(
  'game',
  {
    nodeId: serial('node_id').primaryKey(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    /** Trimmed, lower-cased name that the name search matches (games/queries.ts searchKey). */
    searchName: text('search_name').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage')
      .notNull()
      .references(() => vendor.code),
    gameClassify: text('game_classify').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    /** 0 means a free demo is available (the spec's convention), 1 means real play only. */
    supportPlay: smallint('support_play').notNull().default(0),
    /** GAME launches a game; VASSALAGE opens the vendor's game popup. */
    isGame: text('is_game').notNull().default('GAME'),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    lineNum: integer('line_num').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    hotRank: integer('hot_rank').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Drives the generated icon and, later, the sandbox engine's parameters. */
    seed: integer('seed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_vendor_code_uq').on(t.vassalage, t.gameCode),
    index('game_type_sort_idx').on(t.gameType, t.sort, t.nodeId),
    index('game_vendor_sort_idx').on(t.vassalage, t.sort, t.nodeId),
    index('game_hot_idx').on(t.isHot, t.hotRank),
    // Trigram index (pg_trgm) for the name search's infix LIKE '%text%'. At 10,000 games the
    // planner still prefers a scan (measured, see games/queries.ts); it pays off as a catalogue grows.
    index('game_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    // Orders the unfiltered /all list without sorting the whole catalogue.
    index('game_sort_idx').on(t.sort, t.nodeId),
  ],
);

/** Big wins shown on the winner board. Seeded rows carry isDemo and are labelled as demo. */
export const winner = pgTable(
  'winner',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    customerName: text('customer_name').notNull(),
    winAmount: bigint('win_amount', { mode: 'bigint' }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('winner_amount_idx').on(t.winAmount)],
);

/** Notices, marquee items and popups. Content is sanitised HTML, stored per locale. */
export const announcement = pgTable(
  'announcement',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    /** B banner/marquee, PL, PU popup, PR promotion, H help. */
    type: text('type').notNull(),
    /** A logged-in, B logged-out, F first login. */
    execution: text('execution').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    promotionType: text('promotion_type'),
    groupName: text('group_name'),
    sort: integer('sort').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcement_locale_idx').on(t.locale, t.type, t.sort)],
);

/** Carousel banners by group (w_home, w_login, w_register, w_leftmenu). */
export const banner = pgTable('banner', {
  id: serial('id').primaryKey(),
  groupName: text('group_name').notNull(),
  locale: text('locale').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  /** null: not clickable; URL: opens url; PROMO: opens the promotion whose id is in target. */
  linkageType: text('linkage_type'),
  target: text('target'),
  sort: integer('sort').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
});

// ─── Accounts (issue 3) ──────────────────────────────────────────────────────────────────────

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
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    email: text('email'),
    payeeName: text('payee_name'),
    /** Other registration fields (qqNum, line, whatsapp, facebook, wechat, idNumber, recommenderId). */
    profile: jsonb('profile').notNull().default({}),
    uplineId: integer('upline_id'),
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
  },
  (t) => [
    uniqueIndex('member_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('member_mobile_uq').on(t.countryDialingCode, t.mobile),
    uniqueIndex('member_affiliate_code_uq').on(t.affiliateCode),
    index('member_upline_idx').on(t.uplineId),
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

/** Sms verification codes (hashed), by purpose and number; single use, few attempts. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** register, noLogin (sms login, set password by phone) or loginIp (new address). */
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
 * Wallet: a double-entry, append-only ledger (src/lib/server/wallet). Every movement of money is
 * a transfer whose entries sum to zero; an account's balance is the sum of its entries, kept in
 * the same transaction as each entry. Entries and transfers are never updated or deleted (a
 * trigger refuses it, migration 0005); corrections are new transfers.
 * ------------------------------------------------------------------------------------------- */

/** A ledger account: a member's main wallet, a vendor game wallet or withdrawal hold, or a house account. */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** member:<id>:main, member:<id>:game:<vendor>, member:<id>:hold, or house:<name>. */
    code: text('code').notNull(),
    memberId: integer('member_id').references(() => member.id),
    /** main, game, hold or house. */
    kind: text('kind').notNull(),
    vendor: text('vendor'),
    currency: text('currency').notNull(),
    /** Sum of this account's entries (minor units). */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** House accounts face the outside world and may go below zero; a member's never do. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_account_code_uq').on(t.code),
    index('ledger_account_member_idx').on(t.memberId),
    check('ledger_account_not_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** One movement of money: its entries' amounts sum to zero. */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** deposit, withdrawal_hold, withdrawal_release, withdrawal_payout, bet, win, refund, wallet_transfer, upline_transfer, bonus, adjustment. */
    kind: text('kind').notNull(),
    /** The member the movement is about (records); null for house-only movements. */
    memberId: integer('member_id').references(() => member.id),
    /** Order, withdrawal or round id the movement belongs to. */
    reference: text('reference'),
    /** Why (operator adjustments), or a short description. */
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transfer_member_idx').on(t.memberId, t.createdAt), index('ledger_transfer_reference_idx').on(t.reference)],
);

/** A leg of a transfer on one account: positive credits the account, negative debits it. */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this entry (statements, audits). */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    // The account record (transaction history) filters a member's entries by date.
    index('ledger_entry_account_time_idx').on(t.accountId, t.createdAt),
    index('ledger_entry_transfer_idx').on(t.transferId),
    check('ledger_entry_not_zero', sql`${t.amount} <> 0`),
  ],
);

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

/** A deposit through a payment provider: pending until the provider's signed callback says paid. */
export const paymentOrder = pgTable(
  'payment_order',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, paid, failed or expired. */
    status: text('status').notNull(),
    /** The provider's own reference, once it has one. */
    providerRef: text('provider_ref'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfer.id),
    /** Where the payer pays a pending order (the provider's page). */
    payUrl: text('pay_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payment_order_member_idx').on(t.memberId, t.createdAt)],
);

/** Every callback a provider sent, kept whatever its fate (audit); an event id takes effect once. */
export const paymentCallback = pgTable(
  'payment_callback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id'),
    orderId: text('order_id'),
    /** credited, duplicate, bad_signature, stale, unknown_order, mismatch, failed. */
    outcome: text('outcome').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_callback_order_idx').on(t.orderId),
    // An event takes effect once: a second accepted row with the same event id cannot exist, so a
    // replayed callback (even one racing the first) is recorded as 'replayed' and does nothing.
    uniqueIndex('payment_callback_event_uq').on(t.provider, t.eventId).where(sql`${t.outcome} in ('credited', 'failed')`),
  ],
);

/** A withdrawal: funds held at request, then rejected (released) or paid out and confirmed. */
export const withdrawal = pgTable(
  'withdrawal',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, rejected, paid, received (full paid), disputed, force_received. */
    status: text('status').notNull(),
    payeeName: text('payee_name'),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    /** What the player says arrived (confirmation); the rest is the remaining amount. */
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    proofType: text('proof_type'),
    proofImage: text('proof_image'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('withdrawal_member_idx').on(t.memberId, t.requestedAt), index('withdrawal_status_idx').on(t.status, t.requestedAt)],
);

/** A game round: the bet debited at start, then settled with a win (maybe 0) or refunded, once. */
export const gameRound = pgTable(
  'game_round',
  {
    roundId: text('round_id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    vendor: text('vendor').notNull(),
    nodeId: integer('node_id'),
    gameName: text('game_name').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'bigint' }),
    /** Ledger account the bet came from; the win or refund goes back to it. */
    walletAccount: text('wallet_account').notNull(),
    /** open, settled or refunded. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('game_round_member_idx').on(t.memberId, t.createdAt),
    // The sweeper's search for rounds a vendor left open (game-play.ts refundStaleRounds).
    index('game_round_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

// ─── Favourites (issue 5) ────────────────────────────────────────────────────────────────────

/** A game a member has favourited (spec 4 Favourites); one row per member and game. */
export const memberFavourite = pgTable(
  'member_favourite',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Newest first is the list's order, so the index carries created_at after the member.
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] }), index('member_favourite_list_idx').on(t.memberId, t.createdAt)],
);

// ─── Playing games (issue 5) ─────────────────────────────────────────────────────────────────

/** When a member last launched a game (GCS_recentGame); one row per member and game. */
export const memberRecentGame = pgTable(
  'member_recent_game',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    lastLaunchedAt: timestamp('last_launched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] }), index('member_recent_game_list_idx').on(t.memberId, t.lastLaunchedAt)],
);

/**
 * One launch of one game by one member in one mode: the game page and a vendor name it by its
 * launch token, of which only the SHA-256 is stored. Demo sessions carry their play money here,
 * away from the ledger.
 */
export const gameSession = pgTable(
  'game_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    /** sandbox or http: the game provider that serves it. */
    provider: text('provider').notNull(),
    demo: boolean('demo').notNull(),
    /** The PVP room the player chose (GLS2_roomList): its stakes are the session's; null for all stakes. */
    roomId: text('room_id'),
    /** Play money of a demo session (null for real play). */
    demoBalance: bigint('demo_balance', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('game_session_token_uq').on(t.tokenHash),
    check('game_session_demo_balance_ck', sql`${t.demoBalance} is null or ${t.demoBalance} >= 0`),
  ],
);

/**
 * The provably-fair seed pair of a member (one for real play, one for demo): the server seed is
 * secret until rotated (revealed_at set), its hash is shown before play; nonce counts its rounds.
 */
export const gameSeed = pgTable(
  'game_seed',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    demo: boolean('demo').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round will use. */
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('game_seed_active_uq').on(t.memberId, t.demo).where(sql`${t.revealedAt} is null`)],
);

/**
 * A round of the sandbox provider, real or demo, with what proves it: the seed pair and nonce
 * (the window and the line wins follow from the game's rules and the stops). Real rounds also
 * have their game_round, written in the same transaction.
 */
export const sandboxRound = pgTable(
  'sandbox_round',
  {
    roundId: text('round_id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => gameSession.id),
    demo: boolean('demo').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'bigint' }).notNull(),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => gameSeed.id),
    nonce: integer('nonce').notNull(),
    stops: jsonb('stops').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_round_member_idx').on(t.memberId, t.nodeId, t.demo, t.createdAt)],
);

/**
 * Playing games: recent games, game sessions, provably fair seeds and the sandbox provider's rounds.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { game } from '../../games/server/tables.ts';
import { member, memberSession } from '../../accounts/server/tables.ts';

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
    /** The member who launched it; null for a guest's free demo (GCS_gameTrialLaunch without a login). */
    memberId: integer('member_id').references(() => member.id),
    /** The login session that launched it: the game lives only while that session does (logout, a password change, a freeze end it). */
    memberSessionId: bigint('member_session_id', { mode: 'number' }).references(() => memberSession.id),
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
    // A guest only ever plays with play money.
    check('game_session_guest_demo_ck', sql`${t.memberId} is not null or (${t.demo} and ${t.memberSessionId} is null)`),
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
    /** The member whose pair it is; null for a guest's, which belongs to its one game session. */
    memberId: integer('member_id').references(() => member.id),
    guestSessionId: bigint('guest_session_id', { mode: 'number' }).references(() => gameSession.id),
    demo: boolean('demo').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round will use. */
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_seed_active_uq')
      .on(t.memberId, t.demo)
      .where(sql`${t.revealedAt} is null`),
    uniqueIndex('game_seed_guest_active_uq')
      .on(t.guestSessionId, t.demo)
      .where(sql`${t.revealedAt} is null`),
    check('game_seed_owner_ck', sql`(${t.memberId} is null) <> (${t.guestSessionId} is null)`),
  ],
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
    /** Null for a guest's demo round (its session names it). */
    memberId: integer('member_id').references(() => member.id),
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
    /** The engine's record: a slot's reel stops; a table game's draws (contract/tables.ts). */
    stops: jsonb('stops').$type<number[]>().notNull(),
    /** A table game's round (issue 34): its kind and bets, amounts in minor units; null for a slot round. */
    tableBets: jsonb('table_bets').$type<{ kind: string; wheel: string | null; bets: { spot: string; amount: string }[]; actions?: string[] }>(),
    /**
     * A hand still being played (issue 34: blackjack): its wallet round is open, `stops` holds the
     * cards dealt so far and `win_amount` is 0 until it ends. One open hand per seed pair and game.
     */
    open: boolean('open').notNull().default(false),
    /** When an open hand was last dealt to or acted on: an idle hand is played out (stood) after a while. */
    actedAt: timestamp('acted_at', { withTimezone: true }),
    /** The free-spin grant that paid its stake (no money staked; its win adds to the grant's winnings); null for a bought round. */
    freeSpinGrantId: bigint('free_spin_grant_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_round_member_idx').on(t.memberId, t.nodeId, t.demo, t.createdAt),
    index('sandbox_round_session_idx').on(t.sessionId, t.createdAt),
    uniqueIndex('sandbox_round_open_hand_uq')
      .on(t.seedId, t.nodeId)
      .where(sql`open`),
    index('sandbox_round_idle_idx')
      .on(t.actedAt)
      .where(sql`open`),
  ],
);

/**
 * Free spins a member holds on one game (issue 15: a promotion's reward). A real spin of that
 * game uses one before any money: nothing is staked, the round is drawn as any other (provably
 * fair, at the grant's stake) and its win adds to `winnings`. When the last spin is played, or the
 * grant expires with spins left, the winnings are paid once as a bonus with the grant's wagering
 * (turnover = winnings x `wagering_percent` / 100), from house:bonus: nothing reaches the wallet
 * before that, so the ledger never holds play money.
 */
export const freeSpinGrant = pgTable(
  'free_spin_grant',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    /** One grant per member and key (the granting feature's, e.g. freespins:<promotion>:<brand day>). */
    reference: text('reference').notNull(),
    /** Where it came from (promotion:<id>): the bonus's source too. */
    source: text('source').notNull(),
    /** Its name per locale, for the bonus it becomes. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    /** The stake of each spin (one the game offers). */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    spins: integer('spins').notNull(),
    spinsLeft: integer('spins_left').notNull(),
    winnings: bigint('winnings', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The wagering of the winnings' bonus: turnover as a percent of it (500: 5 times), in `wagering_days`. */
    wageringPercent: integer('wagering_percent').notNull(),
    wageringDays: integer('wagering_days').notNull(),
    weights: jsonb('weights').$type<Record<string, number>>().notNull().default({}),
    /** active, done (every spin played) or expired (time ran out first). */
    status: text('status').notNull().default('active'),
    /** The bonus the winnings became (none when they were nothing). */
    bonusId: bigint('bonus_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('free_spin_grant_reference_uq').on(t.memberId, t.reference),
    index('free_spin_grant_active_idx')
      .on(t.memberId, t.nodeId)
      .where(sql`${t.status} = 'active'`),
    check('free_spin_grant_spins_ck', sql`${t.spinsLeft} >= 0 and ${t.spinsLeft} <= ${t.spins}`),
  ],
);

/**
 * The home page's jackpot counter (spec 1, 4, 9): one figure held by the server, the same for
 * every visitor, that grows with time and with the bets played since it started. Its start is
 * drawn once (the spec's 100,000,000 to 999,000,000) by whichever process needs it first.
 */
export const jackpot = pgTable('jackpot', {
  code: text('code').primaryKey(),
  /** The figure when it started, in minor units. */
  startMinor: bigint('start_minor', { mode: 'bigint' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** Growth with time, in minor units a second. */
  perSecondMinor: bigint('per_second_minor', { mode: 'bigint' }).notNull(),
  /** Growth with bets: basis points of every valid bet since the start day. */
  betShareBp: integer('bet_share_bp').notNull(),
});

/**
 * A live table's round (issue 34, live casino): every viewer of the table sees the same round. It
 * is opened with its server seed committed (the hash shown while bets are taken), takes bets from
 * `opens_at` to `closes_at`, and is drawn once after (status open -> drawn in one transaction with
 * the settlement of every bet). At most one open round per table (the partial unique index), so
 * processes that open a table's next round at once open one.
 */
export const liveRound = pgTable(
  'live_round',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    /** A PVP game's room ('r2': contract/rooms.ts), whose rounds are the room's own; '' for a live table. */
    room: text('room').notNull().default(''),
    roundNo: integer('round_no').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** open (bets taken until closes_at), then drawn. */
    status: text('status').notNull().default('open'),
    /** The draws (contract/tables.ts), once drawn. */
    stops: jsonb('stops').$type<number[]>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('live_round_table_no_uq').on(t.nodeId, t.room, t.roundNo),
    uniqueIndex('live_round_one_open_uq')
      .on(t.nodeId, t.room)
      .where(sql`status = 'open'`),
    index('live_round_due_idx')
      .on(t.closesAt)
      .where(sql`status = 'open'`),
  ],
);

/**
 * A member's bets on a live round: one confirmation per member and round. Its money is a game
 * round of the wallet (`round_id`: the stake debited when placed, the win credited when the round
 * is drawn), so it counts in records, reports, wagering and limits as every round does.
 */
export const liveBet = pgTable(
  'live_bet',
  {
    liveRoundId: bigint('live_round_id', { mode: 'number' })
      .notNull()
      .references(() => liveRound.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    roundId: text('round_id').notNull().unique(),
    /** Each spot's stake, minor units. */
    bets: jsonb('bets').$type<{ spot: string; amount: string }[]>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What the bets returned, once the round is drawn. */
    win: bigint('win', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.liveRoundId, t.memberId] }), index('live_bet_member_idx').on(t.memberId, t.createdAt)],
);

/** A live table is kept running (its next round opened at each draw) while someone watched it within the last minute. */
export const liveTable = pgTable(
  'live_table',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    /** A PVP game's room, or '' for a live table. */
    room: text('room').notNull().default(''),
    watchedUntil: timestamp('watched_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.room] })],
);

/**
 * A fixture of the sandbox's sports book (issue 34; contract/sports.ts): made when its book is
 * first looked at for its slot (one per book, kick-off and lane: processes making the schedule at
 * once make one), with its model (`params`, `chances` for pricing) and its server seed committed.
 * Its result is drawn once at `ends_at` (status scheduled -> finished, the seed published), or it
 * is cancelled (void). An operator's correction of the result (`result` differs from `drawn`)
 * raises `revision`; the bets are brought to the fixture's revision by its settlement
 * (`settled_revision`), once per revision.
 */
export const sportFixture = pgTable(
  'sport_fixture',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    book: text('book').notNull(),
    lane: integer('lane').notNull(),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    chances: jsonb('chances').$type<Record<string, number>>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** scheduled (bets until starts_at, playing until ends_at), finished or void. */
    status: text('status').notNull().default('scheduled'),
    /** The score the seed drew, and the one that counts (an operator's correction). */
    drawn: jsonb('drawn').$type<{ home: number; away: number }>(),
    result: jsonb('result').$type<{ home: number; away: number }>(),
    revision: integer('revision').notNull().default(0),
    settledRevision: integer('settled_revision').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sport_fixture_slot_uq').on(t.book, t.startsAt, t.lane),
    index('sport_fixture_due_idx')
      .on(t.endsAt)
      .where(sql`status = 'scheduled'`),
    index('sport_fixture_book_end_idx').on(t.book, t.endsAt),
    index('sport_fixture_unsettled_idx')
      .on(t.id)
      .where(sql`settled_revision < revision`),
  ],
);

/**
 * A member's bet on the book: a single (one leg) or a parlay. Its money is one game round of the
 * wallet (`round_id`, the stake debited when placed), settled when its legs decide it (open ->
 * settled or void); `win` is what the wallet paid, corrections included.
 */
export const sportBet = pgTable(
  'sport_bet',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => game.nodeId),
    roundId: text('round_id').notNull().unique(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('open'),
    win: bigint('win', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sport_bet_member_idx').on(t.memberId, t.createdAt),
    index('sport_bet_open_idx')
      .on(t.memberId, t.createdAt)
      .where(sql`status = 'open'`),
  ],
);

/** A leg of a bet: a selection of one fixture's market at the price the bet took (hundredths). */
export const sportLeg = pgTable(
  'sport_leg',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportBet.id),
    fixtureId: bigint('fixture_id', { mode: 'number' })
      .notNull()
      .references(() => sportFixture.id),
    market: text('market').notNull(),
    selection: text('selection').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.fixtureId] }), index('sport_leg_fixture_idx').on(t.fixtureId, t.betId)],
);

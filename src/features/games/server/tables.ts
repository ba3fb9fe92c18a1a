/**
 * The games catalogue: vendors, games, the winner board, favourites.
 * Part of the one pg-core schema (src/app/schema.ts gathers every part for drizzle-kit and the
 * migrations folder ./drizzle). Money columns are bigint minor units.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/** A game vendor (the spec calls its code `vassalage`). */
export const vendor = pgTable(
  'vendor',
  {
    code: text('code').primaryKey(),
    displayName: text('display_name').notNull(),
    /**
     * The number that names this vendor's game wallet on the wire (`accountTypeId` of the balance
     * and transfer calls). Real clients know the main wallet as 2; vendors count from 101 so that
     * no vendor ever takes a number of the platform's own wallets.
     */
    accountTypeId: integer('account_type_id').notNull().unique().generatedByDefaultAsIdentity({ startWith: 101 }),
    /** Category the vendor belongs to: RNG, FISH, PVP, LIVE, LOTT, ELOTT, SPORTS, ESPORTS, COCKFIGHT. */
    gameType: text('game_type').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Under maintenance: listed, but its games cannot be launched (`game.maintenance`). */
    maintenance: boolean('maintenance').notNull().default(false),
  },
  // An explicit number below 101 would take one of the platform's own wallets (2 is the main one).
  (t) => [check('vendor_account_type_id_ck', sql`${t.accountTypeId} >= 101`)],
);

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

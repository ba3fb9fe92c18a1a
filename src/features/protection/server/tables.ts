/**
 * Player protection (issue 28): a member's limits with what is used of them, and the member's
 * state (time-out, self-exclusion, operator exclusion, closure, reality-check interval).
 *
 * A limit and its use live in one row, so that every door that counts against it (a bet, a
 * deposit) checks and adds in one conditional UPDATE of that row: two bets at once queue on the
 * row and the second sees the first's use (PostgreSQL re-reads the row it waited for), on one
 * process or several, and a bet that would pass the limit updates nothing. Members without limits
 * have no rows, and a bet of theirs finds none in one index probe.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/**
 * One limit of a member: kind deposit, loss or wager (minor units) or session (minutes a day),
 * per period day, week or month in the brand's time zone. `used` counts since `periodStart`; a
 * door that finds another period current starts from zero. A raise or a removal waits in
 * `pending*` until `pendingAt` (the cooling-off) and the player's confirmation then.
 */
export const rgLimit = pgTable(
  'rg_limit',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** The limit in force; null: none (the row then only holds a pending change). */
    amount: bigint('amount', { mode: 'bigint' }),
    /**
     * Since when the limit has been in force (set when one is set where there was none): only what
     * was counted since then is given back (a win or refund of an older round, a failed deposit of
     * before), so a limit never starts with room it did not count.
     */
    since: timestamp('since', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** The first day of the period `used` counts (brand time zone). */
    periodStart: date('period_start', { mode: 'string' }),
    used: bigint('used', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A raise or removal asked for: its amount (null with pendingAt: removal) and when it may be confirmed. */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] })],
);

/**
 * A member's protection state. `blockKind`: timeout (ends by itself at `blockUntil`), self and
 * operator exclusions (null `blockUntil`: permanent; once ended they still hold until the player
 * asks to come back and `reopenAt` has passed), closed (the player closed the account).
 */
export const rgMember = pgTable(
  'rg_member',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => member.id),
    blockKind: text('block_kind'),
    blockFrom: timestamp('block_from', { withTimezone: true }),
    blockUntil: timestamp('block_until', { withTimezone: true }),
    /** A lapsed exclusion: when the player's return takes effect (asked + the cooling-off). */
    reopenAt: timestamp('reopen_at', { withTimezone: true }),
    /** Reality-check interval in minutes chosen by the player (0 or null: off). */
    realityMinutes: smallint('reality_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('rg_member_block_idx')
      .on(t.blockKind)
      .where(sql`${t.blockKind} is not null`),
  ],
);

/** Identifiers of an external self-exclusion register (hashed: sha-256 of the normalised identifier), refused at registration and login. */
export const rgExternalExclusion = pgTable('rg_external_exclusion', {
  hash: text('hash').primaryKey(),
  kind: text('kind').notNull(),
  source: text('source').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The agent back office's summaries: each agent's team figures per closed day (built from the
 * wallet's member_day by the job in rollup.ts), so that a large team's month is a few hundred
 * rows instead of a row per member-day. Part of the one pg-core schema (src/app/schema.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from '../../accounts/server/tables.ts';

/** An agent's team on one closed day and one vendor ('' for money in and out): its direct members (direct) or everyone below it. */
export const teamDay = pgTable(
  'team_day',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => member.id),
    day: date('day', { mode: 'string' }).notNull(),
    vendor: text('vendor').notNull(),
    /** The agent's direct members only (a part of the whole team's rows, which are direct = false plus these). */
    direct: boolean('direct').notNull(),
    betCount: integer('bet_count').notNull().default(0),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull().default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    deposit: bigint('deposit', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    withdrawal: bigint('withdrawal', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.vendor, t.direct] })],
);

/** The closed days summarised in team_day, and when. */
export const teamDayBuilt = pgTable('team_day_built', {
  day: date('day', { mode: 'string' }).primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

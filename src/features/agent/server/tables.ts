/**
 * The agent back office's summaries: each agent's team figures per closed day (built from the
 * wallet's member_day by the job in rollup.ts), so that a large team's month is a few hundred
 * rows instead of a row per member-day. Part of the one pg-core schema (src/app/schema.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    deposit: bigint('deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    withdrawal: bigint('withdrawal', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.vendor, t.direct] })],
);

/**
 * A team member's bets on one closed day, all vendors together (member_day's rows of that member
 * and day with a vendor, summed), built with team_day: what user loss ranks and the overview's
 * active members count, read in member order from one covering index without touching the table.
 */
export const teamMemberDay = pgTable(
  'team_member_day',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** The member's tree path and depth (member_day's copy: they never change). */
    treePath: text('tree_path').notNull(),
    depth: integer('depth').notNull(),
    betCount: integer('bet_count').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // The primary key covers every column (migration 0059 adds `include (tree_path, depth,
    // bet_count, valid_bet, payout)`, which Drizzle cannot declare): a whole team's range is an
    // index-only scan in member order, summed per member without a hash table (user loss of the top
    // agent of 100,000: 205 -> 68 ms). With a plain key beside a covering copy, the planner took
    // the plain one and read the table's pages at random.
    primaryKey({ columns: [t.memberId, t.day] }),
    // A small team: a prefix range of the path.
    index('team_member_day_tree_idx').using('btree', t.treePath.op('text_pattern_ops'), t.day, t.memberId, t.depth, t.betCount, t.validBet, t.payout),
  ],
);

/** The closed days summarised in team_day, and when. */
export const teamDayBuilt = pgTable('team_day_built', {
  day: date('day', { mode: 'string' }).primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Contracts between an upline agent and a direct downline agent (issue 14; docs/architecture.md,
 * 'Contracts and settlements'): one kind each (daily, hourly or real-time salary, or dividend),
 * its terms, and where it stands. An upline of null is the house: a contract an operator granted
 * (`npm run ops -- contract grant`). At most one active and one offered contract per agent and kind.
 */
export const agentContract = pgTable(
  'agent_contract',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The agent who offers and pays through its own contract; null: the house. */
    uplineId: integer('upline_id').references(() => member.id),
    /** The agent who holds it. */
    agentId: integer('agent_id')
      .notNull()
      .references(() => member.id),
    /** offered, active, rejected, expired, withdrawn, ended. */
    status: text('status').notNull(),
    /** ContractTerms (contract.ts), checked by zod on the way in. */
    terms: jsonb('terms').notNull(),
    /** The highest rate of the terms, in hundredths of a percent (basis points): what the rate rules compare. */
    rate: integer('rate').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** terminated, replaced, upline-rate (ended when the upline accepted a lower rate), operator. */
    endReason: text('end_reason'),
    terminationRequestedBy: integer('termination_requested_by').references(() => member.id),
    terminationRequestedAt: timestamp('termination_requested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_contract_active_uq')
      .on(t.agentId, t.kind)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('agent_contract_offered_uq')
      .on(t.agentId, t.kind)
      .where(sql`${t.status} = 'offered'`),
    index('agent_contract_upline_idx').on(t.uplineId, t.kind, t.status),
  ],
);

/** Every step of a contract, with who took it (null: the platform or an operator) and when. */
export const agentContractEvent = pgTable(
  'agent_contract_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContract.id),
    /** grant, offer, accept, reject, expire, withdraw, request-termination, accept-termination, end. */
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => member.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    detail: text('detail'),
  },
  (t) => [index('agent_contract_event_contract_idx').on(t.contractId, t.at)],
);

/**
 * A period of one kind, settled: written in the same transaction as the period's payments, so a
 * period is settled entirely or not at all; its primary key lets only one process settle it.
 * `checks` counts the corrections run after it (late rounds of the period's bets).
 */
export const agentPeriod = pgTable(
  'agent_period',
  {
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
    /** Corrections done so far (the next is number checks + 1). */
    corrections: integer('corrections').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.periodStart] })],
);

/**
 * One contract's settlement of one period (seq 0), or a correction of it (seq 1, 2...): the
 * figures it was computed from, what was due, and what was paid by the ledger transfer.
 */
export const agentSettlement = pgTable(
  'agent_settlement',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContract.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => member.id),
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    seq: integer('seq').notNull().default(0),
    /** Settlement figures (contract.ts SettlementFigures): team figures, tier, rates, gross, granted. */
    figures: jsonb('figures').notNull(),
    /** What the period owes the agent in all (minor units), as computed this time. */
    due: bigint('due', { mode: 'bigint' }).notNull(),
    /** Paid by this line (minor units, never negative). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Overpaid by earlier lines and kept back from later payments of the contract, after this line. */
    owed: bigint('owed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Dividends: the negative base carried into the next period (0 when none or not carried). */
    carry: bigint('carry', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transferId: bigint('transfer_id', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_settlement_uq').on(t.contractId, t.periodStart, t.seq),
    index('agent_settlement_agent_idx').on(t.agentId, t.kind, t.periodStart),
    index('agent_settlement_period_idx').on(t.kind, t.periodStart),
  ],
);

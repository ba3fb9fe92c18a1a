/**
 * The lottery's draws (issue 16). Part of the one pg-core schema (src/app/schema.ts gathers every
 * part for drizzle-kit and the migrations folder ./drizzle).
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One draw of one game: written when its betting window opens, with a fresh random server seed
 * whose SHA-256 is published from then on; drawn once at its time (status open -> drawn in one
 * transaction, whatever the number of processes), when its numbers are stored and its seed
 * revealed. Numbers follow from the seed and the label `lottery:<game>:<draw number>`
 * (engine/draws.ts), so anyone can recompute them.
 */
export const lotteryDraw = pgTable(
  'lottery_draw',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameCode: text('game_code').notNull(),
    drawNo: text('draw_no').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** open (tickets may be bought until closes_at), drawn, or cancelled (every ticket refunded). */
    status: text('status').notNull().default('open'),
    numbers: jsonb('numbers').$type<number[]>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('lottery_draw_game_no_uq').on(t.gameCode, t.drawNo), index('lottery_draw_due_idx').on(t.status, t.drawAt), index('lottery_draw_game_time_idx').on(t.gameCode, t.drawAt)],
);

/**
 * A ticket: one bet on one draw. Its money is a game round of the wallet (same id: the stake
 * debited when bought, the win credited when its draw settles it, the stake refunded if the draw
 * is cancelled; status and win are the round's), so tickets count in records, team reports,
 * wagering and missions as every round does. This row keeps what the round does not: the draw,
 * the bet type and the selection.
 */
export const lotteryTicket = pgTable(
  'lottery_ticket',
  {
    roundId: text('round_id').primaryKey(),
    memberId: integer('member_id').notNull(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryDraw.id),
    gameCode: text('game_code').notNull(),
    drawNo: text('draw_no').notNull(),
    betType: text('bet_type').notNull(),
    selection: jsonb('selection').$type<{ numbers: number[]; position?: number; side?: 'big' | 'small' | 'odd' | 'even' }>().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The slip (one purchase) it was bought with. */
    slipId: text('slip_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lottery_ticket_draw_idx').on(t.drawId), index('lottery_ticket_member_idx').on(t.memberId, t.createdAt)],
);

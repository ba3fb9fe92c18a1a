/**
 * Lottery tickets (issue 16): bought in slips, settled by their draw, refunded by a cancelled one.
 *
 * A slip is one purchase of up to MAX_TICKETS tickets on one open draw, keyed by the client's
 * idempotency key (a retry answers the same slip). Its transaction takes a share lock on the draw's
 * row and checks the window again under it: the draw takes the row for update, so a ticket is
 * either committed before the draw reads its tickets or refused as too late, never left open
 * behind a drawn draw. The stakes are the wallet's rounds (round-batches.ts), debited in one
 * transfer; the win of each ticket is credited in the draw's own transaction (draws.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { once } from '../../../kernel/idempotency.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { gameRound, openRounds, refundRounds, settleRounds, type BatchOutcome } from '../../wallet/index.ts';
import { BET_TYPES, winOf, type Selection } from './engine/bets.ts';
import { lotteryGame, type LotteryGame } from './engine/schedule.ts';
import { lotteryDraw, lotteryTicket } from './tables.ts';
import { gameProviderFor } from '../../../providers/games/index.ts';
import { vendor } from '../../games/index.ts';
import { log } from '../../../kernel/log.ts';

/** At most this many tickets in one slip. */
export const MAX_TICKETS = 50;
/** A ticket's stake, in major units of the brand's currency (1.00 to 10,000.00). */
export const STAKE_RANGE = { min: 1, max: 10_000 } as const;

export interface TicketInput {
  betType: string;
  numbers: number[];
  position?: number;
  side?: Selection['side'];
  /** The stake as typed, a decimal string ("2.50"). */
  stake: string;
}

export interface BuyRequest {
  memberId: number;
  gameCode: string;
  drawNo: string;
  idempotencyKey: string;
  tickets: TicketInput[];
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
const minor = (major: number) => BigInt(major) * 10n ** BigInt(brand().currencyDecimals);

/** The checked tickets of a slip: bet type known and of the game's family, numbers valid, stake in range. */
function checkTickets(g: LotteryGame, tickets: TicketInput[]) {
  if (tickets.length === 0 || tickets.length > MAX_TICKETS) throw new ApiError(400, 'lottery.tickets.count', { max: MAX_TICKETS });
  const decimals = brand().currencyDecimals;
  return tickets.map((t, i) => {
    const bet = BET_TYPES.get(t.betType);
    if (!bet || bet.family !== g.family) throw new ApiError(400, 'lottery.betType.unknown', { index: i + 1 });
    const selection: Selection = { numbers: t.numbers };
    if (t.position !== undefined) selection.position = t.position;
    if (t.side !== undefined) selection.side = t.side;
    if (bet.check(selection) !== null) throw new ApiError(400, 'lottery.numbers.invalid', { index: i + 1 });
    const stake = parseMinor(t.stake, decimals);
    if (stake === null || stake < minor(STAKE_RANGE.min) || stake > minor(STAKE_RANGE.max)) {
      throw new ApiError(400, 'lottery.stake.range', { index: i + 1, min: formatMinor(minor(STAKE_RANGE.min), decimals), max: formatMinor(minor(STAKE_RANGE.max), decimals) });
    }
    return { betType: bet.code, selection, stake };
  });
}

/**
 * A game this server draws and sells: one of the engine's, whose vendor is not switched to a real
 * provider (GAME_HTTP_VENDORS: that vendor then serves its own lottery, launched like its other
 * games, and its bets come through the seamless-wallet door).
 */
export function sandboxGame(code: string): LotteryGame {
  const g = lotteryGame(code);
  if (!g || gameProviderFor(g.vendor).code !== 'sandbox') throw new ApiError(404, 'lottery.game.unknown');
  return g;
}

/** Refuses a draw that takes no bets at `now`. */
function checkWindow(d: typeof lotteryDraw.$inferSelect, now: number): void {
  if (d.status !== 'open' || now >= d.closesAt.getTime()) throw new ApiError(409, 'lottery.draw.closed');
  if (now < d.opensAt.getTime()) throw new ApiError(409, 'lottery.draw.notOpen');
}

/** Buys a slip of tickets on an open draw; a retry with the same key answers the same slip. `at`: the instant (tests, the bench), else the clock's at the check. */
export async function buyTickets(db: Db, req: BuyRequest, at?: number) {
  const g = sandboxGame(req.gameCode);
  const tickets = checkTickets(g, req.tickets);
  // The catalogue's switches hold here as on any game: a vendor turned off or under maintenance sells nothing.
  const [v] = await db.select({ enabled: vendor.enabled, maintenance: vendor.maintenance }).from(vendor).where(eq(vendor.code, g.vendor));
  if (!v || !v.enabled) throw new ApiError(409, 'game.disabled');
  if (v.maintenance) throw new ApiError(503, 'game.maintenance');
  const where = and(eq(lotteryDraw.gameCode, g.code), eq(lotteryDraw.drawNo, req.drawNo));
  const [seen] = await db.select().from(lotteryDraw).where(where);
  if (!seen) throw new ApiError(404, 'lottery.draw.unknown');
  const request = { gameCode: g.code, drawNo: req.drawNo, tickets: tickets.map((t) => ({ ...t, stake: t.stake.toString() })) };
  const op = { name: 'lottery.bet', memberId: req.memberId, key: req.idempotencyKey, request };
  // A retry of a slip bought before the window closed replays it; only a new slip meets the window.
  const { value } = await once(
    db,
    op,
    async (tx) => {
      const [draw] = await tx.select().from(lotteryDraw).where(where).for('share');
      checkWindow(draw!, at ?? clock.now());
      const slipId = newId('LS');
      const rows = tickets.map((t) => ({ ...t, roundId: newId('LT') }));
      const { balance } = await openRounds(tx, {
        memberId: req.memberId,
        vendor: g.vendor,
        gameName: `${g.name} ${req.drawNo}`,
        fromGameWallet: !brand().wallet.singleWallet,
        reference: slipId,
        bets: rows.map((r) => ({ roundId: r.roundId, amount: r.stake })),
      });
      await tx
        .insert(lotteryTicket)
        .values(
          rows.map((r) => ({ roundId: r.roundId, memberId: req.memberId, drawId: draw!.id, gameCode: g.code, drawNo: req.drawNo, betType: r.betType, selection: r.selection, stake: r.stake, slipId })),
        );
      const decimals = brand().currencyDecimals;
      return {
        slipId,
        gameCode: g.code,
        drawNo: req.drawNo,
        total: formatMinor(
          rows.reduce((s, r) => s + r.stake, 0n),
          decimals,
        ),
        wallet: brand().wallet.singleWallet ? 'MAIN' : g.vendor,
        balance: formatMinor(balance, decimals),
        tickets: rows.map((r) => ({ ticketId: r.roundId, betType: r.betType, selection: r.selection, stake: formatMinor(r.stake, decimals) })),
      };
    },
    { claim: 'last' },
  );
  return value;
}

/**
 * Settles every ticket of a draw just drawn, in the draw's transaction (`numbers` its result):
 * each ticket's win by its bet type, paid through the wallet's batch settlement.
 */
export async function settleDrawTickets(tx: Tx, draw: { id: number; gameCode: string; drawNo: string }, numbers: readonly number[]): Promise<BatchOutcome> {
  const g = lotteryGame(draw.gameCode)!;
  const tickets = await tx
    .select({ roundId: lotteryTicket.roundId, betType: lotteryTicket.betType, selection: lotteryTicket.selection, stake: lotteryTicket.stake })
    .from(lotteryTicket)
    .where(eq(lotteryTicket.drawId, draw.id));
  const results = tickets.map((t) => {
    const bet = BET_TYPES.get(t.betType);
    if (!bet) throw new Error(`ticket ${t.roundId}: unknown bet type ${t.betType}`);
    return { roundId: t.roundId, win: winOf(bet, t.selection, numbers, t.stake) };
  });
  const outcome = await settleRounds(tx, results, `draw:${draw.gameCode}:${draw.drawNo}`, `${g.name} ${draw.drawNo}`);
  // Every ticket of an open draw is an open round (nothing else closes them): say it if not.
  if (outcome.closed !== results.length) log.error('lottery.tickets.notOpen', { draw: `${draw.gameCode}:${draw.drawNo}`, tickets: results.length, closed: outcome.closed });
  return outcome;
}

/**
 * Cancels an open draw (an operator's decision: the draw cannot be held) and refunds every ticket
 * on it, in one transaction; a draw already drawn or cancelled is refused.
 */
export async function cancelDraw(db: Db, gameCode: string, drawNo: string, now = clock.now()): Promise<BatchOutcome> {
  const g = lotteryGame(gameCode);
  if (!g) throw new ApiError(404, 'lottery.game.unknown');
  return db.transaction(async (tx) => {
    const [draw] = await tx
      .select()
      .from(lotteryDraw)
      .where(and(eq(lotteryDraw.gameCode, gameCode), eq(lotteryDraw.drawNo, drawNo)))
      .for('update');
    if (!draw) throw new ApiError(404, 'lottery.draw.unknown');
    if (draw.status !== 'open') throw new ApiError(409, 'lottery.draw.closed');
    await tx
      .update(lotteryDraw)
      .set({ status: 'cancelled', drawnAt: new Date(now) })
      .where(eq(lotteryDraw.id, draw.id));
    const tickets = await tx.select({ roundId: lotteryTicket.roundId }).from(lotteryTicket).where(eq(lotteryTicket.drawId, draw.id));
    return refundRounds(
      tx,
      tickets.map((t) => t.roundId),
      `draw:${gameCode}:${drawNo}`,
      `${g.name} ${drawNo}`,
    );
  });
}

export type TicketStatus = 'open' | 'won' | 'lost' | 'refunded';

/** A member's tickets, newest first: each with its round's outcome and its draw's numbers once drawn. */
export async function memberTickets(db: Db, memberId: number, q: { gameCode?: string; status?: 'open' | 'settled'; pageNo: number; pageSize: number }) {
  const filters: SQL[] = [eq(lotteryTicket.memberId, memberId)];
  if (q.gameCode) filters.push(eq(lotteryTicket.gameCode, q.gameCode));
  if (q.status === 'open') filters.push(eq(gameRound.status, 'open'));
  if (q.status === 'settled') filters.push(inArray(gameRound.status, ['settled', 'refunded']));
  const where = and(...filters);
  const rows = await db
    .select({ t: lotteryTicket, status: gameRound.status, win: gameRound.winAmount, drawStatus: lotteryDraw.status, numbers: lotteryDraw.numbers, drawAt: lotteryDraw.drawAt })
    .from(lotteryTicket)
    .innerJoin(gameRound, eq(gameRound.roundId, lotteryTicket.roundId))
    .innerJoin(lotteryDraw, eq(lotteryDraw.id, lotteryTicket.drawId))
    .where(where)
    .orderBy(desc(lotteryTicket.createdAt), desc(lotteryTicket.roundId))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(lotteryTicket).innerJoin(gameRound, eq(gameRound.roundId, lotteryTicket.roundId)).where(where);
  const decimals = brand().currencyDecimals;
  const statusOf = (s: string, win: bigint | null): TicketStatus => (s === 'open' ? 'open' : s === 'refunded' ? 'refunded' : (win ?? 0n) > 0n ? 'won' : 'lost');
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      ticketId: r.t.roundId,
      slipId: r.t.slipId,
      gameCode: r.t.gameCode,
      drawNo: r.t.drawNo,
      drawAt: r.drawAt.getTime(),
      betType: r.t.betType,
      selection: r.t.selection,
      stake: formatMinor(r.t.stake, decimals),
      status: statusOf(r.status, r.win),
      win: r.win === null ? null : formatMinor(r.win, decimals),
      numbers: r.drawStatus === 'drawn' ? (r.numbers ?? []) : null,
      createdAt: r.t.createdAt.getTime(),
    })),
  };
}

/**
 * The lottery's calls (issue 16; spec 7): /lgw answers bare JSON, without the envelope (wire
 * notes). Shared by the server and the browser.
 */
import { z } from 'zod';
import { defineCall, intParam, pageSizeParam } from '../../kernel/contract.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const drawValue = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  opensAt: z.number(),
  closesAt: z.number(),
  drawAt: z.number(),
  status: z.enum(['open', 'drawn', 'cancelled']),
  /** Published from the window's opening. */
  serverSeedHash: hex64,
  /** Revealed with the numbers. */
  serverSeed: hex64.nullable(),
  numbers: z.array(z.number().int()).nullable(),
});
export type DrawValue = z.infer<typeof drawValue>;

const openedQuery = z.object({
  gameCode: z.string().min(1).max(32),
  /** How many of the latest draws (default 20; above 100 taken as 100). */
  pageSize: pageSizeParam(100, 20),
});

/** Spec 7's opened numbers: a game's latest drawn draws, newest first, each with its revealed seed. */
export const openedNumbers = defineCall({
  name: 'openedNumbers',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  query: openedQuery,
  value: z.object({ gameCode: z.string(), list: z.array(drawValue) }),
});

/** The same, at the lotto gateway's path of spec 7. */
export const openedNumerosLotto = defineCall({
  name: 'openedNumerosLotto',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  query: openedQuery,
  value: z.object({ gameCode: z.string(), list: z.array(drawValue) }),
});

/** Recomputes a drawn draw from its revealed seed (the verify page's call): the HMAC message, the numbers, whether they match. */
export const lotteryVerify = defineCall({
  name: 'lotteryVerify',
  method: 'GET',
  path: '/lgw/lottery/verify',
  query: z.object({ gameCode: z.string().min(1).max(32), drawNo: z.string().regex(/^\d{8}(\d{4})?$/) }),
  value: drawValue.extend({
    family: z.string(),
    message: z.string(),
    seedMatchesHash: z.boolean(),
    recomputed: z.array(z.number().int()),
    matches: z.boolean(),
  }),
});

const gameCode = z.string().min(1).max(32);
const selectionValue = z.object({ numbers: z.array(z.number().int()), position: z.number().int().optional(), side: z.enum(['big', 'small', 'odd', 'even']).optional() });

/** A game as its betting board needs it: bet types with their pays, the stake range, its open draws (the one taking bets first). */
export const lotteryGameInfo = defineCall({
  name: 'lotteryGameInfo',
  method: 'GET',
  path: '/lgw/lottery/game',
  query: z.object({ gameCode }),
  value: z.object({
    gameCode: z.string(),
    name: z.string(),
    vendor: z.string(),
    family: z.string(),
    closeMs: z.number(),
    /** Every draws this often (fast games), else null. */
    everyMinutes: z.number().nullable(),
    betTypes: z.array(z.object({ code: z.string(), pay: z.number(), rtp: z.number() })),
    stake: z.object({ min: z.string(), max: z.string() }),
    maxTickets: z.number(),
    draws: z.array(drawValue),
    now: z.number(),
  }),
});

/** A ticket of a slip as bought. */
const boughtTicket = z.object({ ticketId: z.string(), betType: z.string(), selection: selectionValue, stake: z.string() });

/** Buys a slip of tickets on an open draw (token; a real account): the stakes are debited at once, each ticket settles at its draw. */
export const lotteryBet = defineCall({
  name: 'lotteryBet',
  method: 'POST',
  path: '/lgw/lottery/bet',
  token: true,
  body: z.object({
    gameCode,
    drawNo: z.string().regex(/^\d{8}(\d{4})?$/),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    tickets: z
      .array(
        z.object({
          betType: z.string().min(1).max(32),
          numbers: z.array(z.number().int()).max(10).default([]),
          position: z.number().int().optional(),
          side: z.enum(['big', 'small', 'odd', 'even']).optional(),
          stake: z.string().max(20),
        }),
      )
      .max(200),
  }),
  value: z.object({
    slipId: z.string(),
    gameCode: z.string(),
    drawNo: z.string(),
    total: z.string(),
    /** The wallet the stakes came from: MAIN, or the game vendor's wallet. */
    wallet: z.string(),
    balance: z.string(),
    tickets: z.array(boughtTicket),
  }),
});

export const ticketValue = z.object({
  ticketId: z.string(),
  slipId: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  drawAt: z.number(),
  betType: z.string(),
  selection: selectionValue,
  stake: z.string(),
  status: z.enum(['open', 'won', 'lost', 'refunded']),
  win: z.string().nullable(),
  /** The draw's numbers once drawn. */
  numbers: z.array(z.number().int()).nullable(),
  createdAt: z.number(),
});
export type TicketValue = z.infer<typeof ticketValue>;

/** The caller's tickets, newest first (token). */
export const lotteryTickets = defineCall({
  name: 'lotteryTickets',
  method: 'GET',
  path: '/lgw/lottery/tickets',
  token: true,
  query: z.object({ gameCode: gameCode.optional(), status: z.enum(['open', 'settled']).optional(), pageNo: intParam(1, 10_000, 1), pageSize: pageSizeParam(100, 20) }),
  value: z.object({ total: z.number(), list: z.array(ticketValue) }),
});

/** One game of a lottery menu. */
export const gameMenuItem = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  /** Spec 3: fixed to TCG_LOTTO_VN (the lottery gateway's account type). */
  accountTypeName: z.literal('TCG_LOTTO_VN'),
  /** The catalogue vendor that sells it, whose wallet pays its tickets: TCG_LOTTO_VN, TCG_SEA, LOTT or ELOTT. */
  vendor: z.string(),
  family: z.string(),
  /** Every this many minutes (fast games), else null. */
  everyMinutes: z.number().nullable(),
  /** The local draw time of a daily game ('18:15'), else null; in `timeZone`. */
  drawTime: z.string().nullable(),
  /** Draw days of a daily game (0 Sunday), else null. */
  weekdays: z.array(z.number()).nullable(),
  timeZone: z.string(),
  /** The draw taking bets now, if any. */
  nextDraw: z.object({ drawNo: z.string(), closesAt: z.number(), drawAt: z.number() }).nullable(),
});
export type GameMenuItem = z.infer<typeof gameMenuItem>;
export const gameMenuGroup = z.object({ groupCode: z.string(), groupName: z.string(), gameMenus: z.array(gameMenuItem) });

/**
 * Spec 7's VN lottery menu: a bare map of groups (VN, SSC, 11X5, PK10, LHC, SEA), each with its
 * `gameMenus`. `prizeMode` picks the games of one menu (spec 4's prize modes): LOTT or ZY the
 * lottery category's vendors, ELOTT the e-lottery category's, SEA the SEA lottery's; any other or
 * none, every game. Games of a disabled vendor are left out.
 */
export const lotteryGameMenu = defineCall({
  name: 'lotteryGameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  query: z.object({ prizeMode: z.string().max(16).optional(), device: z.string().max(16).optional() }),
  value: z.record(z.string(), gameMenuGroup),
});

/** The lottery games the caller bought tickets for, most recent first (token; at most 10). */
export const lotteryRecentMenu = defineCall({
  name: 'lotteryRecentMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  token: true,
  query: z.object({ prizeMode: z.string().max(16).optional(), device: z.string().max(16).optional() }),
  value: z.object({ gameMenus: z.array(gameMenuItem) }),
});

export const lotteryCalls = [openedNumbers, openedNumerosLotto, lotteryVerify, lotteryGameInfo, lotteryBet, lotteryTickets, lotteryGameMenu, lotteryRecentMenu];

/**
 * Live casino tables of the sandbox (issue 34): shared tables that run rounds on a schedule, every
 * viewer seeing the same round. A round opens with its server seed committed (the hash is shown
 * while bets are taken), takes bets for LIVE_BET_WINDOW_MS, is drawn at once after by the
 * `play.live.draws` job (any process, once), shows its result for LIVE_RESULT_MS, and the next
 * opens. A table runs while someone watches it (a minute after the last viewer leaves, it rests;
 * the next viewer opens a round at once), so idle tables cost nothing.
 *
 * Each round draws as an RNG table does (contract/tables.ts) from its own seed: the HMAC message
 * is `live-<nodeId>:<roundNo>` (the table's name as the client seed, the round's number as the
 * nonce), so the verify page recomputes a live round as it does a single-player one.
 *
 * The catalogue's live games that play this way, by name: baccarat (Speed, Squeeze, and No Commission,
 * whose banker pays 1 to 1 but half that on a winning 6; not Bac Bo, a dice game), roulette (European wheel: European,
 * Auto, Speed and Lightning, the last without its lucky-number multipliers, said on the table) and
 * dragon tiger, sic bo (three dice a round) and andar bahar. The others (blackjack, poker, wheels...) are not built yet.
 */
import { z } from 'zod';
import { defineCall, eventStream } from '../../../kernel/contract.ts';
import { tableBetsInput, type TableGame } from './tables.ts';
import { launchToken, playedRound } from './play.ts';

export const LIVE_BET_WINDOW_MS = 15_000;
export const LIVE_RESULT_MS = 8_000;
/** The draws shown in the roads: the last this many rounds. */
export const LIVE_RESULTS = 72;

export function liveTableOf(g: { gameType: string; gameName: string }): TableGame | null {
  if (g.gameType !== 'LIVE') return null;
  if (/\bRoulette\b/.test(g.gameName)) return { kind: 'roulette', wheel: 'european' };
  if (/\bBaccarat\b/.test(g.gameName)) return /No Commission/.test(g.gameName) ? { kind: 'baccarat', noCommission: true } : { kind: 'baccarat' };
  if (/\bDragon Tiger\b/.test(g.gameName)) return { kind: 'dragonTiger' };
  if (/\bSic Bo\b/.test(g.gameName)) return { kind: 'sicBo' };
  if (/\bAndar Bahar\b/.test(g.gameName)) return { kind: 'andarBahar' };
  return null;
}

/** The client seed of a live table's rounds, or of a PVP room's (contract/rooms.ts); the nonce is the round's number. */
export const liveClientSeed = (nodeId: number, room = '') => (room ? `room-${nodeId}-${room}` : `live-${nodeId}`);

/** A live table, or a PVP game's room ('r2'; '' for a live table): where a round is played. */
export interface TableAt {
  nodeId: number;
  room: string;
}
/** The key a table's changes are announced by (`pg_notify`) and followed by: '1234', or '1234-r2' for a room. */
export const tableKey = (t: TableAt) => (t.room ? `${t.nodeId}-${t.room}` : String(t.nodeId));
export function tableAtOfKey(key: string): TableAt | null {
  const m = /^(\d{1,9})(?:-(r\d))?$/.exec(key);
  return m ? { nodeId: Number(m[1]), room: m[2] ?? '' } : null;
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A round of a live table as every viewer sees it. */
export const liveRoundView = z.object({
  roundNo: z.number().int(),
  /** open: bets taken from opensAt to closesAt; drawn: stops say what came. */
  status: z.enum(['open', 'drawn']),
  opensAt: z.string(),
  closesAt: z.string(),
  serverSeedHash: hex64,
  /** Revealed once drawn. */
  serverSeed: hex64.nullable(),
  stops: z.array(z.number().int()).nullable(),
  /** Players with bets on the round. */
  bettors: z.number().int(),
  /** A showdown room's round (contract/rooms.ts): its seats in order, each with its stake; once drawn, the seats that played, the house's among them when one player sat alone. */
  seats: z.array(z.object({ seat: z.number().int(), stake: z.string(), house: z.boolean() })).optional(),
});
export type LiveRoundView = z.infer<typeof liveRoundView>;

/** A live table now: the round taking bets (or about to), the last drawn one, the last results (newest first), the server's time. */
export const liveTableView = z.object({
  nodeId: z.number().int(),
  serverNow: z.string(),
  current: liveRoundView.nullable(),
  last: liveRoundView.nullable(),
  results: z.array(z.object({ roundNo: z.number().int(), stops: z.array(z.number().int()) })),
});
export type LiveTableView = z.infer<typeof liveTableView>;

/** The table, the member's own rounds at it (open ones first among the newest) and the wallet's balance. */
export const liveState = defineCall({
  name: 'liveState',
  method: 'GET',
  path: '/wps/sandbox/live/state',
  query: z.object({ launch: launchToken }),
  value: z.object({ table: liveTableView, history: z.array(playedRound), balance: z.string() }),
});

/**
 * Bets on the open round (one confirmation per member and round; 409 `game.live.closed` once its
 * window closed, `game.live.notYet` before it opens, `game.live.alreadyBet` after a first).
 */
export const liveBet = defineCall({
  name: 'liveBet',
  method: 'POST',
  path: '/wps/sandbox/live/bet',
  body: z.object({ launch: launchToken, roundNo: z.number().int().min(1).max(2_000_000_000), bets: tableBetsInput, idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
  value: z.object({ round: playedRound, balance: z.string() }),
});

/** The table as it changes (server-sent events `table`, a liveTableView each): bets counted, draws, the next round. */
export const liveStream = defineCall({
  name: 'liveStream',
  method: 'GET',
  path: '/wps/sandbox/live/stream',
  passive: true,
  query: z.object({ launch: launchToken }),
  value: eventStream,
});

export const liveCalls = [liveState, liveBet, liveStream];

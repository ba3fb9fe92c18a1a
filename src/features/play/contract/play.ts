/**
 * Playing games (issue 5; spec 4 Game launch, 7 Games, wire notes 'launchGame'): launching a
 * game, the recent games, the sandbox game provider's own calls (the game page talks to them),
 * and the seamless-wallet door through which a real vendor moves a player's money.
 *
 * Choices written down here, where the spec is silent:
 * - launchGame needs a session and a real account (trial: `account.trial`, spec 6). accountType
 *   '1' (default) plays for real money from the wallet; '0' is the free demo (only for games
 *   whose supportPlay is 0, else 409 `game.demo.unavailable`), with play money that never
 *   touches the ledger. Unknown nodeId: 404 `game.not.found`; a disabled game or vendor: 409
 *   `game.disabled`; a vendor under maintenance: 503 `game.maintenance`; a lottery vendor's
 *   game (TCG_LOTTO_VN, TCG_SEA, LOTT, ELOTT) is launched from the lottery pages, not here: 409
 *   `game.launch.lottery`. `vassalage`, when sent, must match the game (400 `game.mismatch`).
 * - The answer's game_url (and gameUrl, the same) is an absolute address: a vendor's, or the
 *   sandbox's game page on this site (`<public address>/play?launch=<token>`, `/es/play?...` in
 *   Spanish), the public address being SITE_URL or the one the caller reached; the launch token
 *   (256 bits, CSPRNG) names one game session of one member, game and mode, and expires after 2
 *   hours without play. A launch may name its game by nodeId, or by gameId alone (a nodeId, or
 *   the vendor's game code with its vassalage), as clients of the existing API do.
 * - A launch is what makes a game recent (GCS_recentGame, newest first, also for demo).
 * - Every sandbox call takes the launch token (`launch`) instead of the member's session, as a
 *   vendor's game would: the game page needs no access to the member's account.
 * - A spin carries an idempotency key: a retry with the same key answers the same round.
 * - PVP games have rooms (GLS2_roomList): tables of stakes, from the smallest the game offers to
 *   the largest; launching with a roomId (PVP games only, else 400 `game.room.invalid`) limits the
 *   session's stakes to that room's. Without a roomId every stake is offered. A room's id names
 *   its game too ('1234-r2'), so a launch may send the roomId alone.
 * - `backUrl`, when it is an address of this site (a path, or an absolute address on one of its
 *   official hosts), is where the game's way back leads; any other address is ignored (no open
 *   redirect) and the way back leads home.
 */
import { z } from 'zod';
import { defineCall, intParam, pageSizeParam } from '../../../kernel/contract.ts';
import { gameItem, gameType, MAX_PAGE_SIZE } from '../../games/contract.ts';
import { tableBetsInput, tableRound, tableRules } from './tables.ts';
import { BLACKJACK_ACTIONS } from './blackjack.ts';

import { launchToken } from './launch.ts';
import { bookRules } from './sports.ts';

export { launchToken };
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const money = z.string();
/** A typed stake: up to 9 digits and 2 decimals, parsed on the server (never a float). */
const amountInput = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** A player's seed: printable ASCII (spaces inside allowed) without ':' (the HMAC message separator), 1 to 64 characters. */
export const clientSeedInput = z
  .string()
  .trim()
  .regex(/^[ -9;-~]{1,64}$/);

/** What a launch names: the game (by nodeId, gameId or roomId), the mode, the language, the way back. */
const launchQuery = z
  .object({
    /** The game; clients that send only gameId (the nodeId, or the vendor's game code with vassalage) are understood too. */
    nodeId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .optional(),
    vassalage: z.string().max(32).optional(),
    gameId: z.string().max(64).optional(),
    roomId: z.string().max(64).optional(),
    launchMode: z.string().max(16).optional(),
    /** '1' real money (default), '0' free demo. */
    accountType: z.enum(['0', '1']).default('1'),
    language: z.string().max(8).optional(),
    backUrl: z.string().max(512).optional(),
    /**
     * The lottery form (wire notes: `lottoArea=VN, launchMode=LOTT, lottoPrizeMode, lottoGameCode,
     * lottoView, device`; another client sends `lottoGameCode, lottoMode=Traditional`): answers the
     * lottery page of the game's vendor with `?gameCode=` (spec 4's routing), or the VN, SEA or
     * lotto page's menu without a game code.
     */
    lottoArea: z.string().max(16).optional(),
    lottoPrizeMode: z.string().max(16).optional(),
    lottoGameCode: z.string().max(32).optional(),
    lottoView: z.enum(['betting', 'lobby']).optional(),
    lottoMode: z.string().max(32).optional(),
    device: z.string().max(16).optional(),
  })
  .refine((q) => q.nodeId !== undefined || q.gameId !== undefined || q.roomId !== undefined || isLotteryLaunch(q), { path: ['nodeId'], message: 'required' });

/** Whether a launch is the lottery form (wire notes). */
export function isLotteryLaunch(q: { launchMode?: string; lottoArea?: string; lottoGameCode?: string }): boolean {
  return q.launchMode === 'LOTT' || q.lottoArea !== undefined || q.lottoGameCode !== undefined;
}
/** game_url is absolute; gameUrl is the same address where some clients read it. */
const launchValue = z.object({ content: z.object({ game_url: z.string() }), gameUrl: z.string() });

export const launchGame = defineCall({
  name: 'launchGame',
  method: 'GET',
  path: '/wps/game/launchGame',
  token: true,
  query: launchQuery,
  value: launchValue,
});

/**
 * A game's free demo for anyone, logged in or not (the existing platform's trial launch; a token
 * is read when sent). With a login, it is launchGame with accountType '0' (a trial account may
 * use it too: play money only); without, a guest's demo: play money on the session, its own seed
 * pair and history, no recent game, at most LIMITS.guestDemosPerIp per address and hour (429
 * `game.guest.rate.limited`). Only games that offer a demo (supportPlay 0): else 409
 * `game.demo.unavailable`. accountType is ignored: always demo.
 */
export const gameTrialLaunch = defineCall({
  name: 'gameTrialLaunch',
  method: 'GET',
  path: '/wps/relay/GCS_gameTrialLaunch',
  query: launchQuery,
  value: launchValue,
});

/**
 * launchGame without a required session (the existing platform's GCS_gameLaunchFB, which its
 * clients call without a token): with a session it is launchGame; without one, accountType '0'
 * is a guest's free demo (as gameTrialLaunch) and real money asks for a login (401
 * `login.not.session`).
 */
export const gameLaunchFB = defineCall({
  name: 'gameLaunchFB',
  method: 'GET',
  path: '/wps/relay/GCS_gameLaunchFB',
  query: launchQuery,
  value: launchValue,
});

/** A room of a PVP game: a table of stakes (spec 7 GLS2_roomList). Money is 2-decimal strings. */
export const pvpRoom = z.object({ roomId: z.string(), roomName: z.string(), minBet: money, maxBet: money });

export const roomList = defineCall({
  name: 'roomList',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  token: true,
  query: z.object({
    nodeId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    vassalage: z.string().max(32).optional(),
    language: z.string().max(8).optional(),
  }),
  value: z.object({ list: z.array(pvpRoom) }),
});

export const recentGame = defineCall({
  name: 'recentGame',
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  token: true,
  query: z.object({
    page: intParam(1, 100_000, 1),
    pageSize: pageSizeParam(MAX_PAGE_SIZE, 20),
    gameType: gameType.optional(),
    language: z.string().max(8).optional(),
    clientType: z.string().max(8).optional(),
    vassalage: z.string().max(32).optional(),
  }),
  value: z.object({ list: z.array(gameItem), pageNum: z.number().int(), totalPages: z.number().int() }),
});

/** A slot game's rules as the game page draws them (everything but the randomness). */
export const slotRules = z.object({
  kind: z.enum(['classic3', 'lines5', 'volatile5']),
  reels: z.number().int(),
  rows: z.number().int(),
  symbols: z.array(z.string()),
  /** One entry per payline: the row it crosses on each reel. */
  lines: z.array(z.array(z.number().int())),
  minCount: z.number().int(),
  /** pays[symbol][count]: multiple of the line bet. */
  pays: z.array(z.array(z.number())),
  /** Reel strips (public: anyone may check the odds). */
  strips: z.array(z.array(z.number().int())),
  rtp: z.number(),
  /** Stakes the game accepts, smallest first (2-decimal strings). */
  bets: z.array(money),
});

/** The provably-fair state of a game session: what is committed before the next round. */
export const fairnessState = z.object({
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});

/** One played round as the game page and the verify page show it. */
export const playedRound = z.object({
  roundId: z.string(),
  nodeId: z.number().int(),
  gameName: z.string(),
  demo: z.boolean(),
  /** Played with a free spin: `bet` is the spin's stake, nothing was staked from the wallet. */
  freeSpin: z.boolean(),
  bet: money,
  win: money,
  /** Strip index of the top row of each reel. */
  stops: z.array(z.number().int()),
  /** grid[reel][row]: the symbols shown. */
  grid: z.array(z.array(z.string())),
  lineWins: z.array(z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), multiplier: z.number(), payout: money })),
  /** A table game's round (grid and lineWins empty, stops its draws: contract/tables.ts); absent for a slot's. */
  table: tableRound.optional(),
  /** A live table's round still waiting for its draw (win 0 until then); absent when played. */
  open: z.boolean().optional(),
  serverSeedHash: hex64,
  /** Revealed once the seed was rotated; null while it is still in use. */
  serverSeed: hex64.nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  createdAt: z.string(),
});
export type PlayedRound = z.infer<typeof playedRound>;

/** Free spins a member holds on a game (issue 15): used by its real spins before any money; the winnings become a bonus with `wagering` x turnover when they end. */
export const freeSpinsValue = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  spins: z.number().int(),
  left: z.number().int(),
  /** The stake of each spin. */
  bet: money,
  /** Won so far (paid when the spins end). */
  winnings: money,
  wagering: z.number(),
  status: z.enum(['active', 'done', 'expired']),
  expiresAt: z.number(),
});
export type FreeSpins = z.infer<typeof freeSpinsValue>;

export const sandboxState = defineCall({
  name: 'sandboxState',
  method: 'GET',
  path: '/wps/sandbox/game/state',
  query: z.object({ launch: launchToken }),
  value: z.object({
    game: z.object({ nodeId: z.number().int(), gameName: z.string(), vendorName: z.string(), vassalage: z.string(), iconUrl: z.string(), gameType }),
    /** Free demo with play money: nothing here touches the wallet. */
    demo: z.boolean(),
    /** Real play: the wallet the bets come from, as the player knows it; demo: the play-money balance. */
    balance: money,
    /**
     * Where real bets come from: the main wallet (single-wallet brands) or the vendor's game
     * wallet (brands with game wallets; money is moved there with GCS_walletTransfer). Null in demo.
     */
    wallet: z.object({ kind: z.enum(['main', 'game']), vendor: z.string() }).nullable(),
    currency: z.string(),
    /** A slot's rules, or a table game's (kind roulette, baccarat or dragonTiger: contract/tables.ts). */
    /** A slot's reels, a table's cloth, or a sports game's book (contract/sports.ts: the page then reads the book). */
    rules: z.union([slotRules, tableRules, bookRules]),
    fairness: fairnessState,
    /** The last rounds of this member in this game and mode, newest first. */
    history: z.array(playedRound),
    /** Free spins the member holds on this game (real play only; null: none). */
    freeSpins: freeSpinsValue.nullable(),
  }),
});

export const sandboxSpin = defineCall({
  name: 'sandboxSpin',
  method: 'POST',
  path: '/wps/sandbox/game/spin',
  body: z.object({ launch: launchToken, bet: amountInput, idempotencyKey }),
  value: z.object({ round: playedRound, balance: money, fairness: fairnessState, freeSpins: freeSpinsValue.nullable(), freeSpinsEnded: freeSpinsValue.nullable() }),
});

/**
 * A round of a table game (issue 34: roulette, baccarat, dragon tiger): the player's bets, each
 * a spot of the table and a stake of whole chips; the round is drawn from the member's seed pair
 * as a spin is, and each spot settled by the table's rules. A slot's session is refused (409
 * `game.table.notTable`), as a spin on a table's (409 `game.table.isTable`).
 */
export const sandboxTable = defineCall({
  name: 'sandboxTable',
  method: 'POST',
  path: '/wps/sandbox/game/table',
  body: z.object({ launch: launchToken, bets: tableBetsInput, idempotencyKey }),
  value: z.object({ round: playedRound, balance: money, fairness: fairnessState }),
});

/**
 * A blackjack hand (issue 34, RNG tables: contract/blackjack.ts), played in turns: `deal` with a
 * stake of whole chips opens a hand from the member's seed pair; then each action names the hand
 * (`roundId`) and the step it was chosen at (`step`, the hand's `blackjack.step`), so a retried or
 * second tab's action on a hand that moved on is refused (409 `game.blackjack.stale`). A double,
 * a split and insurance raise the stake through the wallet; the hand's last action settles it.
 */
export const sandboxBlackjack = defineCall({
  name: 'sandboxBlackjack',
  method: 'POST',
  path: '/wps/sandbox/game/blackjack',
  body: z.object({
    launch: launchToken,
    action: z.enum(['deal', ...BLACKJACK_ACTIONS]),
    /** The stake of a deal. */
    bet: amountInput.optional(),
    roundId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    step: z.number().int().min(0).max(64).optional(),
    idempotencyKey,
  }),
  value: z.object({ round: playedRound, balance: money, fairness: fairnessState }),
});

export const sandboxSeed = defineCall({
  name: 'sandboxSeed',
  method: 'POST',
  path: '/wps/sandbox/game/seed',
  /** Rotates the server seed (revealing the old one) and sets the player's seed for the new one. */
  body: z.object({ launch: launchToken, clientSeed: clientSeedInput.optional() }),
  value: z.object({
    revealed: z.object({ serverSeed: hex64, serverSeedHash: hex64, clientSeed: z.string(), lastNonce: z.number().int() }),
    fairness: fairnessState,
  }),
});

export const sandboxRounds = defineCall({
  name: 'sandboxRounds',
  method: 'GET',
  path: '/wps/sandbox/game/rounds',
  query: z.object({ launch: launchToken, pageNo: intParam(1, 100_000, 1), pageSize: pageSizeParam(50, 20) }),
  value: z.object({ list: z.array(playedRound), pageNum: z.number().int(), totalPages: z.number().int() }),
});

/** Recomputes a round from its seeds: public and pure, so anyone can check a revealed round. */
export const sandboxVerify = defineCall({
  name: 'sandboxVerify',
  method: 'GET',
  path: '/wps/sandbox/game/verify',
  query: z.object({
    nodeId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    serverSeed: hex64,
    serverSeedHash: hex64.optional(),
    clientSeed: z.string().regex(/^[ -9;-~]{1,64}$/),
    nonce: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    bet: amountInput.optional(),
    /** 'slot': the round was a slot's (a game's rounds from before it played as a table); otherwise the game's own kind. */
    engine: z.enum(['slot']).optional(),
    /** A blackjack hand's actions in order, comma-separated: the hand is replayed with them (without: the first cards of the stream). */
    actions: z
      .string()
      .max(600)
      .regex(new RegExp(`^((${BLACKJACK_ACTIONS.join('|')})(,(${BLACKJACK_ACTIONS.join('|')}))*)?$`))
      .optional(),
  }),
  value: z.object({
    /** SHA-256 of the seed's bytes: must equal the hash shown before the round. */
    serverSeedHash: hex64,
    hashMatches: z.boolean().nullable(),
    stops: z.array(z.number().int()),
    grid: z.array(z.array(z.string())),
    lineWins: z.array(z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), multiplier: z.number(), payout: money })),
    /** The game's paylines (the row each crosses on each reel), to draw the winning ones. */
    lines: z.array(z.array(z.number().int())),
    /** Total multiple of the bet, as a decimal string. */
    multiplier: z.string(),
    win: money.nullable(),
    /** A table game's round: its kind and wheel (the draws are `stops`); absent for a slot. */
    table: tableRound.omit({ bets: true }).optional(),
  }),
});

/**
 * The reality check over a real-money game (issue 28): the member's interval (0: none; a demo
 * has none) and this login session's figures, for the dialog the game page shows at each interval.
 */
export const sandboxReality = defineCall({
  name: 'sandboxReality',
  method: 'GET',
  path: '/wps/sandbox/game/reality',
  query: z.object({ launch: launchToken }),
  value: z.object({
    intervalMinutes: z.number().int(),
    /** When the login session began (ms). */
    since: z.number(),
    minutes: z.number().int(),
    wagered: money,
    /** Wins less stakes since then (negative: a loss). */
    net: z.string(),
  }),
});

/** Ends the game session ("Stop playing" of the reality check): its launch token plays no more. */
export const sandboxStop = defineCall({
  name: 'sandboxStop',
  method: 'POST',
  path: '/wps/sandbox/game/stop',
  body: z.object({ launch: launchToken }),
  value: z.object({ ended: z.boolean() }),
});

export const playCalls = [
  launchGame,
  gameTrialLaunch,
  gameLaunchFB,
  roomList,
  recentGame,
  sandboxState,
  sandboxSpin,
  sandboxTable,
  sandboxBlackjack,
  sandboxSeed,
  sandboxRounds,
  sandboxVerify,
  sandboxReality,
  sandboxStop,
];

/**
 * The sandbox game provider: serves every catalogue game on this machine with the reference slot
 * engine (slot-engine.ts), over the database. The game page (/play) calls it with the launch
 * token of a game session (games/play.ts), as a vendor's game would call its own server.
 *
 * - Real rounds go through the wallet's game-play interface: a paid spin is one statement
 *   (`playRoundAtOnce`: the seed's nonce as predicted, the engine's record, the round, the bet and
 *   the win; spinAtOnce), a free spin one transaction (`playRound`'s way, with the grant).
 * - Demo rounds play the session's play money (`game_session.demo_balance`) and never touch the
 *   ledger; they are recorded (and provable) like real ones, marked demo.
 * - Provably fair: each member has one active seed pair per mode (`game_seed`); a round takes the
 *   pair's nonce and increments it with its own writes (in its statement or transaction), so rounds
 *   of one member are numbered without gaps. Rotating reveals the old server seed and commits a new one.
 */
import { noteLargeWin } from '../../../protection/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PlayedRound } from '../../contract/play.ts';
import { formatMinor } from '../../../../kernel/money.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { gameSeed, gameSession, sandboxRound } from '../tables.ts';
import { member } from '../../../accounts/index.ts';
import { recordWinner } from '../../../games/index.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { balancesOf, playRound, playRoundAtOnce, type BetRequest } from '../../../wallet/index.ts';
import { activeGrant, freeSpinsView, lockActiveGrant, useFreeSpin, type FreeSpinsView } from '../free-spins.ts';
import { once } from '../../../../kernel/idempotency.ts';
import type { Tx } from '../../../wallet/index.ts';
import { maskName } from '../../../../kernel/mask.ts';
import { hashServerSeed, makeClientSeed, makeServerSeed, roundWords, seedMatchesHash } from '../../../../kernel/fairness.ts';
import { drawTable, type TableGame } from '../../contract/tables.ts';
import { drawRoom, type RoomGame } from '../../contract/rooms.ts';
import { slotConfig, type SlotConfig } from './paytable.ts';
import { evaluate, roundOutcome, settle } from './slot-engine.ts';
import { presentTableRound, type TableBets } from './table-rounds.ts';
import { presentBlackjackRound } from './blackjack.ts';

/** Play money a demo session starts with, in minor units (2,000.00). */
export const DEMO_START_BALANCE = 200_000n;
/** A win of at least this many times the bet is a big win and goes on the winner board. */
export const BIG_WIN_MULTIPLE = 10n;
/** Stakes offered, as multiples of a game's smallest stake. */
const BET_MULTIPLES = [1n, 2n, 5n, 10n, 20n, 50n, 100n];

/** The game a session plays, as the provider needs it. */
export interface SessionGame {
  nodeId: number;
  gameName: string;
  vassalage: string;
  seed: number;
  minBet: bigint;
}

/** A live game session (games/play.ts resolves the launch token). */
export interface PlaySession {
  id: number;
  /** The member playing; null for a guest's free demo (its seeds and rounds belong to the session). */
  memberId: number | null;
  demo: boolean;
  demoBalance: bigint | null;
  /** The PVP room chosen at launch, or null. */
  roomId: string | null;
  game: SessionGame;
  /** The ledger account real bets come from and wins go to. */
  wallet: string;
  /** Debit the vendor's game wallet (brands with game wallets). */
  fromGameWallet: boolean;
  /** Whether the member held free spins of this game when the session was read (undefined: not asked). */
  hasFreeSpins?: boolean;
  /**
   * The session was not read from the database for this call (play.ts `resolveSessionForSpin`):
   * a paid spin's statement checks that it is still live, with no free spins, and writes nothing
   * otherwise (`SessionRecheck`).
   */
  unchecked?: boolean;
}

/**
 * Thrown by a spin on an `unchecked` session whose statement wrote nothing: the session may have
 * ended (a logout, a ban, its expiry) or gained free spins, or the seed moved on. The caller reads
 * the session again and plays the spin the ordinary way (nothing was written, so the same key).
 */
export class SessionRecheck extends Error {
  constructor() {
    super('the session must be read again');
  }
}

/** The wallet's bet request for a round of a session's game (sandbox spins and a vendor's debits). */
export function betRequest(s: PlaySession, roundId: string, amount: bigint): BetRequest {
  // Guests play only with play money (the game_session_guest_demo_ck constraint): never here.
  if (s.memberId === null) throw new ApiError(401, 'game.session.invalid');
  return { memberId: s.memberId, roundId, vendor: s.game.vassalage, nodeId: s.game.nodeId, gameName: s.game.gameName, amount, fromGameWallet: s.fromGameWallet };
}

const configs = new Map<number, SlotConfig>();
/** A game's slot configuration, derived from its seed once per process (pure, so safe to share). */
export function gameConfig(seed: number): SlotConfig {
  let c = configs.get(seed);
  if (!c) {
    if (configs.size >= 2000) configs.delete(configs.keys().next().value!);
    c = slotConfig(seed);
    configs.set(seed, c);
  }
  return c;
}

/** The stakes a game accepts: multiples of its smallest, which is its minimum bet rounded up to a whole line bet. */
export function betsFor(config: SlotConfig, minBet: bigint): bigint[] {
  const floor = minBet > config.betStep ? minBet : config.betStep;
  const base = ((floor + config.betStep - 1n) / config.betStep) * config.betStep;
  return BET_MULTIPLES.map((m) => base * m);
}

/** The rooms of a PVP game: tables of its stakes, smallest first (ids r1..r4, names in games:room.*). */
const ROOM_SLICES: readonly [string, number, number][] = [
  ['r1', 0, 2],
  ['r2', 2, 4],
  ['r3', 4, 6],
  ['r4', 6, 7],
];
export function roomsFor(config: SlotConfig, minBet: bigint): { roomId: string; bets: bigint[] }[] {
  const bets = betsFor(config, minBet);
  return ROOM_SLICES.map(([roomId, from, to]) => ({ roomId, bets: bets.slice(from, to) }));
}

export { parseRoomId, roomIdOf } from '../../../games/contract.ts';

/** The stakes a session may play: its room's, or every stake of the game. */
export function sessionBets(s: Pick<PlaySession, 'game' | 'roomId'>): bigint[] {
  const config = gameConfig(s.game.seed);
  if (s.roomId) {
    const room = roomsFor(config, s.game.minBet).find((r) => r.roomId === s.roomId);
    if (room) return room.bets;
  }
  return betsFor(config, s.game.minBet);
}

/**
 * Whose seed pairs a session plays with: its member's (one pair per mode, across games and
 * sessions), or for a guest, the session's own.
 */
export type SeedOwner = { memberId: number } | { guestSessionId: number };
export const seedOwnerOf = (s: Pick<PlaySession, 'id' | 'memberId'>): SeedOwner => (s.memberId !== null ? { memberId: s.memberId } : { guestSessionId: s.id });
const ownerIs = (o: SeedOwner) => ('memberId' in o ? eq(gameSeed.memberId, o.memberId) : eq(gameSeed.guestSessionId, o.guestSessionId));
const ownerColumns = (o: SeedOwner) => ('memberId' in o ? { memberId: o.memberId } : { guestSessionId: o.guestSessionId });

/** The owner's active seed pair for a mode, made on first use. */
async function activeSeed(tx: Tx | Db, owner: SeedOwner, demo: boolean) {
  const where = and(ownerIs(owner), eq(gameSeed.demo, demo), isNull(gameSeed.revealedAt));
  const [found] = await tx.select().from(gameSeed).where(where);
  if (found) return found;
  const { serverSeed, serverSeedHash } = makeServerSeed();
  await tx
    .insert(gameSeed)
    .values({ ...ownerColumns(owner), demo, serverSeed, serverSeedHash, clientSeed: makeClientSeed() })
    .onConflictDoNothing();
  const [made] = await tx.select().from(gameSeed).where(where);
  return made!;
}

/** Takes the next nonce of the owner's active seed pair, in the caller's transaction (the row stays locked to the commit). */
export async function takeNonce(tx: Tx, owner: SeedOwner, demo: boolean) {
  const bump = () =>
    tx
      .update(gameSeed)
      .set({ nonce: sql`${gameSeed.nonce} + 1` })
      .where(and(ownerIs(owner), eq(gameSeed.demo, demo), isNull(gameSeed.revealedAt)))
      .returning();
  let [row] = await bump();
  if (!row) {
    // The first round in this mode: commit a seed pair, then take its first nonce.
    await activeSeed(tx, owner, demo);
    [row] = await bump();
  }
  return { ...row!, nonce: row!.nonce - 1 };
}

export function fairnessOf(seed: { serverSeedHash: string; clientSeed: string; nonce: number }) {
  return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
}

export async function fairness(db: Db, owner: SeedOwner, demo: boolean) {
  return fairnessOf(await activeSeed(db, owner, demo));
}

/**
 * A demo round on the session's play money (a spin, a table round or a shot): drawn and recorded
 * as a real one, its stake and win moved on `game_session.demo_balance` (never below zero), once
 * per client key. A guest's keys live in its session's own namespace, apart from every other guest's.
 */
export async function playDemoRound(
  db: Db,
  s: PlaySession,
  stake: bigint,
  idempotencyKey: string,
  request: unknown,
  draw: (tx: Tx) => Promise<{ win: bigint; round: PlayedRound; fairness: ReturnType<typeof fairnessOf> }>,
): Promise<SpinAnswer> {
  const op = { name: s.memberId === null ? `demo-play-guest-${s.id}` : 'demo-play', memberId: s.memberId, key: idempotencyKey, request };
  const { value } = await once(
    db,
    op,
    async (tx) => {
      const { win, round, fairness } = await draw(tx);
      const [after] = await tx
        .update(gameSession)
        .set({ demoBalance: sql`${gameSession.demoBalance} - ${stake} + ${win}` })
        .where(and(eq(gameSession.id, s.id), sql`${gameSession.demoBalance} >= ${stake}`))
        .returning({ demoBalance: gameSession.demoBalance });
      if (!after) throw new ApiError(400, 'wallet.balance.insufficient');
      return { round, fairness, balance: formatMinor(after.demoBalance!, brand().currencyDecimals), freeSpins: null, freeSpinsEnded: null };
    },
    { claim: 'last' },
  );
  return value;
}

/**
 * After a real round's commit: its line on the winner board when it won BIG_WIN_MULTIPLE times
 * its stake or more, and player protection's large-win notice. After the commit, so a crash in
 * between loses a line of the board, never money.
 */
export async function announceWin(db: Db, memberId: number, game: Pick<SessionGame, 'nodeId' | 'gameName'>, roundId: string, stake: bigint, win: bigint): Promise<void> {
  if (win >= stake * BIG_WIN_MULTIPLE) {
    const [m] = await db.select({ username: member.username }).from(member).where(eq(member.id, memberId));
    await recordWinner(db, { nodeId: game.nodeId, customerName: maskName(m!.username), winAmount: win });
  }
  await noteLargeWin(db, memberId, win, { roundId, game: game.gameName });
}

export const newRoundId = () => `sb${randomBytes(12).toString('base64url')}`;

/** Presents a recorded round (the window and line wins recomputed from the stops). */
export function presentRound(
  r: {
    roundId: string;
    nodeId: number;
    demo: boolean;
    betAmount: bigint;
    winAmount: bigint;
    nonce: number;
    stops: number[];
    createdAt: Date;
    freeSpinGrantId?: number | null;
    tableBets?: TableBets | null;
    open?: boolean;
  },
  seed: { serverSeed: string; serverSeedHash: string; clientSeed: string; revealedAt: Date | null },
  game: { gameName: string; seed: number },
): PlayedRound {
  if (r.tableBets?.kind === 'blackjack') return presentBlackjackRound({ ...r, open: r.open ?? false, tableBets: r.tableBets }, seed, game);
  if (r.tableBets) return presentTableRound({ ...r, tableBets: r.tableBets }, seed, game);
  const config = gameConfig(game.seed);
  const decimals = brand().currencyDecimals;
  const settled = settle(config, evaluate(config, r.stops), r.betAmount);
  return {
    roundId: r.roundId,
    nodeId: r.nodeId,
    gameName: game.gameName,
    demo: r.demo,
    freeSpin: r.freeSpinGrantId != null,
    bet: formatMinor(r.betAmount, decimals),
    win: formatMinor(r.winAmount, decimals),
    stops: r.stops,
    grid: settled.grid,
    lineWins: settled.lineWins.map((w) => ({ line: w.line, symbol: w.symbol, count: w.count, multiplier: w.multiplier, payout: formatMinor(w.payout, decimals) })),
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    clientSeed: seed.clientSeed,
    nonce: r.nonce,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface SpinAnswer {
  round: PlayedRound;
  /** The seed pair's state after the round (the next nonce). */
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  /** Wallet (real) or play-money (demo) balance after the round, minor units as a string. */
  balance: string;
  /** The free spins of this game the member still holds after the round (null: none); a free round staked nothing. */
  freeSpins: FreeSpinsView | null;
  /** The grant this round's free spin ended (its last spin): its winnings became a bonus with its wagering. */
  freeSpinsEnded: FreeSpinsView | null;
}

/**
 * Plays one round of the session's game for `bet` minor units. Refuses a stake the game does not
 * offer (400 `game.bet.invalid`) and a short balance (`wallet.balance.insufficient`). Idempotent
 * by the client's key.
 */
export async function spin(db: Db, s: PlaySession, bet: bigint, idempotencyKey: string): Promise<SpinAnswer> {
  // Only a paid spin's single statement checks an unread session (resolveSessionForSpin answers
  // no other kind; this keeps any other way from trusting one).
  if (s.unchecked && (s.demo || s.memberId === null || s.hasFreeSpins !== false)) throw new SessionRecheck();
  const config = gameConfig(s.game.seed);
  if (!sessionBets(s).includes(bet)) throw new ApiError(400, 'game.bet.invalid');
  const roundId = newRoundId();
  const decimals = brand().currencyDecimals;

  /** Draws the round at `stake`, records it, and answers its win: the part every kind of round shares. */
  const draw = async (tx: Tx, stake = bet, freeSpinGrantId: number | null = null) => {
    const seed = await takeNonce(tx, seedOwnerOf(s), s.demo);
    const outcome = roundOutcome(config, { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce });
    const win = settle(config, outcome, stake).totalWin;
    const [row] = await tx
      .insert(sandboxRound)
      .values({
        roundId,
        memberId: s.memberId,
        nodeId: s.game.nodeId,
        sessionId: s.id,
        demo: s.demo,
        betAmount: stake,
        winAmount: win,
        seedId: seed.id,
        nonce: seed.nonce,
        stops: outcome.stops,
        freeSpinGrantId,
      })
      .returning();
    if (!s.demo && s.memberId !== null && win >= stake * BIG_WIN_MULTIPLE) {
      const [m] = await tx.select({ username: member.username }).from(member).where(eq(member.id, s.memberId));
      await recordWinner(tx, { nodeId: s.game.nodeId, customerName: maskName(m!.username), winAmount: win });
    }
    return { win, round: presentRound(row!, { ...seed, revealedAt: null }, s.game), fairness: fairnessOf({ ...seed, nonce: seed.nonce + 1 }) };
  };

  if (s.demo) return playDemoRound(db, s, bet, idempotencyKey, { session: s.id, bet: bet.toString() }, draw);

  const memberId = s.memberId!;
  const request = { session: s.id, bet: bet.toString() };
  // Free spins of this game come first. The key is the paid round's ('play'): a retry replays
  // whichever it was, and one key never plays both.
  if ((s.hasFreeSpins ?? true) && (await activeGrant(db, memberId, s.game.nodeId))) {
    const free = await once(
      db,
      { name: 'play', memberId, key: idempotencyKey, request },
      async (tx) => {
        const grant = await lockActiveGrant(tx, memberId, s.game.nodeId);
        // Used up by a spin racing this one since it looked (another tab, a double click, midnight):
        // nothing is recorded and nothing is bought at the stake the player took for a free one.
        if (!grant) throw new ApiError(409, 'game.freeSpins.gone');
        const { win, round, fairness } = await draw(tx, grant.bet, grant.id);
        const after = await useFreeSpin(tx, grant, win);
        const balance = (await balancesOf(tx, [s.wallet])).get(s.wallet)!;
        const next = after.status === 'active' ? after : await lockActiveGrant(tx, memberId, s.game.nodeId);
        return {
          balance: formatMinor(balance, decimals),
          detail: { round, fairness, freeSpins: next ? freeSpinsView(next) : null, freeSpinsEnded: after.status === 'active' ? null : freeSpinsView(after) },
        };
      },
      { claim: 'last' },
    );
    // A key first used for a bought round replays that round's answer, without the free-spin fields.
    const d = free.value.detail as Partial<SpinAnswer> & Pick<SpinAnswer, 'round' | 'fairness'>;
    return { round: d.round, fairness: d.fairness, balance: free.value.balance, freeSpins: d.freeSpins ?? null, freeSpinsEnded: d.freeSpinsEnded ?? null };
  }

  const fast = await spinAtOnce(db, s, config, bet, roundId, idempotencyKey);
  if (fast) return fast;
  if (s.unchecked) throw new SessionRecheck();
  const played = await playRound(db, { ...betRequest(s, roundId, bet), idempotencyKey, request: { session: s.id, bet: bet.toString() } }, async (tx) => {
    const { win, round, fairness } = await draw(tx);
    return { win, detail: { round, fairness } };
  });
  // A key first used for a free spin (whose grant has ended since) replays that spin's answer, with its free-spin fields.
  const d = played.detail as Partial<SpinAnswer> & Pick<SpinAnswer, 'round' | 'fairness'>;
  return { round: d.round, fairness: d.fairness, balance: played.balance, freeSpins: d.freeSpins ?? null, freeSpinsEnded: d.freeSpinsEnded ?? null };
}

/**
 * Each member's active real-money seed as this process last saw it: the nonce its next round
 * takes. A paid spin predicts its nonce from here, draws the round, and plays it in one statement
 * that takes the nonce only if it is still the one predicted (SANDBOX_CTES' guard); when another
 * spin, a free spin, a rotation or another process moved the seed on, nothing is written and the
 * spin looks again. Bounded; an entry is only a guess, never trusted.
 */
const predicted = new Map<number, { id: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }>();
const PREDICTED_MAX = 10_000;

/**
 * The sandbox's writes of a paid round, in the wallet's statement: the nonce taken (the guard: the
 * member's active real-money seed, the very pair the round was drawn with, at the nonce predicted)
 * and the round recorded.
 */
const SANDBOX_CTES = {
  name: 'sandbox',
  guard: 'seed',
  ctes: `seed as (
    update game_seed set nonce = nonce + 1
    where id = $e1::bigint and nonce = $e2::integer and revealed_at is null
      and member_id = $e4::integer and not demo and server_seed = $e11::text and client_seed = $e12::text
    returning id
  ), sr as (
    insert into sandbox_round (round_id, member_id, node_id, session_id, demo, bet_amount, win_amount, seed_id, nonce, stops, created_at)
    select $e3::text, $e4::integer, $e5::integer, $e6::bigint, false, $e7::bigint, $e8::bigint, seed.id, $e2::integer, $e9::jsonb, $e10::timestamptz from seed
    returning 1
  )`,
};

/**
 * SANDBOX_CTES for a session this call did not read (PlaySession.unchecked): the nonce is taken
 * only while the session is live as `resolveSession` reads it (the game session and the login
 * behind it unexpired and not ended, the member active) and the member holds no free spins of the
 * game, checked by the statement itself, so a logout or a ban in any process stops the next spin.
 */
const SANDBOX_CTES_CHECKED = {
  ...SANDBOX_CTES,
  name: 'sandbox-checked',
  ctes: SANDBOX_CTES.ctes.replace(
    'and member_id = $e4::integer and not demo and server_seed = $e11::text and client_seed = $e12::text',
    `and member_id = $e4::integer and not demo and server_seed = $e11::text and client_seed = $e12::text
      and exists (
        select 1 from game_session gs
        where gs.id = $e6::bigint and gs.member_id = $e4::integer and gs.expires_at > now()
          -- A subplan by the login's key, whatever the planner's row estimates.
          and (select ms.revoked_at is null and ms.expires_at > now() from member_session ms where ms.id = gs.member_session_id)
      )
      and exists (select 1 from member m where m.id = $e4::integer and m.status = 'active')
      and not exists (
        select 1 from free_spin_grant f
        where f.member_id = $e4::integer and f.node_id = $e5::integer and f.status = 'active' and f.spins_left > 0 and f.expires_at > now()
      )`,
  ),
};
if (SANDBOX_CTES_CHECKED.ctes === SANDBOX_CTES.ctes) throw new Error('SANDBOX_CTES changed: SANDBOX_CTES_CHECKED no longer adds its checks');

/**
 * A paid spin (no free spins) in one statement: see `predicted`. Answers null when it should go
 * the transaction's way instead (a seed that keeps moving under it). Which way a spin goes never
 * depends on its outcome: a refused bet (short balance) must not tell, by its time, what the next
 * nonce would have paid. So a big win is played the same way, and its line on the winner board
 * is written after the round's commit (a crash in between loses that line, never money).
 */
async function spinAtOnce(db: Db, s: PlaySession, config: SlotConfig, bet: bigint, roundId: string, idempotencyKey: string): Promise<SpinAnswer | null> {
  const memberId = s.memberId!;
  for (let attempt = 0; attempt < 3; attempt++) {
    let seed = predicted.get(memberId);
    if (!seed) {
      const row = await activeSeed(db, { memberId }, false);
      seed = { id: row.id, serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce };
      if (predicted.size >= PREDICTED_MAX) predicted.delete(predicted.keys().next().value!);
      predicted.set(memberId, seed);
    }
    const outcome = roundOutcome(config, { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce });
    const win = settle(config, outcome, bet).totalWin;
    const createdAt = new Date();
    const round = presentRound(
      { roundId, nodeId: s.game.nodeId, demo: false, betAmount: bet, winAmount: win, nonce: seed.nonce, stops: outcome.stops, createdAt, freeSpinGrantId: null },
      { ...seed, revealedAt: null },
      s.game,
    );
    const fairness = fairnessOf({ ...seed, nonce: seed.nonce + 1 });
    const values = [
      seed.id,
      seed.nonce,
      roundId,
      memberId,
      s.game.nodeId,
      s.id,
      bet.toString(),
      win.toString(),
      JSON.stringify(outcome.stops),
      createdAt.toISOString(),
      seed.serverSeed,
      seed.clientSeed,
    ];
    const played = await playRoundAtOnce(
      db,
      { ...betRequest(s, roundId, bet), idempotencyKey, request: { session: s.id, bet: bet.toString() } },
      { win, detail: { round, fairness }, engine: { ctes: s.unchecked ? SANDBOX_CTES_CHECKED : SANDBOX_CTES, values } },
    );
    if (played === null) {
      predicted.delete(memberId);
      // The session, not only the seed, may be why: read it again before anything else.
      if (s.unchecked) throw new SessionRecheck();
      continue;
    }
    if (played.replayed) {
      // An earlier call with this key answered; this one used no nonce.
      predicted.delete(memberId);
    } else {
      seed.nonce++;
      await announceWin(db, memberId, s.game, roundId, bet, win);
    }
    // A key first used for a free spin replays that spin's answer, with its free-spin fields.
    const d = played.value.detail as Partial<SpinAnswer> & Pick<SpinAnswer, 'round' | 'fairness'>;
    return { round: d.round, fairness: d.fairness, balance: played.value.balance, freeSpins: d.freeSpins ?? null, freeSpinsEnded: d.freeSpinsEnded ?? null };
  }
  // The transaction takes the nonce itself: the guess is stale after it.
  predicted.delete(memberId);
  return null;
}

/**
 * Reveals the member's active server seed for the session's mode and commits a new one, with the
 * player's seed (or a fresh random one). Answers the revealed pair with the last nonce it served.
 */
export async function rotateSeed(db: Db, owner: SeedOwner, demo: boolean, clientSeed?: string) {
  if ('memberId' in owner) predicted.delete(owner.memberId);
  return db.transaction(async (tx) => {
    const current = await activeSeed(tx, owner, demo);
    // The pair locked first, then its open hands looked at in a statement of their own (so a deal
    // that took its nonce meanwhile is seen): a blackjack hand still played from this seed would
    // have its cards to come shown by the reveal.
    await tx.select({ id: gameSeed.id }).from(gameSeed).where(eq(gameSeed.id, current.id)).for('update');
    const [openHand] = await tx
      .select({ roundId: sandboxRound.roundId })
      .from(sandboxRound)
      .where(and(eq(sandboxRound.seedId, current.id), eq(sandboxRound.open, true)))
      .limit(1);
    if (openHand) throw new ApiError(409, 'game.seed.handOpen');
    const [revealed] = await tx
      .update(gameSeed)
      .set({ revealedAt: new Date() })
      .where(and(eq(gameSeed.id, current.id), isNull(gameSeed.revealedAt)))
      .returning();
    if (!revealed) throw new ApiError(409, 'game.seed.busy');
    const next = makeServerSeed();
    const [made] = await tx
      .insert(gameSeed)
      .values({ ...ownerColumns(owner), demo, serverSeed: next.serverSeed, serverSeedHash: next.serverSeedHash, clientSeed: clientSeed ?? makeClientSeed() })
      .returning();
    return {
      revealed: { serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, lastNonce: revealed.nonce - 1 },
      fairness: fairnessOf(made!),
    };
  });
}

/** The member's rounds of one game in one mode (a guest's: its session's), newest first, one page. */
export async function rounds(db: Db, s: PlaySession, pageNo: number, pageSize: number) {
  const where = s.memberId === null ? eq(sandboxRound.sessionId, s.id) : and(eq(sandboxRound.memberId, s.memberId), eq(sandboxRound.nodeId, s.game.nodeId), eq(sandboxRound.demo, s.demo));
  const rows = await db
    .select({ r: sandboxRound, seed: gameSeed, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(sandboxRound)
    .innerJoin(gameSeed, eq(gameSeed.id, sandboxRound.seedId))
    .where(where)
    .orderBy(desc(sandboxRound.createdAt), desc(sandboxRound.nonce))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const total =
    rows[0]?.total ??
    (pageNo > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(sandboxRound)
            .where(where)
        )[0]!.n
      : 0);
  return { list: rows.map(({ r, seed }) => presentRound(r, seed, s.game)), pageNum: pageNo, totalPages: Math.ceil(total / pageSize) };
}

/** Recomputes a round from seeds the player holds; checks the seed against a hash when given. */
export function verify(game: { seed: number }, q: { serverSeed: string; serverSeedHash?: string; clientSeed: string; nonce: number; bet?: bigint }) {
  const config = gameConfig(game.seed);
  const serverSeedHash = createHash('sha256').update(Buffer.from(q.serverSeed, 'hex')).digest('hex');
  const outcome = roundOutcome(config, { serverSeed: q.serverSeed, clientSeed: q.clientSeed, nonce: q.nonce });
  const decimals = brand().currencyDecimals;
  if (q.bet !== undefined && (q.bet <= 0n || q.bet % config.betStep !== 0n)) throw new ApiError(400, 'game.bet.invalid');
  // Without a stake the round is priced at the smallest one (one minor unit per line), as verifyRound does.
  const settled = settle(config, outcome, q.bet ?? config.betStep);
  return {
    serverSeedHash,
    hashMatches: q.serverSeedHash === undefined ? null : seedMatchesHash(q.serverSeed, q.serverSeedHash),
    stops: outcome.stops,
    grid: outcome.grid,
    lineWins: settled.lineWins.map((w) => ({ line: w.line, symbol: w.symbol, count: w.count, multiplier: w.multiplier, payout: formatMinor(w.payout, decimals) })),
    lines: config.lines.map((l) => [...l]),
    multiplier: (outcome.totalMultiplier / config.lines.length).toString(),
    win: formatMinor(settled.totalWin, decimals),
  };
}

/** Recomputes a table game's round from seeds the player holds: its draws (contract/tables.ts). */
export function verifyTable(table: TableGame | { kind: RoomGame }, q: { serverSeed: string; serverSeedHash?: string; clientSeed: string; nonce: number }) {
  const words = roundWords(q.serverSeed, q.clientSeed, q.nonce);
  // A PVP room's round: every seat's hand, dealt from one shuffled deck (contract/rooms.ts).
  const stops = table.kind === 'bullBull' || table.kind === 'teenPatti' ? drawRoom(table.kind, words) : drawTable(table as TableGame, words);
  return {
    serverSeedHash: hashServerSeed(q.serverSeed),
    hashMatches: q.serverSeedHash === undefined ? null : seedMatchesHash(q.serverSeed, q.serverSeedHash),
    stops,
    grid: [],
    lineWins: [],
    lines: [],
    multiplier: '0',
    win: null,
    table: { kind: table.kind, wheel: 'wheel' in table ? table.wheel : null },
  };
}

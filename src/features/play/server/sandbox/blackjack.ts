/**
 * Blackjack hands (issue 34, RNG tables): a round played in turns. The deal takes the member's
 * seed pair's nonce and opens the round; each action (hit, stand, double, split, insurance) is a
 * call of its own, in a transaction that locks the hand, replays it from its record with the
 * seed's card stream (contract/blackjack.ts) and plays the action; the hand's last action settles
 * it. The money is the wallet's: the deal opens a wallet round (`openRounds`: protection, the
 * ledger), a double, a split and insurance raise its stake (`raiseStakeIn`: protection again, the
 * ledger), and the end settles it (`settleRounds`), so records, reports, wagering and limits count
 * the hand as any round, at its whole stake. Demo hands move the session's play money.
 *
 * - Every call is idempotent by the client's key ('play' namespace, as spins and tables), and an
 *   action names the step it was chosen at (the number of actions before it): a second tab's or
 *   a retried action on a hand that moved on is refused (409 `game.blackjack.stale`), never
 *   played twice.
 * - One open hand per seed pair and game (a unique index); a second deal answers 409
 *   `game.blackjack.handOpen`, and the page resumes the open hand. The seed pair cannot be rotated
 *   while a hand dealt from it is open (revealing the seed would show the cards to come): 409
 *   `game.seed.handOpen` (provider.ts rotateSeed).
 * - A hand left idle (the player closed the page) is played out by the job `play.blackjack.idle`
 *   after IDLE_MS: insurance declined, every hand stood, the dealer draws and the hand is settled,
 *   as a table would do. Its wallet round carries a `settleBy` past that, so the stale-round
 *   sweeper never refunds a hand whose cards were seen.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { uniformBelow } from '../../../../kernel/uniform.ts';
import { hashServerSeed, roundWords, seedMatchesHash } from '../../../../kernel/fairness.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { once } from '../../../../kernel/idempotency.ts';
import { log } from '../../../../kernel/log.ts';
import { clock } from '../../../../kernel/clock.ts';
import { game } from '../../../games/index.ts';
import { balancesOf, gameRound, openRounds, raiseStakeIn, settleRounds, type Tx } from '../../../wallet/index.ts';
import type { PlayedRound } from '../../contract/play.ts';
import {
  actionCost,
  applyAction,
  BLACKJACK_RTP,
  blackjackOfRecord,
  handTotal,
  replayBlackjack,
  settleBlackjack,
  stakeOf,
  startBlackjack,
  viewOfBlackjack,
  visibleCards,
  type BlackjackAction,
  type BlackjackState,
} from '../../contract/blackjack.ts';
import { tableLimits } from '../../contract/tables.ts';
import { gameSeed, gameSession, sandboxRound } from '../tables.ts';
import { announceWin, fairnessOf, newRoundId, seedOwnerOf, takeNonce, type PlaySession, type SpinAnswer } from './provider.ts';
import type { TableBets } from './table-rounds.ts';

/** A hand nobody acted on for this long is played out (stood) by the job. */
export const IDLE_MS = 10 * 60_000;
/** The wallet round's `settleBy`: the stale-round sweeper leaves an open hand to the idle job. */
const SETTLE_BY_MS = 24 * 60 * 60_000;

/** Blackjack's rules as the game page draws them (the tables' shape: its spots are the hand, a blackjack and insurance). */
export function blackjackRules(minBet: bigint) {
  const decimals = brand().currencyDecimals;
  const limits = tableLimits(minBet);
  return {
    kind: 'blackjack' as const,
    wheel: null,
    spots: [
      { spot: 'hand', pays: '1:1', rtp: BLACKJACK_RTP },
      { spot: 'blackjack', pays: '3:2', rtp: BLACKJACK_RTP },
      { spot: 'insurance', pays: '2:1', rtp: 12 / 13 },
    ],
    bets: limits.chips.map((c) => formatMinor(c, decimals)),
    maxSpot: formatMinor(limits.maxSpot, decimals),
    rtp: BLACKJACK_RTP,
  };
}

type Row = typeof sandboxRound.$inferSelect;

const handBet = (t: TableBets) => BigInt(t.bets[0]!.amount);
const actionsOf = (t: TableBets) => (t.actions ?? []) as BlackjackAction[];

/** A hand as the game page, the history and the verify links show it: the dealer's hole card hidden until it ends. */
export function presentBlackjackRound(
  r: Pick<Row, 'roundId' | 'nodeId' | 'demo' | 'betAmount' | 'winAmount' | 'nonce' | 'stops' | 'createdAt' | 'open'> & { tableBets: TableBets },
  seed: { serverSeed: string; serverSeedHash: string; clientSeed: string; revealedAt: Date | null },
  game: { gameName: string },
): PlayedRound {
  const decimals = brand().currencyDecimals;
  const fmt = (x: bigint) => formatMinor(x, decimals);
  const actions = actionsOf(r.tableBets);
  const state = blackjackOfRecord(r.stops, actions);
  const bet = handBet(r.tableBets);
  return {
    roundId: r.roundId,
    nodeId: r.nodeId,
    gameName: game.gameName,
    demo: r.demo,
    freeSpin: false,
    bet: fmt(r.betAmount),
    win: fmt(r.winAmount),
    stops: visibleCards(state),
    grid: [],
    lineWins: [],
    table: { kind: 'blackjack', wheel: null, bets: [{ spot: 'hand', amount: fmt(r.betAmount), payout: fmt(r.winAmount) }], blackjack: viewOfBlackjack(state, actions, bet, fmt) },
    ...(r.open ? { open: true } : {}),
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    clientSeed: seed.clientSeed,
    nonce: r.nonce,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A hand's card stream: the seed pair's words at the hand's nonce, as cards. */
function cardStream(seed: { serverSeed: string; clientSeed: string }, nonce: number) {
  const words = roundWords(seed.serverSeed, seed.clientSeed, nonce);
  return () => uniformBelow(52, words);
}

/** Moves a demo session's play money (never below zero: a short balance is 'wallet.balance.insufficient'); answers it after. */
async function moveDemo(tx: Tx, sessionId: number, delta: bigint): Promise<bigint> {
  const [after] = await tx
    .update(gameSession)
    .set({ demoBalance: sql`${gameSession.demoBalance} + ${delta}` })
    .where(and(eq(gameSession.id, sessionId), sql`${gameSession.demoBalance} + ${delta} >= 0`))
    .returning({ demoBalance: gameSession.demoBalance });
  if (!after) throw new ApiError(400, 'wallet.balance.insufficient');
  return after.demoBalance!;
}

/** The key's namespace of a session's plays (as spins and tables). */
const opName = (s: PlaySession) => (s.memberId === null ? `demo-play-guest-${s.id}` : s.demo ? 'demo-play' : 'play');

/** Settles a hand that ended in this transaction: the wallet round (real) or the play money (demo). Answers its win. */
async function finish(tx: Tx, r: { roundId: string; demo: boolean; sessionId: number; gameName: string }, state: BlackjackState, bet: bigint): Promise<bigint> {
  const { win } = settleBlackjack(state, bet);
  if (r.demo) {
    if (win > 0n) await moveDemo(tx, r.sessionId, win);
  } else {
    // The wallet round must still be open: one the sweeper refunded (a hand left far past its
    // settleBy) is not paid a second time, and the hand is closed as refunded (walletRoundGone).
    const { closed } = await settleRounds(tx, [{ roundId: r.roundId, win }], r.roundId, r.gameName);
    if (closed !== 1) throw new WalletRoundGone();
  }
  return win;
}

/** The hand's wallet round is no longer open (refunded by the stale-round sweeper): the hand can only be closed as refunded. */
class WalletRoundGone extends Error {
  constructor() {
    super('the hand’s wallet round is closed');
  }
}

/** Closes a hand whose wallet round was refunded: no win, its stake given back by the refund. */
async function closeRefunded(db: Db, roundId: string): Promise<void> {
  await db
    .update(sandboxRound)
    .set({ open: false, winAmount: 0n })
    .where(and(eq(sandboxRound.roundId, roundId), eq(sandboxRound.open, true)));
  log.warn('play.blackjack.refunded', { roundId });
}

async function balanceOf(tx: Tx, s: PlaySession): Promise<string> {
  const decimals = brand().currencyDecimals;
  if (s.demo) {
    const [row] = await tx.select({ b: gameSession.demoBalance }).from(gameSession).where(eq(gameSession.id, s.id));
    return formatMinor(row!.b!, decimals);
  }
  return formatMinor((await balancesOf(tx, [s.wallet])).get(s.wallet)!, decimals);
}

/**
 * A hand that ended: its line on the winner board when it won 10 times its stake or more, and the
 * large-win notice, after the commit (as a spin's: a crash in between loses a line, never money).
 */
export async function afterWin(db: Db, s: PlaySession, round: PlayedRound): Promise<void> {
  if (s.demo || s.memberId === null || round.open) return;
  const d = brand().currencyDecimals;
  await announceWin(db, s.memberId, s.game, round.roundId, parseMinor(round.bet, d) ?? 0n, parseMinor(round.win, d) ?? 0n);
}

/** Why a stake is not one the table takes (a whole number of its chip, at most its limit), or null. */
function betIssue(bet: bigint, minBet: bigint): boolean {
  const { chip, maxSpot } = tableLimits(minBet);
  return bet <= 0n || bet % chip !== 0n || bet > maxSpot;
}

/**
 * Deals a hand of the session's game for `bet` (minor units). Refuses a stake the table does not
 * take (400 `game.table.amount`), a second open hand (409 `game.blackjack.handOpen`) and a short
 * balance or player protection's refusal. Idempotent by the client's key.
 */
export async function dealHand(db: Db, s: PlaySession, bet: bigint, idempotencyKey: string): Promise<SpinAnswer> {
  if (s.memberId === null && !s.demo) throw new ApiError(401, 'game.session.invalid');
  if (betIssue(bet, s.game.minBet)) throw new ApiError(400, 'game.table.amount');
  const roundId = newRoundId();
  const request = { session: s.id, blackjack: 'deal', bet: bet.toString() };
  const { value, replayed } = await once(
    db,
    { name: opName(s), memberId: s.memberId, key: idempotencyKey, request },
    async (tx) => {
      const seed = await takeNonce(tx, seedOwnerOf(s), s.demo);
      // The seed row is locked to the commit: no other deal of this pair races this look.
      const [openHand] = await tx
        .select({ roundId: sandboxRound.roundId })
        .from(sandboxRound)
        .where(and(eq(sandboxRound.seedId, seed.id), eq(sandboxRound.nodeId, s.game.nodeId), eq(sandboxRound.open, true)));
      if (openHand) throw new ApiError(409, 'game.blackjack.handOpen');
      const state = startBlackjack(cardStream(seed, seed.nonce));
      if (s.demo) await moveDemo(tx, s.id, -bet);
      else
        await openRounds(tx, {
          memberId: s.memberId!,
          vendor: s.game.vassalage,
          nodeId: s.game.nodeId,
          gameName: s.game.gameName,
          fromGameWallet: s.fromGameWallet,
          reference: roundId,
          bets: [{ roundId, amount: bet }],
          settleBy: clock.now() + SETTLE_BY_MS,
        });
      const tableBets: TableBets = { kind: 'blackjack', wheel: null, bets: [{ spot: 'hand', amount: bet.toString() }], actions: [] };
      const done = state.phase === 'done';
      const [row] = await tx
        .insert(sandboxRound)
        .values({
          roundId,
          memberId: s.memberId,
          nodeId: s.game.nodeId,
          sessionId: s.id,
          demo: s.demo,
          betAmount: bet,
          winAmount: 0n,
          seedId: seed.id,
          nonce: seed.nonce,
          stops: state.cards,
          tableBets,
          open: !done,
          actedAt: new Date(clock.now()),
        })
        .returning();
      let win = 0n;
      if (done) {
        win = await finish(tx, { roundId, demo: s.demo, sessionId: s.id, gameName: s.game.gameName }, state, bet);
        await tx.update(sandboxRound).set({ winAmount: win }).where(eq(sandboxRound.roundId, roundId));
      }
      const round = presentBlackjackRound({ ...row!, winAmount: win, tableBets }, { ...seed, revealedAt: null }, s.game);
      return { round, fairness: fairnessOf({ ...seed, nonce: seed.nonce + 1 }), balance: await balanceOf(tx, s), freeSpins: null, freeSpinsEnded: null };
    },
    { claim: 'last' },
  );
  if (!replayed) await afterWin(db, s, value.round);
  return value;
}

/**
 * Plays `action` on the open hand `roundId` of the session's member (or guest) in this game, chosen
 * at `step`. Refuses a hand that is not theirs (404 `game.blackjack.unknown`), one that is over
 * (409 `game.blackjack.over`), a step the hand has left (409 `game.blackjack.stale`), an action the
 * hand does not take now (409 `game.blackjack.notAllowed`) and a raise the wallet or player
 * protection refuses. Idempotent by the client's key.
 */
export async function actOnHand(db: Db, s: PlaySession, roundId: string, action: BlackjackAction, step: number, idempotencyKey: string): Promise<SpinAnswer> {
  const request = { session: s.id, blackjack: action, round: roundId, step };
  const { value, replayed } = await once(
    db,
    { name: opName(s), memberId: s.memberId, key: idempotencyKey, request },
    async (tx) => {
      const owner = s.memberId === null ? eq(sandboxRound.sessionId, s.id) : eq(sandboxRound.memberId, s.memberId);
      const [row] = await tx
        .select()
        .from(sandboxRound)
        .where(and(eq(sandboxRound.roundId, roundId), owner, eq(sandboxRound.nodeId, s.game.nodeId), eq(sandboxRound.demo, s.demo)))
        .for('update');
      if (!row || row.tableBets?.kind !== 'blackjack') throw new ApiError(404, 'game.blackjack.unknown');
      if (!row.open) throw new ApiError(409, 'game.blackjack.over');
      const tableBets = row.tableBets;
      const actions = actionsOf(tableBets);
      if (step !== actions.length) throw new ApiError(409, 'game.blackjack.stale');
      if (!row.demo) {
        // The wallet round, locked after the hand (the idle job's order): one the sweeper refunded is never played on.
        const [gr] = await tx.select({ status: gameRound.status }).from(gameRound).where(eq(gameRound.roundId, roundId)).for('update');
        if (gr?.status !== 'open') throw new WalletRoundGone();
      }
      const [seed] = await tx.select().from(gameSeed).where(eq(gameSeed.id, row.seedId));
      const next = cardStream(seed!, row.nonce);
      const before = replayBlackjack(actions, next);
      const bet = handBet(tableBets);
      let after: BlackjackState;
      try {
        after = applyAction(before, action, next);
      } catch (err) {
        if (err instanceof RangeError) throw new ApiError(409, 'game.blackjack.notAllowed');
        throw err;
      }
      const cost = actionCost(before, action, bet);
      if (cost > 0n) {
        if (s.demo) await moveDemo(tx, s.id, -cost);
        else await raiseStakeIn(tx, roundId, s.memberId!, cost);
      }
      const done = after.phase === 'done';
      // A demo hand's money moves on the session acting (one relaunched resumes the hand: its raises and its win on the same play money).
      const win = done ? await finish(tx, { roundId, demo: row.demo, sessionId: s.id, gameName: s.game.gameName }, after, bet) : 0n;
      const nextBets: TableBets = { ...tableBets, actions: [...actions, action] };
      const [saved] = await tx
        .update(sandboxRound)
        .set({ stops: after.cards, tableBets: nextBets, betAmount: stakeOf(after, bet), winAmount: win, open: !done, actedAt: new Date(clock.now()) })
        .where(eq(sandboxRound.roundId, roundId))
        .returning();
      const round = presentBlackjackRound({ ...saved!, tableBets: nextBets }, seed!, s.game);
      return { round, fairness: fairnessOf(seed!), balance: await balanceOf(tx, s), freeSpins: null, freeSpinsEnded: null };
    },
    { claim: 'last' },
  ).catch(async (err: unknown) => {
    if (!(err instanceof WalletRoundGone)) throw err;
    await closeRefunded(db, roundId);
    throw new ApiError(409, 'game.blackjack.over');
  });
  if (!replayed) await afterWin(db, s, value.round);
  return value;
}

/**
 * Plays out hands nobody acted on for IDLE_MS (the job `play.blackjack.idle`): insurance declined,
 * every hand stood, the dealer's draws, the settlement, each hand in its own transaction under
 * its lock (a hand another process or the player is finishing is skipped). Answers how many ended.
 */
export async function playOutIdleHands(db: Db, now: number, limit = 100): Promise<number> {
  const idle = await db
    .select({ roundId: sandboxRound.roundId })
    .from(sandboxRound)
    .where(and(eq(sandboxRound.open, true), lt(sandboxRound.actedAt, new Date(now - IDLE_MS))))
    .limit(limit);
  let ended = 0;
  for (const { roundId } of idle) {
    try {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxRound)
          .where(and(eq(sandboxRound.roundId, roundId), eq(sandboxRound.open, true)))
          .for('update', { skipLocked: true });
        if (!row || row.tableBets?.kind !== 'blackjack') return false;
        const [seed] = await tx.select().from(gameSeed).where(eq(gameSeed.id, row.seedId));
        const next = cardStream(seed!, row.nonce);
        const actions = actionsOf(row.tableBets);
        let state = replayBlackjack(actions, next);
        const played = [...actions];
        while (state.phase !== 'done') {
          const a: BlackjackAction = state.phase === 'insurance' ? 'noInsurance' : 'stand';
          state = applyAction(state, a, next);
          played.push(a);
        }
        const bet = handBet(row.tableBets);
        const [g] = await tx.select({ gameName: game.gameName }).from(game).where(eq(game.nodeId, row.nodeId));
        const win = await finish(tx, { roundId, demo: row.demo, sessionId: row.sessionId, gameName: g!.gameName }, state, bet);
        await tx
          .update(sandboxRound)
          .set({ stops: state.cards, tableBets: { ...row.tableBets, actions: played }, winAmount: win, open: false, actedAt: new Date(now) })
          .where(eq(sandboxRound.roundId, roundId));
        return true;
      });
      if (done) ended++;
    } catch (err) {
      if (err instanceof WalletRoundGone) {
        await closeRefunded(db, roundId);
        ended++;
        continue;
      }
      log.error('play.blackjack.idle.failed', { roundId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return ended;
}

/** Cards the verify page lists of a hand's stream when it is not told the hand's actions: more than any hand deals. */
const VERIFY_CARDS = 40;

/**
 * Recomputes a hand from seeds the player holds (the public verify call): with its actions, the
 * hand replayed (its cards, the dealer's, each hand's result, and the return for `bet`, by default
 * one smallest chip); without them, the stream's first cards, in the order a hand takes them.
 */
export function verifyBlackjack(q: { serverSeed: string; serverSeedHash?: string; clientSeed: string; nonce: number }, actions: string | undefined, bet: bigint | undefined) {
  const next = cardStream(q, q.nonce);
  const base = {
    serverSeedHash: hashServerSeed(q.serverSeed),
    hashMatches: q.serverSeedHash === undefined ? null : seedMatchesHash(q.serverSeed, q.serverSeedHash),
    grid: [],
    lineWins: [],
    lines: [],
    multiplier: '0',
  };
  if (actions === undefined) return { ...base, stops: Array.from({ length: VERIFY_CARDS }, next), win: null, table: { kind: 'blackjack' as const, wheel: null } };
  const list = (actions ? actions.split(',') : []) as BlackjackAction[];
  let state: BlackjackState;
  try {
    state = replayBlackjack(list, next);
  } catch (err) {
    if (err instanceof RangeError) throw new ApiError(400, 'game.blackjack.actions');
    throw err;
  }
  const decimals = brand().currencyDecimals;
  const fmt = (x: bigint) => formatMinor(x, decimals);
  const b = bet ?? 100n;
  if (b % 2n !== 0n) throw new ApiError(400, 'game.bet.invalid');
  return {
    ...base,
    stops: state.cards,
    win: state.phase === 'done' ? fmt(settleBlackjack(state, b).win) : null,
    // Every card shown: whoever holds the seed sees the hole card anyway.
    table: { kind: 'blackjack' as const, wheel: null, blackjack: { ...viewOfBlackjack(state, list, b, fmt), dealer: { cards: state.dealer, ...handTotal(state.dealer) } } },
  };
}

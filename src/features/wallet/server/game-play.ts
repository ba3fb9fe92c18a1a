/**
 * The interface game engines and vendors call to move a player's money for a round: debit the
 * bet when the round opens, then credit the win (0 is a loss) or refund the bet, once. Each call
 * is idempotent by round id, so a vendor that retries after a timeout cannot pay twice. The
 * lobby slice plugs its engines in here and nothing else of the wallet.
 */
import { and, asc, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import { LOTTERY_PAGES } from '../../games/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { gameRound, ledgerAccount } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { GAME_SHARDS, gameAccount, gamesAccount, HOUSE, mainAccount } from './accounts.ts';
import { once, onceInStatement, type Outcome } from '../../../kernel/idempotency.ts';
import { log } from '../../../kernel/log.ts';
import { ledgerOperations } from '../../../kernel/metrics.ts';
import { isShortOfMoney, postTransfer, type Tx } from './ledger.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { run, statement, type Statement } from '../../../kernel/db/statement.ts';
import { adjustCounted, charge, refuseIfBlocked, refuseStake, release } from '../../protection/index.ts';
import { createHash } from 'node:crypto';
import { addToDay } from './daily.ts';
import { OPEN_ROUND, PLAY_ROUND, playRoundText, SETTLE_ROUND, type EngineCtes } from './round-statements.ts';

export interface BetRequest {
  memberId: number;
  /** Unique per round (the engine's or vendor's round id): the idempotency key of the bet. */
  roundId: string;
  vendor: string;
  nodeId?: number | null;
  gameName: string;
  amount: bigint;
  /** Debit the vendor's game wallet instead of the main wallet (brands that are not single-wallet). */
  fromGameWallet?: boolean;
  /** When the vendor will have the result, ms (a sports bet's fixture): the sweeper leaves the round open until then. */
  settleBy?: number;
}

export interface RoundAnswer {
  roundId: string;
  status: 'open' | 'settled' | 'refunded';
  bet: string;
  win: string | null;
  /** The wallet's balance after the call. */
  balance: string;
}

const ROUND_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Round calls write their idempotency record after the work: the round's primary key (bet) and
 * its open status (settle, refund) already stop a second run, so the claim up front would only
 * cost a statement per call (idempotency.ts header). A bet, a settle and a played round go
 * further: each is one statement that writes its record itself (round-statements.ts).
 */
const RECORD_LAST = { claim: 'last' } as const;

function walletOf(memberId: number, vendor: string, fromGameWallet: boolean | undefined) {
  return fromGameWallet ? gameAccount(memberId, vendor) : mainAccount(memberId);
}

/** Debits the bet and opens the round; refuses with 'wallet.balance.insufficient' when short. One statement (round-statements.ts). */
export async function placeBet(db: Db, req: BetRequest): Promise<RoundAnswer> {
  if (!ROUND_ID.test(req.roundId)) throw new Error(`bad round id ${req.roundId}`);
  if (req.amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  const wallet = walletOf(req.memberId, req.vendor, req.fromGameWallet);
  const op = { name: 'bet', memberId: req.memberId, key: req.roundId, request: { ...req } };
  const { balance: _, ...partial } = answer(req.roundId, 'open', req.amount, null, 0n);
  const { value } = await onceInStatement(db, op, async ({ key, requestHash }) => {
    const row = await moneyStatement(db, OPEN_ROUND, [
      ...roundHead(req),
      wallet,
      gamesAccount(req.memberId),
      brand().currency,
      key,
      requestHash,
      JSON.stringify(partial),
      brand().timeZone,
      req.settleBy === undefined ? null : new Date(req.settleBy).toISOString(),
    ]);
    wrote(row, 2, 'bet');
    return { ...partial, balance: formatMinor(BigInt(String(row.balance))) };
  }).catch(explainRefusal(db, req));
  return value;
}

/** Settles an open round with its win (0n for a loss), crediting the wallet the bet came from. One statement (round-statements.ts). */
export async function settleRound(db: Db, roundId: string, win: bigint): Promise<RoundAnswer> {
  if (win < 0n) throw new Error('a win cannot be negative');
  const op = { name: 'settle', memberId: null, key: roundId, request: { roundId, win } };
  const { value } = await onceInStatement(db, op, async ({ key, requestHash }) => {
    const row = await moneyStatement(db, SETTLE_ROUND, [roundId, win.toString(), brand().timeZone, key, requestHash, `${HOUSE.games}:`, GAME_SHARDS, brand().currency]);
    if (!Number(row.closed)) throw row.known ? new ApiError(409, 'wallet.round.closed') : new ApiError(404, 'wallet.round.unknown');
    wrote(row, win > 0n ? 2 : 0, 'settle');
    return answer(roundId, 'settled', BigInt(String(row.bet)), BigInt(String(row.won)), BigInt(String(row.balance)));
  });
  return value;
}

/** Runs a round's money statement; one that could not debit wrote nothing and is 'wallet.balance.insufficient' (explainRefusal says why). */
async function moneyStatement(db: Db | Tx, s: Statement, values: unknown[]): Promise<Record<string, unknown>> {
  try {
    return (await run(db, s, values))[0]!;
  } catch (err) {
    if (isShortOfMoney(err)) throw new ApiError(400, 'wallet.balance.insufficient');
    throw err;
  }
}

/**
 * A stake's statement refuses whatever stopped its debit with nothing written; asked after (and
 * outside any transaction): player protection's refusal when the member is blocked or a loss or
 * wager limit has no room, else the short balance it was.
 */
function explainRefusal(db: Db, req: { memberId: number; amount: bigint }) {
  return async (err: unknown): Promise<never> => {
    if (err instanceof ApiError && err.errorCode === 'wallet.balance.insufficient') throw (await refuseStake(db, req.memberId, req.amount)) ?? err;
    throw err;
  };
}

/** The statement wrote the entries and the record it should have (they follow from its CTEs; this says so loudly if they ever do not). */
function wrote(row: Record<string, unknown>, entries: number, what: 'bet' | 'settle' | 'play') {
  ledgerOperations.inc({ kind: what });
  if (Number(row.entries) !== entries || Number(row.recorded) !== 1) {
    // Said in the log first: the statement has committed, so the caller replays its record and
    // answers as if nothing were wrong.
    const message = `ledger: a ${what} statement wrote ${String(row.entries)} entries (not ${entries}) and ${String(row.recorded)} records`;
    log.error('wallet.round.statement.mismatch', { what, entries: String(row.entries), recorded: String(row.recorded) });
    throw new Error(message);
  }
}

/**
 * Gives an open round's bet back to the wallet it came from (the game could not complete); refuses
 * a settled round, and one whose win was paid in part (409 `wallet.round.partlyPaid`: the vendor
 * settles it, or voids it, which takes the parts back).
 */
export async function refundRound(db: Db, roundId: string): Promise<RoundAnswer> {
  const op = { name: 'refund', memberId: null, key: roundId, request: { roundId } };
  const { value } = await once(
    db,
    op,
    async (tx) => {
      const round = await closeRound(tx, roundId, 'refunded', null);
      const wallet = round.walletAccount;
      // The stake never played: it counts no more against the loss and wager limits.
      await release(tx, round.memberId, ['loss', 'wager'], round.betAmount, round.createdAt);
      const posted = await postTransfer(tx, {
        kind: 'refund',
        memberId: round.memberId,
        reference: roundId,
        memo: round.gameName,
        legs: [{ from: gamesAccount(round.memberId), to: wallet, amount: round.betAmount }],
      });
      return answer(roundId, 'refunded', round.betAmount, null, posted.balances.get(wallet)!);
    },
    RECORD_LAST,
  );
  return value;
}

/** What a vendor's correction of a round moved (resettleRound, voidRound). */
export interface CorrectionAnswer extends RoundAnswer {
  /** What the wallet could not give back of what the correction took (it never goes below zero): written off by the house. */
  unrecovered: string;
}

type RoundRow = typeof gameRound.$inferSelect;

/**
 * Moves `delta` between the house games account and a round's wallet (kind 'resettle'): a
 * positive one is paid, a negative one taken back as far as the wallet holds. Called last in a
 * correction, after the round, its day figures and the limits (the order of the round
 * statements): the wallet is locked first, so the amount taken back is read under the lock, and
 * postTransfer then takes the house games account, as a settle takes the member's account before
 * the house's. Answers the wallet's balance after and what could not be taken back.
 */
async function moveDifference(tx: Tx, round: RoundRow, delta: bigint, memo: string): Promise<{ balance: bigint; unrecovered: bigint }> {
  const wallet = round.walletAccount;
  const [acc] = await tx.select({ balance: ledgerAccount.balance }).from(ledgerAccount).where(eq(ledgerAccount.code, wallet)).for('update');
  const held = acc?.balance ?? 0n;
  const take = delta >= 0n ? 0n : -delta < held ? -delta : held;
  const amount = delta > 0n ? delta : take;
  if (amount === 0n) return { balance: held, unrecovered: delta < 0n ? -delta : 0n };
  const house = gamesAccount(round.memberId);
  const legs = delta > 0n ? [{ from: house, to: wallet, amount }] : [{ from: wallet, to: house, amount }];
  const posted = await postTransfer(tx, { kind: 'resettle', memberId: round.memberId, reference: round.roundId, memo, legs });
  return { balance: posted.balances.get(wallet)!, unrecovered: delta > 0n ? 0n : -delta - take };
}

/** Locks a round for a correction; refuses an unknown one. */
async function lockRound(tx: Tx, roundId: string): Promise<RoundRow> {
  const [round] = await tx.select().from(gameRound).where(eq(gameRound.roundId, roundId)).for('update');
  if (!round) throw new ApiError(404, 'wallet.round.unknown');
  return round;
}

/**
 * A correction's idempotency key: the vendor's transaction id within the round (two rounds may
 * carry the same transaction id), hashed to the key's alphabet and length.
 */
const correctionKey = (roundId: string, transactionId: string) => createHash('sha256').update(`${roundId}\n${transactionId}`).digest('base64url').slice(0, 43);

/**
 * A vendor's correction of a settled round's win (issue 34: a sports result corrected after the
 * bets were paid): the round's win becomes `win`, and the difference is paid from the house games
 * account, or taken back from the wallet the round paid into as far as it holds; what it cannot
 * give back is written off by the house (`unrecovered`; the wallet never goes below zero). A
 * later correction upwards first cancels what was written off: the member never gets more than
 * the round's win. The round's day figures and loss limits move by the difference, in the period
 * of its bet (adjustCounted). Idempotent by the vendor's transaction id within the round: a replay
 * answers the same, the same id for another correction of the round is refused. A round that is
 * not settled (open, refunded) is refused with 409 wallet.round.notSettled.
 */
export async function resettleRound(db: Db, roundId: string, win: bigint, transactionId: string): Promise<CorrectionAnswer> {
  if (win < 0n) throw new Error('a win cannot be negative');
  const op = { name: 'resettle', memberId: null, key: correctionKey(roundId, transactionId), request: { roundId, transactionId, win: win.toString() } };
  const { value } = await once(db, op, (tx) => resettleRoundIn(tx, roundId, win));
  return value;
}

/**
 * resettleRound's work in the caller's transaction, without a key: for an engine of our own that
 * decides a correction under its own lock from the round as it stands (the sports book), so
 * that running it again finds nothing to change.
 */
export async function resettleRoundIn(tx: Tx, roundId: string, win: bigint): Promise<CorrectionAnswer> {
  if (win < 0n) throw new Error('a win cannot be negative');
  const round = await lockRound(tx, roundId);
  if (round.status !== 'settled') throw new ApiError(409, 'wallet.round.notSettled');
  const delta = win - (round.winAmount ?? 0n);
  // What was written off was paid and never taken back: a rise pays only beyond it.
  const cancelled = delta > 0n ? (delta < round.writtenOff ? delta : round.writtenOff) : 0n;
  if (delta !== 0n) await addToDay(tx, round.memberId, round.createdAt, round.vendor, { payout: delta });
  await adjustCounted(tx, round.memberId, ['loss'], -delta, round.createdAt);
  const moved = await moveDifference(tx, round, delta - cancelled, `${round.gameName} (corrected)`);
  const writtenOff = round.writtenOff - cancelled + moved.unrecovered;
  await tx.update(gameRound).set({ winAmount: win, writtenOff }).where(eq(gameRound.roundId, roundId));
  if (moved.unrecovered > 0n) log.warn('wallet.resettle.unrecovered', { roundId, memberId: round.memberId, amount: moved.unrecovered.toString() });
  return { ...answer(roundId, 'settled', round.betAmount, win, moved.balance), unrecovered: formatMinor(moved.unrecovered) };
}

/**
 * A vendor voids a round (issue 34: a cancelled fixture, a game that could not be held): it counts
 * for nothing. An open round is refunded as refundRound does. A settled one becomes refunded: the
 * stake goes back to its wallet (kind 'refund') and the win it paid is taken back (kind
 * 'resettle') as far as the wallet then holds, the rest written off (`unrecovered`); its day
 * figures lose the round, and the loss and wager limits what it counted (in the period of its
 * bet). Idempotent by the vendor's transaction id within the round; a round already refunded is
 * refused with 409 wallet.round.closed.
 */
export async function voidRound(db: Db, roundId: string, transactionId: string): Promise<CorrectionAnswer> {
  const op = { name: 'void', memberId: null, key: correctionKey(roundId, transactionId), request: { roundId, transactionId } };
  const { value } = await once(db, op, (tx) => voidRoundIn(tx, roundId));
  return value;
}

/** voidRound's work in the caller's transaction, without a key (resettleRoundIn says for whom). */
export async function voidRoundIn(tx: Tx, roundId: string): Promise<CorrectionAnswer> {
  const round = await lockRound(tx, roundId);
  if (round.status === 'refunded') throw new ApiError(409, 'wallet.round.closed');
  const wallet = round.walletAccount;
  const wasSettled = round.status === 'settled';
  // What the round paid: its win, or the parts paid while it was open.
  const won = wasSettled ? (round.winAmount ?? 0n) : round.partPaid;
  // The round, its day figures and the limits first, then the money (the round statements' order).
  await tx.update(gameRound).set({ status: 'refunded' }).where(eq(gameRound.roundId, roundId));
  if (wasSettled) {
    await addToDay(tx, round.memberId, round.createdAt, round.vendor, { betCount: -1, validBet: -round.betAmount, payout: -won });
    // What the round counted, exactly: its stake on both, less the win the settle gave back to the loss limits.
    await adjustCounted(tx, round.memberId, ['loss'], won - round.betAmount, round.createdAt);
    await adjustCounted(tx, round.memberId, ['wager'], -round.betAmount, round.createdAt);
  } else {
    await release(tx, round.memberId, ['loss', 'wager'], round.betAmount, round.createdAt);
  }
  await tx.select({ id: ledgerAccount.id }).from(ledgerAccount).where(eq(ledgerAccount.code, wallet)).for('update');
  const refunded = await postTransfer(tx, {
    kind: 'refund',
    memberId: round.memberId,
    reference: roundId,
    memo: `${round.gameName} (void)`,
    legs: [{ from: gamesAccount(round.memberId), to: wallet, amount: round.betAmount }],
  });
  let balance = refunded.balances.get(wallet)!;
  let unrecovered = 0n;
  if (won > 0n) {
    const moved = await moveDifference(tx, round, -won, `${round.gameName} (void)`);
    balance = moved.balance;
    unrecovered = moved.unrecovered;
    if (unrecovered > 0n) {
      await tx
        .update(gameRound)
        .set({ writtenOff: round.writtenOff + unrecovered })
        .where(eq(gameRound.roundId, roundId));
      log.warn('wallet.void.unrecovered', { roundId, memberId: round.memberId, amount: unrecovered.toString() });
    }
  }
  return { ...answer(roundId, 'refunded', round.betAmount, wasSettled ? won : null, balance), unrecovered: formatMinor(unrecovered) };
}

/**
 * Pays part of an open round's win (issue 34: a bet settled in several parts, as sports vendors
 * do): `amount` goes from the house games account to the wallet the bet came from, and the round
 * stays open; its closing credit (settleRound) adds the last part, and the round's win, day
 * figures and loss limits then count every part. Idempotent by the vendor's transaction id within
 * the round; a round that is not open is refused with 409 wallet.round.closed.
 */
export async function payPart(db: Db, roundId: string, amount: bigint, transactionId: string): Promise<RoundAnswer> {
  if (amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  const op = { name: 'part', memberId: null, key: correctionKey(roundId, transactionId), request: { roundId, transactionId, amount: amount.toString() } };
  const { value } = await once(db, op, async (tx) => {
    const round = await lockRound(tx, roundId);
    if (round.status !== 'open') throw new ApiError(409, 'wallet.round.closed');
    const paid = round.partPaid + amount;
    await tx.update(gameRound).set({ partPaid: paid }).where(eq(gameRound.roundId, roundId));
    const wallet = round.walletAccount;
    await tx.select({ id: ledgerAccount.id }).from(ledgerAccount).where(eq(ledgerAccount.code, wallet)).for('update');
    const posted = await postTransfer(tx, {
      kind: 'win',
      memberId: round.memberId,
      reference: roundId,
      memo: `${round.gameName} (part)`,
      legs: [{ from: gamesAccount(round.memberId), to: wallet, amount }],
    });
    return answer(roundId, 'open', round.betAmount, paid, posted.balances.get(wallet)!);
  });
  return value;
}

/**
 * Raises an open round's stake by `amount`, in the caller's transaction (issue 34: blackjack's
 * double, split and insurance; the engine decides under its own lock): player protection first
 * (refused while blocked; the amount counted against the loss and wager limits, refused when one
 * has no room), then the round's bet grows and the amount moves from the wallet the bet came from
 * to the house games account (kind 'bet'), refused with 'wallet.balance.insufficient' when the
 * wallet cannot pay. The settle then counts the whole stake in the day figures. A round that is
 * not open is refused (409 wallet.round.closed), one of another member too (404).
 */
export async function raiseStakeIn(tx: Tx, roundId: string, memberId: number, amount: bigint): Promise<RoundAnswer> {
  if (amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  const round = await lockRound(tx, roundId);
  if (round.memberId !== memberId) throw new ApiError(404, 'wallet.round.unknown');
  if (round.status !== 'open') throw new ApiError(409, 'wallet.round.closed');
  await refuseIfBlocked(tx, memberId);
  await charge(tx, memberId, ['loss', 'wager'], amount);
  const bet = round.betAmount + amount;
  await tx.update(gameRound).set({ betAmount: bet }).where(eq(gameRound.roundId, roundId));
  const wallet = round.walletAccount;
  // postTransfer refuses a wallet that cannot pay ('wallet.balance.insufficient'): the caller's transaction then writes nothing.
  const posted = await postTransfer(tx, { kind: 'bet', memberId, reference: roundId, memo: `${round.gameName} (raise)`, legs: [{ from: wallet, to: gamesAccount(memberId), amount }] });
  return answer(roundId, 'open', bet, null, posted.balances.get(wallet)!);
}

/**
 * Raises an open round's stake by `amount` for a vendor (issue 34: a blackjack double, split or
 * insurance sent as another debit of the same round), as raiseStakeIn does, in a transaction of
 * its own; idempotent by the vendor's transaction id within the round (a replay answers the same,
 * the same id with another amount is refused).
 */
export async function raiseStake(db: Db, roundId: string, memberId: number, amount: bigint, transactionId: string): Promise<RoundAnswer> {
  const op = { name: 'raise', memberId, key: correctionKey(roundId, transactionId), request: { roundId, transactionId, amount: amount.toString() } };
  const { value } = await once(db, op, (tx) => raiseStakeIn(tx, roundId, memberId, amount));
  return value;
}

/** A round the engine plays in one go: what it must know before the money moves. */
export interface PlayRequest extends BetRequest {
  /** The client's idempotency key of this play (a retry with it answers the same round). */
  idempotencyKey: string;
  /** What the key must stand for: a retry with the same key and another request is refused. */
  request: unknown;
}

/**
 * Plays a whole round in one transaction: `play` runs first (drawing the outcome and writing the
 * engine's own record, in the same transaction) and answers the win; then the bet is debited
 * and the win credited, and the round is written settled. A refused bet (short balance) rolls
 * everything back, the engine's record with it, so a round exists only with its money. Keyed by
 * the client's idempotency key: a retry replays the committed answer.
 */
export async function playRound<T>(db: Db, req: PlayRequest, play: (tx: Tx) => Promise<{ win: bigint; detail: T }>): Promise<RoundAnswer & { detail: T }> {
  if (!ROUND_ID.test(req.roundId)) throw new Error(`bad round id ${req.roundId}`);
  if (req.amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  const wallet = walletOf(req.memberId, req.vendor, req.fromGameWallet);
  const op = { name: 'play', memberId: req.memberId, key: req.idempotencyKey, request: req.request };
  const { value } = await onceInStatement(db, op, ({ key, requestHash }) =>
    db.transaction(async (tx) => {
      const { win, detail } = await play(tx);
      if (win < 0n) throw new Error('a win cannot be negative');
      const { balance: _, ...rest } = answer(req.roundId, 'settled', req.amount, win, 0n);
      const partial = { ...rest, detail };
      // The round, its daily figures, both transfers and the record in one statement, the money
      // last: the house games row stays locked only from there to the commit.
      const row = await moneyStatement(tx, PLAY_ROUND, playValues(req, win, wallet, key, requestHash, partial));
      wrote(row, win > 0n ? 4 : 2, 'play');
      return { ...partial, balance: formatMinor(BigInt(String(row.balance))) };
    }),
  ).catch(explainRefusal(db, req));
  return value;
}

/** An engine's writes for `playRoundAtOnce`: its statement part (one per engine, fixed text) and the values of its $e<n>. */
export interface EngineWrites {
  ctes: EngineCtes;
  values: unknown[];
}

const composed = new Map<string, Statement>();

/**
 * Plays a whole round as `playRound` does, in one statement instead of a transaction: for an
 * engine that knows its outcome before it writes (it predicted its seed's nonce), so its own writes
 * can go in the same statement, guarded (`engine.ctes.guard`: the nonce is still the one it
 * predicted). Answers null when the guard found nothing: nothing was written, and the engine
 * should look again (its seed moved on in another process) and retry. Keyed by the client's
 * idempotency key as playRound is.
 */
export async function playRoundAtOnce<T>(db: Db, req: PlayRequest, round: { win: bigint; detail: T; engine: EngineWrites }): Promise<Outcome<RoundAnswer & { detail: T }> | null> {
  if (!ROUND_ID.test(req.roundId)) throw new Error(`bad round id ${req.roundId}`);
  if (req.amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  if (round.win < 0n) throw new Error('a win cannot be negative');
  const { ctes } = round.engine;
  let s = composed.get(ctes.name);
  if (!s) composed.set(ctes.name, (s = statement(`wallet.round.play+${ctes.name}`, playRoundText(ctes))));
  const wallet = walletOf(req.memberId, req.vendor, req.fromGameWallet);
  const op = { name: 'play', memberId: req.memberId, key: req.idempotencyKey, request: req.request };
  const { balance: _, ...rest } = answer(req.roundId, 'settled', req.amount, round.win, 0n);
  const partial = { ...rest, detail: round.detail };
  const outcome = await onceInStatement(db, op, async ({ key, requestHash }) => {
    const row = await moneyStatement(db, s, [...playValues(req, round.win, wallet, key, requestHash, partial), ...round.engine.values]);
    if (!Number(row.played)) return null;
    wrote(row, round.win > 0n ? 4 : 2, 'play');
    return { ...partial, balance: formatMinor(BigInt(String(row.balance))) };
  }).catch(explainRefusal(db, req));
  return outcome.value === null ? null : { value: outcome.value, replayed: outcome.replayed };
}

/** A round statement's first values: $1 round id, $2 member, $3 vendor, $4 node id, $5 game name, $6 bet. */
function roundHead(req: BetRequest): unknown[] {
  return [req.roundId, req.memberId, req.vendor, req.nodeId ?? null, req.gameName, req.amount.toString()];
}

/** The values of playRoundText's $1 to $14. */
function playValues(req: BetRequest, win: bigint, wallet: string, key: string, requestHash: string, partial: unknown): unknown[] {
  return [...roundHead(req), win.toString(), wallet, gamesAccount(req.memberId), brand().currency, brand().timeZone, key, requestHash, JSON.stringify(partial)];
}

/**
 * Refunds rounds a vendor opened and never closed (a closed window, a lost connection, a server
 * restart on either side) once they are older than `maxAgeMs`: every open round ends settled or
 * refunded. Not a lottery vendor's: a ticket is an open round until its draw, hours or days away
 * (its draw settles it, or a cancelled draw refunds it). Nor one whose result its vendor said is
 * due later (`settleBy`, a sports bet): it waits until then, and `maxAgeMs` more.
 * Each refund is its own idempotent call, so several processes may sweep at once (the
 * loser of a race finds the round closed). Answers how many rounds this call closed (refunded, or settled with what a vendor paid in part).
 */
export async function refundStaleRounds(db: Db, now: number, maxAgeMs: number, limit = 200): Promise<number> {
  const stale = await db
    .select({ roundId: gameRound.roundId })
    .from(gameRound)
    .where(
      and(
        eq(gameRound.status, 'open'),
        lt(gameRound.createdAt, new Date(now - maxAgeMs)),
        notInArray(gameRound.vendor, Object.keys(LOTTERY_PAGES)),
        // A round whose result the vendor said is due later (a sports bet) waits for it, and the timeout after it.
        or(isNull(gameRound.settleBy), lt(gameRound.settleBy, new Date(now - maxAgeMs))),
      ),
    )
    .orderBy(asc(gameRound.createdAt))
    .limit(limit);
  let refunded = 0;
  for (const { roundId } of stale) {
    try {
      await refundRound(db, roundId);
      refunded++;
    } catch (err) {
      // A round paid in part is not refunded: it is closed with what it paid (a last part of 0;
      // counted with the refunds, as a round the sweep closed). A vendor's credit after that is
      // refused (as a conflict: the settle's key is taken), as any credit after the sweep is.
      if (err instanceof ApiError && err.errorCode === 'wallet.round.partlyPaid') {
        try {
          await settleRound(db, roundId, 0n);
          refunded++;
        } catch (e) {
          // The vendor's own credit came first.
          if (!(e instanceof ApiError && ['wallet.round.closed', 'wallet.idempotency.conflict'].includes(e.errorCode))) throw e;
        }
      } else if (!(err instanceof ApiError && err.errorCode === 'wallet.round.closed')) throw err;
    }
  }
  return refunded;
}

/**
 * Closes an open round, at most once, and answers it: a second settle or refund finds it closed
 * and is refused. One conditional UPDATE: a concurrent settle or refund waits on the row, then
 * finds it closed. (Settle and refund are keyed by the round id alone, unique across members, so
 * that the round is read here, in their transaction, and not by a query before it.)
 */
async function closeRound(tx: Tx, roundId: string, status: 'settled' | 'refunded', win: bigint | null) {
  const rows = await tx
    .update(gameRound)
    .set({ status, winAmount: win, settledAt: new Date() })
    .where(and(eq(gameRound.roundId, roundId), eq(gameRound.status, 'open'), eq(gameRound.partPaid, 0n)))
    .returning();
  if (rows[0]) return rows[0];
  const [known] = await tx.select({ status: gameRound.status, partPaid: gameRound.partPaid }).from(gameRound).where(eq(gameRound.roundId, roundId));
  if (known?.status === 'open') throw new ApiError(409, 'wallet.round.partlyPaid');
  throw known ? new ApiError(409, 'wallet.round.closed') : new ApiError(404, 'wallet.round.unknown');
}

function answer(roundId: string, status: RoundAnswer['status'], bet: bigint, win: bigint | null, balance: bigint): RoundAnswer {
  return { roundId, status, bet: formatMinor(bet), win: win === null ? null : formatMinor(win), balance: formatMinor(balance) };
}

/** Who a round belongs to (member and vendor), or null when there is no such round. */
export async function roundOwner(db: Db, roundId: string): Promise<{ memberId: number; vendor: string } | null> {
  const [row] = await db.select({ memberId: gameRound.memberId, vendor: gameRound.vendor }).from(gameRound).where(eq(gameRound.roundId, roundId));
  return row ?? null;
}

/**
 * A round of a single-player table game (issue 34, RNG tables: roulette, baccarat, dragon tiger):
 * the player's bets on the table's spots, one draw from the member's seed pair, every spot settled
 * by the shared rules (contract/tables.ts). It is the slots' way in every other respect:
 * - real money through the wallet's `playRound` (one transaction: the nonce, the round with its
 *   bets, the stake and the return in the ledger, the day figures, the player-protection checks);
 * - demo rounds on the session's play money, recorded and provable as real ones;
 * - idempotent by the client's key ('play' namespace, the same as spins: one key never plays both).
 * A table round uses no free spins (they are a slot's) and feeds no jackpot.
 */
import { tableOutcome, drawTable, tableBetsIssue, TABLE_ISSUE_CODE, type TableGame } from '../../contract/tables.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { sandboxRound } from '../tables.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { playRound, type Tx } from '../../../wallet/index.ts';
import { roundWords } from '../../../../kernel/fairness.ts';
import { announceWin, betRequest, fairnessOf, newRoundId, playDemoRound, seedOwnerOf, takeNonce, type PlaySession, type SpinAnswer } from './provider.ts';
import { presentTableRound, settleTable, type TableBets } from './table-rounds.ts';

/**
 * Plays one round of the session's table with `bets` (minor units). Refuses bets the table does
 * not take (400 `game.table.*`) and a short balance (`wallet.balance.insufficient`, or player
 * protection's refusal); idempotent by the client's key.
 */
export async function playTable(db: Db, s: PlaySession, table: TableGame, bets: { spot: string; amount: bigint }[], idempotencyKey: string): Promise<SpinAnswer> {
  const issue = tableBetsIssue(table, bets, s.game.minBet);
  if (issue) throw new ApiError(400, TABLE_ISSUE_CODE[issue]);
  const total = bets.reduce((sum, b) => sum + b.amount, 0n);
  const record: TableBets = { kind: table.kind, wheel: table.kind === 'roulette' ? table.wheel : null, bets: bets.map((b) => ({ spot: b.spot, amount: b.amount.toString() })) };
  // What the key stands for: the same bets in any order are the same request.
  const request = { session: s.id, table: [...record.bets].sort((a, b) => a.spot.localeCompare(b.spot)) };
  const roundId = newRoundId();

  const draw = async (tx: Tx) => {
    const seed = await takeNonce(tx, seedOwnerOf(s), s.demo);
    const stops = drawTable(table, roundWords(seed.serverSeed, seed.clientSeed, seed.nonce));
    const { win } = settleTable(tableOutcome(table, stops), bets);
    const [row] = await tx
      .insert(sandboxRound)
      .values({ roundId, memberId: s.memberId, nodeId: s.game.nodeId, sessionId: s.id, demo: s.demo, betAmount: total, winAmount: win, seedId: seed.id, nonce: seed.nonce, stops, tableBets: record })
      .returning();
    const round = presentTableRound({ ...row!, tableBets: record }, { ...seed, revealedAt: null }, s.game);
    return { win, round, fairness: fairnessOf({ ...seed, nonce: seed.nonce + 1 }) };
  };

  if (s.demo) return playDemoRound(db, s, total, idempotencyKey, request, draw);

  const memberId = s.memberId!;
  let won = 0n;
  const played = await playRound(db, { ...betRequest(s, roundId, total), idempotencyKey, request }, async (tx) => {
    const { win, round, fairness } = await draw(tx);
    won = win;
    return { win, detail: { round, fairness } };
  });
  const d = played.detail as Pick<SpinAnswer, 'round' | 'fairness'>;
  // This call's own round (a replay answers an earlier call's, with its id): after the commit, as
  // a spin's, so a crash in between loses a line of the winner board, never money.
  if (d.round.roundId === roundId) await announceWin(db, memberId, s.game, roundId, total, won);
  return { round: d.round, fairness: d.fairness, balance: played.balance, freeSpins: null, freeSpinsEnded: null };
}

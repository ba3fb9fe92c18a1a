/**
 * The reference slot engine of the sandbox game provider: pure functions, no database, no clock.
 * A round is fully determined by its configuration, its seeds and its nonce: reel stops are drawn
 * from the round's HMAC word stream (fairness.ts), one unbiased integer per reel in reel order,
 * and the window and line wins follow from the stops alone.
 */
import { roundWords, seedMatchesHash, uniformBelow, type WordSource } from '../../../../kernel/fairness.ts';
import type { SlotConfig } from './paytable.ts';

/** A line that paid: its index in `config.lines`, the symbol id, how many from the left, the multiple and the money. */
export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  /** Multiple of the line bet (bet / lines). */
  multiplier: number;
  payout: bigint;
}

/** What a round shows before any money is put on it: stops, window and line outcomes in line-bet multiples. */
export interface Outcome {
  /** Strip index of the top row of each reel. */
  stops: number[];
  /** grid[reel][row]: symbol ids of the visible window. */
  grid: string[][];
  lineWins: Omit<LineWin, 'payout'>[];
  /** Sum of the line multiples; the round returns totalMultiplier / lines times the bet. */
  totalMultiplier: number;
}

/** A settled round: the outcome with its money, in integer minor units. */
export interface SpinResult extends Omit<Outcome, 'lineWins'> {
  bet: bigint;
  lineWins: LineWin[];
  totalWin: bigint;
}

/** The seeds of one round: the (secret until rotated) server seed, the player's seed and the round's nonce. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** Draws one stop per reel, in reel order, each uniform over its strip (rejection sampling). */
export function drawStops(config: SlotConfig, words: WordSource): number[] {
  return config.strips.map((strip) => uniformBelow(strip.length, words));
}

/** The window and line wins that given stops show; the same stops always give the same outcome. */
export function evaluate(config: SlotConfig, stops: readonly number[]): Outcome {
  if (stops.length !== config.reels) throw new RangeError('One stop per reel');
  // Plain loops: the million-round simulation runs through this very function.
  const cells: number[][] = new Array(config.reels);
  for (let reel = 0; reel < config.reels; reel++) {
    const strip = config.strips[reel]!;
    const stop = stops[reel]!;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new RangeError('A stop is off its strip');
    const column: number[] = new Array(config.rows);
    for (let row = 0; row < config.rows; row++) column[row] = strip[(stop + row) % strip.length]!;
    cells[reel] = column;
  }
  const lineWins: Outcome['lineWins'] = [];
  let totalMultiplier = 0;
  for (let line = 0; line < config.lines.length; line++) {
    const rows = config.lines[line]!;
    const symbol = cells[0]![rows[0]!]!;
    let count = 1;
    while (count < config.reels && cells[count]![rows[count]!] === symbol) count++;
    const multiplier = count >= config.minCount ? config.pays[symbol]![count]! : 0;
    if (multiplier > 0) {
      lineWins.push({ line, symbol: config.symbols[symbol]!, count, multiplier });
      totalMultiplier += multiplier;
    }
  }
  return { stops: [...stops], grid: cells.map((col) => col.map((s) => config.symbols[s]!)), lineWins, totalMultiplier };
}

/** The outcome of a round from its seeds: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`) turned into stops. */
export function roundOutcome(config: SlotConfig, seeds: RoundSeeds): Outcome {
  return evaluate(config, drawStops(config, roundWords(seeds.serverSeed, seeds.clientSeed, seeds.nonce)));
}

/** Checks a bet: a positive multiple of betStep (one minor unit per line), so every line win is whole minor units. */
export function assertBet(config: SlotConfig, betMinorUnits: bigint): void {
  if (typeof betMinorUnits !== 'bigint' || betMinorUnits <= 0n || betMinorUnits % config.betStep !== 0n) throw new RangeError(`A bet is a positive multiple of ${config.betStep} minor units`);
}

/** Plays one round: stops from the seeds, then each line pays multiplier x (bet / lines), exactly, in minor units. */
export function spin(config: SlotConfig, seeds: RoundSeeds, betMinorUnits: bigint): SpinResult {
  assertBet(config, betMinorUnits);
  return settle(config, roundOutcome(config, seeds), betMinorUnits);
}

/** Puts money on an outcome: line bet = bet / lines (whole, see assertBet), payout = line bet x multiplier. */
export function settle(config: SlotConfig, outcome: Outcome, betMinorUnits: bigint): SpinResult {
  assertBet(config, betMinorUnits);
  const lineBet = betMinorUnits / config.betStep;
  const lineWins = outcome.lineWins.map((w) => ({ ...w, payout: lineBet * BigInt(w.multiplier) }));
  return { ...outcome, bet: betMinorUnits, lineWins, totalWin: lineWins.reduce((sum, w) => sum + w.payout, 0n) };
}

/**
 * Recomputes a past round for the player: refuses a server seed that does not match the hash shown
 * before play, then answers what the round showed (and paid, for the bet given; one minor unit
 * per line when none is).
 */
export function verifyRound(round: RoundSeeds & { serverSeedHash: string; gameConfig: SlotConfig; betMinorUnits?: bigint }): SpinResult {
  if (!seedMatchesHash(round.serverSeed, round.serverSeedHash)) throw new Error('The server seed does not match the hash shown before play');
  return spin(round.gameConfig, round, round.betMinorUnits ?? round.gameConfig.betStep);
}

/**
 * The statistical test of issue 5: a million simulated rounds per game type, through the engine's
 * own drawStops and evaluate. The stops come from a seeded fast generator (simulationWords) rather
 * than HMAC, to keep the suite quick; the HMAC path's uniformity is proven separately in
 * sandbox-slot-engine.test.ts, and both go through the same rejection sampling.
 */
import { describe, expect, it } from 'vitest';
import { simulationWords } from '../../../kernel/fairness.ts';
import { SLOT_KINDS, slotConfig } from '../server/sandbox/paytable.ts';
import { drawStops, evaluate } from '../server/sandbox/slot-engine.ts';
import { chiSquare, chiSquareCritical } from '../../../../tests/support/chi-square.ts';

const ROUNDS = 1_000_000;
/** Seeds of the simulated games, one per type (any seed works; these are fixed so a failure replays). */
const GAME_SEEDS = { classic3: 130_517, lines5: 604_211, volatile5: 918_273 } as const;

describe('a million simulated rounds per game type', () => {
  it.each(SLOT_KINDS)('%s: measured return is within 4.5 standard errors of the analytic RTP, and symbols follow the strips', { timeout: 120_000 }, (kind) => {
    const config = slotConfig(GAME_SEEDS[kind], { kind });
    const words = simulationWords(GAME_SEEDS[kind] ^ 0x51a7);
    const index = new Map(config.symbols.map((id, i) => [id, i]));
    // seen[reel][row][symbol]: how often each symbol showed in each cell of the window.
    const seen = config.strips.map(() => Array.from({ length: config.rows }, () => new Array<number>(config.symbols.length).fill(0)));
    const lines = config.lines.length;
    let sum = 0;
    let sumSquares = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const outcome = evaluate(config, drawStops(config, words));
      const ret = outcome.totalMultiplier / lines;
      sum += ret;
      sumSquares += ret * ret;
      for (let reel = 0; reel < config.reels; reel++) {
        const column = outcome.grid[reel]!;
        for (let row = 0; row < config.rows; row++) seen[reel]![row]![index.get(column[row]!)!]!++;
      }
    }
    const mean = sum / ROUNDS;
    const variance = (sumSquares - ROUNDS * mean * mean) / (ROUNDS - 1);
    const standardError = Math.sqrt(variance / ROUNDS);
    const z = (mean - config.rtp) / standardError;
    console.info(`${kind}: target ${config.targetRtp}, analytic ${config.rtp.toFixed(6)}, measured ${mean.toFixed(6)} over ${ROUNDS} rounds, sd ${Math.sqrt(variance).toFixed(3)}, z ${z.toFixed(2)}`);
    expect(Math.abs(config.rtp - config.targetRtp)).toBeLessThan(0.0005);
    expect(Math.abs(z)).toBeLessThan(4.5);

    config.strips.forEach((strip, reel) => {
      const expected = config.symbols.map((_, s) => (strip.filter((x) => x === s).length / strip.length) * ROUNDS);
      for (let row = 0; row < config.rows; row++) {
        const stat = chiSquare(seen[reel]![row]!, expected);
        expect(stat, `reel ${reel} row ${row}`).toBeLessThan(chiSquareCritical(config.symbols.length - 1));
      }
    });
  });
});

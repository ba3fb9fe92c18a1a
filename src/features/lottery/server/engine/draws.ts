/**
 * The lottery's draws (issue 16): what each family of games draws, from a provably fair word
 * stream (src/kernel/fairness.ts). A draw is HMAC-SHA256(server seed, `${label}:0`), then
 * `${label}:0:1`, `${label}:0:2`... read as 32-bit words and turned into numbers by rejection sampling (`uniformBelow`), so
 * anyone holding the revealed seed recomputes the numbers; `label` is the draw's public name
 * (`lottery:<game code>:<draw number>`).
 *
 * Families:
 * - ssc: 5 digits 0-9, each independent (position order).
 * - 11x5: 5 different numbers of 1-11, in the order drawn.
 * - pk10: the finishing order of cars 1-10 (a permutation).
 * - lhc: 6 different numbers of 1-49 and a 7th, the special, different from them.
 * - vnNorth: the northern Vietnamese traditional lottery's 27 prizes (special and first 5 digits,
 *   second 2 x 5, third 6 x 5, fourth 4 x 4, fifth 6 x 4, sixth 3 x 3, seventh 4 x 2 digits).
 * - vnSouth: the central and southern regions' 18 prizes (eighth 2 digits, seventh 3, sixth 3 x 4,
 *   fifth 4, fourth 7 x 5, third 2 x 5, second 5, first 5, special 6 digits).
 * - 4d: 23 different 4-digit numbers: first, second, third, 10 special and 10 consolation prizes.
 */
import { roundWords, uniformBelow, type WordSource } from '../../../../kernel/fairness.ts';

export { byTier, FAMILIES, padded, TIERS, type Family, type Tier } from '../../tiers.ts';
import { TIERS, type Family } from '../../tiers.ts';

/** How many numbers a family's draw has. */
export function drawSize(family: Family): number {
  switch (family) {
    case 'ssc':
    case '11x5':
      return 5;
    case 'pk10':
      return 10;
    case 'lhc':
      return 7;
    default:
      return TIERS[family].reduce((n, t) => n + t.count, 0);
  }
}

/**
 * `k` different numbers of [0, n), in the order drawn: a partial Fisher-Yates shuffle of the
 * virtual array 0..n-1, whose moved cells only are kept (4D draws 23 of 10,000).
 */
function distinct(n: number, k: number, words: WordSource): number[] {
  if (n <= 64) {
    // Small pools: the array itself (the same draws, cheaper).
    const pool = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + uniformBelow(n - i, words);
      const picked = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = picked;
    }
    return pool.slice(0, k);
  }
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + uniformBelow(n - i, words);
    const picked = at(j);
    moved.set(j, at(i));
    out.push(picked);
  }
  return out;
}

/** A family's numbers from a word stream. */
export function drawFrom(family: Family, words: WordSource): number[] {
  switch (family) {
    case 'ssc':
      return Array.from({ length: 5 }, () => uniformBelow(10, words));
    case '11x5':
      return distinct(11, 5, words).map((n) => n + 1);
    case 'pk10':
      return distinct(10, 10, words).map((n) => n + 1);
    case 'lhc':
      return distinct(49, 7, words).map((n) => n + 1);
    case '4d':
      return distinct(10_000, drawSize('4d'), words);
    default: {
      // Vietnamese prizes may repeat a number (each is its own draw), as in the real draws.
      const ranges = RANGES[family];
      const out = new Array<number>(ranges.length);
      for (let i = 0; i < ranges.length; i++) out[i] = uniformBelow(ranges[i]!, words);
      return out;
    }
  }
}

/** Each prize's range (10^digits), in draw order. */
const RANGES = {
  vnNorth: TIERS.vnNorth.flatMap((t) => new Array<number>(t.count).fill(10 ** t.digits)),
  vnSouth: TIERS.vnSouth.flatMap((t) => new Array<number>(t.count).fill(10 ** t.digits)),
};

/** The HMAC message label of a draw (its first block is `${label}:0`). */
export const drawLabel = (gameCode: string, drawNo: string) => `lottery:${gameCode}:${drawNo}`;

/** A draw's numbers from its revealed server seed: what the verify page recomputes. */
export function drawNumbers(family: Family, serverSeed: string, label: string): number[] {
  return drawFrom(family, roundWords(serverSeed, label, 0));
}

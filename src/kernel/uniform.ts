/**
 * Unbiased integers from a stream of random 32-bit words: the part of provable fairness
 * (fairness.ts) that needs no node built-in, so that rules shared with the browser (the table
 * games' deal, src/features/play/contract/tables.ts) draw exactly as the server does.
 */

/** A source of independent uniform unsigned 32-bit words. */
export type WordSource = () => number;

const TWO_32 = 4294967296;

/**
 * An unbiased integer in [0, n) from a word source: words at or above the largest multiple of n
 * below 2^32 are rejected and a new word is drawn, so every residue has the same number of
 * accepted words. `n` must be an integer in [1, 2^32].
 */
export function uniformBelow(n: number, words: WordSource): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`Cannot draw below ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const w = words();
    if (w < limit) return w % n;
  }
}

/**
 * Pearson's chi-square statistic and an upper critical value, for the statistical tests of the
 * sandbox slot engine. The critical value uses the Wilson–Hilferty cube-root approximation of the
 * chi-square quantile, which is within a fraction of a percent for the degrees of freedom used here.
 */

/** Pearson's statistic of observed counts against expected counts (same length, expected > 0). */
export function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  if (observed.length !== expected.length) throw new RangeError('Observed and expected differ in length');
  return observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

/** The value a chi-square variable of `df` degrees of freedom exceeds with the normal tail of `z` (z = 4.265: p = 1e-5). */
export function chiSquareCritical(df: number, z = 4.265): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

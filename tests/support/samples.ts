/**
 * Sizes of the statistical and load tests. The everyday run (`npm test`, CI) uses the smaller
 * size each test states; `npm run test:slow` (SLOW_TESTS=1) runs the full size, and is what to run
 * after changing an engine, the ledger or the draws (docs/architecture.md, "Tests").
 *
 * A statistical test keeps its false-alarm rate at either size (its critical value does not
 * depend on the sample); what the smaller size gives up is power: with n/k samples, the smallest
 * bias it finds reliably is about sqrt(k) times larger. A load test keeps its shape (concurrent
 * clients, retries, kills mid-load) with fewer operations each.
 */
export const SLOW_TESTS = process.env.SLOW_TESTS === '1';

/** `full` in the slow run, `everyday` otherwise. */
export function sampleSize(full: number, everyday: number): number {
  return SLOW_TESTS ? full : everyday;
}

/**
 * g. The proof of work a visitor's browser answers before a login (16 bits by default): the
 * project's single-block solver (src/kernel/pow/pow.ts) beside the plain way, awaiting WebCrypto's
 * SHA-256 once per try. Both solve the same salts in this process (Node's WebCrypto stands in for
 * the browser's; a phone is slower at both), so the ratio says whether the hand-written inner
 * loop earns its place.
 */
import { randomBytes } from 'node:crypto';
import { leadingZeroBits, solveChallenge } from '../../src/kernel/pow/pow.ts';

/** Solves a challenge the plain way: WebCrypto, awaited per nonce. */
async function solveWithWebCrypto(c: { salt: string; difficulty: number }): Promise<string> {
  const enc = new TextEncoder();
  for (let n = 0; ; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(`${c.salt}:${n}`)));
    if (leadingZeroBits(digest) >= c.difficulty) return String(n);
  }
}

export interface PowRun {
  difficulty: number;
  salts: number;
  /** Median ms per challenge. */
  solverMs: number;
  webCryptoMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Times both solvers on the same `salts` random challenges. */
export async function measurePow(difficulty = 16, salts = 12): Promise<PowRun> {
  const solver: number[] = [];
  const web: number[] = [];
  for (let i = 0; i < salts; i++) {
    const c = { salt: randomBytes(16).toString('hex'), difficulty };
    let t = performance.now();
    const a = await solveChallenge(c);
    solver.push(performance.now() - t);
    t = performance.now();
    const b = await solveWithWebCrypto(c);
    web.push(performance.now() - t);
    if (a !== b) throw new Error(`the solvers disagree on ${c.salt}: ${a} vs ${b}`);
  }
  return { difficulty, salts, solverMs: median(solver), webCryptoMs: median(web) };
}

/**
 * Logins per second (encrypted, proof of work answered in advance, scrypt on the server) and the
 * p99 of a cheap token call (/wps/member/info) measured while those logins run, beside the same
 * p99 with no logins running.
 */
import { createHash } from 'node:crypto';
import { importPublicKey, sealBody, ENCRYPTION_HEADER } from '../../src/kernel/envelope/crypto.ts';
import { leadingZeroBits } from '../../src/kernel/pow/pow.ts';
import { assertLoopback, percentile } from './timing.ts';

interface Challenge {
  challengeId: string;
  salt: string;
  difficulty: number;
}

/** Answers a challenge with node:crypto (the bench's own CPU time, spent before measuring). */
function solve(c: Challenge): string {
  for (let n = 0; ; n++) {
    if (leadingZeroBits(createHash('sha256').update(`${c.salt}:${n}`).digest()) >= c.difficulty) return String(n);
  }
}

async function json(res: Response): Promise<{ success: boolean; value?: any; errorCode?: string; message?: string }> {
  return (await res.json()) as never;
}

export interface LoginLoad {
  loginsPerSecond: number;
  logins: number;
  loginFailures: number;
  /** The first refusal's errorCode and message, when there was one. */
  firstFailure?: string;
  infoP99Ms: number;
  infoP50Ms: number;
  infoSamples: number;
  idleInfoP99Ms: number;
}

export async function measureLogins(
  base: string,
  headers: Record<string, string>,
  account: { username: string; password: string },
  seconds: number,
  // The login limiter counts a try before checking it (so that concurrent guesses see each other)
  // and asks for the captcha from the third try in flight on: three at a time is the most one
  // account can have from one address, and two cores are busy with three scrypt hashes anyway.
  concurrency = 3,
): Promise<LoginLoad> {
  assertLoopback(base);
  const key = await importPublicKey((await json(await fetch(`${base}/wps/session/key/rsa`, { headers }))).value.publicKey);
  const challenge = async () => {
    const c = (await json(await fetch(`${base}/wps/verification/challenge`, { headers }))).value as Challenge;
    return { challengeId: c.challengeId, challengeNonce: solve(c) };
  };
  const loginOnce = async (pow: { challengeId: string; challengeNonce: string }) => {
    const sealed = await sealBody(key, 'POST', '/wps/session/login', { ...account, type: 'username', ...pow });
    const res = await fetch(`${base}/wps/session/login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', [ENCRYPTION_HEADER]: sealed.encryption },
      body: JSON.stringify({ value: sealed.value }),
    });
    return json(res);
  };

  const first = await loginOnce(await challenge());
  if (!first.success) throw new Error(`bench login refused: ${JSON.stringify(first)}`);
  const token = first.value.token as string;
  const timeInfo = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/wps/member/info`, { headers: { ...headers, authorization: token } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`member info answered ${res.status}`);
    return performance.now() - t0;
  };

  for (let i = 0; i < 30; i++) await timeInfo();
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) idle.push(await timeInfo());

  // Challenges are answered before the clock starts, so the bench's hashing does not compete.
  const pool: Array<{ challengeId: string; challengeNonce: string }> = [];
  const wanted = Math.max(40, seconds * 12);
  for (let i = 0; i < wanted; i++) pool.push(await challenge());

  let logins = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline && pool.length) {
      const r = await loginOnce(pool.pop()!);
      if (r.success) logins++;
      else {
        failures++;
        firstFailure ??= `${r.errorCode}: ${r.message}`;
      }
    }
  };
  const busy: number[] = [];
  const sampler = async () => {
    while (performance.now() < deadline && pool.length) {
      busy.push(await timeInfo());
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await Promise.all([...Array.from({ length: concurrency }, worker), sampler()]);
  const elapsed = (performance.now() - started) / 1000;
  return {
    loginsPerSecond: logins / elapsed,
    logins,
    loginFailures: failures,
    firstFailure,
    infoP99Ms: percentile(busy, 99),
    infoP50Ms: percentile(busy, 50),
    infoSamples: busy.length,
    idleInfoP99Ms: percentile(idle, 99),
  };
}

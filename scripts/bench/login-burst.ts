/**
 * An ordinary login while an attacker fires a burst of password guesses (issue 10): 200 guesses
 * sent at once from one address against one account, each with its own answered proof of work,
 * and the demo player's login (right password, its usual address) sent just after them. Reported
 * beside the same login alone. Limits count each guess before checking it, so only the captcha's
 * allowance of guesses reach the password hash; the rest are answered at once.
 */
import { createHash } from 'node:crypto';
import { importPublicKey, sealBody, ENCRYPTION_HEADER } from '../../src/kernel/envelope/crypto.ts';
import { leadingZeroBits } from '../../src/kernel/pow/pow.ts';
import { assertLoopback, percentile } from './timing.ts';

type Json = { success: boolean; value?: any; errorCode?: string };
const ATTACKER = { 'x-forwarded-for': '10.66.0.1' };

export interface BurstLogin {
  aloneMs: number;
  duringMs: number;
  burst: number;
  /** Answers to the burst by error code ('ok' for a success). */
  answers: Record<string, number>;
  burstSeconds: number;
}

export async function measureLoginDuringBurst(base: string, headers: Record<string, string>, account: { username: string; password: string }, burst = 200): Promise<BurstLogin> {
  assertLoopback(base);
  const get = async (p: string, h: Record<string, string>) => (await (await fetch(`${base}${p}`, { headers: { ...headers, ...h } })).json()) as Json;
  const key = await importPublicKey((await get('/wps/session/key/rsa', {})).value.publicKey);
  const solved = async (h: Record<string, string>) => {
    const c = (await get('/wps/verification/challenge', h)).value as { challengeId: string; salt: string; difficulty: number };
    for (let n = 0; ; n++) {
      if (leadingZeroBits(createHash('sha256').update(`${c.salt}:${n}`).digest()) >= c.difficulty) return { challengeId: c.challengeId, challengeNonce: String(n) };
    }
  };
  const login = async (body: Record<string, string>, h: Record<string, string>) => {
    const sealed = await sealBody(key, 'POST', '/wps/session/login', { type: 'username', ...body });
    const res = await fetch(`${base}/wps/session/login`, {
      method: 'POST',
      headers: { ...headers, ...h, 'content-type': 'application/json', [ENCRYPTION_HEADER]: sealed.encryption },
      body: JSON.stringify({ value: sealed.value }),
    });
    return (await res.json()) as Json;
  };
  const timedLogin = async () => {
    const pow = await solved({});
    const t0 = performance.now();
    const r = await login({ ...account, ...pow }, {});
    if (!r.success) throw new Error(`the ordinary login was refused: ${JSON.stringify(r)}`);
    return performance.now() - t0;
  };

  await timedLogin();
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) alone.push(await timedLogin());

  // The attacker's proofs of work are answered before the clock starts.
  const guesses: Record<string, string>[] = [];
  for (let i = 0; i < burst; i++) guesses.push({ username: 'benchvictim', password: `guess-${i}`, ...(await solved(ATTACKER)) });
  const victimPow = await solved({});
  const answers: Record<string, number> = {};
  const t0 = performance.now();
  const fired = Promise.all(
    guesses.map(async (g) => {
      const r = await login(g, ATTACKER);
      const code = r.success ? 'ok' : (r.errorCode ?? 'unknown');
      answers[code] = (answers[code] ?? 0) + 1;
    }),
  );
  await new Promise((r) => setTimeout(r, 20));
  const v0 = performance.now();
  const victim = await login({ ...account, ...victimPow }, {});
  const duringMs = performance.now() - v0;
  if (!victim.success) throw new Error(`the ordinary login was refused during the burst: ${JSON.stringify(victim)}`);
  await fired;
  return { aloneMs: percentile(alone, 50), duringMs, burst, answers, burstSeconds: (performance.now() - t0) / 1000 };
}

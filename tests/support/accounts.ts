/** Helpers for accounts tests: proof of work, encrypted calls, logins, the sms outbox. */
import { importPublicKey, sealBody, ENCRYPTION_HEADER } from '../../src/kernel/envelope/crypto.ts';
import { solveChallenge } from '../../src/kernel/pow/pow.ts';
import { db } from '../../src/kernel/db/index.ts';
import { readOutbox } from '../../src/providers/outbox/index.ts';
import { callApi, type CallOptions } from './api.ts';
import { clock } from '../../src/kernel/clock.ts';
import { createMember, type NewMember } from '../../src/features/accounts/server/members.ts';
import { passwords } from '../../src/features/accounts/server/passwords.ts';
import { newCaptcha } from '../../src/kernel/captcha/captcha.ts';

/** Gets and answers a proof-of-work challenge: the fields to add to a body. */
export async function solved(ip?: string): Promise<{ challengeId: string; challengeNonce: string }> {
  const c = await callApi('/wps/verification/challenge', { ip });
  if (!c.json.success) throw new Error(`challenge: ${JSON.stringify(c.json)}`);
  const nonce = await solveChallenge(c.json.value);
  return { challengeId: c.json.value.challengeId, challengeNonce: nonce };
}

let keyCache: { spki: string; key: CryptoKey } | null = null;

/** The server's public key (refetched when the database changed). */
export async function serverPublicKey(): Promise<CryptoKey> {
  const r = await callApi('/wps/session/key/rsa');
  if (keyCache && keyCache.spki === r.json.value.publicKey) return keyCache.key;
  keyCache = { spki: r.json.value.publicKey, key: await importPublicKey(r.json.value.publicKey) };
  return keyCache.key;
}

/** Sends an enc call as a browser would: sealed body and Encryption header. Answers the envelope too, for replays. */
export async function callEnc(path: string, method: string, body: unknown, o: CallOptions & { now?: number } = {}) {
  const sealed = await sealBody(await serverPublicKey(), method, path, body, o.now ?? clock.now());
  const res = await callApi(path, { ...o, method, body: { value: sealed.value }, headers: { ...o.headers, [ENCRYPTION_HEADER]: sealed.encryption } });
  return { ...res, sealed };
}

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  type?: 'username' | 'sms';
  countryDialingCode?: string;
  agentLogin?: boolean;
  ipVerification?: string;
}

/** POST /wps/session/login with a fresh proof of work, encrypted. */
export async function login(input: LoginInput, o: CallOptions = {}) {
  const pow = input.type === 'sms' ? {} : await solved(o.ip);
  return callEnc('/wps/session/login', 'POST', { type: 'username', ...input, ...pow }, o);
}

/** The newest sms the sandbox sent to a number ending in `mobile`, and the code in it. */
export async function lastSms(mobile: string): Promise<{ body: string; code: string | null; count: number } | null> {
  const mine = await readOutbox(await db(), 'sms', { recipient: mobile.replace(/^0+/, ''), limit: 1000 });
  if (!mine.length) return null;
  return { body: mine[0]!.body, code: /\b(\d{6})\b/.exec(mine[0]!.body)?.[1] ?? null, count: mine.length };
}

/** The newest e-mail the sandbox sent to `to`. */
export async function lastEmail(to: string) {
  const rows = await readOutbox(await db(), 'email', { recipient: to, exact: true, limit: 1 });
  return rows[0] ?? null;
}

/** Requests a code (noLogin or register) with a proof of work. */
export async function requestCode(kind: 'noLogin' | 'register', mobile: string, dial = '52', o: CallOptions = {}) {
  const pow = await solved(o.ip);
  const body = kind === 'noLogin' ? { mobileNum: mobile, countryDialingCode: dial, ...pow } : { mobileNo: mobile, countryDialingCode: dial, regType: 'registerMobile', ...pow };
  return callApi(`/wps/verification/sms/${kind}`, { ...o, method: 'POST', body });
}

/** Reads the captcha cookie's id from an answer's Set-Cookie header. */
export function captchaCookie(headers: Headers): string | null {
  const set = headers.get('set-cookie') ?? '';
  return /wps_captcha=([^;]+)/.exec(set)?.[1] ?? null;
}

let userSeq = 0;

/** Creates an account directly (no known address yet, no forced change unless asked). */
export async function makeUser(o: Partial<NewMember> & { password?: string } = {}) {
  const username = o.username ?? `user${Date.now().toString(36).slice(-5)}${++userSeq}`;
  const password = o.password ?? 'Passw0rd';
  const created = await createMember(await db(), { type: 0, ...o, username, passwordHash: await passwords.hash(password) });
  if ('clash' in created) throw new Error(`clash ${created.clash}`);
  return { ...created, password };
}

/** A captcha made directly, with its answer, and the cookie header that binds it. */
export async function captchaFor() {
  const c = await newCaptcha(await db());
  return { id: c.id, answer: c.answer, headers: { cookie: `wps_captcha=${c.id}` } };
}

/** A distinct address per call, so rate limits of one test do not reach another. */
let ipSeq = 0;
export const freshIp = () => {
  ipSeq++;
  return `198.18.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

/** Moves the accounts clock: real time plus an offset that `advance` grows. Call restore() after. */
export function shiftClock() {
  let offset = 0;
  const before = clock.now;
  clock.now = () => Date.now() + offset;
  return {
    advance(ms: number) {
      offset += ms;
    },
    restore() {
      clock.now = before;
    },
  };
}

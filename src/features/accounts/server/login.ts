/**
 * Logging in (spec 4): by username and password, by mobile and sms code, and free play. Failed
 * logins count per account and per address in the database; after 3 the captcha is required,
 * after LIMITS.accountFailures / ipFailures the account or address waits for the window to end.
 * Unknown usernames cost the same scrypt check as known ones and get the same message.
 */
import { logins } from '../../../kernel/metrics.ts';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SESSION_IDLE_MINUTES, isAgentType, isTrialType, TRIAL_TYPE, type IpVerifyValue, type LoginValue, type loginBody } from '../contract.ts';
import { isMobileNumber, maskEmail, maskMobile, normaliseDialingCode } from '../registerPatterns.ts';
import { flattenWhitelabel } from '../../../kernel/brand/whitelabel.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { member } from './tables.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { CAPTCHA_COOKIE, checkCaptcha } from '../../../kernel/captcha/captcha.ts';
import { proveHuman } from './human.ts';
import { clock } from '../../../kernel/clock.ts';
import { createMember, findByMobile, findByUsername, hasKnownIps, knowsIp, normaliseMobile, recordLogin, type Member } from './members.ts';
import { passwords, sameText } from './passwords.ts';
import { LIMITS, attempt, hit, minutesLeft, reset, type BucketState } from '../../../kernel/rate-limit.ts';
import { openSession } from './sessions.ts';
import { accountGates } from './gates.ts';
import { recordSignificant } from '../../../kernel/significant.ts';
import { checkSecondFactor, countProofTry } from './second-factor.ts';
import { chargeSend, consumeCode, emailTarget, sendCode, sendEmailCode } from './sms-codes.ts';

type LoginBody = z.output<typeof loginBody>;

/** Marks a hash that no password matches (trial accounts). */
export const NO_PASSWORD = '!';

export const flags = () => flattenWhitelabel(brand().whitelabel);

/** The captcha id of this caller: the HttpOnly cookie, or the id a cookie-less client echoes. */
export function captchaIdOf(ctx: HandlerContext, body: { captchaId?: string }): string | undefined {
  return ctx.cookies[CAPTCHA_COOKIE] || body.captchaId || undefined;
}

/** Is the password to be changed at once? (weak default, set by someone else, or expired with PWDEXPFORCECHANGE3) */
export function passwordMustChange(m: Member, password: string): boolean {
  const a = brand().accounts;
  if (sameText(password, a.weakDefaultPassword)) return true;
  if (m.mustChangePassword) return true;
  const age = clock.now() - m.passwordChangedAt.getTime();
  return !!flags().PWDEXPFORCECHANGE3 && age > a.passwordMaxAgeDays * 86_400_000;
}

/** Opens the session and answers what a successful login answers. */
export async function issueLogin(db: Db, m: Member, ctx: HandlerContext, o: { deviceId?: string; passwordExpired: boolean; reopen?: boolean }): Promise<LoginValue> {
  const idNumber = (m.profile as Record<string, string> | null)?.idNumber ?? null;
  await accountGates().login(db, { id: m.id, mobile: m.mobile ? `${m.countryDialingCode ?? ''}${m.mobile}` : null, email: m.email, idNumber }, { reopen: o.reopen === true, ip: ctx.ip });
  const token = await openSession(db, m, ctx.ip, o.deviceId);
  await recordLogin(db, m.id, ctx.ip);
  await recordSignificant(db, { memberId: m.id, kind: 'login', actor: 'member', ip: ctx.ip });
  return {
    token,
    id: m.id,
    customerId: m.id,
    userName: m.username,
    customerType: m.type,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    firstTimeLogin: m.firstLogin,
    passwordExpired: o.passwordExpired,
    lastLoginTime: m.lastLoginAt?.getTime() ?? null,
    lastLoginIp: m.lastLoginIp,
    idleMinutes: SESSION_IDLE_MINUTES,
  };
}

const failureValue = (captchaRequired: boolean) => ({ value: { captchaRequired } });

/** Refuses a locked account or address; the refused try was not checked, so it does not count. */
async function refuseIfLocked(acct: BucketState, ip: BucketState, tried: { release(): Promise<void> }): Promise<void> {
  const locked = acct.count >= LIMITS.accountFailures ? acct : ip.count >= LIMITS.ipFailures ? ip : null;
  if (!locked) return;
  await tried.release();
  throw new ApiError(429, 'login.locked', { minutes: minutesLeft(locked) }, undefined, failureValue(true));
}

/** Counts a failure for the account and the address; answers whether the captcha is now required. */
async function countFailure(db: Db, acctKey: string, ipKey: string): Promise<boolean> {
  const [a, i] = await Promise.all([hit(db, acctKey, LIMITS.loginWindowMs), hit(db, ipKey, LIMITS.loginWindowMs)]);
  return a.count >= LIMITS.captchaAfterFailures || i.count >= LIMITS.captchaAfterFailures;
}

/** Checks the account may log in here (active, not trial, agent on the agent page). */
function checkAccountKind(m: Member, body: LoginBody): void {
  if (m.status !== 'active' || isTrialType(m.type)) throw new ApiError(403, 'login.non.member');
  if (body.agentLogin && !isAgentType(m.type)) throw new ApiError(403, 'login.agent.only');
}

/** POST /wps/session/login */
export async function login(db: Db, body: LoginBody, ctx: HandlerContext): Promise<LoginValue> {
  try {
    const value = await (body.type === 'sms' ? smsLogin(db, body, ctx) : passwordLogin(db, body, ctx));
    logins.inc({ outcome: 'ok' });
    return value;
  } catch (err) {
    // Refusals by their code (a fixed set); anything else is a fault.
    logins.inc({ outcome: err instanceof ApiError ? err.errorCode : 'error' });
    throw err;
  }
}

async function passwordLogin(db: Db, body: LoginBody, ctx: HandlerContext): Promise<LoginValue> {
  const username = body.username.trim();
  const password = body.password;
  if (!username || !password) throw new ApiError(400, 'login.empty');
  await proveHuman(db, body);
  const acctKey = `login:acct:${username.toLowerCase()}`;
  const ipKey = `login:ip:${ctx.ip}`;
  // Counted before it is checked, so that concurrent guesses see each other (kernel attempt()).
  const tried = await attempt(db, [acctKey, ipKey], LIMITS.loginWindowMs);
  const [acct, ip] = tried.before as [BucketState, BucketState];
  await refuseIfLocked(acct, ip, tried);
  const captchaNeeded = acct.count >= LIMITS.captchaAfterFailures || ip.count >= LIMITS.captchaAfterFailures;
  if (captchaNeeded) {
    if (!body.captcha?.trim()) {
      // Nothing was checked: asking for the captcha costs the caller no try.
      await tried.release();
      throw new ApiError(400, 'captcha.required', {}, undefined, failureValue(true));
    }
    if (!(await checkCaptcha(db, captchaIdOf(ctx, body), body.captcha))) throw new ApiError(400, 'captcha.invalid', {}, undefined, failureValue(true));
  }

  const m = await findByUsername(db, username);
  // The same scrypt work whether or not the username exists (passwords.dummyHash).
  let ok = await passwords.verify(password, m ? m.passwordHash : await passwords.dummyHash());
  let usedTemp = false;
  if (!ok && m?.tempPasswordHash && m.tempPasswordExpiresAt && m.tempPasswordExpiresAt.getTime() > clock.now()) {
    usedTemp = ok = await passwords.verify(password, m.tempPasswordHash);
  }
  if (!m || !ok) {
    if (m) await recordSignificant(db, { memberId: m.id, kind: 'login.failed', actor: 'member', ip: ctx.ip });
    // Already counted; the captcha is due from the next try on when this one reached the limit.
    const captchaRequired = acct.count + 1 >= LIMITS.captchaAfterFailures || ip.count + 1 >= LIMITS.captchaAfterFailures;
    throw new ApiError(400, 'login.failed', {}, undefined, failureValue(captchaRequired));
  }
  // The right password: this try does not count against the account or the address.
  await tried.release();
  checkAccountKind(m, body);

  if ((await hasKnownIps(db, m.id)) && !(await knowsIp(db, m.id, ctx.ip))) {
    await verifyNewAddress(db, m, body, ctx, acctKey, ipKey);
  }
  await reset(db, acctKey);

  // A temporary password (forgot by e-mail) becomes the password, to be changed at once.
  if (usedTemp) {
    await db
      .update(member)
      .set({ passwordHash: m.tempPasswordHash!, tempPasswordHash: null, tempPasswordExpiresAt: null, mustChangePassword: true, passwordChangedAt: new Date(clock.now()) })
      .where(eq(member.id, m.id));
    m.mustChangePassword = true;
  } else if (passwords.needsRehash(m.passwordHash)) {
    await db
      .update(member)
      .set({ passwordHash: await passwords.hash(password) })
      .where(eq(member.id, m.id));
  }
  return issueLogin(db, m, ctx, { deviceId: body.loginDeviceId, passwordExpired: passwordMustChange(m, password), reopen: body.reopenAccount });
}

/** Normalises a payee name for comparison: case, accents kept, spaces collapsed. */
const nameKey = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The strongest proof an account has for a login from a new network: its authenticator app, its
 * registered mobile, its verified e-mail address, its payee name; null: none.
 */
export function newAddressProofOf(m: Pick<Member, 'totpSecret' | 'mobile' | 'countryDialingCode' | 'email' | 'emailVerifiedAt' | 'payeeName'>): IpVerifyValue['method'] | null {
  if (m.totpSecret) return 'totp';
  if (m.mobile && m.countryDialingCode) return 'sms';
  if (m.email && m.emailVerifiedAt) return 'email';
  return m.payeeName ? 'payeeName' : null;
}

/**
 * Login from an address the account has not used (spec 4): the strongest proof the account has
 * is asked for: a code of its authenticator app (or a recovery code), else a code sent to its
 * registered mobile, else one mailed to its verified e-mail address, else its payee name. An account with none cannot log in from a new address
 * until it adds one from an address it already uses (`login.ip.noProof`, which says so).
 */
async function verifyNewAddress(db: Db, m: Member, body: LoginBody, ctx: HandlerContext, acctKey: string, ipKey: string): Promise<void> {
  const method = newAddressProofOf(m);
  if (!method) throw new ApiError(403, 'login.ip.noProof');
  const masked = method === 'sms' ? maskMobile(m.mobile!) : null;
  const maskedEmail = method === 'email' ? maskEmail(m.email!) : null;
  const expiredMinutes = method === 'sms' || method === 'email' ? brand().accounts.smsExpiredMinutes : null;
  const answer = body.ipVerification?.trim();
  const prompt = (captchaRequired: boolean): IpVerifyValue => ({ method, mobile: masked, email: maskedEmail, expiredMinutes, captchaRequired });
  if (!answer) {
    if (method === 'sms' || method === 'email') {
      const target = method === 'sms' ? { dialingCode: m.countryDialingCode!, mobile: m.mobile! } : emailTarget(m.email!);
      try {
        await chargeSend(db, target, ctx.ip);
        if (method === 'sms') await sendCode(db, 'loginIp', target, ctx.locale);
        else await sendEmailCode(db, 'loginIpEmail', m.email!, ctx.locale);
      } catch (err) {
        // Over the sending limit: the code sent a moment ago is still good; ask for it again.
        if (!(err instanceof ApiError && err.errorCode === 'sms.rate.limited')) throw err;
      }
    }
    throw new ApiError(403, 'login.ip.verify', { mobile: masked ?? '', email: maskedEmail ?? '' }, undefined, {
      value: prompt(false),
      messageKey: `loginIp.${method === 'payeeName' ? 'payee' : method}`,
    });
  }
  let ok = false;
  if (method === 'sms' || method === 'email') {
    // Codes count their own tries per number or address (consumeCode).
    try {
      if (method === 'sms') await consumeCode(db, 'loginIp', { dialingCode: m.countryDialingCode!, mobile: m.mobile! }, answer);
      else await consumeCode(db, 'loginIpEmail', emailTarget(m.email!), answer);
      ok = true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  } else {
    // An app code or a payee name: the try is counted before it is checked, so a burst of
    // concurrent guesses by someone who knows the password sees the limit (5 in 15 minutes).
    const tried = await countProofTry(db, m.id);
    ok = method === 'totp' ? await checkSecondFactor(db, m, answer) : sameText(nameKey(answer), nameKey(m.payeeName!));
    if (ok) await tried.release();
  }
  if (!ok) {
    const captchaRequired = await countFailure(db, acctKey, ipKey);
    throw new ApiError(400, 'login.ip.verify.invalid', {}, undefined, { value: prompt(captchaRequired), messageKey: 'loginIp.invalid' });
  }
}

async function smsLogin(db: Db, body: LoginBody, ctx: HandlerContext): Promise<LoginValue> {
  if (!flags().MOBILEVERCODELOGIN3) throw new ApiError(403, 'login.sms.disabled');
  const mobile = body.username.trim();
  const code = body.password;
  if (!mobile || !code) throw new ApiError(400, 'login.empty');
  const dialingCode = normaliseDialingCode(body.countryDialingCode || brand().accounts.defaultDialingCode);
  if (!dialingCode || !isMobileNumber(mobile)) throw new ApiError(400, 'sms.mobile.invalid');
  const acctKey = `login:acct:m:${dialingCode}:${normaliseMobile(mobile)}`;
  const ipKey = `login:ip:${ctx.ip}`;
  const tried = await attempt(db, [acctKey, ipKey], LIMITS.loginWindowMs);
  const [acct, ip] = tried.before as [BucketState, BucketState];
  await refuseIfLocked(acct, ip, tried);
  try {
    await consumeCode(db, 'noLogin', { dialingCode, mobile }, code.trim());
  } catch (err) {
    // A refused code stays counted; anything else was not a try.
    if (!(err instanceof ApiError)) await tried.release();
    throw err;
  }
  await tried.release();
  const m = await findByMobile(db, dialingCode, mobile);
  if (!m) throw new ApiError(400, 'sms.code.invalid');
  checkAccountKind(m, body);
  await reset(db, acctKey);
  // The code proved the registered mobile: no other new-address check, no forced change (spec
  // 4). But an account with an authenticator app asks for it from a new network whatever else
  // was proven: a code by sms alone is what a swapped SIM card gives.
  if (m.totpSecret && (await hasKnownIps(db, m.id)) && !(await knowsIp(db, m.id, ctx.ip))) {
    const answer = body.ipVerification?.trim();
    if (!answer) throw new ApiError(403, 'login.sms.needsApp');
    const tried = await countProofTry(db, m.id);
    if (!(await checkSecondFactor(db, m, answer))) throw new ApiError(400, 'login.ip.verify.invalid', {}, undefined, { messageKey: 'loginIp.invalid' });
    await tried.release();
  }
  return issueLogin(db, m, ctx, { deviceId: body.loginDeviceId, passwordExpired: false });
}

/** POST /wps/session/login/freeplay: a trial account (type 4) and its session. */
export async function freePlay(db: Db, body: { challengeId?: string; challengeNonce?: string; loginDeviceId?: string }, ctx: HandlerContext): Promise<LoginValue> {
  if (!flags().FREEPLAY3) throw new ApiError(403, 'freeplay.disabled');
  await proveHuman(db, body);
  const made = await hit(db, `trial:ip:${ctx.ip}`, LIMITS.trialWindowMs);
  if (made.count > LIMITS.trialsPerIp) throw new ApiError(429, 'freeplay.rate.limited');
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await createMember(db, {
      username: `guest${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
      type: TRIAL_TYPE,
      passwordHash: NO_PASSWORD,
      nickname: 'Guest',
      registerIp: ctx.ip,
      withAffiliateCode: false,
    });
    if ('clash' in created) continue;
    return issueLogin(db, created, ctx, { deviceId: body.loginDeviceId, passwordExpired: false });
  }
  throw new Error('Could not draw a free guest name');
}

/**
 * Verification codes by sms (and by e-mail, see sendEmailCode): 6 digits, stored hashed, living
 * the brand's expiredMinutes, good for one use and LIMITS.triesPerCode tries; sending is limited
 * per number (or address) and per caller address.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { smsCode } from './tables.ts';
import { pruneSmsCodes } from './housekeeping.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { log } from '../../../kernel/log.ts';
import { smsProvider } from '../../../providers/sms/index.ts';
import { emailProvider } from '../../../providers/email/index.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { clock } from '../../../kernel/clock.ts';
import { normaliseMobile } from './members.ts';
import { LIMITS, hit } from '../../../kernel/rate-limit.ts';

export type CodePurpose = 'register' | 'noLogin' | 'loginIp' | 'emailVerify' | 'loginIpEmail';

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

export interface Target {
  dialingCode: string;
  mobile: string;
}

const targetKey = (t: Target) => `${t.dialingCode}:${normaliseMobile(t.mobile)}`;

/**
 * Counts a send against the number's and the address's limits; throws sms.rate.limited (429,
 * 'Too many requests, please try again after 5 minutes.') when either is spent.
 */
export async function chargeSend(db: Db, target: Target, ip: string): Promise<void> {
  const perNumber = await hit(db, `sms:num:${targetKey(target)}`, LIMITS.smsWindowMs);
  const perIp = await hit(db, `sms:ip:${ip}`, LIMITS.smsIpWindowMs);
  if (perNumber.count > LIMITS.smsPerNumber || perIp.count > LIMITS.smsPerIp) throw new ApiError(429, 'sms.rate.limited');
}

/** A new code row for a target (its hash stored, never the code); the newest one is the one that counts. */
async function newCode(db: Db, purpose: CodePurpose, target: Target, minutes: number): Promise<{ id: number; code: string; now: number; expiresAt: Date }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = clock.now();
  // Old codes go now and then, as the kernel's challenges do (see newChallenge).
  if (Math.random() < 0.005) void pruneSmsCodes(db).catch(() => undefined);
  const expiresAt = new Date(now + minutes * 60_000);
  const rows = await db
    .insert(smsCode)
    .values({ purpose, countryDialingCode: target.dialingCode, mobile: normaliseMobile(target.mobile), codeHash: 'pending', createdAt: new Date(now), expiresAt })
    .returning({ id: smsCode.id });
  const id = rows[0]!.id;
  await db
    .update(smsCode)
    .set({ codeHash: codeHash(String(id), code) })
    .where(eq(smsCode.id, id));
  return { id, code, now, expiresAt };
}

/** Makes a code for a number and sends it; the previous codes of that purpose stop working. */
export async function sendCode(db: Db, purpose: CodePurpose, target: Target, locale: Locale): Promise<{ expiredMinutes: number }> {
  const minutes = brand().accounts.smsExpiredMinutes;
  const c = await newCode(db, purpose, target, minutes);
  const text = getT(locale)('accounts:sms.code', { brand: brand().name, code: c.code, minutes });
  try {
    await smsProvider().send({ to: `+${target.dialingCode}${normaliseMobile(target.mobile)}`, text, secret: { value: c.code, expiresAt: c.expiresAt } });
  } catch (err) {
    log.error('sms.send.failed', { provider: smsProvider().name, error: err instanceof Error ? err.message : String(err) });
    await db
      .update(smsCode)
      .set({ usedAt: new Date(c.now) })
      .where(eq(smsCode.id, c.id));
    throw new ApiError(502, 'sms.send.failed');
  }
  return { expiredMinutes: minutes };
}

/**
 * E-mail codes live in the same table, limits and rules as sms codes: their target is the
 * dialing code EMAIL_TARGET and the address in lower case.
 */
export const EMAIL_TARGET = 'email';
export const emailTarget = (email: string): Target => ({ dialingCode: EMAIL_TARGET, mobile: email.trim().toLowerCase() });

/** Makes a code for an e-mail address and mails it (verifying the address, or a login from a new network). */
export async function sendEmailCode(db: Db, purpose: 'emailVerify' | 'loginIpEmail', email: string, locale: Locale): Promise<{ expiredMinutes: number }> {
  const minutes = brand().accounts.smsExpiredMinutes;
  const c = await newCode(db, purpose, emailTarget(email), minutes);
  const t = getT(locale);
  const vars = { brand: brand().name, code: c.code, minutes };
  try {
    await emailProvider().send({ to: email, subject: t('accounts:email.codeSubject', vars), text: t('accounts:email.codeBody', vars), secret: { value: c.code, expiresAt: c.expiresAt } });
  } catch (err) {
    log.error('email.send.failed', { provider: emailProvider().name, error: err instanceof Error ? err.message : String(err) });
    await db
      .update(smsCode)
      .set({ usedAt: new Date(c.now) })
      .where(eq(smsCode.id, c.id));
    throw new ApiError(502, 'email.send.failed');
  }
  return { expiredMinutes: minutes };
}

/**
 * Checks and uses up a code. Throws sms.code.invalid (wrong, none sent, too many tries on the
 * number) or sms.code.expired (past its time or its tries). Only the newest code counts.
 */
export async function consumeCode(db: Db, purpose: CodePurpose, target: Target, code: string): Promise<void> {
  const mobile = normaliseMobile(target.mobile);
  const tries = await hit(db, `code:${purpose}:${targetKey(target)}`, LIMITS.codeWindowMs);
  if (tries.count > LIMITS.codeTriesPerNumber) throw new ApiError(429, 'sms.rate.limited');
  if (!/^[0-9]{4,8}$/.test(code)) throw new ApiError(400, 'sms.code.invalid');
  const rows = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.purpose, purpose), eq(smsCode.countryDialingCode, target.dialingCode), eq(smsCode.mobile, mobile)))
    .orderBy(desc(smsCode.createdAt), desc(smsCode.id))
    .limit(1);
  const row = rows[0];
  if (!row || row.usedAt) throw new ApiError(400, 'sms.code.invalid');
  if (row.expiresAt.getTime() <= clock.now() || row.attempts >= LIMITS.triesPerCode) throw new ApiError(400, 'sms.code.expired');
  const want = Buffer.from(row.codeHash, 'hex');
  const got = Buffer.from(codeHash(String(row.id), code), 'hex');
  if (want.length !== got.length || !timingSafeEqual(want, got)) {
    await db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(eq(smsCode.id, row.id));
    throw new ApiError(400, 'sms.code.invalid');
  }
  // Single use even when two requests race: only one update finds used_at still empty.
  const used = await db
    .update(smsCode)
    .set({ usedAt: new Date(clock.now()) })
    .where(and(eq(smsCode.id, row.id), isNull(smsCode.usedAt)))
    .returning({ id: smsCode.id });
  if (used.length === 0) throw new ApiError(400, 'sms.code.invalid');
}

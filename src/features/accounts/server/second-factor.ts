/**
 * The authenticator app (TOTP, RFC 6238, with the `otpauth` library): a member sets it up in the
 * security centre by scanning a QR code (rendered by `uqr` as SVG) and confirming a first code,
 * and gets ten recovery codes, each good once, for a lost phone. A login from a new address then
 * asks for a code of the app (the strongest proof an account can have, see login.ts).
 *
 * The secret must be readable to check codes, so it is stored encrypted (AES-256-GCM) with a key
 * kept apart from the data: TOTP_KEY, or one made per database (settings). Recovery codes are
 * stored as SHA-256 hashes. A code is accepted once: the last accepted 30-second step is kept
 * and a code of that step or an older one is refused (replay), in one conditional UPDATE so that
 * two requests racing with the same code cannot both pass.
 */
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LIMITS, attempt } from '../../../kernel/rate-limit.ts';
import { looksLikeRecoveryCode, newTotpSecret, openSecret as open, recoveryCode, recoveryHash, sealSecret as seal, totpSetup, totpStep, type TotpSetup } from '../../../kernel/totp.ts';
import { member, memberRecoveryCode } from './tables.ts';
import type { Member } from './members.ts';

const RECOVERY_CODES = 10;

export type { TotpSetup };
export { currentCode } from '../../../kernel/totp.ts';

/**
 * Counts one try of a proof (an app code, a recovery code, a payee name) of a member before it
 * is checked: 5 in 15 minutes, like wrong old passwords; `release` when it turned out right.
 */
export async function countProofTry(db: Db, memberId: number) {
  const tried = await attempt(db, [`proof:${memberId}`], LIMITS.loginWindowMs);
  if (tried.before[0]!.count >= LIMITS.oldPasswordFailures) {
    await tried.release();
    throw new ApiError(429, 'totp.rate.limited');
  }
  return tried;
}

/** Starts a setup: a new secret, kept aside until a code confirms it. */
export async function beginTotp(db: Db, m: Member): Promise<TotpSetup> {
  const secret = newTotpSecret();
  // Never over an app already on (a set-up racing a confirmation).
  const set = await db
    .update(member)
    .set({ totpPendingSecret: await seal(db, secret) })
    .where(and(eq(member.id, m.id), isNull(member.totpSecret)))
    .returning({ id: member.id });
  if (!set.length) throw new ApiError(409, 'totp.already');
  return totpSetup(m.username, secret);
}

/** Replaces the member's recovery codes with new ones; answers them (shown once). */
async function newRecoveryCodes(db: Db, memberId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await db.delete(memberRecoveryCode).where(eq(memberRecoveryCode.memberId, memberId));
  await db.insert(memberRecoveryCode).values(codes.map((c) => ({ memberId, codeHash: recoveryHash(c) })));
  return codes;
}

/** Confirms the pending secret with a code of it; answers the recovery codes, or null for a wrong code. */
export async function confirmTotp(db: Db, m: Member, code: string): Promise<string[] | null> {
  if (!m.totpPendingSecret || m.totpSecret) return null;
  const secret = await open(db, m.totpPendingSecret);
  const step = secret === null ? null : totpStep(m.username, secret, code.trim());
  if (step === null) return null;
  // Only this pending secret, only while no app is on: two confirmations racing turn it on once.
  const on = await db
    .update(member)
    .set({ totpSecret: m.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: new Date(clock.now()), totpLastStep: step })
    .where(and(eq(member.id, m.id), isNull(member.totpSecret), eq(member.totpPendingSecret, m.totpPendingSecret)))
    .returning({ id: member.id });
  if (!on.length) return null;
  return newRecoveryCodes(db, m.id);
}

/**
 * Checks a code of the member's app, or one of its recovery codes; each is good once. False
 * when the member has no app set up.
 */
export async function checkSecondFactor(db: Db, m: Member, answer: string): Promise<boolean> {
  if (!m.totpSecret) return false;
  const code = answer.trim();
  if (/^\d{6}$/.test(code)) {
    const secret = await open(db, m.totpSecret);
    const step = secret === null ? null : totpStep(m.username, secret, code);
    if (step === null) return false;
    const used = await db
      .update(member)
      .set({ totpLastStep: step })
      .where(and(eq(member.id, m.id), lt(member.totpLastStep, step)))
      .returning({ id: member.id });
    return used.length === 1;
  }
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(memberRecoveryCode)
    .set({ usedAt: new Date(clock.now()) })
    .where(and(eq(memberRecoveryCode.memberId, m.id), eq(memberRecoveryCode.codeHash, recoveryHash(code)), isNull(memberRecoveryCode.usedAt)))
    .returning({ memberId: memberRecoveryCode.memberId });
  return used.length === 1;
}

/** Turns the app off and forgets its secret and recovery codes. */
export async function disableTotp(db: Db, memberId: number): Promise<void> {
  await db.update(member).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: 0 }).where(eq(member.id, memberId));
  await db.delete(memberRecoveryCode).where(eq(memberRecoveryCode.memberId, memberId));
}

/** Recovery codes not yet used. */
export async function recoveryCodesLeft(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberRecoveryCode)
    .where(and(eq(memberRecoveryCode.memberId, memberId), isNull(memberRecoveryCode.usedAt)));
  return Number(row?.n ?? 0);
}

/** Issues a fresh set of recovery codes (the old ones stop working). */
export function renewRecoveryCodes(db: Db, memberId: number): Promise<string[]> {
  return newRecoveryCodes(db, memberId);
}

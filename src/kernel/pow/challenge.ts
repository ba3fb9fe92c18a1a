/**
 * Proof-of-work challenges (shared/pow.ts says how a client answers them): a random salt and a
 * difficulty, stored until answered once or expired.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { captchaChallenge, encNonce, powChallenge } from '../db/tables.ts';
import { brand } from '../brand/index.ts';
import { env } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { leadingZeroBits } from './pow.ts';
import { clock } from '../clock.ts';
import { pruneBuckets } from '../rate-limit.ts';

export const CHALLENGE_TTL_MS = 2 * 60_000;

/** The difficulty in force (POW_DIFFICULTY overrides the brand's). */
export const powDifficulty = () => env().POW_DIFFICULTY ?? brand().accounts.powDifficulty;

/** Issues a challenge. */
export async function newChallenge(db: Db) {
  const challengeId = randomBytes(16).toString('base64url');
  const salt = randomBytes(16).toString('hex');
  const difficulty = powDifficulty();
  const expiresAt = clock.now() + CHALLENGE_TTL_MS;
  await db.insert(powChallenge).values({ id: challengeId, salt, difficulty, expiresAt: new Date(expiresAt) });
  // Housekeeping rides on challenge issue, about once in 200 calls.
  if (Math.random() < 0.005) void prune(db).catch(() => undefined);
  return { challengeId, salt, difficulty, expiresAt, algorithm: 'SHA-256' as const };
}

/** Does the nonce answer the salt at this difficulty? (node:crypto, same rule as shared/pow.ts) */
export function nonceAnswers(salt: string, nonce: string, difficulty: number): boolean {
  if (!/^[0-9]{1,20}$/.test(nonce)) return false;
  return leadingZeroBits(createHash('sha256').update(`${salt}:${nonce}`).digest()) >= difficulty;
}

/**
 * Uses up a challenge; throws verification.required ('Please complete verification first')
 * when it is missing, unknown, used, expired or wrongly answered.
 */
export async function requireChallenge(db: Db, input: { challengeId?: string; challengeNonce?: string }, o: { optional?: boolean } = {}): Promise<boolean> {
  const { challengeId, challengeNonce } = input;
  // Optional (a brand of the `compatible` protocol profile): a request without one passes
  // unproved (the caller applies its limits); one that sends a proof must send a good one.
  if (o.optional && !challengeId && !challengeNonce) return false;
  if (!challengeId || !challengeNonce) throw new ApiError(400, 'verification.required');
  const rows = await db
    .update(powChallenge)
    .set({ usedAt: new Date(clock.now()) })
    .where(and(eq(powChallenge.id, challengeId), isNull(powChallenge.usedAt), gt(powChallenge.expiresAt, new Date(clock.now()))))
    .returning({ salt: powChallenge.salt, difficulty: powChallenge.difficulty });
  const c = rows[0];
  if (!c || !nonceAnswers(c.salt, challengeNonce, c.difficulty)) throw new ApiError(400, 'verification.required');
  return true;
}

/** Deletes what has expired in the kernel's short-lived tables (features prune their own). */
export async function prune(db: Db): Promise<void> {
  const now = new Date(clock.now());
  await db.delete(powChallenge).where(lt(powChallenge.expiresAt, now));
  await db.delete(captchaChallenge).where(lt(captchaChallenge.expiresAt, now));
  await db.delete(encNonce).where(lt(encNonce.expiresAt, now));
  await pruneBuckets(db);
}

/**
 * Fixed-window counters in the database (table rate_bucket), so that every app process on one
 * database shares them: failed logins per account and per address, sms per number, code tries.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { rateBucket } from './db/tables.ts';
import { clock } from './clock.ts';

export interface BucketState {
  count: number;
  /** ms since the epoch when the window ends (and the count starts again at 0). */
  windowEndsAt: number;
}

/** Limits of the slice; windows in ms. */
export const LIMITS = {
  /** Failed logins before the captcha is asked for (per account and per address). */
  captchaAfterFailures: 3,
  /** Failed logins of one account in a window before it is locked until the window ends. */
  accountFailures: 10,
  /** Failed logins from one address in a window before it is locked. */
  ipFailures: 30,
  loginWindowMs: 15 * 60_000,
  /** Sms to one number per window ('try again after 5 minutes'). */
  smsPerNumber: 3,
  smsPerIp: 20,
  smsWindowMs: 5 * 60_000,
  smsIpWindowMs: 60 * 60_000,
  /** Wrong code entries per number before further tries are refused for the window. */
  codeTriesPerNumber: 10,
  codeWindowMs: 15 * 60_000,
  /** Tries of one code. */
  triesPerCode: 5,
  /** Forgot-by-email requests per address and per username. */
  resetPerIp: 10,
  resetPerUser: 3,
  resetWindowMs: 60 * 60_000,
  /** Trial accounts made from one address per hour. */
  trialsPerIp: 20,
  /** Registrations without a proof of work (the `compatible` protocol profile) per address and hour. */
  registrationsPerIp: 10,
  registrationWindowMs: 60 * 60_000,
  trialWindowMs: 60 * 60_000,
  /** Free demos a guest (no login) opens from one address per hour (GCS_gameTrialLaunch). */
  guestDemosPerIp: 120,
  guestDemoWindowMs: 60 * 60_000,
  /** Wrong old passwords per account (change password). */
  oldPasswordFailures: 5,
  /** Bonus codes a member may try per window, right or wrong. */
  bonusCodesPerMember: 10,
  /**
   * Wrong bonus codes (codes that do not exist) from one address per window: much higher than a
   * member's, since a family or a carrier's NAT shares one address; right codes do not count.
   */
  bonusCodeFailuresPerIp: 100,
  bonusCodeWindowMs: 15 * 60_000,
  /** Captcha images per address per minute. */
  captchasPerIp: 30,
  captchaWindowMs: 60_000,
} as const;

/** Counts one event under `key` and answers the count in the current window, this one included. */
export async function hit(db: Db, key: string, windowMs: number): Promise<BucketState> {
  const now = new Date(clock.now());
  const ends = new Date(clock.now() + windowMs);
  const rows = await db
    .insert(rateBucket)
    .values({ key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateBucket.key,
      set: {
        count: sql`case when ${rateBucket.windowEndsAt} <= ${now} then 1 else ${rateBucket.count} + 1 end`,
        windowEndsAt: sql`case when ${rateBucket.windowEndsAt} <= ${now} then ${ends} else ${rateBucket.windowEndsAt} end`,
      },
    })
    .returning({ count: rateBucket.count, windowEndsAt: rateBucket.windowEndsAt });
  return { count: rows[0]!.count, windowEndsAt: rows[0]!.windowEndsAt.getTime() };
}

/**
 * Counts one attempt under each key *before* it is checked, and answers the counts from before it
 * (what a check should compare with its limit). Reading the counts first and counting only a
 * failure let every attempt that arrived before the first failure was recorded pass every check;
 * counted first, concurrent attempts see each other. `release` uncounts the attempt when it turns
 * out good (a right password) or was never checked.
 */
export async function attempt(db: Db, keys: string[], windowMs: number): Promise<{ before: BucketState[]; release(): Promise<void> }> {
  const after = await Promise.all(keys.map((k) => hit(db, k, windowMs)));
  let released = false;
  return {
    before: after.map((s) => ({ ...s, count: s.count - 1 })),
    async release() {
      if (released) return;
      released = true;
      const now = new Date(clock.now());
      await Promise.all(
        keys.map((k) =>
          db
            .update(rateBucket)
            .set({ count: sql`greatest(${rateBucket.count} - 1, 0)` })
            .where(and(eq(rateBucket.key, k), gt(rateBucket.windowEndsAt, now))),
        ),
      );
    },
  };
}

/** The count under `key` in the current window (0 when none or the window ended). */
export async function peek(db: Db, key: string): Promise<BucketState> {
  const rows = await db.select().from(rateBucket).where(eq(rateBucket.key, key));
  const row = rows[0];
  if (!row || row.windowEndsAt.getTime() <= clock.now()) return { count: 0, windowEndsAt: clock.now() };
  return { count: row.count, windowEndsAt: row.windowEndsAt.getTime() };
}

/** Forgets the count under `key` (e.g. after a successful login). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateBucket).where(eq(rateBucket.key, key));
}

/** Whole minutes (at least 1) until the window ends. */
export function minutesLeft(state: BucketState): number {
  return Math.max(1, Math.ceil((state.windowEndsAt - clock.now()) / 60_000));
}

/** Drops counters whose window ended. */
export async function pruneBuckets(db: Db): Promise<void> {
  await db.delete(rateBucket).where(lt(rateBucket.windowEndsAt, new Date(clock.now())));
}

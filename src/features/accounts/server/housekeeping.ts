/** Housekeeping of the accounts feature: what has expired in the kernel's human checks, and old sms codes. */
import { lt } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { prune as pruneKernel } from '../../../kernel/pow/challenge.ts';
import { smsCode } from './tables.ts';

/** Deletes expired challenges, captchas, nonces and rate windows, and sms codes a day past their expiry. */
export async function prune(db: Db): Promise<void> {
  await pruneKernel(db);
  await pruneSmsCodes(db);
}

/** Deletes sms codes a day past their expiry (kept that long for the rate and audit questions of support). */
export async function pruneSmsCodes(db: Db): Promise<void> {
  await db.delete(smsCode).where(lt(smsCode.expiresAt, new Date(clock.now() - 86_400_000)));
}

/** The limits on bonus-code tries: per member every try, per address only wrong codes. */
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { attempt, hit, LIMITS, minutesLeft } from '../../../kernel/rate-limit.ts';

/**
 * Runs one bonus-code try under its limits. A member's every try counts, right or wrong, so codes
 * cannot be guessed at speed. An address counts only codes that do not exist, at a far higher
 * bound, so players behind one address (a family, a carrier's NAT) do not lock each other out;
 * it is counted before the check (kernel `attempt`), so concurrent guesses from many accounts
 * see each other, and uncounted when the code turns out to exist or the try was refused unchecked.
 */
export async function limitedCodeTry<T>(db: Db, memberId: number, ip: string, tryCode: () => Promise<T>): Promise<T> {
  const mine = await hit(db, `bonus-code:member:${memberId}`, LIMITS.bonusCodeWindowMs);
  if (mine.count > LIMITS.bonusCodesPerMember) throw new ApiError(429, 'promotion.code.tooMany', { minutes: minutesLeft(mine) });
  const tried = await attempt(db, [`bonus-code:ip:${ip}`], LIMITS.bonusCodeWindowMs);
  const address = tried.before[0]!;
  if (address.count >= LIMITS.bonusCodeFailuresPerIp) {
    await tried.release();
    throw new ApiError(429, 'promotion.code.tooMany', { minutes: minutesLeft(address) });
  }
  try {
    const done = await tryCode();
    await tried.release();
    return done;
  } catch (e) {
    // Only a code that does not exist is a wrong guess; a used or expired one was right.
    if (!(e instanceof ApiError && e.errorCode === 'promotion.code.unknown')) await tried.release();
    throw e;
  }
}

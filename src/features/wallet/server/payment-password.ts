/**
 * The payment password that guards money leaving a member's wallets (withdrawals, transfers to
 * the upline) when the member has set one. Wrong guesses are counted in the database like failed
 * logins, so a six-digit password cannot be tried out.
 */
import type { Db } from '../../../kernel/db/index.ts';
import type { Member } from '../../accounts/index.ts';
import { passwords } from '../../accounts/index.ts';
import { attempt, minutesLeft, reset } from '../../../kernel/rate-limit.ts';
import { ApiError } from '../../../kernel/http/errors.ts';

/** Wrong payment passwords per member in a window before further tries wait for the window's end. */
export const PAYMENT_PASSWORD_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/** Refuses unless the member has no payment password or `given` is it. */
export async function checkPaymentPassword(db: Db, m: Pick<Member, 'id' | 'paymentPasswordHash'>, given: string | undefined): Promise<void> {
  if (!m.paymentPasswordHash) return;
  if (!given) throw new ApiError(400, 'wallet.paymentPassword.required');
  const key = `paypw:${m.id}`;
  // Counted before it is checked, so that concurrent wrong payment passwords see each other.
  const tried = await attempt(db, [key], WINDOW_MS);
  const state = tried.before[0]!;
  if (state.count >= PAYMENT_PASSWORD_FAILURES) {
    // Not checked: the refused try does not count.
    await tried.release();
    throw new ApiError(429, 'wallet.paymentPassword.locked', { minutes: minutesLeft(state) });
  }
  let right: boolean;
  try {
    right = await passwords.verify(given, m.paymentPasswordHash);
  } catch (err) {
    // Not checked (the server's password checks were all busy: 429 password.busy): the try does
    // not count, or a member retrying as told would lock their own payment password.
    await tried.release();
    throw err;
  }
  if (!right) throw new ApiError(400, 'wallet.paymentPassword.incorrect');
  await reset(db, key);
}

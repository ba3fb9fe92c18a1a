/** The payment password's limit holds under a burst of concurrent wrong guesses (counted before checked). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { makeUser } from '../../../../../tests/support/accounts.ts';
import { passwords } from '../../../accounts/index.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { checkPaymentPassword, PAYMENT_PASSWORD_FAILURES } from '../../server/payment-password.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

describe('the payment password under a burst', () => {
  it('checks no more than its limit of 200 concurrent wrong guesses, and then refuses the right one too', { timeout: 60_000 }, async () => {
    const u = await makeUser({ paymentPasswordHash: await passwords.hash('246810') });
    const outcome = (given: string) =>
      checkPaymentPassword(t.db, u, given).then(
        () => 'ok',
        (err: unknown) => (err instanceof ApiError ? err.errorCode : String(err)),
      );
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => outcome(String(100000 + i))));
    const incorrect = answers.filter((a) => a === 'wallet.paymentPassword.incorrect').length;
    expect(incorrect).toBe(PAYMENT_PASSWORD_FAILURES);
    const others = answers.filter((a) => a !== 'wallet.paymentPassword.locked' && a !== 'wallet.paymentPassword.incorrect');
    expect(others).toEqual([]);
    expect(answers.filter((a) => a === 'wallet.paymentPassword.locked')).toHaveLength(200 - PAYMENT_PASSWORD_FAILURES);
    expect(await outcome('246810')).toBe('wallet.paymentPassword.locked');
  });
});

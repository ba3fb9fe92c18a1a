/**
 * The proof of work before a login, registration, free play, sms code or e-mail reset, by the
 * brand's protocol profile (docs/protocol.md): required under `strict`; under `compatible`, as
 * the existing platform's clients send none, checked when one is sent and otherwise left to the
 * limits every such call has (the captcha after failed logins and the lockouts, codes per number
 * and per address, trials and resets per address, and registrations without a proof per address).
 */
import type { Db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { requireChallenge } from '../../../kernel/pow/challenge.ts';

/** Checks the caller's proof of work as the profile asks; answers whether one was given. */
export function proveHuman(db: Db, body: { challengeId?: string; challengeNonce?: string }): Promise<boolean> {
  return requireChallenge(db, body, { optional: brand().protocol === 'compatible' });
}

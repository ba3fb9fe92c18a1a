/**
 * Gates a later feature puts on the account's doors (player protection, issue 28: an excluded
 * or timed-out member cannot log in; an identity on a self-exclusion register cannot register).
 * Accounts comes before that feature, so it is told the gates by the app (src/app/features.ts)
 * rather than asking; until then every door is open.
 */
import type { Db } from '../../../kernel/db/index.ts';

export interface AccountGates {
  /** Throws an ApiError to refuse a login whose password (or code) was right; `reopen`: the player asks to come back. */
  login(db: Db, m: { id: number; mobile: string | null; email: string | null; idNumber: string | null }, o: { reopen: boolean; ip: string }): Promise<void>;
  /** Throws an ApiError to refuse a registration with these identities. */
  register(db: Db, ids: { mobile: string | null; email: string | null; idNumber: string | null }): Promise<void>;
  /** Does the brand show the session clock (time since login) in the header? */
  sessionClock(): boolean;
  /** The brand's minimum age (18 or 21): a birthday asked at registration must be at least this old. */
  minimumAge(): number;
}

let gates: AccountGates = { login: async () => undefined, register: async () => undefined, sessionClock: () => false, minimumAge: () => 18 };

export function provideAccountGates(g: AccountGates): void {
  gates = g;
}

export const accountGates = (): AccountGates => gates;

/**
 * The signature of the seamless-wallet calls a game vendor sends to /wps/game/wallet/http
 * (contract: src/features/play/contract/vendor-wallet.ts): HMAC-SHA256 with the shared secret, hex, over
 * the canonical string
 *
 *   `${action}\n${token}\n${roundId}\n${amount}\n${gameCode}\n${timestamp}`
 *
 * where an absent roundId, amount or gameCode is the empty string and timestamp is the decimal
 * milliseconds; a call with a `transactionId` or a `settleBy` (issue 34: corrections, bets
 * settled later) appends `\n${transactionId}\n${settleBy}` (either absent as the empty string), so
 * a call without them signs as it always did. No field may contain a newline (the contract's patterns refuse one), so the
 * string names one set of fields only.
 *
 * The secret is GAME_HTTP_SECRET or, when unset, one made once per database (system_setting
 * 'games.http.secret'), like the payment sandbox's, so every process on one database checks alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../kernel/db/index.ts';
import { sharedSecret } from '../../kernel/db/settings.ts';

/** Calls older or newer than this (ms) are refused as stale. */
export const WALLET_CALL_MAX_SKEW_MS = 5 * 60_000;

export interface WalletCallFields {
  action: string;
  token: string;
  roundId?: string;
  amount?: string;
  gameCode?: string;
  timestamp: number;
  transactionId?: string;
  settleBy?: number;
}

/** The canonical string a wallet call's signature covers. */
export function walletCallText(f: WalletCallFields): string {
  const base = [f.action, f.token, f.roundId ?? '', f.amount ?? '', f.gameCode ?? '', String(f.timestamp)];
  if (f.transactionId !== undefined || f.settleBy !== undefined) base.push(f.transactionId ?? '', f.settleBy === undefined ? '' : String(f.settleBy));
  return base.join('\n');
}

/** The hex signature of a wallet call's fields. */
export function signWalletCall(fields: WalletCallFields, secret: string): string {
  return createHmac('sha256', secret).update(walletCallText(fields)).digest('hex');
}

/** Does the call carry the right signature? Compared in constant time. */
export function verifyWalletCall(body: WalletCallFields & { signature: string }, secret: string): boolean {
  const want = Buffer.from(signWalletCall(body, secret), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(body.signature) ? Buffer.from(body.signature, 'hex') : Buffer.alloc(0);
  return given.length === want.length && timingSafeEqual(given, want);
}

const SECRET_SETTING = 'games.http.secret';
/** The secret vendors sign wallet calls with (GAME_HTTP_SECRET, else one per database). */
export function gameWalletSecret(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return sharedSecret(db, SECRET_SETTING, env.GAME_HTTP_SECRET);
}

/**
 * The seamless-wallet door a real game vendor calls back (issue 5; server to server, no member
 * session). The vendor's game was launched through the http game provider
 * (server/providers/games/http.ts), which handed the gateway the game session's launch token and
 * this door's address; every call names the player by that token.
 *
 * - `action`: 'balance' answers the wallet's balance; 'debit' takes the bet `amount` and opens
 *   round `roundId`; 'credit' settles the round with the win `amount` ('0.00' for a loss);
 *   'refund' gives the round's bet back (the round could not complete).
 * - Each money call is idempotent by `roundId` (the vendor's round id, 8 to 64 of letters,
 *   digits, '-' and '_', unique across everything the gateway sends): a replay answers what the
 *   first call answered and moves no more money; the same round id with another amount is
 *   refused (409 `wallet.idempotency.conflict`).
 * - Signed: `signature` is hex HMAC-SHA256, with the shared secret GAME_HTTP_SECRET, of
 *   `${action}\n${token}\n${roundId}\n${amount}\n${gameCode}\n${timestamp}` (absent fields as
 *   empty strings, timestamp in decimal ms), see server/providers/games/signature.ts; the
 *   timestamp must be within 5 minutes of ours.
 *
 * Refusals: a bad signature 401 `game.wallet.signature`; a stale timestamp 400
 * `game.wallet.stale`; an unknown or ended session, or one not served by the http provider, 401
 * `game.session.invalid`; a demo session (the vendor plays demo with its own play money) 409
 * `game.demo.wallet`; a missing roundId or amount 400 `request.invalid`; a short balance 409
 * `wallet.balance.insufficient`; a round that is not this player's in this vendor 404
 * `wallet.round.unknown` (whether it exists is not said); a round already settled or refunded
 * 409 `wallet.round.closed`. Rounds left open are refunded by the server after
 * GAME_ROUND_TIMEOUT_MINUTES (10): a credit after that is refused as closed.
 */
import { z } from 'zod';
import { defineCall } from '../../../kernel/contract.ts';
import { launchToken } from './play.ts';

export const vendorWalletBody = z.object({
  action: z.enum(['balance', 'debit', 'credit', 'refund']),
  token: launchToken,
  roundId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  /** Minor units as a 2-decimal string, e.g. '12.50'. */
  amount: z
    .string()
    .regex(/^\d{1,13}\.\d{2}$/)
    .optional(),
  /** Informational (the session names its game); signed like the rest. */
  gameCode: z
    .string()
    .regex(/^[^\n\r]{1,64}$/)
    .optional(),
  timestamp: z.number().int().nonnegative(),
  signature: z.string().max(128),
});
export type VendorWalletBody = z.infer<typeof vendorWalletBody>;

export const vendorWallet = defineCall({
  name: 'vendorWallet',
  method: 'POST',
  path: '/wps/game/wallet/http',
  body: vendorWalletBody,
  value: z.object({
    /** The wallet's balance after the call, 2-decimal string. */
    balance: z.string(),
    roundId: z.string().optional(),
    status: z.enum(['open', 'settled', 'refunded']).optional(),
  }),
});

export const vendorWalletCalls = [vendorWallet];

/**
 * The seamless-wallet door a real game vendor calls back (issue 5; server to server, no member
 * session). The vendor's game was launched through the http game provider
 * (server/providers/games/http.ts), which handed the gateway the game session's launch token and
 * this door's address; every call names the player by that token.
 *
 * - `action`: 'balance' answers the wallet's balance; 'debit' takes the bet `amount` and opens
 *   round `roundId` (with `settleBy`, ms, when its result is due later, as a sports bet's is: the
 *   round stays open until then); 'credit' settles the round with the win `amount` ('0.00' for a
 *   loss); 'refund' (or 'cancel') gives an open round's bet back (the round could not complete).
 * - 'raise' adds `amount` to an open round's stake (issue 34: a blackjack double, split or
 *   insurance; a bet increased before its result), named by the vendor's `transactionId` and
 *   idempotent by it, with the checks of a debit (a live session, player protection, the balance);
 *   the round's settle then counts the whole stake.
 * - 'part' pays part of an open round's win (issue 34: a bet settled in several parts) and leaves
 *   the round open; it is named by the vendor's `transactionId` and idempotent by it. The closing
 *   'credit' pays the last part: the round's win is then the parts and the last together. A round
 *   paid in part cannot be refunded (409 `wallet.round.partlyPaid`): the vendor settles it or voids
 *   it (which takes the parts back); one left open past the timeout is closed with what it paid.
 * - Corrections of a round already settled (issue 34), each named by the vendor's own
 *   `transactionId` (8 to 64 of letters, digits, '-' and '_'), idempotent by it: 'resettle'
 *   changes the round's win to `amount` (the difference paid, or taken back); 'void' makes the
 *   round count for nothing (the stake back, the win taken back; an open round is refunded). What
 *   the wallet cannot give back is never taken below zero: the answer's `unrecovered` says what
 *   the house wrote off. A resettle of a round that is not settled is 409
 *   `wallet.round.notSettled`; a void of a refunded one 409 `wallet.round.closed`.
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
  action: z.enum(['balance', 'debit', 'raise', 'credit', 'part', 'refund', 'cancel', 'resettle', 'void']),
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
  /** A raise's, a part's or a correction's own id (raise, part, resettle, void), signed after the timestamp (signature.ts). */
  transactionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  /** A debit's due time of its result, ms, within a year (signed after the transaction id). */
  settleBy: z.number().int().nonnegative().optional(),
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
    /** A raise's round stake after it, 2-decimal string. */
    bet: z.string().optional(),
    /** A correction's win after it (resettle, void of a settled round: the win it had). */
    win: z.string().nullable().optional(),
    /** What a correction could not take back from the wallet (written off by the house), 2-decimal string. */
    unrecovered: z.string().optional(),
  }),
});

export const vendorWalletCalls = [vendorWallet];

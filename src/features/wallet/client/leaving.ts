/**
 * A game wallet brought back to the main wallet as its game's page goes away (closing the window,
 * going to the lobby, a reload): the transfer is sent with fetch's keepalive, since nothing on the
 * page is left to wait for its answer, and the site's other tabs are told that the money is on
 * its way back (their headers say so and read the balance again).
 */
import { MAIN_WALLET, walletTransfer } from '../contract.ts';
import type { ApiClient } from '../../../kernel/http/client.ts';
import { announceWallet } from './wallet.ts';

/**
 * A fresh idempotency key for a leaving transfer: one page leaves once, so nothing is retried
 * under it. randomUUID needs a secure context (a game window on a plain-http mirror has none).
 */
export function leaveKey(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `leave-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

/**
 * Sends `amount` of the `vendor`'s game wallet back to the main wallet with a request that
 * outlives the page, on `client` (the member's session); answers at once. A failure leaves the
 * money in the game wallet, where the transfer page shows it.
 * @example bringBackOnLeave(client, { vendor: 'PG', vendorName: 'PG Soft', amount: '12.50' })
 */
export function bringBackOnLeave(client: ApiClient, o: { vendor: string; vendorName: string; amount: string }): void {
  announceWallet({ type: 'leaving', vendorName: o.vendorName, amount: o.amount });
  client.call(walletTransfer, { body: { from: o.vendor, to: MAIN_WALLET, amount: o.amount, idempotencyKey: leaveKey() }, keepalive: true }).catch(() => {
    /* the page is gone, or the money stays in the game wallet (the transfer page shows it) */
  });
}

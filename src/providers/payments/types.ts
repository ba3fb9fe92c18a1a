/**
 * The payment provider interface: how money comes in (a deposit order the payer pays on the
 * provider's page, confirmed by a signed callback) and goes out (a payout to the member).
 * Callbacks of every provider use one signed shape (contract/wallet.ts paymentCallback).
 */
import type { Db } from '../../kernel/db/index.ts';

export interface DepositRequest {
  /** Our order id ('D' + random): the provider's idempotency key for the order. */
  orderId: string;
  memberId: number;
  channel: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  /** Origin of the request that opened the order (where callbacks and the payer come back to). */
  origin: string;
}

export interface DepositStart {
  /** Where the payer pays (absolute, or a path of this site for the sandbox). */
  payUrl: string;
  /** The provider's own reference, when it gives one now. */
  providerRef: string | null;
}

export interface PayoutRequest {
  /** Our withdrawal id: the provider's idempotency key, so a retried payout pays once. */
  withdrawalId: string;
  memberId: number;
  amount: bigint;
  currency: string;
  payeeName: string | null;
}

export interface PayoutResult {
  providerRef: string | null;
}

/** The signed body of a provider's callback (contract/wallet.ts paymentCallback). */
export interface CallbackBody {
  eventId: string;
  orderId: string;
  status: 'paid' | 'failed';
  /** The amount as a 2-decimal string. */
  amount: string;
  currency: string;
  /** ms since the epoch; must be within 5 minutes of ours. */
  timestamp: number;
  /** HMAC-SHA256, hex, of `${eventId}.${orderId}.${status}.${amount}.${currency}.${timestamp}`. */
  signature: string;
}

export interface PaymentProvider {
  /** 'sandbox' or 'http': stored on each order, and the callback path's last segment. */
  readonly name: string;
  /** Opens an order with the provider; throws when the provider refuses. */
  createDeposit(db: Db, req: DepositRequest): Promise<DepositStart>;
  /** Sends money to the member; resolves once the provider accepted it, throws when it refused. */
  payout(db: Db, req: PayoutRequest): Promise<PayoutResult>;
  /** The secret this provider's callbacks are signed with. */
  callbackSecret(db: Db): Promise<string>;
}

/**
 * Wallet calls (spec 2.4 balance, 2.14 member centre, 2.16 deposit/withdraw/records, 7 wallet).
 *
 * Conventions (the spec is silent; written down here):
 * - Amounts cross the wire as decimal strings with at most 2 fraction digits ("12.50"); the
 *   server keeps integer minor units. A bad amount is refused with one of
 *   `wallet.amount.invalid` (not a number), `wallet.amount.decimals` (more than 2 decimals),
 *   `wallet.amount.positive` (zero or negative), `wallet.amount.tooLarge` (above the limit),
 *   `wallet.amount.min` / `wallet.amount.max` (outside the channel's or brand's range).
 * - Every call that moves money or opens an order carries `idempotencyKey` (8 to 64 of
 *   A-Z a-z 0-9 _ -; a browser sends a UUID made once per form submission). A retry with the
 *   same key and the same body answers the first answer again; the same key with another body
 *   is refused with `wallet.idempotency.conflict`.
 * - Wallets, as the existing platform's clients read them (wire notes, "Answers read"): the
 *   balance call answers money as JSON numbers of major units (`12.5`), the main wallet as
 *   `accountTypeId` 2 and each game wallet by its vendor's number (101 and up); beside it,
 *   `accountTypeName` carries the code ('MAIN', or the vendor code JL, PG, ...). Calls that name
 *   a wallet (the transfer) accept either the number or the code. Every other amount stays a
 *   2-decimal string, as this contract has always answered it (no real client reads those).
 * - Dates of record filters are calendar days `YYYY-MM-DD` in the brand's time zone, both ends
 *   included, at most 31 days apart (the pickers step by 7 and 30 days).
 * - Trial accounts are refused every call here with `account.trial` (in_need_true_account).
 */
import { z } from 'zod';
import { defineEvent } from '../../kernel/event-types.ts';
import { defineCall, idLike, pageSizeParam } from '../../kernel/contract.ts';

/** A decimal amount as typed by a user; the server parses it into minor units. */
export const amountInput = z.union([z.string().max(40), z.number()]).transform((v) => String(v));
/** An amount as the server answers it: minor units formatted with 2 decimals (may be negative). */
export const amountText = z.string().regex(/^-?\d+\.\d{2}$/);
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const intParam = (min: number, max: number, fallback?: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .transform((v) => v ?? fallback);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const recordQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  pageNo: intParam(1, 100_000, 1),
  pageSize: pageSizeParam(100, 20),
});
const page = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), pageNum: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() });

/** The main wallet's code ('MAIN') and number (2, as real clients know it). */
export const MAIN_WALLET = 'MAIN';
export const MAIN_WALLET_ID = 2;
/** A wallet named in a request: its code ('MAIN', 'JL') or its number (2, 101...), as a number or a numeric string. */
const walletRef = z.union([z.string().regex(/^(?!\d+$)[A-Za-z0-9_]{1,32}$/), idLike]).transform((v) => String(v));
/** Money as the balance call answers it: a JSON number of major units with at most 2 decimals. */
export const amountNumber = z.number();

export const walletEntry = z.object({ accountTypeId: z.number().int(), accountTypeName: z.string(), name: z.string() });
export type WalletEntry = z.infer<typeof walletEntry>;

export const balanceValue = z.object({
  /** Main wallet plus every game wallet. */
  sumBalance: amountNumber,
  balance: z.array(walletEntry.extend({ availBalance: amountNumber })),
  /** Funds held for pending withdrawals (not spendable, not in sumBalance). */
  heldBalance: amountNumber,
  currency: z.string(),
  currencySymbol: z.string(),
});
export type BalanceValue = z.infer<typeof balanceValue>;

export const walletBalance = defineCall({
  name: 'walletBalance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  token: true,
  value: balanceValue,
});

/** Single wallet: one balance for every vendor; otherwise one game wallet per vendor. Clients cache it for the session. */
export const merchantWallet = defineCall({
  name: 'merchantWallet',
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  token: true,
  value: z.object({ isSingle: z.boolean(), vendors: z.array(walletEntry) }),
});

/** Moves money between the main wallet and a game wallet; `all` brings every game wallet back to MAIN. */
export const walletTransfer = defineCall({
  name: 'walletTransfer',
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  token: true,
  body: z.object({
    from: walletRef.optional(),
    to: walletRef,
    amount: amountInput.optional(),
    all: z.boolean().optional(),
    /** Required by the strict profile; optional in the compatible one (docs/protocol.md). */
    idempotencyKey: idempotencyKey.optional(),
  }),
  value: balanceValue,
});

/** Sends money from the member's main wallet to the agent directly above (spec 2.14). */
export const uplineTransfer = defineCall({
  name: 'uplineTransfer',
  method: 'POST',
  path: '/wps/wallet/transfer/upline',
  token: true,
  body: z.object({ amount: amountInput, paymentPassword: z.string().max(64).optional(), idempotencyKey }),
  value: z.object({ transferId: z.number().int(), amount: amountText, uplineAccount: z.string(), balance: balanceValue }),
});

export const depositChannel = z.object({
  code: z.string(),
  name: z.string(),
  min: amountText,
  max: amountText,
  /** The channel is a sandbox: no real money moves (labelled in the page). */
  sandbox: z.boolean(),
});

export const depositChannels = defineCall({
  name: 'depositChannels',
  method: 'GET',
  path: '/wps/wallet/deposit/channels',
  token: true,
  value: z.object({ channels: z.array(depositChannel), currency: z.string(), currencySymbol: z.string() }),
});

export const depositOrder = z.object({
  orderId: z.string(),
  channel: z.string(),
  amount: amountText,
  /** pending, paid, failed or expired. */
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  createdAt: z.number(),
  expiresAt: z.number(),
  settledAt: z.number().nullable(),
  /** Where the player pays a pending order (the provider's page). */
  payUrl: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

/** Opens a pending deposit order with a payment provider; the wallet is credited by its signed callback. */
export const depositCreate = defineCall({
  name: 'depositCreate',
  method: 'POST',
  path: '/wps/wallet/deposit',
  token: true,
  body: z.object({ amount: amountInput, channel: z.string().max(32), idempotencyKey }),
  value: depositOrder,
});

export const depositOrders = defineCall({
  name: 'depositOrders',
  method: 'GET',
  path: '/wps/wallet/deposit/orders',
  token: true,
  query: recordQuery,
  value: page(depositOrder),
});

/**
 * A payment provider's callback (server to server, no session). The sandbox provider signs
 * `${eventId}.${orderId}.${status}.${amount}.${currency}.${timestamp}` with HMAC-SHA256 and the
 * shared secret, hex, in `signature`; `timestamp` is ms and must be within 5 minutes. A bad
 * signature, a stale timestamp, an unknown order, an amount that differs from the order's or a
 * second callback for the order credits nothing (each is recorded).
 */
const callbackBody = z.object({
  eventId: z.string().max(64),
  orderId: z.string().max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.string().max(40),
  currency: z.string().max(8),
  timestamp: z.number().int(),
  signature: z.string().max(128),
});
/**
 * What a callback did: credited (paid, the wallet got the money once), failed (the order is
 * closed unpaid), duplicate (the order was already settled), replayed (this event id took effect
 * before). Refusals are errors instead: wallet.callback.signature (401), wallet.callback.stale,
 * wallet.callback.mismatch (400), wallet.order.unknown (404); each is recorded too.
 */
const callbackValue = z.object({ outcome: z.string() });

export const paymentCallback = defineCall({
  name: 'paymentCallback',
  method: 'POST',
  path: '/wps/payment/callback/sandbox',
  body: callbackBody,
  value: callbackValue,
});

/**
 * The callback of a real gateway configured as the 'http' provider (server/providers/payments/
 * http.ts): the same fields and signature scheme, signed with PAYMENT_HTTP_SECRET. It settles
 * only orders that the http provider opened.
 */
export const paymentCallbackHttp = defineCall({
  name: 'paymentCallbackHttp',
  method: 'POST',
  path: '/wps/payment/callback/http',
  body: callbackBody,
  value: callbackValue,
});

/**
 * The sandbox provider's own page (not our API): the payer pays or declines an order, and the
 * sandbox sends its signed callback before this answers (so the order is settled by then).
 * `returnUrl` is `/member?page=deposit&order=<orderId>`: the member centre's deposit page, which
 * may show that order's outcome. Refused: wallet.order.unknown (404), wallet.order.closed (409,
 * already paid or declined), wallet.order.expired (409), wallet.sandbox.callback (502, our
 * callback endpoint could not be reached; paying again is safe).
 */
export const sandboxPay = defineCall({
  name: 'sandboxPay',
  method: 'POST',
  path: '/wps/payment/sandbox/pay',
  body: z.object({ orderId: z.string().max(64), outcome: z.enum(['paid', 'failed']) }),
  value: z.object({ orderId: z.string(), status: z.string(), returnUrl: z.string() }),
});

/** Looks up an order for the sandbox page (no session: the page is the provider's). */
export const sandboxOrder = defineCall({
  name: 'sandboxOrder',
  method: 'GET',
  path: '/wps/payment/sandbox/order',
  query: z.object({ orderId: z.string().max(64) }),
  value: z.object({ orderId: z.string(), amount: amountText, currency: z.string(), status: z.string(), merchant: z.string() }),
});

export const withdrawalItem = z.object({
  id: z.string(),
  amount: amountText,
  /** pending, rejected, paid, received (full paid), disputed (not received), force_received. */
  status: z.enum(['pending', 'rejected', 'paid', 'received', 'disputed', 'force_received']),
  requestedAt: z.number(),
  reviewedAt: z.number().nullable(),
  paidAt: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  reviewNote: z.string().nullable(),
  receivedAmount: amountText.nullable(),
  remainingAmount: amountText.nullable(),
  /** When a paid withdrawal counts as received if the player says nothing (ms). */
  autoReceiveAt: z.number().nullable(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const withdrawInfo = defineCall({
  name: 'withdrawInfo',
  method: 'GET',
  path: '/wps/wallet/withdraw/info',
  token: true,
  value: z.object({
    available: amountText,
    min: amountText,
    max: amountText,
    needPaymentPassword: z.boolean(),
    payeeName: z.string().nullable(),
    autoReceiveMinutes: z.number().int(),
    /** Turnover still to bet before a withdrawal (an active bonus's wagering requirement); 0.00 when none. */
    wageringRemaining: amountText,
  }),
});

/** Requests a withdrawal: the amount is held at once, until the operator pays or rejects it. */
export const withdrawCreate = defineCall({
  name: 'withdrawCreate',
  method: 'POST',
  path: '/wps/wallet/withdraw',
  token: true,
  body: z.object({ amount: amountInput, paymentPassword: z.string().max(64).optional(), idempotencyKey }),
  value: withdrawalItem,
});

export const withdrawals = defineCall({
  name: 'withdrawals',
  method: 'GET',
  path: '/wps/wallet/withdrawals',
  token: true,
  query: recordQuery,
  value: page(withdrawalItem),
});

/** Largest proof image: 5 MB (spec 9), sent as a data URL (png or jpg). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The player confirms a paid withdrawal: received in full, or not (all or part), with the amount
 * that did arrive and a proof image (png/jpg data URL, 5 MB at most).
 */
export const withdrawConfirm = defineCall({
  name: 'withdrawConfirm',
  method: 'POST',
  path: '/wps/wallet/withdrawals/confirm',
  token: true,
  maxBodyBytes: Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64 * 1024,
  body: z.object({
    id: z.string().max(64),
    received: z.boolean(),
    receivedAmount: amountInput.optional(),
    proofImage: z
      .string()
      .max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64)
      .optional(),
    idempotencyKey,
  }),
  value: withdrawalItem,
});

export const transactionRecord = z.object({
  transferId: z.number().int(),
  time: z.number(),
  /** deposit, withdrawal_hold, withdrawal_release, withdrawal_payout, bet, win, refund, resettle, wallet_transfer, upline_transfer, bonus, bonus_forfeit, salary, dividend, adjustment. */
  kind: z.string(),
  /** MAIN, a vendor code, or HOLD. */
  wallet: z.string(),
  amount: amountText,
  balanceAfter: amountText,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
});

/** Account record (transaction history) of the member's wallets. */
export const transactionRecords = defineCall({
  name: 'transactionRecords',
  method: 'GET',
  path: '/wps/wallet/records/transactions',
  token: true,
  query: recordQuery.extend({ kind: z.string().max(32).optional() }),
  value: page(transactionRecord),
});

export const betRecord = z.object({
  roundId: z.string(),
  time: z.number(),
  vendor: z.string(),
  gameName: z.string(),
  bet: amountText,
  win: amountText.nullable(),
  /** win minus bet, from the player's side; null while the round is open. */
  profit: amountText.nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
});

export const betRecords = defineCall({
  name: 'betRecords',
  method: 'GET',
  path: '/wps/wallet/records/bets',
  token: true,
  query: recordQuery,
  value: page(betRecord).extend({ summary: z.object({ bet: amountText, win: amountText, profit: amountText, rounds: z.number().int() }) }),
});

const profitRow = z.object({
  bet: amountText,
  win: amountText,
  profit: amountText,
  deposit: amountText,
  withdrawal: amountText,
  bonus: amountText,
});

/** Personal loss/profit by day. */
export const profitReport = defineCall({
  name: 'profitReport',
  method: 'GET',
  path: '/wps/wallet/records/profit',
  token: true,
  query: z.object({ from: day.optional(), to: day.optional() }),
  value: z.object({ days: z.array(profitRow.extend({ date: day })), total: profitRow }),
});

export const bonusRecords = defineCall({
  name: 'bonusRecords',
  method: 'GET',
  path: '/wps/wallet/records/bonus',
  token: true,
  query: recordQuery,
  value: page(z.object({ transferId: z.number().int(), time: z.number(), amount: amountText, memo: z.string().nullable() })),
});

/** A bonus with its wagering requirement (issue 15): turnover done counts bets since it was granted, by category weight. */
export const bonusItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** What granted it: promotion:<id>, code:<CODE>, seed. */
  source: z.string(),
  amount: amountText,
  turnoverRequired: amountText,
  /** null once forfeited or expired. */
  turnoverDone: amountText.nullable(),
  status: z.enum(['active', 'completed', 'forfeited', 'expired']),
  /** What went back to the house when it was forfeited or expired. */
  recovered: amountText,
  createdAt: z.number(),
  expiresAt: z.number(),
  endedAt: z.number().nullable(),
  /** Bets above this do not count toward the turnover. */
  maxBet: amountText.nullable(),
  /** Percent of a bet that counts, for the game categories that do not count fully (RNG, LIVE...). */
  weights: z.record(z.string(), z.number()),
});
export type BonusItem = z.infer<typeof bonusItem>;

/** The member's bonuses with their wagering progress, newest first. */
export const bonusList = defineCall({
  name: 'bonusList',
  method: 'GET',
  path: '/wps/wallet/bonuses',
  token: true,
  value: z.array(bonusItem),
});

/** Gives up an active bonus: the bonus (at most the main wallet's balance) goes back, and withdrawals are free again. */
export const bonusForfeit = defineCall({
  name: 'bonusForfeit',
  method: 'POST',
  path: '/wps/wallet/bonuses/forfeit',
  token: true,
  body: z.object({ id: z.number().int().positive() }),
  value: z.object({ recovered: amountText }),
});

export const walletCalls = [
  bonusList,
  bonusForfeit,
  walletBalance,
  merchantWallet,
  walletTransfer,
  uplineTransfer,
  depositChannels,
  depositCreate,
  depositOrders,
  paymentCallback,
  paymentCallbackHttp,
  sandboxPay,
  sandboxOrder,
  withdrawInfo,
  withdrawCreate,
  withdrawals,
  withdrawConfirm,
  transactionRecords,
  betRecords,
  profitReport,
  bonusRecords,
];

/**
 * The wallet's events (src/kernel/event-types.ts): facts other features hear through the outbox,
 * each with the system message it gives its member. Amounts are written in the brand's decimals
 * with its symbol, as the message shows them.
 */
const moneyText = z.string().regex(/^-?\d+(\.\d+)?$/);
export const depositCredited = defineEvent({
  kind: 'wallet.deposit.credited',
  version: 1,
  payload: z.object({ amount: moneyText, symbol: z.string(), orderId: z.string(), channel: z.string() }),
  message: 'messages:wallet.depositCredited',
});
export const withdrawalPaid = defineEvent({
  kind: 'wallet.withdrawal.paid',
  version: 1,
  payload: z.object({ amount: moneyText, symbol: z.string(), id: z.string() }),
  message: 'messages:wallet.withdrawalPaid',
});
export const withdrawalRejected = defineEvent({
  kind: 'wallet.withdrawal.rejected',
  version: 1,
  payload: z.object({ amount: moneyText, symbol: z.string(), id: z.string(), note: z.string() }),
  message: 'messages:wallet.withdrawalRejected',
});
export const walletEvents = [depositCredited, withdrawalPaid, withdrawalRejected];

/**
 * Deposits through a payment provider: a pending order is opened with the provider, the payer
 * pays on the provider's page, and the provider's signed callback credits the main wallet, once.
 * Every callback is recorded in payment_callback with what it did, whatever its fate.
 *
 * Credit exactly once: the order row is locked FOR UPDATE and moves pending -> paid in the same
 * transaction as the ledger transfer; an event id takes effect once (a partial unique index on
 * accepted callbacks is the last wall against a replay racing the first delivery).
 */
import { charge, countAnyway, refuseIfBlocked, release } from '../../protection/index.ts';
import { randomBytes } from 'node:crypto';
import { selfOrigin } from '../../../kernel/http/origins.ts';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { formatMinor } from '../../../kernel/money.ts';
import { depositCredited, type DepositOrder } from '../contract.ts';
import { clock } from '../../../kernel/clock.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { DEFAULT_LOCALE } from '../../../kernel/locales.ts';
import { db as processDb, type Db } from '../../../kernel/db/index.ts';
import { paymentCallback, paymentOrder } from './tables.ts';
import { env } from '../../../kernel/env.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { log } from '../../../kernel/log.ts';
import { providerByName, sandboxCallbackBody as signedSandboxBody, sandboxProvider, type CallbackBody, type PaymentProvider } from '../../../providers/payments/index.ts';
import { CALLBACK_MAX_SKEW_MS, verifyCallbackSignature } from '../../../providers/payments/signature.ts';
import { HOUSE, mainAccount } from './accounts.ts';
import { money, parseAmount } from './amounts.ts';
import { once, pgCode } from '../../../kernel/idempotency.ts';
import { postTransfer, type Tx } from './ledger.ts';
import { addToDay } from './daily.ts';
import { emit } from '../../../kernel/events.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';

/**
 * The sandbox provider's signed callback for an order, as the sandbox pay page sends it. Amount
 * and currency are the order's (read from the database) unless given.
 */
export async function sandboxCallbackBody(
  orderId: string,
  status: 'paid' | 'failed',
  secret: string,
  o: { amount?: string; currency?: string; eventId?: string; timestamp?: number; db?: Db } = {},
): Promise<CallbackBody> {
  let { amount, currency } = o;
  if (amount === undefined || currency === undefined) {
    const d = o.db ?? (await processDb());
    const rows = await d.select({ amount: paymentOrder.amount, currency: paymentOrder.currency }).from(paymentOrder).where(eq(paymentOrder.id, orderId));
    amount ??= rows[0] ? formatMinor(rows[0].amount) : '0.00';
    currency ??= rows[0]?.currency ?? 'USD';
  }
  return signedSandboxBody(orderId, status, secret, { amount, currency, eventId: o.eventId, timestamp: o.timestamp });
}

/** A deposit order can be paid for 30 minutes. */
export const ORDER_TTL_MS = 30 * 60_000;
/** Unpaid, unexpired orders a member may have open at once (opening more is refused). */
export const MAX_OPEN_ORDERS = 10;

type OrderRow = typeof paymentOrder.$inferSelect;

/** The deposit channels the member can use: the brand's, whose provider is configured here. */
export function usableChannels() {
  return brand().wallet.depositChannels.filter((c) => providerByName(c.provider) !== null);
}

/**
 * A channel's name as players of `lang` read it, or null for a code the brand no longer has
 * (messages name channels, never their codes: audit item 14).
 */
export function channelName(code: string, lang: string): string | null {
  const c = brand().wallet.depositChannels.find((x) => x.code === code);
  return c ? (c.names?.[lang] ?? c.name) : null;
}

/** The depositChannels answer, the channels named in the caller's language. */
export function depositChannelsView(lang: string = DEFAULT_LOCALE) {
  const { currency, currencySymbol } = brand();
  return {
    channels: usableChannels().map((c) => ({ code: c.code, name: channelName(c.code, lang)!, min: money(c.min), max: money(c.max), sandbox: c.provider === 'sandbox' })),
    currency,
    currencySymbol,
  };
}

/** An order as the API answers it; a pending order past its time shows as expired. */
export function orderView(o: OrderRow, now = clock.now()): DepositOrder {
  const status = o.status === 'pending' && o.expiresAt.getTime() <= now ? 'expired' : (o.status as DepositOrder['status']);
  return {
    orderId: o.id,
    channel: o.channel,
    amount: money(o.amount),
    status,
    createdAt: o.createdAt.getTime(),
    expiresAt: o.expiresAt.getTime(),
    settledAt: o.settledAt?.getTime() ?? null,
    payUrl: status === 'pending' ? o.payUrl : null,
  };
}

export interface DepositInput {
  amount: string;
  channel: string;
  idempotencyKey: string;
}

/** Opens a pending deposit order with the channel's provider; `origin` is where the request came in. */
export async function createDeposit(db: Db, memberId: number, input: DepositInput, origin: string): Promise<DepositOrder> {
  const channel = usableChannels().find((c) => c.code === input.channel);
  if (!channel) throw new ApiError(400, 'wallet.channel.unknown');
  const provider = providerByName(channel.provider)!;
  const amount = parseAmount(input.amount, { min: channel.min, max: channel.max });
  const op = { name: 'deposit', memberId, key: input.idempotencyKey, request: { amount, channel: channel.code } };
  const { value } = await once(db, op, async (tx) => {
    // Player protection: no deposit while blocked; the amount counted against the deposit limits
    // from the request on (refused whole, with what is left, when one has no room); a failed
    // payment gives it back.
    await refuseIfBlocked(tx, memberId);
    await charge(tx, memberId, ['deposit'], amount);
    const now = clock.now();
    const [open] = await tx
      .select({ n: count() })
      .from(paymentOrder)
      .where(and(eq(paymentOrder.memberId, memberId), eq(paymentOrder.status, 'pending'), gt(paymentOrder.expiresAt, new Date(now))));
    if ((open?.n ?? 0) >= MAX_OPEN_ORDERS) throw new ApiError(429, 'wallet.order.tooMany', { count: MAX_OPEN_ORDERS });
    const orderId = `D${randomBytes(10).toString('hex').toUpperCase()}`;
    const currency = brand().currency;
    // The provider is asked inside the transaction: if it refuses, no order row is left behind,
    // and a retry with the same key asks again (our order id is its idempotency key).
    const start = await provider.createDeposit(db, { orderId, memberId, channel: channel.code, amount, currency, origin });
    const [row] = await tx
      .insert(paymentOrder)
      .values({
        id: orderId,
        memberId,
        provider: provider.name,
        channel: channel.code,
        amount,
        currency,
        status: 'pending',
        providerRef: start.providerRef,
        payUrl: start.payUrl,
        // The database's clock, as the deposit limit that counted it: a failed payment gives the room back to that same period.
        createdAt: sql`now()`,
        expiresAt: sql`now() + make_interval(secs => ${ORDER_TTL_MS / 1000})`,
      })
      .returning();
    return orderView(row!, now);
  });
  return value;
}

/**
 * Closes pending orders past their time as expired (all that are due, up to `limit`, or the one
 * `orderId` names, which its caller found past its time), and gives what each counted back to the deposit limits of the period it was
 * counted in (player protection: an order the player never paid must not hold their room until
 * the period ends). Orders a callback is settling are skipped (row locks), so each is either paid
 * or expired, once, on any number of processes. An order whose release made room is marked
 * (`limit_released`): a provider that reports it paid later counts it again then
 * (handlePaymentCallback), and only then. Answers how many expired.
 */
export async function expireDepositOrders(db: Db, o: { limit?: number; orderId?: string } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`
        with due as (
          select id from ${paymentOrder} where status = 'pending' and ${o.orderId ? sql`id = ${o.orderId}` : sql`expires_at <= now()`}
          order by expires_at limit ${o.limit ?? 500} for update skip locked
        )
        update ${paymentOrder} o set status = 'expired' from due where o.id = due.id
        returning o.id, o.member_id, o.amount::text as amount, o.created_at`),
    );
    for (const r of rows) {
      // The driver's Date (milliseconds, truncated): the same instant the failed-payment path releases with.
      const countedAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
      const freed = await release(tx, Number(r.member_id), ['deposit'], BigInt(String(r.amount)), countedAt);
      if (freed)
        await tx
          .update(paymentOrder)
          .set({ limitReleased: true })
          .where(eq(paymentOrder.id, String(r.id)));
    }
    return rows.length;
  });
}

/** What a callback did (recorded in payment_callback.outcome). */
export type CallbackOutcome = 'credited' | 'failed' | 'duplicate' | 'replayed' | 'bad_signature' | 'stale' | 'unknown_order' | 'mismatch';

/**
 * Handles a provider's callback: checks the signature (constant time) and the timestamp (within
 * 5 minutes), then settles the order once: paid credits the main wallet (HOUSE.payments -> main,
 * kind deposit), failed closes it. A second callback, a replayed event, an unknown order or an
 * amount or currency that differs from the order's credits nothing; every callback is recorded.
 */
export async function handlePaymentCallback(db: Db, provider: PaymentProvider | string, body: CallbackBody): Promise<{ outcome: CallbackOutcome }> {
  const p = typeof provider === 'string' ? providerByName(provider) : provider;
  // A callback path of a provider this site does not use is as unknown as any other path.
  if (!p) throw new ApiError(404, 'request.not.found');
  const record = (outcome: CallbackOutcome) => db.insert(paymentCallback).values({ provider: p.name, eventId: body.eventId, orderId: body.orderId, outcome, body: JSON.stringify(body) });

  if (!verifyCallbackSignature(body, await p.callbackSecret(db))) {
    await record('bad_signature');
    throw new ApiError(401, 'wallet.callback.signature');
  }
  if (Math.abs(clock.now() - body.timestamp) > CALLBACK_MAX_SKEW_MS) {
    await record('stale');
    throw new ApiError(400, 'wallet.callback.stale');
  }

  let outcome: CallbackOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(paymentOrder).where(eq(paymentOrder.id, body.orderId)).for('update');
      if (!order || order.provider !== p.name) return 'unknown_order';
      if (order.currency !== body.currency || money(order.amount) !== body.amount) return 'mismatch';
      const seen = await tx
        .select({ id: paymentCallback.id })
        .from(paymentCallback)
        .where(and(eq(paymentCallback.provider, p.name), eq(paymentCallback.eventId, body.eventId), sql`${paymentCallback.outcome} in ('credited', 'failed')`));
      if (seen.length) return 'replayed';
      // 'expired' is only our display deadline: a provider that says the payer paid wins.
      if (order.status !== 'pending' && order.status !== 'expired') return 'duplicate';
      const settledAt = new Date(clock.now());
      let result: CallbackOutcome;
      if (body.status === 'paid') {
        // An order whose expiry gave room back to the deposit limits (expireDepositOrders): the
        // money has moved all the same, so it counts again, room or not.
        if (order.status === 'expired' && order.limitReleased) await countAnyway(tx, order.memberId, ['deposit'], order.amount);
        const posted = await postTransfer(tx, {
          kind: 'deposit',
          memberId: order.memberId,
          reference: order.id,
          memo: `Deposit ${order.channel}`,
          legs: [{ from: HOUSE.payments, to: mainAccount(order.memberId), amount: order.amount }],
        });
        await tx.update(paymentOrder).set({ status: 'paid', transferId: posted.transferId, settledAt }).where(eq(paymentOrder.id, order.id));
        await addToDay(tx, order.memberId, settledAt, '', { depositCount: 1, deposit: order.amount });
        await emit(tx, depositCredited, order.memberId, { amount: formatMinor(order.amount, brand().currencyDecimals), symbol: brand().currencySymbol, orderId: order.id, channel: order.channel });
        result = 'credited';
      } else {
        await tx.update(paymentOrder).set({ status: 'failed', settledAt }).where(eq(paymentOrder.id, order.id));
        // An expired order gave back its room when it expired; only a pending one still holds it.
        if (order.status === 'pending') await release(tx, order.memberId, ['deposit'], order.amount, order.createdAt);
        result = 'failed';
      }
      await tx.insert(paymentCallback).values({ provider: p.name, eventId: body.eventId, orderId: body.orderId, outcome: result, body: JSON.stringify(body) });
      return result;
    });
  } catch (err) {
    // The same event accepted by a concurrent delivery: this one rolled back.
    if (pgCode(err) !== '23505') throw err;
    outcome = 'replayed';
  }
  if (outcome !== 'credited' && outcome !== 'failed') await record(outcome);
  if (outcome === 'unknown_order') throw new ApiError(404, 'wallet.order.unknown');
  if (outcome === 'mismatch') {
    log.warn('payment.callback.mismatch', { provider: p.name, orderId: body.orderId, amount: body.amount, currency: body.currency });
    throw new ApiError(400, 'wallet.callback.mismatch');
  }
  return { outcome };
}

async function sandboxOrderRow(db: Db, orderId: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.id, orderId), eq(paymentOrder.provider, 'sandbox')));
  if (!order) throw new ApiError(404, 'wallet.order.unknown');
  return order;
}

/** The sandbox pay page's view of an order (no session: the page is the provider's). */
export async function sandboxOrderView(db: Db, orderId: string) {
  const order = await sandboxOrderRow(db, orderId);
  return { orderId: order.id, amount: money(order.amount), currency: order.currency, status: orderView(order).status, merchant: brand().name };
}

/** Where the payer returns after the sandbox page. */
export const depositReturnUrl = (orderId: string) => `/member?page=deposit&order=${encodeURIComponent(orderId)}`;

/**
 * The payer's choice on the sandbox page: the sandbox sends its signed callback by a real HTTP
 * POST to our callback endpoint (PAYMENT_CALLBACK_ORIGIN, else this server's own address, never
 * the pay request's Host) and answers once it was handled. Paying again after a failed delivery
 * is safe (the order credits once).
 */
export async function paySandboxOrder(db: Db, orderId: string, outcome: 'paid' | 'failed') {
  const order = await sandboxOrderRow(db, orderId);
  if (order.status === 'paid' || order.status === 'failed') throw new ApiError(409, 'wallet.order.closed');
  if (order.status === 'expired' || order.expiresAt.getTime() <= clock.now()) {
    // Closed as the expiry job closes it, room given back to the deposit limit with it.
    if (order.status === 'pending') await expireDepositOrders(db, { orderId });
    throw new ApiError(409, 'wallet.order.expired');
  }
  // The sandbox's own mark of what the payer chose (its "provider reference").
  await db
    .update(paymentOrder)
    .set({ providerRef: `sandbox:${outcome}` })
    .where(and(eq(paymentOrder.id, orderId), eq(paymentOrder.status, 'pending')));
  const callbackUrl = `${(env().PAYMENT_CALLBACK_ORIGIN ?? selfOrigin()).replace(/\/+$/, '')}/wps/payment/callback/sandbox`;
  let answer: { status: number; json: unknown };
  try {
    answer = await sandboxProvider().notify(db, { orderId: order.id, amount: order.amount, currency: order.currency }, outcome, callbackUrl);
  } catch (err) {
    log.warn('payment.sandbox.send', { orderId, callbackUrl, error: err instanceof Error ? err.message : String(err) });
    throw new ApiError(502, 'wallet.sandbox.callback');
  }
  if (answer.status >= 400) {
    log.warn('payment.sandbox.refused', { orderId, callbackUrl, status: answer.status, answer: answer.json });
    throw new ApiError(502, 'wallet.sandbox.callback');
  }
  const [after] = await db.select().from(paymentOrder).where(eq(paymentOrder.id, orderId));
  return { orderId, status: orderView(after!).status, returnUrl: depositReturnUrl(orderId) };
}

/** A member's first paid deposit (the promotions engine tells what it closed), or null. */
export async function firstPaidDeposit(db: Db | Tx, memberId: number): Promise<{ orderId: string; amount: bigint; at: Date } | null> {
  const [r] = await db
    .select({ orderId: paymentOrder.id, amount: paymentOrder.amount, settledAt: paymentOrder.settledAt, createdAt: paymentOrder.createdAt })
    .from(paymentOrder)
    .where(and(eq(paymentOrder.memberId, memberId), eq(paymentOrder.status, 'paid')))
    .orderBy(asc(paymentOrder.settledAt), asc(paymentOrder.id))
    .limit(1);
  return r ? { orderId: r.orderId, amount: r.amount, at: r.settledAt ?? r.createdAt } : null;
}

/** How many of a member's deposits were paid (the promotions engine's first-deposit rule). */
export async function paidDepositCount(db: Db | Tx, memberId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(paymentOrder)
    .where(and(eq(paymentOrder.memberId, memberId), eq(paymentOrder.status, 'paid')));
  return Number(r?.n ?? 0);
}

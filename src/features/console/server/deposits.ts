/**
 * The console's deposit list (issue 29, finance): every payment order with the provider's side of
 * it (its reference, how many callbacks it sent and what the last one did), newest first, paged on
 * the server. Read-only: a deposit is credited by the provider's signed callback, never by staff
 * (a payment that went astray is an adjustment, with its reason and two keys).
 */
import { and, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { findByUsername, member } from '../../accounts/index.ts';
import { channelName, paymentCallback, paymentOrder } from '../../wallet/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { formatMinor } from '../../../kernel/money.ts';
import type { ConsoleDeposit } from '../contract.ts';

type Status = ConsoleDeposit['status'];

/** The orders a status filter means: a pending order past its time is shown as expired (the job closes it within a minute). */
function statusWhere(status: Status | undefined, now: Date): SQL | undefined {
  if (status === 'pending') return and(eq(paymentOrder.status, 'pending'), gt(paymentOrder.expiresAt, now));
  if (status === 'expired') return or(eq(paymentOrder.status, 'expired'), and(eq(paymentOrder.status, 'pending'), lte(paymentOrder.expiresAt, now)));
  return status ? eq(paymentOrder.status, status) : undefined;
}

export async function listDeposits(db: Db, q: { status?: Status; username?: string; page: number; pageSize: number }, lang: string) {
  const now = new Date(clock.now());
  // A member's orders by their id (the member index); the count reads payment_order alone.
  const who = q.username ? await findByUsername(db, q.username) : undefined;
  if (q.username && !who) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const where = and(statusWhere(q.status, now), who ? eq(paymentOrder.memberId, who.id) : undefined);
  const callbacks = db
    .select({ n: count().as('n'), last: sql<string | null>`(array_agg(${paymentCallback.outcome} order by ${paymentCallback.id} desc))[1]`.as('last') })
    .from(paymentCallback)
    .where(eq(paymentCallback.orderId, paymentOrder.id))
    .as('cb');
  const [rows, [total]] = await Promise.all([
    db
      .select({ o: paymentOrder, username: member.username, callbacks: callbacks.n, last: callbacks.last })
      .from(paymentOrder)
      .innerJoin(member, eq(member.id, paymentOrder.memberId))
      .leftJoinLateral(callbacks, sql`true`)
      .where(where)
      .orderBy(desc(paymentOrder.createdAt), desc(paymentOrder.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(paymentOrder).where(where),
  ]);
  const decimals = brand().currencyDecimals;
  return {
    items: rows.map((r): ConsoleDeposit => ({
      id: r.o.id,
      memberId: r.o.memberId,
      username: r.username,
      at: r.o.createdAt.getTime(),
      channel: channelName(r.o.channel, lang) ?? r.o.channel,
      provider: r.o.provider,
      amount: formatMinor(r.o.amount, decimals),
      status: (r.o.status === 'pending' && r.o.expiresAt <= now ? 'expired' : r.o.status) as Status,
      providerRef: r.o.providerRef,
      settledAt: r.o.settledAt?.getTime() ?? null,
      callbacks: Number(r.callbacks ?? 0),
      lastCallback: r.last ?? null,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Adjustments of a member's main wallet from the console (issue 29), by finance, through the
 * wallet's adjustBalance (a ledger transfer against house:adjustments, audited in its own
 * transaction, idempotent by key). At or below the brand's `console.twoKeysAdjustmentAbove` an
 * adjustment is made at once; above it, it waits in staff_adjustment for a second finance staff
 * member's key (never the requester's): see the table's note for the states.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { findById, findByUsername, member } from '../../accounts/index.ts';
import { adjustBalance } from '../../wallet/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { clock } from '../../../kernel/clock.ts';
import type { ConsoleAdjustment } from '../contract.ts';
import type { Actor } from './desk.ts';
import { consoleSettings } from './settings.ts';
import { staff, staffAdjustment } from './tables.ts';

const fmt = (minor: bigint) => formatMinor(minor, brand().currencyDecimals);

/** A signed decimal amount ('12.50', '-3.00') in minor units; refused when it is not one, or zero. */
export function signedAmount(text: string): bigint {
  const t = text.trim();
  const negative = t.startsWith('-');
  const minor = parseMinor(negative ? t.slice(1) : t, brand().currencyDecimals);
  if (minor === null) throw new ApiError(400, 'console.amount.invalid');
  if (minor === 0n) throw new ApiError(400, 'wallet.amount.positive');
  return negative ? -minor : minor;
}

function threshold(): bigint | null {
  const above = consoleSettings().twoKeysAdjustmentAbove;
  return above === null ? null : (parseMinor(String(above), brand().currencyDecimals) ?? 0n);
}

async function view(db: Db, id: number): Promise<ConsoleAdjustment> {
  const [r] = await listAdjustments(db, { ids: [id] });
  if (!r) throw new ApiError(404, 'console.adjustment.unknown');
  return r;
}

/** Requests, newest first (pending ones oldest first), with names. */
export async function listAdjustments(db: Db, q: { status?: string; ids?: number[] }): Promise<ConsoleAdjustment[]> {
  const rows = await db
    .select({ a: staffAdjustment, username: member.username, by: staff.username })
    .from(staffAdjustment)
    .innerJoin(member, eq(member.id, staffAdjustment.memberId))
    .innerJoin(staff, eq(staff.id, staffAdjustment.requestedBy))
    .where(and(q.status ? eq(staffAdjustment.status, q.status) : undefined, q.ids ? inArray(staffAdjustment.id, q.ids) : undefined))
    .orderBy(q.status === 'pending' ? staffAdjustment.requestedAt : desc(staffAdjustment.requestedAt))
    .limit(200);
  const deciders = new Map((await db.select({ id: staff.id, username: staff.username }).from(staff)).map((s) => [s.id, s.username]));
  return rows.map((r) => ({
    id: r.a.id,
    memberId: r.a.memberId,
    username: r.username,
    amount: fmt(r.a.amount),
    reason: r.a.reason,
    requestedBy: r.by,
    requestedAt: r.a.requestedAt.getTime(),
    status: r.a.status as ConsoleAdjustment['status'],
    decidedBy: r.a.decidedBy === null ? null : (deciders.get(r.a.decidedBy) ?? null),
    decidedAt: r.a.decidedAt?.getTime() ?? null,
  }));
}

/** An adjustment asked for by finance: made at once, or left for a second key. */
export async function requestAdjustment(
  db: Db,
  input: { username: string; amount: string; reason: string; key: string },
  actor: Actor,
): Promise<{ state: 'done'; balance: string } | { state: 'awaitingSecondKey'; request: ConsoleAdjustment }> {
  const amount = signedAmount(input.amount);
  const m = await findByUsername(db, input.username);
  if (!m) throw new ApiError(404, 'console.member.unknown');
  const above = threshold();
  if (above === null || (amount < 0n ? -amount : amount) <= above) {
    const r = await adjustBalance(db, {
      username: m.username,
      amount,
      reason: input.reason,
      actor: `staff:${actor.session.username}`,
      idempotencyKey: `console-${actor.session.staffId}-${input.key}`,
    });
    return { state: 'done', balance: r.balance };
  }
  const [row] = await db.insert(staffAdjustment).values({ memberId: m.id, amount, reason: input.reason, requestedBy: actor.session.staffId }).returning();
  const request = await view(db, row!.id);
  await recordAudit(db, {
    actor: `staff:${actor.session.username}`,
    command: 'adjust (first key)',
    args: { id: row!.id, username: m.username, amount: request.amount, reason: input.reason },
    ip: actor.ip,
    before: null,
    after: { status: 'pending' },
  });
  return { state: 'awaitingSecondKey', request };
}

/** The second key: another finance staff member approves (paid once, whatever races) or rejects a pending request. */
export async function decideAdjustment(db: Db, id: number, approve: boolean, actor: Actor): Promise<ConsoleAdjustment> {
  const [a] = await db.select().from(staffAdjustment).where(eq(staffAdjustment.id, id));
  if (!a) throw new ApiError(404, 'console.adjustment.unknown');
  if (a.requestedBy === actor.session.staffId) throw new ApiError(409, 'console.twokeys.self');
  const now = new Date(clock.now());
  if (!approve) {
    const done = await db
      .update(staffAdjustment)
      .set({ status: 'rejected', decidedBy: actor.session.staffId, decidedAt: now })
      .where(and(eq(staffAdjustment.id, id), eq(staffAdjustment.status, 'pending')))
      .returning();
    if (!done.length) throw new ApiError(409, 'console.adjustment.state', { status: a.status });
  } else {
    if (a.status !== 'pending' && a.status !== 'approving') throw new ApiError(409, 'console.adjustment.state', { status: a.status });
    // Claimed before the money moves, so a rejection can no longer land; a retry (or a second
    // approval at once) runs the same idempotent adjustment and gets the same transfer.
    await db
      .update(staffAdjustment)
      .set({ status: 'approving', decidedBy: actor.session.staffId, decidedAt: now })
      .where(and(eq(staffAdjustment.id, id), eq(staffAdjustment.status, 'pending')));
    const m = await findById(db, a.memberId);
    try {
      const r = await adjustBalance(db, { username: m!.username, amount: a.amount, reason: a.reason, actor: `staff:${actor.session.username}`, idempotencyKey: `console-adjustment-${id}` });
      await db
        .update(staffAdjustment)
        .set({ status: 'done', transferId: r.transferId })
        .where(and(eq(staffAdjustment.id, id), eq(staffAdjustment.status, 'approving')));
    } catch (err) {
      // Refused by the wallet (a debit above the balance): back to pending, to decide again.
      await db
        .update(staffAdjustment)
        .set({ status: 'pending', decidedBy: null, decidedAt: null })
        .where(and(eq(staffAdjustment.id, id), eq(staffAdjustment.status, 'approving')));
      throw err;
    }
  }
  const after = await view(db, id);
  await recordAudit(db, {
    actor: `staff:${actor.session.username}`,
    command: approve ? 'adjust (second key)' : 'adjust reject',
    args: { id },
    ip: actor.ip,
    before: { status: a.status },
    after: { status: after.status },
  });
  return after;
}

/**
 * Withdrawals (spec 2.16, 4 withdrawal confirmation): the amount is held at request (main ->
 * hold); the operator rejects it (hold -> main) or approves it, which pays out through the
 * payment provider (hold -> house:payouts). The player then confirms received (full paid) or not
 * received, with what did arrive and a proof image; a payout left unconfirmed for the brand's
 * withdrawalAutoReceiveMinutes counts as received (force_received).
 *
 * Each status moves at most once: the row is locked FOR UPDATE and its status checked in the
 * same transaction as the ledger transfer that goes with the move.
 */
import { recordSignificant } from '../../../kernel/significant.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { PROOF_MAX_BYTES, withdrawalPaid, withdrawalRejected, type WithdrawalItem } from '../contract.ts';
import { clock } from '../../../kernel/clock.ts';
import { findById } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { member } from '../../accounts/index.ts';
import { withdrawal } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { log } from '../../../kernel/log.ts';
import { paymentProvider } from '../../../providers/payments/index.ts';
import { HOUSE, holdAccount, mainAccount } from './accounts.ts';
import { money, parseAmount } from './amounts.ts';
import { memberBalances } from './balance.ts';
import { once } from '../../../kernel/idempotency.ts';
import { postTransfer, type Tx } from './ledger.ts';
import { checkPaymentPassword } from './payment-password.ts';
import { addToDay } from './daily.ts';
import { assertNoWageringLock, wageringRemaining } from './bonuses.ts';
import { emit } from '../../../kernel/events.ts';
import { formatMinor } from '../../../kernel/money.ts';

export type WithdrawalRow = typeof withdrawal.$inferSelect;

const autoReceiveMs = () => brand().withdrawalAutoReceiveMinutes * 60_000;

/** A withdrawal as the API answers it. */
export function withdrawalView(w: WithdrawalRow): WithdrawalItem {
  return {
    id: w.id,
    amount: money(w.amount),
    status: w.status as WithdrawalItem['status'],
    requestedAt: w.requestedAt.getTime(),
    reviewedAt: w.reviewedAt?.getTime() ?? null,
    paidAt: w.paidAt?.getTime() ?? null,
    confirmedAt: w.confirmedAt?.getTime() ?? null,
    reviewNote: w.reviewNote,
    receivedAmount: w.receivedAmount === null ? null : money(w.receivedAmount),
    remainingAmount: w.receivedAmount === null ? null : money(w.amount - w.receivedAmount),
    autoReceiveAt: w.status === 'paid' && w.paidAt ? w.paidAt.getTime() + autoReceiveMs() : null,
  };
}

/** The withdraw page's facts: what can be withdrawn, the limits, whether a payment password is asked. */
export async function withdrawInfoView(db: Db, memberId: number) {
  const m = await findById(db, memberId);
  const b = await memberBalances(db, memberId);
  const w = brand().wallet;
  return {
    available: money(b.main),
    min: money(w.withdrawMin),
    max: money(w.withdrawMax),
    needPaymentPassword: Boolean(m?.paymentPasswordHash),
    payeeName: m?.payeeName ?? null,
    autoReceiveMinutes: brand().withdrawalAutoReceiveMinutes,
    wageringRemaining: money(await wageringRemaining(db, memberId)),
  };
}

export interface WithdrawInput {
  amount: string;
  paymentPassword?: string;
  idempotencyKey: string;
}

/** Requests a withdrawal: checks the payment password and the limits, and holds the amount at once. */
export async function requestWithdrawal(db: Db, memberId: number, input: WithdrawInput): Promise<WithdrawalItem> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'wallet.account.unknown');
  const w = brand().wallet;
  const amount = parseAmount(input.amount, { min: w.withdrawMin, max: w.withdrawMax });
  // An active bonus's turnover first: no password is asked for a withdrawal that cannot happen.
  await assertNoWageringLock(db, memberId);
  // Checked on every call, replays included; the password never enters the request hash.
  await checkPaymentPassword(db, m, input.paymentPassword);
  const op = { name: 'withdraw', memberId, key: input.idempotencyKey, request: { amount } };
  const { value } = await once(db, op, async (tx) => {
    const id = `W${randomBytes(10).toString('hex').toUpperCase()}`;
    await postTransfer(tx, {
      kind: 'withdrawal_hold',
      memberId,
      reference: id,
      memo: 'Withdrawal requested',
      legs: [{ from: mainAccount(memberId), to: holdAccount(memberId), amount }],
    });
    const [row] = await tx
      .insert(withdrawal)
      .values({ id, memberId, amount, currency: brand().currency, status: 'pending', payeeName: m.payeeName, requestedAt: new Date(clock.now()) })
      .returning();
    await recordSignificant(tx, { memberId, kind: 'withdrawal', actor: 'member', detail: { id, amount: formatMinor(amount, brand().currencyDecimals), status: 'pending' } });
    return withdrawalView(row!);
  });
  return value;
}

/** Locks a withdrawal and refuses unless it is in `status` (each move happens at most once). */
async function lockIn(tx: Tx, id: string, status: string): Promise<WithdrawalRow> {
  const [w] = await tx.select().from(withdrawal).where(eq(withdrawal.id, id)).for('update');
  if (!w) throw new ApiError(404, 'wallet.withdrawal.unknown');
  if (w.status !== status) throw new ApiError(409, 'wallet.withdrawal.state', { status: w.status });
  return w;
}

/** The operator refuses a pending withdrawal: the held amount goes back to the main wallet. */
export async function rejectWithdrawal(db: Db, id: string, o: { by: string; note: string }): Promise<WithdrawalItem> {
  return db.transaction(async (tx) => {
    const w = await lockIn(tx, id, 'pending');
    await postTransfer(tx, {
      kind: 'withdrawal_release',
      memberId: w.memberId,
      reference: w.id,
      memo: o.note ? `Withdrawal rejected: ${o.note}` : 'Withdrawal rejected',
      legs: [{ from: holdAccount(w.memberId), to: mainAccount(w.memberId), amount: w.amount }],
    });
    const [row] = await tx
      .update(withdrawal)
      .set({ status: 'rejected', reviewNote: o.note || null, reviewedBy: o.by, reviewedAt: new Date(clock.now()) })
      .where(eq(withdrawal.id, id))
      .returning();
    await recordSignificant(tx, {
      memberId: w.memberId,
      kind: 'withdrawal',
      actor: `ops:${o.by}`,
      detail: { id: w.id, amount: formatMinor(w.amount, brand().currencyDecimals), status: 'rejected', note: o.note },
    });
    await emit(tx, withdrawalRejected, row!.memberId, { amount: formatMinor(row!.amount, brand().currencyDecimals), symbol: brand().currencySymbol, id: row!.id, note: o.note || '' });
    return withdrawalView(row!);
  });
}

/**
 * The operator approves a pending withdrawal: the payment provider pays it out, then the held
 * amount leaves the books (hold -> house:payouts). The provider is asked inside the transaction
 * with our withdrawal id as its idempotency key: if it refuses, nothing changes here; if the
 * commit failed after it paid, approving again asks it again with the same id.
 */
export async function payWithdrawal(db: Db, id: string, o: { by: string }): Promise<WithdrawalItem> {
  return db.transaction(async (tx) => {
    const w = await lockIn(tx, id, 'pending');
    try {
      await paymentProvider().payout(db, { withdrawalId: w.id, memberId: w.memberId, amount: w.amount, currency: w.currency, payeeName: w.payeeName });
    } catch (err) {
      log.warn('payment.payout.failed', { withdrawalId: w.id, error: err instanceof Error ? err.message : String(err) });
      throw new ApiError(502, 'wallet.payout.failed');
    }
    await postTransfer(tx, {
      kind: 'withdrawal_payout',
      memberId: w.memberId,
      reference: w.id,
      memo: 'Withdrawal paid out',
      legs: [{ from: holdAccount(w.memberId), to: HOUSE.payouts, amount: w.amount }],
    });
    const now = new Date(clock.now());
    const [row] = await tx.update(withdrawal).set({ status: 'paid', reviewedBy: o.by, reviewedAt: now, paidAt: now }).where(eq(withdrawal.id, id)).returning();
    await addToDay(tx, w.memberId, now, '', { withdrawalCount: 1, withdrawal: w.amount });
    await recordSignificant(tx, { memberId: w.memberId, kind: 'withdrawal', actor: `ops:${o.by}`, detail: { id: w.id, amount: formatMinor(w.amount, brand().currencyDecimals), status: 'paid' } });
    await emit(tx, withdrawalPaid, w.memberId, { amount: formatMinor(w.amount, brand().currencyDecimals), symbol: brand().currencySymbol, id: w.id });
    return withdrawalView(row!);
  });
}

export interface ConfirmInput {
  id: string;
  received: boolean;
  receivedAmount?: string;
  proofImage?: string;
  idempotencyKey: string;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const DATA_URL = /^data:(image\/png|image\/jpeg|image\/jpg);base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * Checks a proof image sent as a data URL: png or jpeg by its first bytes (whatever the URL
 * claims), at most 5 MB decoded; answers its type and base64 data.
 */
export function checkProofImage(dataUrl: string | undefined): { type: 'image/png' | 'image/jpeg'; base64: string } {
  if (!dataUrl) throw new ApiError(400, 'wallet.proof.required');
  const m = DATA_URL.exec(dataUrl.trim());
  if (!m) throw new ApiError(400, 'wallet.proof.type');
  const base64 = m[2]!;
  const maxMb = PROOF_MAX_BYTES / (1024 * 1024);
  // Judged by the encoded length first, so an oversized upload is never decoded.
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > PROOF_MAX_BYTES) throw new ApiError(400, 'wallet.proof.size', { max: maxMb });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new ApiError(400, 'wallet.proof.required');
  if (bytes.length > PROOF_MAX_BYTES) throw new ApiError(400, 'wallet.proof.size', { max: maxMb });
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { type: 'image/png', base64 };
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { type: 'image/jpeg', base64 };
  throw new ApiError(400, 'wallet.proof.type');
}

/**
 * The player confirms a paid withdrawal: received in full ('received', full paid), or not
 * ('disputed'), with the amount that did arrive (0 up to less than the amount) and a proof image.
 */
export async function confirmWithdrawal(db: Db, memberId: number, input: ConfirmInput): Promise<WithdrawalItem> {
  let received: bigint | null = null;
  let proof: { type: string; base64: string } | null = null;
  if (!input.received) {
    if (input.receivedAmount === undefined || String(input.receivedAmount).trim() === '') throw new ApiError(400, 'wallet.received.required');
    received = parseAmount(input.receivedAmount, { allowZero: true });
    proof = checkProofImage(input.proofImage);
  }
  // A payout past its confirmation time has already counted as received.
  await autoReceiveDue(db, clock.now());
  const proofHash = proof ? createHash('sha256').update(proof.base64).digest('hex') : null;
  const op = { name: 'withdraw-confirm', memberId, key: input.idempotencyKey, request: { id: input.id, received: input.received, receivedAmount: received, proofHash } };
  const { value } = await once(db, op, async (tx) => {
    const [w] = await tx.select().from(withdrawal).where(eq(withdrawal.id, input.id)).for('update');
    // Someone else's withdrawal is as unknown as one that does not exist.
    if (!w || w.memberId !== memberId) throw new ApiError(404, 'wallet.withdrawal.unknown');
    if (w.status !== 'paid') throw new ApiError(409, 'wallet.withdrawal.state', { status: w.status });
    if (received !== null && received >= w.amount) throw new ApiError(400, 'wallet.received.tooLarge', { amount: money(w.amount) });
    const set = input.received
      ? { status: 'received', receivedAmount: w.amount, confirmedAt: new Date(clock.now()) }
      : { status: 'disputed', receivedAmount: received, proofType: proof!.type, proofImage: proof!.base64, confirmedAt: new Date(clock.now()) };
    const [row] = await tx.update(withdrawal).set(set).where(eq(withdrawal.id, w.id)).returning();
    return withdrawalView(row!);
  });
  return value;
}

/**
 * Paid withdrawals left unconfirmed for the brand's withdrawalAutoReceiveMinutes become
 * force_received; answers how many. One conditional UPDATE, so any number of processes may run
 * it at once and each withdrawal moves once.
 */
export async function autoReceiveDue(db: Db, now: Date | number): Promise<number> {
  const at = new Date(typeof now === 'number' ? now : now.getTime());
  const due = new Date(at.getTime() - autoReceiveMs());
  const rows = await db
    .update(withdrawal)
    .set({ status: 'force_received', receivedAmount: sql`${withdrawal.amount}`, confirmedAt: at })
    .where(and(eq(withdrawal.status, 'paid'), lte(withdrawal.paidAt, due)))
    .returning({ id: withdrawal.id });
  return rows.length;
}

/** Withdrawals for the operator, oldest first, with the member's username (ops command). */
export async function withdrawalsForOps(db: Db, status?: string, limit = 100) {
  const rows = await db
    .select({ w: withdrawal, username: member.username })
    .from(withdrawal)
    .innerJoin(member, eq(member.id, withdrawal.memberId))
    .where(status ? eq(withdrawal.status, status) : undefined)
    .orderBy(status === 'pending' ? asc(withdrawal.requestedAt) : desc(withdrawal.requestedAt))
    .limit(limit);
  return rows.map((r) => ({ ...withdrawalView(r.w), username: r.username, payeeName: r.w.payeeName }));
}

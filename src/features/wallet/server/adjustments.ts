/**
 * Operator adjustments of a member's main wallet (`npm run ops -- adjust`): a new ledger
 * transfer against house:adjustments, never an edit of an entry. The reason and the actor are
 * written to ops_audit in the same transaction as the transfer, so an adjustment without its
 * audit row (or the reverse) cannot exist.
 */
import type { Db } from '../../../kernel/db/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import { recordSignificant } from '../../../kernel/significant.ts';
import { findByUsername } from '../../accounts/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { HOUSE, mainAccount } from './accounts.ts';
import { money } from './amounts.ts';
import { once } from '../../../kernel/idempotency.ts';
import { postTransfer } from './ledger.ts';

export interface AdjustmentInput {
  username: string;
  /** Signed minor units: positive credits the member, negative debits. */
  amount: bigint;
  reason: string;
  /** Who did it (recorded in ops_audit). */
  actor: string;
  idempotencyKey: string;
}

export interface AdjustmentAnswer {
  transferId: number;
  username: string;
  amount: string;
  balance: string;
}

/** Credits or debits a member's main wallet with a reason, recorded in ops_audit; refuses to go below zero. */
export async function adjustBalance(db: Db, input: AdjustmentInput): Promise<AdjustmentAnswer> {
  const reason = input.reason.trim();
  if (!reason) throw new ApiError(400, 'wallet.adjust.reason');
  if (input.amount === 0n) throw new ApiError(400, 'wallet.amount.positive');
  const m = await findByUsername(db, input.username);
  if (!m) throw new ApiError(404, 'wallet.account.unknown');
  const main = mainAccount(m.id);
  const credit = input.amount > 0n;
  const amount = credit ? input.amount : -input.amount;
  const op = { name: 'adjust', memberId: m.id, key: input.idempotencyKey, request: { amount: input.amount, reason } };
  const { value } = await once(db, op, async (tx) => {
    const posted = await postTransfer(tx, {
      kind: 'adjustment',
      memberId: m.id,
      memo: reason,
      legs: [credit ? { from: HOUSE.adjustments, to: main, amount } : { from: main, to: HOUSE.adjustments, amount }],
    });
    await recordAudit(tx, {
      actor: input.actor,
      command: 'adjust',
      args: { username: m.username, amount: money(input.amount), reason, transferId: posted.transferId, idempotencyKey: input.idempotencyKey },
    });
    await recordSignificant(tx, { memberId: m.id, kind: 'adjustment', actor: `ops:${input.actor}`, detail: { amount: money(input.amount), reason, transferId: posted.transferId } });
    return { transferId: posted.transferId, username: m.username, amount: money(input.amount), balance: money(posted.balances.get(main)!) };
  });
  return value;
}

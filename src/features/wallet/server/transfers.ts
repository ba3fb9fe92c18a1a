/**
 * A member moving money between their own wallets (main and the game wallets of vendors, on
 * brands that are not single-wallet), and to the agent directly above them (spec 2.14).
 */
import { refuseStake } from '../../protection/index.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isAgentType } from '../../accounts/index.ts';
import { MAIN_WALLET, type BalanceValue } from '../contract.ts';
import { findById } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ledgerAccount } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { gameAccount, mainAccount } from './accounts.ts';
import { money, parseAmount } from './amounts.ts';
import { balanceView, walletCode, walletVendors } from './balance.ts';
import { once, unkeyed, type Outcome } from '../../../kernel/idempotency.ts';
import { postTransfer, type Leg, type Tx } from './ledger.ts';
import { checkPaymentPassword } from './payment-password.ts';
import { assertNoWageringLock } from './bonuses.ts';

export interface WalletTransferInput {
  /** A wallet's code ('MAIN', 'JL') or number ('2', '101'); defaults to MAIN when `to` is a game wallet. */
  from?: string;
  to: string;
  amount?: string;
  /** Bring every game wallet back to MAIN (from and amount are then ignored). */
  all?: boolean;
  /** Required under the strict profile; the compatible profile runs a call without one (unkeyed()). */
  idempotencyKey?: string;
}

/** once() with the caller's key; without one, unkeyed() where the brand's profile allows it. */
function runOnce<T>(db: Db, op: { name: string; memberId: number; key?: string; request: unknown }, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  if (op.key !== undefined && op.key !== '') return once(db, { ...op, key: op.key }, work);
  if (brand().protocol !== 'compatible') throw new ApiError(400, 'wallet.idempotency.key.invalid');
  return unkeyed(db, work);
}

/** Moves money between the main wallet and a game wallet, or brings every game wallet back; answers the new balance. */
export async function transferBetweenWallets(db: Db, memberId: number, input: WalletTransferInput): Promise<BalanceValue> {
  const to = await walletCode(db, input.to);
  if (!to) throw new ApiError(400, 'wallet.account.unknown');
  if (input.all) {
    if (to !== MAIN_WALLET) throw new ApiError(400, 'wallet.transfer.invalid');
    const op = { name: 'wallet-transfer', memberId, key: input.idempotencyKey, request: { all: true, to: MAIN_WALLET } };
    return (await runOnce(db, op, (tx) => allBack(tx, memberId))).value;
  }
  if (brand().wallet.singleWallet) throw new ApiError(400, 'wallet.transfer.single');
  if (input.amount === undefined || String(input.amount).trim() === '') throw new ApiError(400, 'wallet.amount.required');
  const from = input.from === undefined ? MAIN_WALLET : await walletCode(db, input.from);
  if (!from) throw new ApiError(400, 'wallet.account.unknown');
  if (from === to) throw new ApiError(400, 'wallet.transfer.same');
  // Money moves between the main wallet and one game wallet; never from one vendor to another.
  if (from !== MAIN_WALLET && to !== MAIN_WALLET) throw new ApiError(400, 'wallet.transfer.invalid');
  const vendorCode = from === MAIN_WALLET ? to : from;
  const vendors = await walletVendors(db);
  if (!vendors.some((v) => v.accountTypeName === vendorCode)) throw new ApiError(400, 'wallet.account.unknown');
  const amount = parseAmount(input.amount);
  // Money into a game wallet is money put at risk with the vendor: refused while blocked or when
  // a loss limit has less room than it (the game's own bets are counted, wagers too, when it bets).
  if (to !== MAIN_WALLET) {
    const refused = await refuseStake(db, memberId, amount, ['loss']);
    if (refused) throw refused;
  }
  const code = (w: string) => (w === MAIN_WALLET ? mainAccount(memberId) : gameAccount(memberId, w));
  const op = { name: 'wallet-transfer', memberId, key: input.idempotencyKey, request: { from, to, amount } };
  const { value } = await runOnce(db, op, async (tx) => {
    await postTransfer(tx, {
      kind: 'wallet_transfer',
      memberId,
      memo: `${from} → ${to}`,
      legs: [{ from: code(from), to: code(to), amount }],
    });
    return balanceView(tx, memberId);
  });
  return value;
}

/** Every game wallet with money back to MAIN, in one transfer (nothing to move: no transfer). */
async function allBack(tx: Tx, memberId: number): Promise<BalanceValue> {
  // Lock main and the game wallets together, in id order as postTransfer does, so that the
  // amounts read here cannot change before they move and no lock order can deadlock.
  const rows = await tx
    .select({ id: ledgerAccount.id, kind: ledgerAccount.kind, vendor: ledgerAccount.vendor, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.memberId, memberId), inArray(ledgerAccount.kind, ['main', 'game'])))
    .orderBy(asc(ledgerAccount.id))
    .for('update');
  const legs: Leg[] = rows.filter((r) => r.kind === 'game' && r.vendor && r.balance > 0n).map((r) => ({ from: gameAccount(memberId, r.vendor!), to: mainAccount(memberId), amount: r.balance }));
  if (legs.length) {
    await postTransfer(tx, { kind: 'wallet_transfer', memberId, memo: `all → ${MAIN_WALLET}`, legs });
  }
  return balanceView(tx, memberId);
}

export interface UplineTransferInput {
  amount: string;
  paymentPassword?: string;
  idempotencyKey: string;
}

export interface UplineTransferAnswer {
  transferId: number;
  amount: string;
  uplineAccount: string;
  balance: BalanceValue;
}

/** Sends money from the member's main wallet to the main wallet of the agent directly above. */
export async function transferToUpline(db: Db, memberId: number, input: UplineTransferInput): Promise<UplineTransferAnswer> {
  const m = await findById(db, memberId);
  if (!m) throw new ApiError(404, 'wallet.account.unknown');
  const upline = m.uplineId ? await findById(db, m.uplineId) : null;
  if (!upline || !isAgentType(upline.type) || upline.status !== 'active') throw new ApiError(400, 'wallet.upline.none');
  const amount = parseAmount(input.amount);
  // Money under a bonus's wagering requirement leaves the member's reach neither way.
  await assertNoWageringLock(db, memberId);
  // The password is checked on every call, replays included, and never enters the request hash.
  await checkPaymentPassword(db, m, input.paymentPassword);
  const op = { name: 'upline-transfer', memberId, key: input.idempotencyKey, request: { amount, uplineId: upline.id } };
  const { value } = await once(db, op, async (tx) => {
    const posted = await postTransfer(tx, {
      kind: 'upline_transfer',
      memberId,
      reference: upline.username,
      memo: `${m.username} → ${upline.username}`,
      legs: [{ from: mainAccount(memberId), to: mainAccount(upline.id), amount }],
    });
    return { transferId: posted.transferId, amount: money(amount), uplineAccount: upline.username, balance: await balanceView(tx, memberId) };
  });
  return value;
}

/**
 * The double-entry ledger. A transfer moves money between accounts in legs (from, to, amount);
 * each leg writes a debit entry on `from` and a credit entry on `to`, so every transfer's entries
 * sum to zero and the sum over all accounts stays zero forever. Balances are kept on the account
 * rows in the same transaction as the entries, under row locks taken in account-id order (no
 * deadlocks between transfers). Member accounts never go below zero (checked here, and by the
 * table's CHECK constraint as a last wall); house accounts face the outside world and may.
 *
 * Entries and transfers are append-only (a trigger refuses UPDATE and DELETE): a correction is a
 * new transfer.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { describeAccount } from './accounts.ts';

/** What a database transaction handle looks like to the ledger (a Db works the same way). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_payout'
  | 'bet'
  | 'win'
  | 'refund'
  | 'wallet_transfer'
  | 'upline_transfer'
  | 'bonus'
  | 'adjustment';

/** One leg: `amount` minor units leave `from` and arrive at `to` (account codes). */
export interface Leg {
  from: string;
  to: string;
  amount: bigint;
}

export interface TransferRequest {
  kind: TransferKind;
  memberId: number | null;
  reference?: string | null;
  memo?: string | null;
  legs: Leg[];
}

export interface PostedTransfer {
  transferId: number;
  /** Balance of every touched account after the transfer, by code. */
  balances: Map<string, bigint>;
}

/**
 * Posts a transfer inside the caller's transaction: creates missing accounts, locks the touched
 * ones in id order, refuses when a member account would go negative ('wallet.balance.insufficient'),
 * then writes the transfer, its entries and the new balances.
 */
export async function postTransfer(tx: Tx, req: TransferRequest): Promise<PostedTransfer> {
  if (req.legs.length === 0) throw new Error('a transfer needs at least one leg');
  const deltas = new Map<string, bigint>();
  for (const leg of req.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount <= 0n) throw new Error(`a leg moves a positive bigint amount, got ${String(leg.amount)}`);
    if (leg.from === leg.to) throw new Error(`a leg cannot move money from ${leg.from} to itself`);
    deltas.set(leg.from, (deltas.get(leg.from) ?? 0n) - leg.amount);
    deltas.set(leg.to, (deltas.get(leg.to) ?? 0n) + leg.amount);
  }
  const codes = [...deltas.keys()];
  const accounts = await lockAccounts(tx, codes);

  for (const [code, delta] of deltas) {
    const a = accounts.get(code)!;
    if (!a.allowNegative && a.balance + delta < 0n) {
      throw new ApiError(400, 'wallet.balance.insufficient');
    }
  }

  const [transfer] = await tx
    .insert(ledgerTransfer)
    .values({ kind: req.kind, memberId: req.memberId, reference: req.reference ?? null, memo: req.memo ?? null })
    .returning({ id: ledgerTransfer.id });
  const transferId = transfer!.id;

  const running = new Map([...accounts].map(([code, a]) => [code, a.balance]));
  const entries: (typeof ledgerEntry.$inferInsert)[] = [];
  for (const leg of req.legs) {
    for (const [code, amount] of [
      [leg.from, -leg.amount],
      [leg.to, leg.amount],
    ] as const) {
      const after = running.get(code)! + amount;
      running.set(code, after);
      entries.push({ transferId, accountId: accounts.get(code)!.id, amount, balanceAfter: after });
    }
  }
  await tx.insert(ledgerEntry).values(entries);

  for (const [code, delta] of deltas) {
    if (delta === 0n) continue;
    await tx
      .update(ledgerAccount)
      .set({ balance: sql`${ledgerAccount.balance} + ${delta.toString()}::bigint` })
      .where(sql`${ledgerAccount.id} = ${accounts.get(code)!.id}`);
  }
  return { transferId, balances: running };
}

interface LockedAccount {
  id: number;
  balance: bigint;
  allowNegative: boolean;
}

/** Creates the accounts that do not exist yet, then locks all of them FOR UPDATE in id order. */
async function lockAccounts(tx: Tx, codes: string[]): Promise<Map<string, LockedAccount>> {
  const rows = await selectForUpdate(tx, codes);
  if (rows.length < codes.length) {
    const have = new Set(rows.map((r) => r.code));
    const missing = codes.filter((c) => !have.has(c)).map(describeAccount);
    await tx.insert(ledgerAccount).values(missing).onConflictDoNothing({ target: ledgerAccount.code });
    rows.splice(0, rows.length, ...(await selectForUpdate(tx, codes)));
  }
  return new Map(rows.map((r) => [r.code, { id: r.id, balance: r.balance, allowNegative: r.allowNegative }]));
}

function selectForUpdate(tx: Tx, codes: string[]) {
  return tx
    .select({ id: ledgerAccount.id, code: ledgerAccount.code, balance: ledgerAccount.balance, allowNegative: ledgerAccount.allowNegative })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.code, codes))
    .orderBy(ledgerAccount.id)
    .for('update');
}

/** Balances of the given account codes (0 for accounts that do not exist yet), without locking. */
export async function balancesOf(db: Db | Tx, codes: string[]): Promise<Map<string, bigint>> {
  const out = new Map(codes.map((c) => [c, 0n]));
  if (codes.length === 0) return out;
  const rows = await db.select({ code: ledgerAccount.code, balance: ledgerAccount.balance }).from(ledgerAccount).where(inArray(ledgerAccount.code, codes));
  for (const r of rows) out.set(r.code, r.balance);
  return out;
}

/** What an audit of the whole ledger found; every list empty and `total` 0 means it is sound. */
export interface LedgerAudit {
  /** Sum of all account balances (must be 0). */
  total: bigint;
  /** Accounts whose stored balance differs from the sum of their entries. */
  drifted: { code: string; balance: bigint; entries: bigint }[];
  /** Transfers whose entries do not sum to zero. */
  unbalanced: number[];
  /** Member accounts below zero. */
  negative: string[];
  accounts: number;
  transfers: number;
}

/** Checks the ledger's invariants over the whole database (tests, `npm run ops -- ledger:audit`). */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const drifted = (await db.execute(sql`
    select a.code, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
    from ledger_account a left join ledger_entry e on e.account_id = a.id
    group by a.id, a.code, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`)) as unknown as { rows?: Record<string, string>[] } | Record<string, string>[];
  const unbalanced = await db.execute(sql`
    select t.id from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
    group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`);
  const totals = await db.execute(sql`
    select coalesce(sum(balance), 0)::text as total, count(*)::int as accounts,
      (select count(*)::int from ledger_transfer) as transfers
    from ledger_account`);
  const negative = await db.execute(sql`select code from ledger_account where not allow_negative and balance < 0`);
  const t = rowsOf(totals)[0]!;
  return {
    total: BigInt(String(t.total)),
    drifted: rowsOf(drifted).map((r) => ({ code: String(r.code), balance: BigInt(String(r.balance)), entries: BigInt(String(r.entries)) })),
    unbalanced: rowsOf(unbalanced).map((r) => Number(r.id)),
    negative: rowsOf(negative).map((r) => String(r.code)),
    accounts: Number(t.accounts),
    transfers: Number(t.transfers),
  };
}

/** Rows of a raw `execute` answer: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

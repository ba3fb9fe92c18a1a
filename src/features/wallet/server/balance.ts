/**
 * What a member's wallets hold, as the balance call answers it (wire notes: sumBalance and one
 * entry per wallet). The main wallet always comes first; game wallets follow in the catalogue's
 * vendor order when the brand is not single-wallet.
 */
import { asc, eq } from 'drizzle-orm';
import { MAIN_WALLET, type BalanceValue } from '../contract.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ledgerAccount } from './tables.ts';
import { vendor } from '../../games/index.ts';
import { money } from './amounts.ts';
import type { Tx } from './ledger.ts';

/** Name of the main wallet in answers; clients translate by accountTypeId 'MAIN'. */
export const MAIN_WALLET_NAME = 'Main wallet';

export interface WalletVendor {
  accountTypeId: string;
  name: string;
}

/** The vendors that have a game wallet: every enabled vendor, none on a single-wallet brand. */
export async function walletVendors(db: Db | Tx): Promise<WalletVendor[]> {
  if (brand().wallet.singleWallet) return [];
  const rows = await db
    .select({ code: vendor.code, name: vendor.displayName })
    .from(vendor)
    .where(eq(vendor.enabled, true))
    .orderBy(asc(vendor.sort), asc(vendor.code));
  return rows.map((r) => ({ accountTypeId: r.code, name: r.name }));
}

/** Minor-unit balances of a member's accounts by kind: main, hold, and game wallets by vendor. */
export async function memberBalances(db: Db | Tx, memberId: number): Promise<{ main: bigint; hold: bigint; games: Map<string, bigint> }> {
  const rows = await db
    .select({ kind: ledgerAccount.kind, vendor: ledgerAccount.vendor, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.memberId, memberId));
  const out = { main: 0n, hold: 0n, games: new Map<string, bigint>() };
  for (const r of rows) {
    if (r.kind === 'main') out.main = r.balance;
    else if (r.kind === 'hold') out.hold = r.balance;
    else if (r.kind === 'game' && r.vendor) out.games.set(r.vendor, r.balance);
  }
  return out;
}

/** The balance call's answer for a member. */
export async function balanceView(db: Db | Tx, memberId: number): Promise<BalanceValue> {
  // One after the other: inside a transaction both run on one connection anyway.
  const vendors = await walletVendors(db);
  const b = await memberBalances(db, memberId);
  const listed = new Set(vendors.map((v) => v.accountTypeId));
  const balance = [{ accountTypeId: MAIN_WALLET, name: MAIN_WALLET_NAME, availBalance: money(b.main) }];
  let sum = b.main;
  for (const v of vendors) {
    const amount = b.games.get(v.accountTypeId) ?? 0n;
    sum += amount;
    balance.push({ ...v, availBalance: money(amount) });
  }
  // Money left in a game wallet whose vendor was disabled (or after a switch to single wallet)
  // still belongs to the player: it is listed, counted, and 'transfer all back' brings it home.
  for (const [code, amount] of b.games) {
    if (listed.has(code) || amount === 0n) continue;
    sum += amount;
    balance.push({ accountTypeId: code, name: code, availBalance: money(amount) });
  }
  const { currency, currencySymbol } = brand();
  return { sumBalance: money(sum), balance, heldBalance: money(b.hold), currency, currencySymbol };
}

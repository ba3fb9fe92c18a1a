/**
 * What a member's wallets hold, as the balance call answers it (wire notes: sumBalance and one
 * entry per wallet). The main wallet always comes first; game wallets follow in the catalogue's
 * vendor order when the brand is not single-wallet.
 */
import { asc, eq } from 'drizzle-orm';
import { MAIN_WALLET, MAIN_WALLET_ID, type BalanceValue, type WalletEntry } from '../contract.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ledgerAccount } from './tables.ts';
import { vendor } from '../../games/index.ts';
import { money } from './amounts.ts';
import type { Tx } from './ledger.ts';

/** Name of the main wallet in answers; clients translate by its code 'MAIN' (or number 2). */
export const MAIN_WALLET_NAME = 'Main wallet';

/** The main wallet as the wire names it. */
export const MAIN_ENTRY: WalletEntry = { accountTypeId: MAIN_WALLET_ID, accountTypeName: MAIN_WALLET, name: MAIN_WALLET_NAME };

/** Every vendor's wallet entry, enabled or not, by code (a disabled vendor's wallet may still hold money). */
async function allVendorEntries(db: Db | Tx): Promise<(WalletEntry & { enabled: boolean })[]> {
  const rows = await db.select({ code: vendor.code, name: vendor.displayName, id: vendor.accountTypeId, enabled: vendor.enabled }).from(vendor).orderBy(asc(vendor.sort), asc(vendor.code));
  return rows.map((r) => ({ accountTypeId: r.id, accountTypeName: r.code, name: r.name, enabled: r.enabled }));
}

/** The vendors that have a game wallet: every enabled vendor, none on a single-wallet brand. */
export async function walletVendors(db: Db | Tx): Promise<WalletEntry[]> {
  if (brand().wallet.singleWallet) return [];
  return (await allVendorEntries(db)).filter((v) => v.enabled).map(({ enabled: _, ...v }) => v);
}

/**
 * The code of a wallet named in a request by code ('MAIN', 'JL') or number ('2', '101'); null
 * when no wallet has that name. Vendor codes are upper case; a lower-case code is read as such.
 */
export async function walletCode(db: Db | Tx, ref: string): Promise<string | null> {
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    if (n === MAIN_WALLET_ID) return MAIN_WALLET;
    const rows = await db.select({ code: vendor.code }).from(vendor).where(eq(vendor.accountTypeId, n));
    return rows[0]?.code ?? null;
  }
  return ref.toUpperCase();
}

/** Minor units as the balance call answers them: a JSON number of major units (wire notes). */
export const moneyNumber = (minor: bigint) => Number(money(minor));

/** Minor-unit balances of a member's accounts by kind: main, hold, and game wallets by vendor. */
export async function memberBalances(db: Db | Tx, memberId: number): Promise<{ main: bigint; hold: bigint; games: Map<string, bigint> }> {
  const rows = await db.select({ kind: ledgerAccount.kind, vendor: ledgerAccount.vendor, balance: ledgerAccount.balance }).from(ledgerAccount).where(eq(ledgerAccount.memberId, memberId));
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
  const single = brand().wallet.singleWallet;
  const vendors = await allVendorEntries(db);
  const b = await memberBalances(db, memberId);
  const balance: BalanceValue['balance'] = [{ ...MAIN_ENTRY, availBalance: moneyNumber(b.main) }];
  let sum = b.main;
  for (const { enabled, ...v } of vendors) {
    const amount = b.games.get(v.accountTypeName) ?? 0n;
    // Money left in a game wallet whose vendor was disabled (or after a switch to single wallet)
    // still belongs to the player: it is listed, counted, and 'transfer all back' brings it home.
    if ((single || !enabled) && amount === 0n) continue;
    sum += amount;
    balance.push({ ...v, availBalance: moneyNumber(amount) });
  }
  // A game wallet whose vendor has no row at all (nothing deletes vendors, but the ledger does
  // not depend on it): still the player's money, listed without a number (0) under its code.
  const known = new Set(vendors.map((v) => v.accountTypeName));
  for (const [code, amount] of b.games) {
    if (known.has(code) || amount === 0n) continue;
    sum += amount;
    balance.push({ accountTypeId: 0, accountTypeName: code, name: code, availBalance: moneyNumber(amount) });
  }
  const { currency, currencySymbol } = brand();
  return { sumBalance: moneyNumber(sum), balance, heldBalance: moneyNumber(b.hold), currency, currencySymbol };
}

/** Helpers for wallet tests: members with sessions, funded wallets, vendors, the sandbox provider in process. */
import { randomBytes } from 'node:crypto';
import { db } from '../../src/kernel/db/index.ts';
import { vendor } from '../../src/app/schema.ts';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { HOUSE, mainAccount } from '../../src/features/wallet/server/accounts.ts';
import { balancesOf, postTransfer } from '../../src/features/wallet/server/ledger.ts';
import { createSandboxProvider, usePaymentProvider } from '../../src/providers/payments/index.ts';
import { callApi, type CallOptions } from './api.ts';
import { makeUser } from './accounts.ts';
import type { NewMember } from '../../src/features/accounts/server/members.ts';

/** A fresh idempotency key, as a browser makes one per form submission. */
export const newKey = () => `k-${randomBytes(12).toString('hex')}`;

/** A member with an open session: `call` sends API calls with its token. */
export async function walletUser(o: Partial<NewMember> & { password?: string } = {}) {
  const u = await makeUser(o);
  const token = await openSession(await db(), { id: u.id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined);
  const call = (path: string, c: CallOptions = {}) => callApi(path, { ...c, headers: { ...c.headers, authorization: token } });
  return { ...u, token, call };
}

/** Credits a member's main wallet from house:bonus (test funding, a real ledger transfer). */
export async function fund(memberId: number, minor: bigint): Promise<void> {
  await (await db()).transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test funding', legs: [{ from: HOUSE.bonus, to: mainAccount(memberId), amount: minor }] }));
}

/** The main wallet's balance in minor units. */
export async function mainBalance(memberId: number): Promise<bigint> {
  return (await balancesOf(await db(), [mainAccount(memberId)])).get(mainAccount(memberId))!;
}

/** Two enabled vendors (game wallets JL and PG) and a disabled one (XX), as the catalogue would hold. */
export async function seedVendors(): Promise<void> {
  await (
    await db()
  )
    .insert(vendor)
    .values([
      { code: 'JL', displayName: 'JILI', gameType: 'RNG', sort: 1 },
      { code: 'PG', displayName: 'PG Soft', gameType: 'RNG', sort: 2 },
      { code: 'XX', displayName: 'Disabled', gameType: 'RNG', sort: 3, enabled: false },
    ])
    .onConflictDoNothing();
}

/** The lottery's four vendors, as the catalogue lists them (their games sell only while their vendor is on). */
export async function seedLotteryVendors(): Promise<void> {
  await (
    await db()
  )
    .insert(vendor)
    .values([
      { code: 'TCG_LOTTO_VN', displayName: 'TCG Lotto VN', gameType: 'LOTT', sort: 40 },
      { code: 'LOTT', displayName: 'Lotto Hub', gameType: 'LOTT', sort: 41 },
      { code: 'ELOTT', displayName: 'E-Lotto', gameType: 'ELOTT', sort: 50 },
      { code: 'TCG_SEA', displayName: 'TCG SEA Lottery', gameType: 'ELOTT', sort: 51 },
    ])
    .onConflictDoNothing();
}

/** A live casino vendor (EVO, category LIVE), for rules that weigh categories differently. */
export async function seedLiveVendor(): Promise<void> {
  await (await db()).insert(vendor).values({ code: 'EVO', displayName: 'Evolution', gameType: 'LIVE', sort: 9 }).onConflictDoNothing();
}

/**
 * Installs a sandbox provider whose callbacks go to the API in process (instead of over the
 * network); answers the list of bodies it sent.
 */
export function sandboxInProcess() {
  const sent: { url: string; body: unknown }[] = [];
  usePaymentProvider(
    createSandboxProvider({
      send: async (url, body) => {
        sent.push({ url, body });
        const r = await callApi(new URL(url).pathname, { method: 'POST', body });
        return { status: r.status, json: r.json };
      },
    }),
  );
  return { sent, restore: () => usePaymentProvider(null) };
}

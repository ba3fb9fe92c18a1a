/**
 * Demo wallet data (SEED=demo): the demo player's starting balance, credited by a real ledger
 * transfer of kind bonus from house:bonus, and two demo game rounds through the game-play
 * interface, so that the balance and the records are not empty. Everything is labelled demo and
 * keyed, so seeding again changes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MAIN_WALLET } from '../contract.ts';
import { DEMO_ACCOUNTS } from '../../accounts/index.ts';
import { findByUsername } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { game } from '../../games/index.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { HOUSE, mainAccount } from './accounts.ts';
import { walletVendors } from './balance.ts';
import { placeBet, settleRound } from './game-play.ts';
import { once } from '../../../kernel/idempotency.ts';
import { postTransfer } from './ledger.ts';
import { transferBetweenWallets } from './transfers.ts';

export const WALLET_SEED_KEY = 'seed.demo.wallet';
export const DEMO_WELCOME_MEMO = 'Demo welcome credit (demo data)';
/** The demo player's starting balance: 1,000.00. */
export const DEMO_WELCOME_AMOUNT = 1_000_00n;
const DEMO_VENDOR = 'JL';

/** Seeds the demo wallet data once per database (marker seed.demo.wallet). */
export async function seedDemoWalletIfNeeded(db: Db): Promise<void> {
  if (await readSetting<{ at: string } | null>(db, WALLET_SEED_KEY, null)) return;
  await seedDemoWallet(db);
  await writeSetting(db, WALLET_SEED_KEY, { at: new Date().toISOString() });
}

/** Credits the demo player and plays two demo rounds; every step is idempotent by its key. */
export async function seedDemoWallet(db: Db): Promise<void> {
  const player = await findByUsername(db, DEMO_ACCOUNTS.find((a) => a.role === 'player')!.username);
  if (!player) return;
  const memberId = player.id;
  await once(db, { name: 'seed-bonus', memberId, key: 'demo-welcome-credit', request: { amount: DEMO_WELCOME_AMOUNT } }, async (tx) => {
    const posted = await postTransfer(tx, {
      kind: 'bonus',
      memberId,
      reference: 'demo-welcome-credit',
      memo: DEMO_WELCOME_MEMO,
      legs: [{ from: HOUSE.bonus, to: mainAccount(memberId), amount: DEMO_WELCOME_AMOUNT }],
    });
    return { transferId: posted.transferId };
  });

  // On a brand with game wallets the rounds are played from the vendor's wallet, as a vendor
  // would, after a transfer into it; otherwise from the main wallet.
  const gameWallet = (await walletVendors(db)).some((v) => v.accountTypeName === DEMO_VENDOR);
  if (gameWallet) {
    await transferBetweenWallets(db, memberId, { from: MAIN_WALLET, to: DEMO_VENDOR, amount: '50.00', idempotencyKey: 'demo-seed-transfer-1' });
  }
  const names = await db
    .select({ nodeId: game.nodeId, name: game.gameName })
    .from(game)
    .where(and(eq(game.vassalage, DEMO_VENDOR), eq(game.enabled, true), eq(game.isGame, 'GAME')))
    .orderBy(asc(game.nodeId))
    .limit(2);
  const rounds = [
    { roundId: 'demo-round-0001', bet: 2_00n, win: 5_00n },
    { roundId: 'demo-round-0002', bet: 3_00n, win: 0n },
  ];
  for (const [i, r] of rounds.entries()) {
    const g = names[i];
    await placeBet(db, {
      memberId,
      roundId: r.roundId,
      vendor: DEMO_VENDOR,
      nodeId: g?.nodeId ?? null,
      gameName: `${g?.name ?? 'Demo game'} (demo round)`,
      amount: r.bet,
      fromGameWallet: gameWallet,
    });
    await settleRound(db, r.roundId, r.win);
  }
}

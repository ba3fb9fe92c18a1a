/** What the wallet feature adds: the ledger, deposits, withdrawals, transfers and records; its operator commands, jobs and demo money. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { env } from '../../kernel/env.ts';
import { log } from '../../kernel/log.ts';
import { walletCalls, walletEvents } from './contract.ts';
import { walletRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { walletCommands } from './server/ops.ts';
import { autoReceiveDue } from './server/withdrawals.ts';
import { refundStaleRounds } from './server/game-play.ts';
import { seedDemoWalletIfNeeded } from './server/seed.ts';
import { ensureDailyFigures } from './server/daily.ts';
import { expireDueBonuses } from './server/bonuses.ts';
import { expireDepositOrders } from './server/deposits.ts';

export const manifest: FeatureManifest = {
  name: 'wallet',
  calls: walletCalls,
  events: walletEvents,
  routes: walletRoutes,
  tables,
  ops: walletCommands,
  jobs: [
    // Members' daily figures (member_day) are kept by every writer; at start they are derived from
    // the rows once when never built (an older install) or when the brand's time zone moved.
    { name: 'wallet.dailyFigures', everyMs: 24 * 3_600_000, atStart: true, run: (db) => ensureDailyFigures(db) },
    // Payouts left unconfirmed count as received after the brand's minutes (spec 4): one cheap
    // conditional UPDATE a minute, safe when several processes share the database.
    { name: 'wallet.autoReceive', everyMs: 60_000, run: (db, now) => autoReceiveDue(db, now) },
    // Bonuses past their time end (or complete, when their turnover was reached): what is left
    // of them goes back to the house. Each ends once, under its row lock.
    { name: 'wallet.bonuses.expiry', everyMs: 60_000, atStart: true, run: (db) => expireDueBonuses(db) },
    // Deposit orders never paid expire, and give their room back to the player's deposit limit.
    { name: 'wallet.deposits.expiry', everyMs: 60_000, atStart: true, run: (db) => expireDepositOrders(db) },
    // Rounds a vendor opened and never closed (a closed window, a lost connection, a restart on
    // either side) are refunded once older than GAME_ROUND_TIMEOUT_MINUTES: at start-up, so that a
    // restart leaves no money held, and every minute. Safe with several processes (each refund is
    // idempotent by round id).
    {
      name: 'game.rounds.sweep',
      everyMs: 60_000,
      atStart: true,
      run: async (db, now) => {
        const n = await refundStaleRounds(db, now, env().GAME_ROUND_TIMEOUT_MINUTES * 60_000);
        if (n) log.info('game.rounds.refunded', { count: n });
      },
    },
  ],
  // The demo wallet came after the first demo data: it keeps its own marker (WALLET_SEED_KEY) and runs at every start.
  seed: [{ run: (h) => seedDemoWalletIfNeeded(h.db) }],
};

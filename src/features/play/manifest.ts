/** What the play feature adds: launches, recent games, the sandbox game server and the vendors' seamless-wallet door. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { liveCalls, playCalls, sportsCalls, vendorWalletCalls } from './contract.ts';
import { playRoutes } from './server/routes.ts';
import { vendorWalletRoutes } from './server/vendor-wallet.ts';
import * as tables from './server/tables.ts';
import { sweepGuestDemos } from './server/play.ts';
import { expireFreeSpins } from './server/free-spins.ts';
import { playCommands } from './server/ops.ts';
import { runLiveDraws } from './server/sandbox/live-tables.ts';
import { runSportsResults } from './server/sandbox/sports-book.ts';
import { playOutIdleHands } from './server/sandbox/blackjack.ts';

export const manifest: FeatureManifest = {
  name: 'play',
  calls: [...playCalls, ...liveCalls, ...sportsCalls, ...vendorWalletCalls],
  routes: [...playRoutes, ...vendorWalletRoutes],
  tables,
  ops: playCommands,
  // Guests' demos leave nothing behind a day after their session ended (each run deletes what is there, so several processes may run it).
  jobs: [
    { name: 'play.guestDemos.sweep', everyMs: 10 * 60_000, atStart: true, run: (db, now) => sweepGuestDemos(db, now) },
    // Free spins past their time end, their winnings paid as a bonus (once per grant: its status moves under its lock).
    { name: 'play.freeSpins.expire', everyMs: 60_000, atStart: true, run: (db, now) => expireFreeSpins(db, now) },
    // Live tables' rounds drawn once their window closes (each round moves from open to drawn under its lock, once, in whatever number of processes).
    { name: 'play.live.draws', everyMs: 1_000, atStart: true, run: (db, now) => runLiveDraws(db, now) },
    // The sports book's fixtures get their result at their end, and their bets are settled (each fixture moves under its lock, once per revision).
    { name: 'play.sports.results', everyMs: 5_000, atStart: true, run: (db, now) => runSportsResults(db, now) },
    // Blackjack hands left idle are played out (stood) and settled (each under its lock, skipped while another process holds it).
    { name: 'play.blackjack.idle', everyMs: 60_000, atStart: true, run: (db, now) => playOutIdleHands(db, now) },
  ],
};

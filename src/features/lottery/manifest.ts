/** What the lottery feature adds (issue 16): its games' draws on schedule, tickets settled by them, opened numbers and verification. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { lotteryCalls } from './contract.ts';
import { lotteryRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { runDraws } from './server/draws.ts';
import { lotteryCommands } from './server/ops.ts';

export const manifest: FeatureManifest = {
  name: 'lottery',
  calls: lotteryCalls,
  routes: lotteryRoutes,
  tables,
  ops: lotteryCommands,
  // Each game's next draws opened with committed seeds, and every due draw drawn once (the row
  // moves from open to drawn in one transaction), in whatever number of processes.
  jobs: [{ name: 'lottery.draws', everyMs: 5_000, atStart: true, run: (db, now) => runDraws(db, now) }],
};

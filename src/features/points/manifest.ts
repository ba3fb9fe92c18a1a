/** What the points feature adds (issue 32): points earned by play and deposits, the points mall, and their calls. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { pointsCalls } from './contract.ts';
import { pointsRules } from './server/settings.ts';
import { pointsRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { depositPointsConsumer, runEarnJob } from './server/earning.ts';
import { pointsCommands } from './server/ops.ts';

export const manifest: FeatureManifest = {
  name: 'points',
  calls: pointsCalls,
  settings: [pointsRules],
  routes: pointsRoutes,
  tables,
  consumers: [depositPointsConsumer],
  ops: pointsCommands,
  jobs: [
    // Each closed day's points for its valid bets, once per member and day (the last week's, so a day missed while down is earned on start).
    { name: 'points.earn', everyMs: 5 * 60_000, atStart: true, run: (db, now) => runEarnJob(db, now) },
  ],
};

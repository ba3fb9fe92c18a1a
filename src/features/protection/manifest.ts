/** What player protection adds (issue 28): limits, time-out, self-exclusion, reality checks, closure; the operator's `rg` and `events` commands. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { pruneSignificant } from '../../kernel/significant.ts';
import { protectionCalls } from './contract.ts';
import { protectionRoutes } from './server/routes.ts';
import { protectionSettings } from './server/settings.ts';
import * as tables from './server/tables.ts';
import { protectionCommands } from './server/ops.ts';

export const manifest: FeatureManifest = {
  name: 'protection',
  calls: protectionCalls,
  routes: protectionRoutes,
  tables,
  ops: protectionCommands,
  settings: [protectionSettings],
  // The significant-event log keeps the brand's retention; one DELETE, safe on several processes.
  jobs: [{ name: 'significant.prune', everyMs: 86_400_000, atStart: true, run: (db, now) => pruneSignificant(db, now, protectionSettings().eventRetentionDays) }],
};

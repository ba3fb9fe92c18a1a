/** What the operator console adds (issue 29): staff, their sessions and roles, the console's calls on the other features' work, and `npm run ops -- staff`. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { consoleCalls } from './contract.ts';
import { consoleCommands } from './server/ops.ts';
import { consoleRoutes } from './server/routes.ts';
import { seedDemoStaff } from './server/seed.ts';
import { consoleSettings } from './server/settings.ts';
import { pruneStaffSessions } from './server/staff.ts';
import * as tables from './server/tables.ts';

export const manifest: FeatureManifest = {
  name: 'console',
  calls: consoleCalls,
  routes: consoleRoutes,
  tables,
  ops: consoleCommands,
  settings: [consoleSettings],
  jobs: [{ name: 'console.sessions.prune', everyMs: 86_400_000, atStart: true, run: (db) => pruneStaffSessions(db) }],
  seed: [{ marker: 'seed.demo.staff', run: (h) => seedDemoStaff(h.db) }],
};

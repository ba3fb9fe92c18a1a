/** What the agent feature adds: the agent back office's calls (issue 13). */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { agentCalls } from './contract.ts';
import { agentRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { buildTeamDays } from './server/rollup.ts';
import { seedDemoAgentNotices, seedDemoAgentTeam, seedDemoTeamHistory } from './server/seed.ts';

export const manifest: FeatureManifest = {
  name: 'agent',
  calls: agentCalls,
  routes: agentRoutes,
  tables,
  // Closed days' team figures (rollup.ts): every minute and at start; safe with several processes.
  jobs: [{ name: 'agent.teamDays', everyMs: 60_000, atStart: true, run: (db, now) => buildTeamDays(db, now) }],
  seed: [
    { marker: 'seed.demo.agentTeam', run: (h) => seedDemoAgentTeam(h.db) },
    { marker: 'seed.demo.teamHistory', run: (h) => seedDemoTeamHistory(h.db) },
    { marker: 'seed.demo.agentNotices', run: (h) => seedDemoAgentNotices(h.db) },
  ],
};

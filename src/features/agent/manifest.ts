/** What the agent feature adds: the agent back office's calls (issue 13). */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { agentCalls } from './contract.ts';
import { agentRoutes } from './server/routes.ts';
import { seedDemoAgentNotices, seedDemoAgentTeam, seedDemoTeamHistory } from './server/seed.ts';

export const manifest: FeatureManifest = {
  name: 'agent',
  calls: agentCalls,
  routes: agentRoutes,
  seed: [
    { marker: 'seed.demo.agentTeam', run: (h) => seedDemoAgentTeam(h.db) },
    { marker: 'seed.demo.teamHistory', run: (h) => seedDemoTeamHistory(h.db) },
    { marker: 'seed.demo.agentNotices', run: (h) => seedDemoAgentNotices(h.db) },
  ],
};

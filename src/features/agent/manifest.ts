/** What the agent feature adds: the agent back office's calls (issue 13). */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { agentCalls, agentEvents } from './contract.ts';
import { agentBrandSections } from './server/settings.ts';
import { agentRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { buildTeamDays } from './server/rollup.ts';
import { expireOffers } from './server/contracts.ts';
import { runSettlements } from './server/settle.ts';
import { agentCommands } from './server/ops.ts';
import { seedDemoAgentNotices, seedDemoAgentTeam, seedDemoContracts, seedDemoTeamHistory } from './server/seed.ts';

export const manifest: FeatureManifest = {
  name: 'agent',
  calls: agentCalls,
  events: agentEvents,
  settings: agentBrandSections,
  routes: agentRoutes,
  tables,
  // Closed days' team figures (rollup.ts): every minute and at start; safe with several processes.
  ops: agentCommands,
  jobs: [
    { name: 'agent.teamDays', everyMs: 60_000, atStart: true, run: (db, now) => buildTeamDays(db, now) },
    // Contracts (issue 14): offers past their expiry, and every period due, exactly once (settle.ts).
    { name: 'agent.offers', everyMs: 60_000, atStart: true, run: (db) => expireOffers(db) },
    { name: 'agent.settlements', everyMs: 60_000, atStart: true, run: (db, now) => runSettlements(db, now) },
  ],
  seed: [
    { marker: 'seed.demo.agentTeam', run: (h) => seedDemoAgentTeam(h.db) },
    { marker: 'seed.demo.teamHistory', run: (h) => seedDemoTeamHistory(h.db) },
    { marker: 'seed.demo.agentNotices', run: (h) => seedDemoAgentNotices(h.db) },
    { marker: 'seed.demo.agentContracts', run: (h) => seedDemoContracts(h.db) },
  ],
};

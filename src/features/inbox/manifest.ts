/** What the inbox feature adds (issue 15): platform messages, their unread count, system messages from the outbox. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { inboxCalls } from './contract.ts';
import { inboxRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { systemMessages } from './server/consumer.ts';
import { inboxCommands } from './server/ops.ts';
import { seedDemoMessages } from './server/seed.ts';

export const manifest: FeatureManifest = {
  name: 'inbox',
  calls: inboxCalls,
  routes: inboxRoutes,
  tables,
  ops: inboxCommands,
  // The messages of every event the features declare with one (handed over by the app).
  consumers: (declared) => [systemMessages(declared)],
  seed: [{ marker: 'seed.demo.messages', run: (h) => seedDemoMessages(h.db) }],
};

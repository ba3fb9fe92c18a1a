/** What the content feature adds: help, notices, banners, promotions, mirror sites; the demo content. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { contentCalls } from './contract.ts';
import { contentRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { seedContent } from './server/seed.ts';
import { contentCommands } from './server/ops.ts';

export const manifest: FeatureManifest = {
  name: 'content',
  calls: contentCalls,
  routes: contentRoutes,
  tables,
  ops: contentCommands,
  seed: [{ marker: 'seed.demo', run: (h) => seedContent(h.db) }],
};

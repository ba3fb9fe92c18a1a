/** What customer service adds (issue 31): the feedback form and its answers (the live chat comes next). */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { supportCalls } from './contract.ts';
import { supportRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';

export const manifest: FeatureManifest = {
  name: 'support',
  calls: supportCalls,
  routes: supportRoutes,
  tables,
};

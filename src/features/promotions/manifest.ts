/** What the promotions feature adds (issue 15): the engine that runs the brand's promotion rules, its page, and its reactions to deposits. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { promotionCalls } from './contract.ts';
import { promotionRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { depositConsumer } from './server/engine.ts';

export const manifest: FeatureManifest = {
  name: 'promotions',
  calls: promotionCalls,
  routes: promotionRoutes,
  tables,
  consumers: [depositConsumer],
};

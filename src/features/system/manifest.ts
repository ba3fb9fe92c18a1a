/** What the system feature adds: status, white-label flags, registration rules, countries; maintenance and region blocks. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { systemCalls } from './contract.ts';
import { systemRoutes } from './server/routes.ts';
import { brandCommand, maintenanceCommand, regionsCommand } from './server/ops.ts';

export const manifest: FeatureManifest = {
  name: 'system',
  calls: systemCalls,
  routes: systemRoutes,
  ops: [maintenanceCommand, regionsCommand, brandCommand],
};

/** What the play feature adds: launches, recent games, the sandbox game server and the vendors' seamless-wallet door. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { playCalls, vendorWalletCalls } from './contract.ts';
import { playRoutes } from './server/routes.ts';
import { vendorWalletRoutes } from './server/vendor-wallet.ts';
import * as tables from './server/tables.ts';

export const manifest: FeatureManifest = {
  name: 'play',
  calls: [...playCalls, ...vendorWalletCalls],
  routes: [...playRoutes, ...vendorWalletRoutes],
  tables,
};

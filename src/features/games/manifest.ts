/** What the games feature adds: the catalogue (vendors, games, hot and new lists, the winner board) and favourites; the demo catalogue. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { favouriteCalls, gameCalls } from './contract.ts';
import { gameRoutes } from './server/routes.ts';
import { favouriteRoutes } from './server/favourites.ts';
import * as tables from './server/tables.ts';
import { seedCatalogue, seedDemoWinners } from './server/seed.ts';

export const manifest: FeatureManifest = {
  name: 'games',
  calls: [...gameCalls, ...favouriteCalls],
  routes: [...gameRoutes, ...favouriteRoutes],
  tables,
  seed: [
    {
      marker: 'seed.demo',
      run: async (h, o) => {
        await seedCatalogue(h.db, { size: o.size });
        await seedDemoWinners(h.db, 60);
      },
    },
  ],
};

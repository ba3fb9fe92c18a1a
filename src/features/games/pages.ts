/** The games feature's pages: the game pages of spec 2.1 (/rng, /fish, /hot, ...), favourites, game icons and vendor logos. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/[game]', view: 'views/GamesPage.astro', cacheSeconds: 30, cacheQuery: ['page', 'gameName', 'vassalage'] },
  { path: '/favorite', view: 'views/FavouritesPage.astro' },
  // Generated art, the same in every language.
  { path: '/img/game/[file]', view: 'endpoints/game-icon.ts', localized: false },
  { path: '/img/vendor/[file]', view: 'endpoints/vendor-logo.ts', localized: false },
];

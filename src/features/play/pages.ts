/** The play feature's pages: the sandbox provider's game window, its verify page, recent games, a game in the site's frame. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/play', view: 'views/PlayPage.astro', cacheSeconds: 300 },
  { path: '/play/verify', view: 'views/PlayVerifyPage.astro', cacheSeconds: 300 },
  { path: '/recent', view: 'views/RecentPage.astro' },
  { path: '/seamless', view: 'views/SeamlessPage.astro' },
];

/** The play feature's pages: the sandbox provider's game window, its verify page, recent games. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/play', view: 'views/PlayPage.astro', prerender: true },
  { path: '/play/verify', view: 'views/PlayVerifyPage.astro', prerender: true },
  { path: '/recent', view: 'views/RecentPage.astro' },
];

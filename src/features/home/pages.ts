/** The home page, and the addresses that open its login, registration and forgot-password popups. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/', view: 'views/HomePage.astro', cacheSeconds: 10 },
  { path: '/login', view: 'views/HomePage.astro', cacheSeconds: 10 },
  { path: '/register', view: 'views/HomePage.astro', cacheSeconds: 10 },
  { path: '/forget', view: 'views/HomePage.astro', cacheSeconds: 10 },
];

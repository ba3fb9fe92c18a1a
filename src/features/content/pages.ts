/** The content feature's pages: notices, download, help, mirror sites (the promotions page is the promotions feature's). */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/announce', view: 'views/AnnouncePage.astro', cacheSeconds: 30 },
  { path: '/down', view: 'views/DownloadPage.astro', cacheSeconds: 300 },
  { path: '/help', view: 'views/HelpPage.astro', cacheSeconds: 300 },
  { path: '/mirrors', view: 'views/MirrorsPage.astro', cacheSeconds: 300 },
  // Generated banner art, the same in every language.
  { path: '/img/art/[file]', view: 'endpoints/banner-art.ts', localized: false },
  // The content studio's images (WebP variants from the file store).
  { path: '/img/media/[file]', view: 'endpoints/media.ts', localized: false },
];

// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { sharedServerModules } from './scripts/astro-shared-server.mjs';
import { precompressStatic } from './scripts/astro-precompress.mjs';
import { DEFAULT_LOCALE, LOCALES, localizePath } from './src/kernel/locales.ts';

// Server code (the kernel, the providers, the app, each feature's server code and contract) is
// plain Node TypeScript (type stripping). In the production build it is left outside Astro's
// bundle so that the custom server (src/app/server.ts), the ops command and the Astro pages share
// one instance of each module (one database client per process). The pages are injected by the
// same integration from the features' declarations (src/app/pages.ts), for every language.
// DIST_DIR builds into another folder (with its own caches), so that several checks on one
// checkout (e2e runs on different ports) never rebuild the files a running server is loading.
const distDir = process.env.DIST_DIR || 'dist';
const isolated = distDir !== 'dist';

export default defineConfig({
  output: 'server',
  outDir: `./${distDir}`,
  // The caches sit beside the output folder, not in it: a build empties its output folder after
  // the content sync has written the collections' data store into the cache.
  ...(isolated ? { cacheDir: `./${distDir}.cache/astro`, vite: { cacheDir: `./${distDir}.cache/vite` } } : {}),
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), sharedServerModules(), precompressStatic()],
  // No `site`: the public address is read per request at run time (SITE_URL, else the request's
  // own, src/kernel/http/origins.ts publicOrigin), so one build serves any address.
  trailingSlash: 'ignore',
  i18n: {
    locales: LOCALES.map((l) => l.code),
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false },
  },
  server: { host: '127.0.0.1' },
  // Spec 2.1: /helpmc is the help centre too, and /index, /index.html and /home the home page;
  // in every language.
  redirects: Object.fromEntries(
    LOCALES.flatMap(({ code }) =>
      [
        ['/helpmc', '/help'],
        ['/index', '/'],
        ['/home', '/'],
      ].map(([from, to]) => [localizePath(from, code), { status: 301, destination: localizePath(to, code) }]),
    ),
  ),
  devToolbar: { enabled: false },
  // The first paint waits on no stylesheet: each page's CSS is inlined into it (compressed with the
  // page, about 8 KB of brotli on the home page), instead of five render-blocking requests.
  build: { inlineStylesheets: 'always' },
  // Scoped styles by a class rather than a data attribute on every element: the same specificity,
  // fewer bytes on pages of hundreds of tiles.
  scopedStyleStrategy: 'class',
  // The pages' Content-Security-Policy: Astro hashes its own scripts and styles into a <meta>
  // policy; nothing else runs. Inline style attributes (React's style props for widths and
  // positions) are allowed, inline scripts and event handlers are not. frame-ancestors cannot live
  // in a meta policy: the server sends it (src/kernel/http/security-headers.ts).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
});

// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { sharedServerModules } from './scripts/astro-shared-server.mjs';

// Server code under src/lib/server is plain Node TypeScript (type stripping). In the production
// build it is left outside Astro's bundle so that the custom server (src/server/main.ts), the ops
// command and the Astro pages share one instance of each module (one database client per process).
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
  integrations: [react(), sharedServerModules()],
  site: process.env.SITE_URL ?? 'http://127.0.0.1:4321',
  trailingSlash: 'ignore',
  i18n: {
    locales: ['en', 'es'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  server: { host: '127.0.0.1' },
  // Spec 2.1 names /helpmc as the help centre's address too.
  redirects: {
    '/helpmc': { status: 301, destination: '/help' },
    '/es/helpmc': { status: 301, destination: '/es/help' },
    // Spec 2.1: /index, /index.html and /home are the home page too.
    '/index': { status: 301, destination: '/' },
    '/home': { status: 301, destination: '/' },
    '/es/index': { status: 301, destination: '/es' },
    '/es/home': { status: 301, destination: '/es' },
  },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'auto' },
});

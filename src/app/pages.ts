/**
 * Every page of the site: the features' `pages.ts` declarations in feature order, and the
 * shell's own. `astro.config.mjs` (through scripts/astro-shared-server.mjs) injects one route per
 * page and language from this list, as Starlight injects one route for every locale: adding a
 * language is a catalogue folder per part and a line in src/kernel/locales.ts, no route file.
 * The middleware reads the pages' cache lifetimes from here too.
 * Plain data only: this module is loaded by the Astro config at build time.
 */
import type { PageDecl } from '../kernel/pages.ts';
import { DEFAULT_LOCALE, LOCALES, localizePath } from '../kernel/locales.ts';
import { pages as system } from '../features/system/pages.ts';
import { pages as accounts } from '../features/accounts/pages.ts';
import { pages as games } from '../features/games/pages.ts';
import { pages as wallet } from '../features/wallet/pages.ts';
import { pages as play } from '../features/play/pages.ts';
import { pages as lottery } from '../features/lottery/pages.ts';
import { pages as content } from '../features/content/pages.ts';
import { pages as points } from '../features/points/pages.ts';
import { pages as promotions } from '../features/promotions/pages.ts';
import { pages as agent } from '../features/agent/pages.ts';
import { pages as home } from '../features/home/pages.ts';
import { pages as support } from '../features/support/pages.ts';
import { pages as consolePages } from '../features/console/pages.ts';

/** A declared page with the file that renders it (relative to the project root). */
export interface SitePage extends PageDecl {
  entrypoint: string;
}

const of = (part: string, decls: PageDecl[]): SitePage[] => decls.map((d) => ({ ...d, entrypoint: `src/${part}/${d.view}` }));

/** Every page, in feature order (the same order as src/app/features.ts). */
export const SITE_PAGES: SitePage[] = [
  ...of('features/system', system),
  ...of('features/accounts', accounts),
  ...of('features/games', games),
  ...of('features/wallet', wallet),
  ...of('features/play', play),
  ...of('features/lottery', lottery),
  ...of('features/content', content),
  ...of('features/points', points),
  ...of('features/promotions', promotions),
  ...of('features/agent', agent),
  ...of('features/home', home),
  ...of('features/support', support),
  ...of('features/console', consolePages),
  // The shell's not-found page: Astro serves /404 for any unknown address (and /es/404 in Spanish).
  ...of('shell', [{ path: '/404', view: 'views/NotFoundPage.astro' }]),
];

/** The routes to inject: each page in each language. */
export function siteRoutes(): { pattern: string; entrypoint: string; prerender: boolean }[] {
  return SITE_PAGES.flatMap((p) =>
    (p.localized === false ? [DEFAULT_LOCALE] : LOCALES.map((l) => l.code)).map((code) => ({
      pattern: localizePath(p.path, code),
      entrypoint: p.entrypoint,
      prerender: p.prerender ?? false,
    })),
  );
}

/** How a shared cache may keep each page, by its path without a language: seconds, and the query parameters that make another copy. */
export const CACHE_RULES: Record<string, { seconds: number; query: string[] }> = Object.fromEntries(
  SITE_PAGES.filter((p) => p.cacheSeconds).map((p) => [p.path, { seconds: p.cacheSeconds!, query: p.cacheQuery ?? [] }]),
);

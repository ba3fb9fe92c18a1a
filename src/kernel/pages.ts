/**
 * A page of the site as a feature declares it in its `pages.ts` (plain data, read when the site
 * is built): the address without a language, the view that renders it, and how long a shared
 * cache may keep it. The app injects one route per page and language (src/app/pages.ts), so a
 * third language needs no route file.
 */
export interface PageDecl {
  /** Address in the default language: '/favorite', '/[game]', '/play/verify'. */
  path: string;
  /** The view (or endpoint), relative to the feature's folder: 'views/FavouritesPage.astro'. */
  view: string;
  /** Served in every language (the default); false: one address for all (images, feeds). */
  localized?: boolean;
  /** Seconds a shared cache may keep the page (it carries no per-user data); none: not cached. */
  cacheSeconds?: number;
  /** The query parameters the page renders by; the cache ignores any other (none: the path alone). */
  cacheQuery?: string[];
  /** Rendered once at build time (the same HTML for everyone, no database). */
  prerender?: boolean;
}

/**
 * Languages the site is offered in. Adding one: an entry here and a catalogue folder
 * `i18n/<code>/` beside each part's code (src/kernel, src/shell, src/features/*); the routes
 * (src/app/pages.ts), Astro's i18n settings and the browser's paths follow from this list.
 * Browser-safe: the shell's first script uses it.
 */
export const LOCALES = [
  { code: 'en', api: 'EN', label: 'English', htmlLang: 'en', dir: 'ltr' },
  { code: 'es', api: 'ES', label: 'Español', htmlLang: 'es', dir: 'ltr' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export const DEFAULT_LOCALE: Locale = 'en';

/** Is `code` one of the site's locales (route form, lower case)? */
export function isLocale(code: string | undefined | null): code is Locale {
  return LOCALES.some((l) => l.code === code);
}

/** Maps an API Language header (EN, ES, es-MX...) to a site locale, falling back to the default. */
export function localeFromApi(header: string | null | undefined): Locale {
  const base = (header ?? '')
    .split(/[-_,;]/)[0]!
    .trim()
    .toLowerCase();
  return isLocale(base) ? base : DEFAULT_LOCALE;
}

/** The API form (EN, ES) of a site locale. */
export function apiLanguage(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)!.api;
}

/** Prefix for links in a locale: '' for the default, '/es' for Spanish. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** Builds a site path in `locale` from an unprefixed path ('/rng' -> '/es/rng'). */
export function localizePath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** Splits '/es/rng' into { locale: 'es', path: '/rng' }. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/i.exec(pathname);
  if (m && m[1] !== DEFAULT_LOCALE && isLocale(m[1])) return { locale: m[1], path: m[2] || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The site locale of an HTML lang attribute ('es-MX' -> 'es'), the default when none matches. */
export function localeOfHtmlLang(lang: string): Locale {
  const base = lang.split('-')[0]!.toLowerCase();
  return LOCALES.find((l) => l.htmlLang.split('-')[0] === base)?.code ?? DEFAULT_LOCALE;
}

/**
 * The site language to offer a visitor on a page of `page` (spec 4, language change; audit item
 * 14), or null: the language the visitor chose before (stored as `currentLanguage` by the
 * language links), else the first of the browser's languages that the site speaks ('es-MX' is
 * 'es'), when it is not the page's. An offer, not a redirect: pages are shared by caches and
 * links, the spec keeps the default language, and the visitor's own choice wins.
 * @example offeredLocale('en', ['es-MX', 'en'], null, ['en', 'es']) // 'es'
 * @example offeredLocale('en', ['es-MX'], 'en', ['en', 'es']) // null (chose English)
 */
export function offeredLocale(page: Locale, browser: readonly string[], stored: string | null, available: readonly Locale[]): Locale | null {
  const known = (code: string): Locale | null => {
    const base = code.split(/[-_]/)[0]!.toLowerCase();
    return (available as readonly string[]).includes(base) ? (base as Locale) : null;
  };
  const chosen = stored ? known(stored) : null;
  const wanted = chosen ?? browser.map(known).find((l) => l !== null) ?? null;
  return wanted && wanted !== page ? wanted : null;
}

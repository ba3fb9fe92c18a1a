/**
 * The one place that says how numbers, money and dates are written (issue 17): the site's
 * language ('es') and the brand's region ('es-MX': `$1,121.50`, where Spain writes `1121,50 $`).
 * A brand names a regional locale per language in its file (`intlLocales`); everything that
 * formats (money.ts, the islands' dates and counts, the pages) asks `intlLocale(lang)`.
 *
 * Where the map comes from: on the server, the brand file (set by the middleware for each
 * request, a cheap assignment: the brand can be switched by an operator); in the browser, the
 * page's client-config JSON (read once).
 */
let fromServer: Record<string, string> | null = null;
let fromPage: Record<string, string> | null = null;

/** The server's map (the brand's `intlLocales`). */
export function setIntlLocales(map: Record<string, string>): void {
  fromServer = map;
}

function pageMap(): Record<string, string> {
  if (fromPage) return fromPage;
  fromPage = {};
  if (typeof document === 'undefined') return fromPage;
  try {
    const cfg = JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { intlLocales?: Record<string, string> };
    fromPage = cfg.intlLocales ?? {};
  } catch {
    /* a page without the config writes numbers as its language does */
  }
  return fromPage;
}

/**
 * The locale Intl should use for a site language: the brand's regional one, else the language.
 * @example intlLocale('es') // 'es-MX' for the demo brand
 */
export function intlLocale(lang: string): string {
  const map = fromServer ?? pageMap();
  return map[lang] ?? lang;
}

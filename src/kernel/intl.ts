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
let zoneFromServer: string | null = null;
let zoneFromPage: string | null = null;

/** The server's map (the brand's `intlLocales`) and, when given, the brand's time zone. */
export function setIntlLocales(map: Record<string, string>, timeZone?: string): void {
  fromServer = map;
  if (timeZone !== undefined) zoneFromServer = timeZone;
}

function pageConfig(): { intlLocales?: Record<string, string>; timeZone?: string } {
  if (typeof document === 'undefined') return {};
  try {
    return JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { intlLocales?: Record<string, string>; timeZone?: string };
  } catch {
    /* a page without the config writes numbers as its language does */
    return {};
  }
}

function pageMap(): Record<string, string> {
  fromPage ??= pageConfig().intlLocales ?? {};
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

/**
 * One clock (issue 26, item 7): every time the site and the back office show is in the brand's
 * time zone and says so with its GMT offset ("3:09 AM GMT-6"), the header's clock included.
 * Calendar days (records, reports) are the brand's days too and carry no label: a day has no
 * hour to misread. On the server the zone is the brand's (set with setIntlLocales); in the
 * browser, the page's client-config.
 */
export function brandTimeZone(): string {
  if (zoneFromServer) return zoneFromServer;
  zoneFromPage ??= pageConfig().timeZone ?? 'UTC';
  return zoneFromPage;
}

/**
 * The GMT offset of `timeZone` at `ms`, as the header shows it.
 * @example gmtLabel(Date.UTC(2026, 10, 27), 'America/Mexico_City') // 'GMT-6'
 */
export function gmtLabel(ms: number, timeZone = brandTimeZone()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName');
  const label = part?.value ?? 'GMT';
  return label === 'GMT' ? 'GMT+0' : label;
}

/**
 * A date and time in the brand's zone, labelled.
 * @example formatDateTime(Date.UTC(2026, 10, 27, 9, 27), 'en') // 'Nov 27, 2026, 3:27 AM GMT-6' (demo brand)
 */
export function formatDateTime(ms: number, lang: string, o: { dateStyle?: 'short' | 'medium' | 'long'; seconds?: boolean } = {}): string {
  const timeZone = brandTimeZone();
  const text = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, dateStyle: o.dateStyle ?? 'medium', timeStyle: o.seconds ? 'medium' : 'short' }).format(new Date(ms));
  return `${text} ${gmtLabel(ms, timeZone)}`;
}

/**
 * A calendar day (yyyy-MM-dd, already the brand's), written as the language writes dates: no hour,
 * so no zone to label.
 * @example formatDay('2026-12-05', 'en') // 'Dec 5, 2026'
 */
export function formatDay(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A time of day in the brand's zone, labelled.
 * @example formatTime(Date.UTC(2026, 10, 27, 11, 15), 'en') // '5:15 AM GMT-6' (demo brand)
 */
export function formatTime(ms: number, lang: string): string {
  const timeZone = brandTimeZone();
  return `${new Intl.DateTimeFormat(intlLocale(lang), { timeZone, timeStyle: 'short' }).format(new Date(ms))} ${gmtLabel(ms, timeZone)}`;
}

/** The header clock's hours, minutes and seconds (24 h) in the brand's zone, and its label. */
export function clockText(ms: number): { time: string; zone: string } {
  const timeZone = brandTimeZone();
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { time: `${get('hour')}:${get('minute')}:${get('second')}`, zone: gmtLabel(ms, timeZone) };
}

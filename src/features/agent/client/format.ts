/**
 * How the back office writes its figures that the wallet's pieces do not: rates, settlement
 * periods and the colour of a result. Pure (Intl only), so the reports, the contract pages and
 * their tests write them the same way.
 */
import { gmtLabel, intlLocale } from '../../../kernel/intl.ts';

/**
 * A rate in percent, as the contract pages show it.
 * @example percent(1.5, 'en') // '1.5 %'
 */
export function percent(n: number, lang: string): string {
  return `${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(n)} %`;
}

/**
 * A settlement period as people say it: its day (or first and last day), or its day and hours
 * when shorter, in `timeZone` (the brand's).
 * @example periodLabel(Date.UTC(2026, 2, 9, 6), Date.UTC(2026, 2, 10, 6), 'en', 'America/Mexico_City') // 'Mar 9, 2026'
 */
export function periodLabel(start: number, end: number, lang: string, timeZone: string | undefined): string {
  const day = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone });
  // A day of 23 hours (a change of clocks) is still a day.
  if (end - start >= 23 * 3_600_000) {
    const first = day.format(start);
    const last = day.format(end - 1);
    return first === last ? first : `${first} – ${last}`;
  }
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', timeZone });
  // One clock: the hours are the brand's, and say so (src/kernel/intl.ts).
  return `${day.format(start)} ${time.format(start)}–${time.format(end)} ${gmtLabel(start, timeZone)}`;
}

/**
 * The class of a result: 'neg' when the team lost, 'pos' when it won, none at zero.
 * @example plClass(-3) // 'neg'
 */
export function plClass(n: number): 'neg' | 'pos' | undefined {
  return n < 0 ? 'neg' : n > 0 ? 'pos' : undefined;
}

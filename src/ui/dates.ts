/**
 * Dates as lists show them, on the brand's clock (src/kernel/intl.ts): an instant with its date,
 * time and GMT offset, a calendar day, and today. Pure but for `today`, which reads the clock.
 */
import { dayIn, type Day } from '../kernel/days.ts';
import { brandTimeZone, formatDateTime, intlLocale } from '../kernel/intl.ts';

/**
 * Date and time of `ms` for a list, in the brand's time zone and labelled with it (the kernel's
 * `formatDateTime`); an instant Intl cannot write (a zone it does not know) as ISO text.
 * @example dateTime(Date.UTC(2026, 10, 27, 9, 27), 'en') // 'Nov 27, 2026, 3:27 AM GMT-6' (demo brand)
 */
export function dateTime(ms: number, lang: string): string {
  try {
    return formatDateTime(ms, lang);
  } catch {
    return new Date(ms).toISOString();
  }
}

/**
 * A calendar day as the player reads it (a day has no hour, so no zone label).
 * @example dayLabel('2026-03-15', 'en') // 'Mar 15, 2026'
 */
export function dayLabel(day: Day, lang: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Today in the brand's time zone. */
export function today(): Day {
  return dayIn(Date.now(), brandTimeZone());
}

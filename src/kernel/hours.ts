/**
 * Opening hours written once per brand and shown in the reader's language (spec 9: agent page
 * support hours, Monday to Friday, 12:00 to 21:00).
 */
import { brandTimeZone, gmtLabel, intlLocale } from './intl.ts';

export interface WeeklyHours {
  /** First and last day, ISO numbering: 1 Monday ... 7 Sunday. */
  fromDay: number;
  toDay: number;
  /** Local times, HH:MM (24 h). */
  opens: string;
  closes: string;
}

/**
 * The hours as the locale writes them, with weekday names from Intl, in the brand's zone and
 * labelled with its offset now (one clock: src/kernel/intl.ts).
 * @example formatWeeklyHours({ fromDay: 1, toDay: 5, opens: '12:00', closes: '21:00' }, 'es') // 'lun–vie 12:00–21:00 GMT-6'
 */
export function formatWeeklyHours(h: WeeklyHours, locale: string, now = Date.now()): string {
  const day = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: day n of the ISO week is 2024-01-0n.
  const name = (n: number) => day.format(new Date(Date.UTC(2024, 0, n)));
  const days = h.fromDay === h.toDay ? name(h.fromDay) : `${name(h.fromDay)}–${name(h.toDay)}`;
  return `${days} ${h.opens}–${h.closes} ${gmtLabel(now, brandTimeZone())}`;
}

/**
 * Opening hours written once per brand and shown in the reader's language (spec 9: agent page
 * support hours, Monday to Friday, 12:00 to 21:00).
 */
import { addDays, dayIn, timeOnDay } from './days.ts';
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

/** The ISO weekday (1 Monday ... 7 Sunday) of a day `YYYY-MM-DD`. */
function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const dayWithin = (h: WeeklyHours, day: number) => (h.fromDay <= h.toDay ? day >= h.fromDay && day <= h.toDay : day >= h.fromDay || day <= h.toDay);

/**
 * Whether `now` falls within the hours in `timeZone`, and if not when they next open (ms), within
 * a week. Hours that close before they open run past midnight (22:00-02:00), counted from the day
 * they open.
 */
export function hoursAt(h: WeeklyHours, now: number, timeZone: string): { open: boolean; nextOpen: number | null } {
  const today = dayIn(now, timeZone);
  for (let back = 1; back >= 0; back--) {
    // Yesterday's hours may still run (past midnight); then today's.
    const day = addDays(today, -back);
    if (!dayWithin(h, isoWeekday(day))) continue;
    const opens = timeOnDay(day, h.opens, timeZone);
    let closes = timeOnDay(day, h.closes, timeZone);
    if (closes <= opens) closes = timeOnDay(addDays(day, 1), h.closes, timeZone);
    if (now >= opens && now < closes) return { open: true, nextOpen: null };
  }
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    if (!dayWithin(h, isoWeekday(day))) continue;
    const opens = timeOnDay(day, h.opens, timeZone);
    if (opens > now) return { open: false, nextOpen: opens };
  }
  return { open: false, nextOpen: null };
}

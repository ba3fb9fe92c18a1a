/**
 * Calendar days in a time zone: the one module that turns instants into the brand's days and
 * back, for record filters today and for salary and dividend periods next. Built on date-fns and
 * @date-fns/tz (TZDate), which know every zone's offsets and their changes; browser-safe.
 * A day is its ISO text, 'YYYY-MM-DD'.
 */
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, differenceInCalendarDays } from 'date-fns';

/** A calendar day, 'YYYY-MM-DD'. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day a TZDate shows on its own wall clock. */
const dayOf = (d: Date): Day => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The parts of a day, or null when the text is not a real calendar day ('2026-02-30' is not). */
function partsOf(day: string): [number, number, number] | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new TZDate(y, mo - 1, d, 'UTC');
  return probe.getFullYear() === y && probe.getMonth() === mo - 1 && probe.getDate() === d ? [y, mo, d] : null;
}

/**
 * Is `text` a real calendar day?
 * @example isDay('2026-02-29') // false
 */
export function isDay(text: string): boolean {
  return partsOf(text) !== null;
}

/**
 * The day an instant falls on in a time zone (UTC when the zone is unknown or not given).
 * @example dayIn(Date.UTC(2026, 0, 1, 3), 'America/Mexico_City') // '2025-12-31'
 */
export function dayIn(ms: number, timeZone = 'UTC'): Day {
  // TZDate answers NaN fields for a zone it does not know.
  const d = new TZDate(ms, timeZone);
  return dayOf(Number.isNaN(d.getFullYear()) ? new TZDate(ms, 'UTC') : d);
}

/**
 * The day `n` days after `day` (before, when negative).
 * @example addDays('2026-03-01', -1) // '2026-02-28'
 */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = partsOf(day) ?? [1970, 1, 1];
  return dayOf(addCalendarDays(new TZDate(y, m - 1, d, 'UTC'), n));
}

/**
 * Days from `a` to `b` (b - a).
 * @example daysBetween('2026-02-27', '2026-03-01') // 2
 */
export function daysBetween(a: Day, b: Day): number {
  const [ay, am, ad] = partsOf(a) ?? [1970, 1, 1];
  const [by, bm, bd] = partsOf(b) ?? [1970, 1, 1];
  return differenceInCalendarDays(new TZDate(by, bm - 1, bd, 'UTC'), new TZDate(ay, am - 1, ad, 'UTC'));
}

/**
 * The instant (ms) a day begins in a time zone, offset changes included.
 * @example dayStart('2026-03-08', 'America/New_York') // Date.UTC(2026, 2, 8, 5)
 */
export function dayStart(day: Day, timeZone: string): number {
  const [y, m, d] = partsOf(day) ?? [1970, 1, 1];
  return new TZDate(y, m - 1, d, timeZone).getTime();
}

/**
 * The instant (ms) of a wall-clock time `HH:mm` on a day in a time zone, offset changes included:
 * on the day the clocks change, 03:30 is 03:30 on the wall, not the day's start plus 3.5 hours. A
 * time the clocks skip (02:30 on a spring-forward night) is taken as the same time after the skip
 * (TZDate's rule), and a time they repeat as its first occurrence.
 * @example timeOnDay('2026-03-08', '03:30', 'America/New_York') // Date.UTC(2026, 2, 8, 7, 30)
 */
export function timeOnDay(day: Day, hm: string, timeZone: string): number {
  const [y, m, d] = partsOf(day) ?? [1970, 1, 1];
  const [h, mi] = hm.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, h, mi, timeZone).getTime();
}

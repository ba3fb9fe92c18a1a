/**
 * Settlement periods in a time zone (spec 3: period codes D, W, H semimonthly, M; spec 9:
 * real-time salary every 5 minutes), for agent contracts now and lottery schedules next. A period
 * is the half-open interval [start, end) of instants (ms); its key is its start as ISO text, the
 * same in every process. Days, weeks and months follow the zone's wall clock (offset changes
 * included) through days.ts; hours too; five-minute periods are the same instants everywhere
 * (every zone's offset is a multiple of five minutes).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, dayIn, dayStart, type Day } from './days.ts';

/** D daily, W weekly (ISO, from Monday), H semimonthly (1st-15th, 16th-end), M monthly, hour, 5min. */
export const PERIOD_CODES = ['D', 'W', 'H', 'M', 'hour', '5min'] as const;
export type PeriodCode = (typeof PERIOD_CODES)[number];

export interface Period {
  code: PeriodCode;
  /** First instant, ms. */
  start: number;
  /** First instant after it, ms. */
  end: number;
}

const FIVE_MINUTES = 300_000;

/** The first day of the day-based period that holds `day`. */
function firstDay(code: 'D' | 'W' | 'H' | 'M', day: Day): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (code === 'D') return day;
  if (code === 'W') {
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
    return addDays(day, -((weekday + 6) % 7));
  }
  if (code === 'H') return `${day.slice(0, 8)}${d <= 15 ? '01' : '16'}`;
  return `${day.slice(0, 8)}01`;
}

/** The first day after the day-based period that begins on `first`. */
function nextFirstDay(code: 'D' | 'W' | 'H' | 'M', first: Day): Day {
  if (code === 'D') return addDays(first, 1);
  if (code === 'W') return addDays(first, 7);
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  if (code === 'H' && d === 1) return `${first.slice(0, 8)}16`;
  return nextMonth;
}

/**
 * The period of `code` that holds the instant `ms` in `timeZone`.
 * @example periodAt('D', Date.UTC(2026, 0, 2, 3), 'America/Mexico_City') // 2026-01-01 06:00Z to 2026-01-02 06:00Z
 */
export function periodAt(code: PeriodCode, ms: number, timeZone: string): Period {
  if (code === '5min') {
    const start = Math.floor(ms / FIVE_MINUTES) * FIVE_MINUTES;
    return { code, start, end: start + FIVE_MINUTES };
  }
  if (code === 'hour') return hourPeriod(ms, timeZone);
  const first = firstDay(code, dayIn(ms, timeZone));
  return { code, start: dayStart(first, timeZone), end: dayStart(nextFirstDay(code, first), timeZone) };
}

/** An hour of instants: whole hours of UTC shifted by the zone's minutes (an offset of 5:30 keeps its half hour). */
function hourPeriod(ms: number, timeZone: string): Period {
  const offsetMinutes = -new TZDate(ms, timeZone).getTimezoneOffset();
  const shift = (((offsetMinutes % 60) + 60) % 60) * 60_000;
  const start = Math.floor((ms - shift) / 3_600_000) * 3_600_000 + shift;
  return { code: 'hour', start, end: start + 3_600_000 };
}

/** The period right after `p`. */
export function nextPeriod(p: Period, timeZone: string): Period {
  return periodAt(p.code, p.end, timeZone);
}

/** The period right before `p`. */
export function previousPeriod(p: Period, timeZone: string): Period {
  return periodAt(p.code, p.start - 1, timeZone);
}

/**
 * Closed periods of `code` (ended at or before `now`), the latest first, back to `since` (ms) and at
 * most `limit` of them.
 */
export function closedPeriods(code: PeriodCode, now: number, timeZone: string, since: number, limit = 500): Period[] {
  const out: Period[] = [];
  for (let p = previousPeriod(periodAt(code, now, timeZone), timeZone); p.end > since && out.length < limit; p = previousPeriod(p, timeZone)) out.push(p);
  return out;
}

/** The brand days a day-based period covers (first and last), for sums over daily figures. */
export function periodDays(p: Period, timeZone: string): { from: Day; to: Day } {
  return { from: dayIn(p.start, timeZone), to: dayIn(p.end - 1, timeZone) };
}

/** A period's key: its first instant as ISO text. */
export const periodKey = (p: Pick<Period, 'start'>): string => new Date(p.start).toISOString();

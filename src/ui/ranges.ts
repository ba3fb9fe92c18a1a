/**
 * Periods of calendar days, as the period picker (RangeFilter.tsx) moves them: the last 7 or 30
 * days (spec 9 date pickers), the window before or after, and why typed dates are refused (the
 * record calls accept at most 31 days).
 */
import { addDays, daysBetween, type Day } from '../kernel/days.ts';

/** A period: its first and last days, both included. */
export interface DayRange {
  from: Day;
  to: Day;
}

/** The pickers' windows (spec 9: 7 and 30 days). */
export const RANGE_SPANS = [7, 30] as const;
export type RangeSpan = (typeof RANGE_SPANS)[number];
/** The longest range the record calls accept (the wallet's and the agent's contracts). */
export const MAX_RANGE_DAYS = 31;

/**
 * The last `span` days up to `today`, both included.
 * @example lastDays('2026-03-15', 7) // { from: '2026-03-09', to: '2026-03-15' }
 */
export function lastDays(today: Day, span: number): DayRange {
  return { from: addDays(today, -(span - 1)), to: today };
}

/**
 * The window of `span` days before (dir -1) or after (dir 1) `range`, never past `today`.
 * @example shiftRange({ from: '2026-03-09', to: '2026-03-15' }, 7, -1, '2026-03-15') // { from: '2026-03-02', to: '2026-03-08' }
 */
export function shiftRange(range: DayRange, span: number, dir: -1 | 1, today: Day): DayRange {
  let to = dir < 0 ? addDays(range.from, -1) : addDays(range.to, span);
  if (daysBetween(to, today) < 0) to = today;
  return { from: addDays(to, -(span - 1)), to };
}

/** Why a period typed in the date fields is refused. */
export type RangeProblem = 'order' | 'future' | 'tooLong';

/**
 * Why a range typed in the date fields is refused, or null.
 * @example checkRange({ from: '2026-03-10', to: '2026-03-01' }, '2026-03-15') // 'order'
 */
export function checkRange(range: DayRange, today: Day): RangeProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'order';
  if (daysBetween(range.from, range.to) < 0) return 'order';
  if (daysBetween(range.to, today) < 0) return 'future';
  if (daysBetween(range.from, range.to) + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

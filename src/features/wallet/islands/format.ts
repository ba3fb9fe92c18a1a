/**
 * Pure helpers of the wallet pages: money as the player reads it (spec 9: 2 decimals, with the
 * currency symbol), amounts as the player types them, calendar days in the brand's time zone and
 * the record filters' 7- and 30-day windows (spec 9 date pickers; the contract allows 31 days).
 */
import { decimalSeparator, formatMoney, parseMinor } from '../../../kernel/money.ts';
import { addDays, daysBetween, type Day } from '../../../kernel/days.ts';
import { formatDateTime, intlLocale } from '../../../kernel/intl.ts';

/**
 * An amount the API answered ('1234.5') with the currency symbol, as the page's language writes
 * numbers (the site's one formatter, `formatMoney` of the kernel).
 * @example money('-1234567.50', '$') // '-$1,234,567.50'
 * @example money('53471.95', '$', 'es') // '$53.471,95'
 */
export function money(amount: string, symbol: string, lang = 'en'): string {
  return formatMoney(amount, lang, symbol);
}

/**
 * An API amount ('25.50') as it goes into an input of the page's language ('25,50' in Spanish).
 * @example toInput('25.50', 'es') // '25,50'
 */
export function toInput(amount: string, lang: string): string {
  return decimalSeparator(lang) === ',' ? amount.replace('.', ',') : amount;
}

/**
 * What the player typed, as the API reads amounts: trimmed, and in a language that writes a
 * decimal comma, '25,50' becomes '25.50' (a point is accepted too).
 * @example fromInput(' 25,5 ', 'es') // '25.5'
 */
export function fromInput(text: string, lang: string): string {
  const t = text.trim();
  return decimalSeparator(lang) === ',' && /^\d+,\d*$/.test(t) ? t.replace(',', '.') : t;
}

/** What the header shows instead of a masked balance. */
export function maskedMoney(symbol: string): string {
  return `${symbol}****`;
}

/** Why a typed amount is refused in the browser (the server checks again and has the last word). */
export type AmountIssue = { key: 'required' } | { key: 'invalid' } | { key: 'decimals' } | { key: 'positive' } | { key: 'min'; min: string } | { key: 'max'; max: string };

/**
 * Checks an amount typed by the player: a number with at most 2 decimals, above zero, inside
 * `min`..`max` (2-decimal strings) when given. Answers null when it is fine.
 * @example checkAmount('10.005') // { key: 'decimals' }
 */
export function checkAmount(text: string, bounds: { min?: string | null; max?: string | null } = {}): AmountIssue | null {
  const t = text.trim();
  if (!t) return { key: 'required' };
  if (/^\d+\.\d{3,}$/.test(t)) return { key: 'decimals' };
  const minor = parseMinor(t);
  if (minor === null) return { key: 'invalid' };
  if (minor <= 0n) return { key: 'positive' };
  const min = bounds.min ? parseMinor(bounds.min) : null;
  const max = bounds.max ? parseMinor(bounds.max) : null;
  if (min !== null && minor < min) return { key: 'min', min: bounds.min! };
  if (max !== null && minor > max) return { key: 'max', max: bounds.max! };
  return null;
}

/** Compares two 2-decimal amounts (-1, 0, 1). */
export function compareAmounts(a: string, b: string): number {
  const x = parseMinor(a.replace(/^-/, '')) ?? 0n;
  const y = parseMinor(b.replace(/^-/, '')) ?? 0n;
  const sx = a.startsWith('-') ? -x : x;
  const sy = b.startsWith('-') ? -y : y;
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

export { addDays, dayIn, daysBetween, type Day } from '../../../kernel/days.ts';

export interface DayRange {
  from: Day;
  to: Day;
}

/** The pickers' windows (spec 9: 7 and 30 days). */
export const RANGE_SPANS = [7, 30] as const;
export type RangeSpan = (typeof RANGE_SPANS)[number];
/** The longest range the record calls accept (contract/wallet.ts). */
export const MAX_RANGE_DAYS = 31;

/** The last `span` days up to `today`, both included. */
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

/** Why a range typed in the date fields is refused, or null. */
export function checkRange(range: DayRange, today: Day): 'order' | 'future' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'order';
  if (daysBetween(range.from, range.to) < 0) return 'order';
  if (daysBetween(range.to, today) < 0) return 'future';
  if (daysBetween(range.from, range.to) + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** Date and time of `ms` for a list, in the brand's time zone and labelled with it (one clock: src/kernel/intl.ts). */
export function dateTime(ms: number, lang: string): string {
  try {
    return formatDateTime(ms, lang);
  } catch {
    return new Date(ms).toISOString();
  }
}

/** A calendar day as the player reads it. */
export function dayLabel(day: Day, lang: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(Date.UTC(y, m - 1, d)));
}

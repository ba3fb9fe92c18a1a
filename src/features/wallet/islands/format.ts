/**
 * Pure helpers of the wallet pages: money as the player reads it (spec 9: 2 decimals, with the
 * currency symbol) and amounts as the player types them. Dates and the record filters' periods
 * are the UI kit's (src/ui/dates.ts, src/ui/ranges.ts).
 */
import { amountFromInput, decimalSeparator, formatMoney, parseMinor } from '../../../kernel/money.ts';

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

/** What the player typed, as the API reads amounts (kernel/money.ts; here for the wallet's forms). */
export const fromInput = amountFromInput;

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

/**
 * Money at the edge. Amounts live as integer minor units (bigint) in the database and the
 * ledger; they become fixed-decimal strings only when they cross the API or reach a page.
 */
import { intlLocale } from './intl.ts';

/**
 * Formats minor units as a plain decimal string, without grouping or currency symbol.
 * @example formatMinor(123456n) // '1234.56'
 * @example formatMinor(-5n) // '-0.05'
 */
export function formatMinor(amount: bigint | number, decimals = 2): string {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) {
    throw new RangeError(`formatMinor needs an integer amount of minor units, got ${amount}`);
  }
  const value = BigInt(amount);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Parses a non-negative decimal string with at most `decimals` fraction digits into minor units;
 * null when the text is not such a number.
 * @example parseMinor('12.5') // 1250n
 */
export function parseMinor(text: string, decimals = 2): bigint | null {
  if (!Number.isInteger(decimals) || decimals < 0) return null;
  const fractionPart = decimals > 0 ? `(?:\\.(\\d{1,${decimals}}))?` : '';
  const m = new RegExp(`^(\\d+)${fractionPart}$`).exec(text.trim());
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(decimals, '0');
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
}

/** The decimal separator of `lang` ('.' in English, ',' in Spanish); '.' for a language Intl does not know. */
export function decimalSeparator(lang: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(lang)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * What the player typed, as the API reads amounts: trimmed, and in a language that writes a
 * decimal comma, '25,50' becomes '25.50' (a point is accepted too).
 * @example amountFromInput(' 25,5 ', 'es') // '25.5' where Spanish writes a decimal comma
 */
export function amountFromInput(text: string, lang: string): string {
  const t = text.trim();
  return decimalSeparator(lang) === ',' && /^\d+,\d*$/.test(t) ? t.replace(',', '.') : t;
}

/**
 * The one money formatter of the site (pages, islands, the lobby): a decimal amount as the API
 * answers it ('1234.5'), written as `lang` writes numbers, with 2 decimals (spec 9) and an
 * optional currency symbol, exactly: the digits never pass through a float.
 * @example formatMoney('-1234567.50', 'en', '$') // '-$1,234,567.50'
 * @example formatMoney('53471.95', 'es', '$') // '$53.471,95'
 * @example formatMoney('0.2', 'es') // '0,20'
 */
export function formatMoney(amount: string, lang: string, symbol = ''): string {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', fraction = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  let grouped: string;
  try {
    grouped = new Intl.NumberFormat(intlLocale(lang)).format(BigInt(whole || '0'));
  } catch {
    grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }
  return `${negative ? '-' : ''}${symbol}${grouped}${decimalSeparator(lang)}${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * Reports as CSV files (agents use spreadsheets): every row the report's filter matches, up to
 * EXPORT_MAX_ROWS, with headings and words in the caller's language and times in the brand's time
 * zone. Comma-separated with a dot for decimals (RFC 4180; what spreadsheets of the brand's es-MX
 * and en locales read), UTF-8 with a byte-order mark so that accents survive a double click.
 */
import type { TFunction } from 'i18next';
import { brand } from '../../../kernel/brand/index.ts';

export { EXPORT_MAX_ROWS } from '../contract.ts';

export { csv, csvRows, wallClock } from '../../../kernel/csv.ts';

/** Money with the brand's decimals, no grouping (a spreadsheet reads it as a number). */
export const amount = (n: number): string => n.toFixed(brand().currencyDecimals);

/** A category's name in the caller's language (the lobby's words), or its code. */
export const categoryName = (t: TFunction, code: string): string => (code ? t(`lobby:title.${code}`, { defaultValue: code }) : '');

/**
 * CSV files people open in spreadsheets (the agents' report exports, the operator console's
 * tables): comma-separated with a dot for decimals (RFC 4180; what spreadsheets of the brand's
 * es-MX and en locales read), UTF-8 with a byte-order mark so that accents survive a double click,
 * times as the brand's wall clock.
 */
import { brand } from './brand/index.ts';

/** A plain decimal number ('-3.00', '12'): a spreadsheet reads it as a number and runs nothing. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One field, quoted when it holds a separator, a quote or a line break. Text that starts with =,
 * +, -, @, a tab or a carriage return is defused with a leading ' (formula injection); a plain
 * number is not text and stays a number, negative or not, so that an agent's sums work.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csv(headings: string[], rows: unknown[][]): string {
  return '\uFEFF' + [headings, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The wall-clock formatter of the last time zone asked for: making one costs ~0.25 ms, a row of an export a few µs. */
let clock: { zone: string; format: Intl.DateTimeFormat } | null = null;

/** A moment as the brand's wall clock, 'YYYY-MM-DD HH:mm:ss'. */
export function wallClock(ms: number | null): string {
  if (ms === null) return '';
  const zone = brand().timeZone;
  if (clock?.zone !== zone) clock = { zone, format: clockFormat(zone) };
  const parts = clock.format.formatToParts(ms);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

/** Rows of a CSV file without its byte-order mark and headings (the pages after the first of a streamed file), each line ended. */
export const csvRows = (rows: unknown[][]): string => rows.map((r) => r.map(csvField).join(',') + '\r\n').join('');

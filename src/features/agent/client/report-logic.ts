/**
 * The reports' rules that need no browser (issue 13): the filters a query carries, where a
 * failure is shown, and how many records an exported file holds. Pure.
 */
import type { REPORTS } from '../contract.ts';

export type Report = (typeof REPORTS)[number];

/** The rows of a report's page. */
export const REPORT_PAGE_SIZE = 20;

/**
 * The filters that say something: an empty (or blank) one is not sent.
 * @example nonEmpty({ username: ' ', vendor: 'PG' }) // { vendor: 'PG' }
 */
export function nonEmpty(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v.trim() !== ''));
}

/**
 * Where a list's failure shows: a member name that is not in the team goes under its field,
 * anything else over the list.
 * @example fieldIssue('Not in your team', 'agent.member.unknown') // { field: 'Not in your team', list: null }
 */
export function fieldIssue(error: string | null, code: string | null): { field: string | null; list: string | null } {
  return code === 'agent.member.unknown' ? { field: error, list: null } : { field: null, list: error };
}

/**
 * The data rows of an exported CSV file: its records less the headings (and the overview's
 * total line).
 * @example csvDataRows('Day,Bets\r\n2026-03-09,3\r\nTotal,3\r\n', 'overview') // 1
 */
export function csvDataRows(text: string, report: Report): number {
  // Records end with CRLF (a cell holding one would count twice: near enough for a note).
  const records = text.split('\r\n').length - 1;
  return Math.max(0, records - 1 - (report === 'overview' ? 1 : 0));
}

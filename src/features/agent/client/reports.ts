/**
 * The reports' state (issue 13), as nanostores advises: one store per report, actions as plain
 * functions, the islands (overview.tsx, reports.tsx, settlements.tsx) only render. A report has
 * the period of the member's records (the last 7 days first) and a page, which goes back to 1
 * when anything else changes; text filters apply when their form is sent, selects at once. The
 * list loads whenever its query changes (and only then), and a member name outside the team is
 * told under its field.
 */
import { computed, map, onMount } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import type { QueryOf } from '../../../kernel/contract.ts';
import type { DayRange } from '../../../ui/ranges.ts';
import { agentBets, agentIncome, agentLoss, agentOverview, agentSettlements, agentTransactions, type ContractKindName } from '../contract.ts';
import { createLoad } from './load.ts';
import { fieldIssue, nonEmpty, REPORT_PAGE_SIZE } from './report-logic.ts';

export interface ReportPeriod {
  range: DayRange;
  page: number;
}

/** What every report is made with: the client, and the period it opens on (the last 7 days). */
export interface ReportOptions {
  client: () => ApiClient;
  range: DayRange;
}

type Query = Record<string, string>;

/** A report whose rows come from `fetch`, with `filters` (their first values), paged or not. */
export function createReport<F extends Record<string, string>, T>(o: { range: DayRange; filters: F; paged: boolean; fetch: (query: Query) => Promise<T> }) {
  const $period = map<ReportPeriod>({ range: o.range, page: 1 });
  /** The filters as typed, and as the list shows them. */
  const $draft = map<F>(o.filters);
  const $applied = map<F>(o.filters);
  /** The query of the file an export makes: every row of the period and filters shown. */
  const $exportQuery = computed([$period, $applied], (p, f): Query => ({ from: p.range.from, to: p.range.to, ...nonEmpty(f) }));
  const $query = computed([$period, $applied], (p, f): Query => ({
    from: p.range.from,
    to: p.range.to,
    ...(o.paged ? { pageNo: String(p.page), pageSize: String(REPORT_PAGE_SIZE) } : {}),
    ...nonEmpty(f),
  }));
  const list = createLoad(o.fetch);
  /** Where the last failure shows: under the member field, or over the list. */
  const $issue = computed(list.$load, (l) => fieldIssue(l.error, l.code));
  onMount(list.$load, () => $query.subscribe((q) => void list.load(q)));

  const firstPage = (patch: Partial<ReportPeriod> = {}) => $period.set({ ...$period.get(), page: 1, ...patch });
  return {
    $period,
    $draft,
    $applied,
    $query,
    $exportQuery,
    $list: list.$load,
    $issue,
    retry: list.reload,
    setRange: (range: DayRange) => firstPage({ range }),
    setPage: (page: number) => $period.set({ ...$period.get(), page }),
    /** A text filter as typed (it applies when the form is sent). */
    type: (field: keyof F & string, value: string) => $draft.set({ ...$draft.get(), [field]: value }),
    /** Sends the filters' form: the list shows what is typed, from its first page. */
    apply(): void {
      $applied.set($draft.get());
      firstPage();
    },
    /** A select, which applies at once, from the first page. */
    choose(field: keyof F & string, value: string): void {
      $draft.set({ ...$draft.get(), [field]: value });
      $applied.set({ ...$applied.get(), [field]: value });
      firstPage();
    },
  };
}

/** The team overview: members, figures, the chart's days and categories. */
export const createOverview = (o: ReportOptions) =>
  createReport({ range: o.range, filters: {}, paged: false, fetch: (query) => o.client().call(agentOverview, { query: query as QueryOf<typeof agentOverview> }) });

/** Team betting: the team's rounds, by member, category and vendor. */
export function createTeamBetting(o: ReportOptions) {
  const report = createReport({
    range: o.range,
    filters: { username: '', category: '', vendor: '' },
    paged: true,
    fetch: (query) => o.client().call(agentBets, { query: query as QueryOf<typeof agentBets> }),
  });
  // Vendors' codes are capitals (PG, JILI): what is typed is written as the list knows it.
  return { ...report, type: (field: 'username' | 'category' | 'vendor', value: string) => report.type(field, field === 'vendor' ? value.toUpperCase() : value) };
}

/** User loss: members ranked by their result, losers first unless the order says otherwise. */
export const createUserLoss = (o: ReportOptions) =>
  createReport({ range: o.range, filters: { order: 'asc' }, paged: true, fetch: (query) => o.client().call(agentLoss, { query: query as QueryOf<typeof agentLoss> }) });

/** Team transactions: deposits, withdrawals and transfers to the upline, by kind and member. */
export const createTeamTransactions = (o: ReportOptions) =>
  createReport({
    range: o.range,
    filters: { kind: 'all', username: '' },
    paged: true,
    fetch: (query) => o.client().call(agentTransactions, { query: query as QueryOf<typeof agentTransactions> }),
  });

/** My income: transfers from the team, salaries and dividends. */
export const createMyIncome = (o: ReportOptions) =>
  createReport({ range: o.range, filters: {}, paged: true, fetch: (query) => o.client().call(agentIncome, { query: query as QueryOf<typeof agentIncome> }) });

/** A contract kind's settlement records (issue 14), with the period's totals. */
export const createSettlements = (o: ReportOptions & { kind: ContractKindName }) =>
  createReport({
    range: o.range,
    filters: {},
    paged: true,
    fetch: (query) => o.client().call(agentSettlements, { query: { kind: o.kind, ...query } as QueryOf<typeof agentSettlements> }),
  });

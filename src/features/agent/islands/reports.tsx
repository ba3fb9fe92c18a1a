/**
 * The back office's reports (issue 13): team overview (with its chart), team betting, user loss,
 * team transactions and my income, each with the period picker of the member's records (7 and 30
 * days, previous and next, or two dates), its load states, and a CSV export. The lists' pieces
 * are the wallet's record pieces (wallet/client.ts), which read the wallet's words.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { agentAnnouncementList, agentBets, agentExport, agentIncome, agentLoss, agentOverview, agentProfile, agentTransactions, EXPORT_MAX_ROWS, REPORTS, type TeamFigures } from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { formatMoney } from '../../../kernel/money.ts';
import {
  amountText,
  dateTime,
  dayLabel,
  Empty,
  lastDays,
  loadWalletLabels,
  Pager,
  RangeFilter,
  RecordTable,
  today,
  useLoad,
  WalletLabelsContext,
  WhenLoaded,
  type Column,
  type DayRange,
  type Loaded,
} from '../../wallet/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type agentCatalogue from '../i18n/en/agent.json';
import { addStylesheet } from '../../../ui/stylesheets.ts';
import recordsCss from '../../../shell/member-centre/member-centre.css?url';
import { intlLocale } from '../../../kernel/intl.ts';

type AgentLabels = typeof agentCatalogue;
type Profile = ValueOf<typeof agentProfile>;
type Report = (typeof REPORTS)[number];

const DailyChart = lazy(() => import('./DailyChart.tsx').then((m) => ({ default: m.DailyChart })));

const PAGE_SIZE = 20;

/**
 * The wallet's words, which the record pieces read, and their styles (the member centre's sheet,
 * where the record lists' look lives); nothing shows until both are here.
 */
export function ReportFrame({ children }: { children: ReactNode }) {
  const { lang } = useLabels();
  const [w, setW] = useState<Awaited<ReturnType<typeof loadWalletLabels>> | null>(null);
  useEffect(() => {
    void Promise.all([loadWalletLabels(lang), addStylesheet(recordsCss)]).then(([labels]) => setW(labels));
  }, [lang]);
  if (!w) return null;
  return <WalletLabelsContext.Provider value={w}>{children}</WalletLabelsContext.Provider>;
}

/** Money of a report (a JSON number of major units) in the page's language with the brand's symbol. */
export function useMoney(profile: Profile | null) {
  const { lang } = useLabels();
  return useMemo(() => (n: number) => formatMoney(amountText(n), lang, profile?.currencySymbol ?? ''), [lang, profile?.currencySymbol]);
}

/** A report's period (the last 7 days first) and page (back to 1 when anything else changes). */
export function usePeriod() {
  const [range, setRangeState] = useState<DayRange>(() => lastDays(today(), 7));
  const [page, setPage] = useState(1);
  const setRange = (r: DayRange) => {
    setRangeState(r);
    setPage(1);
  };
  return { range, setRange, page, setPage };
}

/** The data rows of a CSV file: its records less the headings (and the overview's total line). */
async function dataRows(blob: Blob, report: Report): Promise<number> {
  const text = await blob.text();
  // Records end with CRLF (a cell holding one would count twice: near enough for a note).
  const records = text.split('\r\n').length - 1;
  return Math.max(0, records - 1 - (report === 'overview' ? 1 : 0));
}

/** The CSV export of a report with the query it shows; the file is saved by the browser. */
function ExportButton({ a, report, query }: { a: AgentLabels; report: Report; query: Record<string, string> }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const run = async () => {
    setBusy(true);
    setNote(null);
    try {
      // The server streams the file a page at a time; a refusal (another export still running:
      // agent.export.busy) comes as a message in the page's language, shown under the button.
      const file = await api().download(agentExport, { query: { ...query, report } });
      const rows = await dataRows(file.blob, report);
      const fileName = file.fileName || `${report}.csv`;
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote({ text: rows >= EXPORT_MAX_ROWS ? fill(a.reports.truncated, { rows }) : fill(a.reports.exported, { rows, file: fileName }) });
    } catch (err) {
      setNote({ text: err instanceof Error ? err.message : String(err), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="agent-export">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void run()} disabled={busy}>
        {busy ? a.reports.exporting : a.reports.export}
      </button>
      {note && (
        <p className={note.error ? 'field-error' : 'muted'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
    </div>
  );
}

function Head({ title, lead, demo, a }: { title: string; lead?: string; demo: boolean | undefined; a: AgentLabels }) {
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      {lead && <p className="muted">{lead}</p>}
      {demo && (
        <p className="muted demo-note">
          <span className="demo-badge">{a.reports.demoBadge}</span> {a.reports.demoNote}
        </p>
      )}
    </>
  );
}

const plClass = (n: number) => (n < 0 ? 'neg' : n > 0 ? 'pos' : undefined);

export function TeamOverview({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const { range, setRange } = usePeriod();
  const query = { from: range.from, to: range.to };
  const data = useLoad(() => api().call(agentOverview, { query }), JSON.stringify(query));
  const rows = ['deposit', 'withdrawal', 'betCount', 'validBet', 'payout', 'profitLoss'] as const;
  const cell = (f: TeamFigures, k: (typeof rows)[number]) => (k === 'betCount' ? new Intl.NumberFormat(intlLocale(lang)).format(f.betCount) : money(f[k]));
  const categories = a.categories as Record<string, string>;
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.overview.title} />
      <RangeFilter value={range} onChange={setRange} />
      <ExportButton a={a} report="overview" query={query} />
      <WhenLoaded loaded={data}>
        {(o) => (
          <div className="agent-overview">
            <section aria-labelledby="ov-members">
              <h3 id="ov-members">{a.overview.members}</h3>
              <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="ov-members">
                <table className="agent-table agent-figures">
                  <thead>
                    <tr>
                      <th scope="col">{a.overview.level}</th>
                      <th scope="col" className="num">
                        {a.overview.total}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.new}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.active}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(['direct', 'all'] as const).map((k) => (
                      <tr key={k}>
                        <th scope="row">{a.overview[k]}</th>
                        <td className="num">{o.members[k].total}</td>
                        <td className="num">{o.members[k].new}</td>
                        <td className="num">{o.members[k].active}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <section aria-labelledby="ov-figures">
              <h3 id="ov-figures">{a.overview.figures}</h3>
              <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="ov-figures">
                <table className="agent-table agent-figures">
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="sr-only">{a.overview.figures}</span>
                      </th>
                      <th scope="col" className="num">
                        {a.overview.direct}
                      </th>
                      <th scope="col" className="num">
                        {a.overview.all}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((k) => (
                      <tr key={k}>
                        <th scope="row">{a.overview.rows[k]}</th>
                        <td className={`num ${k === 'profitLoss' ? (plClass(o.direct.profitLoss) ?? '') : ''}`}>{cell(o.direct, k)}</td>
                        <td className={`num ${k === 'profitLoss' ? (plClass(o.all.profitLoss) ?? '') : ''}`}>{cell(o.all, k)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="muted small">{a.reports.pl}</p>
            </section>
            <section aria-labelledby="ov-chart" className="agent-wide">
              <h3 id="ov-chart">{a.overview.chart}</h3>
              <Suspense fallback={<p className="muted">{a.overview.chartLoading}</p>}>
                <Chart a={a} days={o.days} money={money} label={fill(a.overview.chartLabel, { from: dayLabel(o.from, lang), to: dayLabel(o.to, lang) })} />
              </Suspense>
              <details className="agent-daily">
                <summary>{a.overview.dailyTable}</summary>
                <div className="table-wrap" tabIndex={0} role="region" aria-label={a.overview.dailyTable}>
                  <table className="agent-table">
                    <thead>
                      <tr>
                        <th scope="col">{a.overview.day}</th>
                        {rows.map((k) => (
                          <th scope="col" className="num" key={k}>
                            {a.overview.rows[k]}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {o.days.map((d) => (
                        <tr key={d.day}>
                          <th scope="row">{dayLabel(d.day, lang)}</th>
                          {rows.map((k) => (
                            <td className="num" key={k}>
                              {cell(d, k)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </section>
            <section aria-labelledby="ov-categories" className="agent-wide">
              <h3 id="ov-categories">{a.overview.byCategory}</h3>
              {o.categories.length === 0 ? (
                <Empty>{a.reports.empty}</Empty>
              ) : (
                <RecordTable
                  rows={o.categories}
                  rowKey={(c) => c.category}
                  columns={[
                    { label: a.bets.cols.category, cell: (c) => categories[c.category] ?? c.category },
                    { label: a.overview.rows.betCount, cell: (c) => new Intl.NumberFormat(intlLocale(lang)).format(c.betCount), num: true },
                    { label: a.overview.rows.validBet, cell: (c) => money(c.validBet), num: true },
                    { label: a.overview.rows.payout, cell: (c) => money(c.payout), num: true },
                    { label: a.overview.rows.profitLoss, cell: (c) => <span className={plClass(c.profitLoss)}>{money(c.profitLoss)}</span>, num: true },
                  ]}
                />
              )}
            </section>
          </div>
        )}
      </WhenLoaded>
    </>
  );
}

function Chart({ a, days, money, label }: { a: AgentLabels; days: (TeamFigures & { day: string })[]; money: (n: number) => string; label: string }) {
  const x = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo(
    () => [
      { label: a.overview.rows.validBet, values: days.map((d) => d.validBet), stroke: '#3b82f6' },
      { label: a.overview.rows.payout, values: days.map((d) => d.payout), stroke: '#f59e0b' },
      { label: a.overview.rows.profitLoss, values: days.map((d) => d.profitLoss), stroke: '#10b981' },
    ],
    [days, a],
  );
  const { lang } = useLabels();
  const dayName = useMemo(() => {
    const f = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', month: 'short', day: 'numeric' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [lang]);
  return <DailyChart days={x} series={series} label={label} loading={a.overview.chartLoading} format={money} dayName={dayName} />;
}

/** A filter form of text fields and selects; the list loads with its values when sent. */
function useFilters<T extends Record<string, string>>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const [applied, setApplied] = useState<T>(initial);
  return { draft, setDraft, applied, apply: () => setApplied(draft), setApplied };
}

/** A failure of a list: a member name that is not in the team goes under its field, anything else over the list. */
function fieldIssue(error: string | null, code: string | null): { field: string | null; list: string | null } {
  return code === 'agent.member.unknown' ? { field: error, list: null } : { field: null, list: error };
}

/** useLoad, remembering the errorCode of a failure (to place the message under its field). */
function useReport<T>(load: () => Promise<T>, key: string) {
  const code = useRef<string | null>(null);
  const loaded = useLoad(async () => {
    code.current = null;
    try {
      return await load();
    } catch (err) {
      if (err instanceof ApiFailure) code.current = err.errorCode;
      throw err;
    }
  }, key);
  return { loaded, code: code.current };
}

export function TeamBetting({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const { range, setRange, page, setPage } = usePeriod();
  const f = useFilters({ username: '', category: '', vendor: '' });
  const query = { from: range.from, to: range.to, pageNo: String(page), pageSize: String(PAGE_SIZE), ...nonEmpty(f.applied) };
  const { loaded, code } = useReport(() => api().call(agentBets, { query }), JSON.stringify(query));
  const issue = fieldIssue(loaded.error, code);
  const categories = a.categories as Record<string, string>;
  const columns: Column<ValueOf<typeof agentBets>['content'][number]>[] = [
    { label: a.bets.cols.time, cell: (r) => dateTime(r.betTime, lang) },
    { label: a.bets.cols.member, cell: (r) => r.username },
    { label: a.bets.cols.level, cell: (r) => r.level, num: true },
    { label: a.bets.cols.game, cell: (r) => `${r.gameName} · ${r.vendor}` },
    { label: a.bets.cols.category, cell: (r) => categories[r.category] ?? r.category },
    { label: a.bets.cols.validBet, cell: (r) => money(r.validBet), num: true },
    { label: a.bets.cols.payout, cell: (r) => money(r.payout), num: true },
    { label: a.bets.cols.profitLoss, cell: (r) => <span className={plClass(r.profitLoss)}>{money(r.profitLoss)}</span>, num: true },
  ];
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    f.apply();
    setPage(1);
  };
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.bets.title} lead={a.bets.lead} />
      <RangeFilter value={range} onChange={setRange} />
      <form className="agent-filters" onSubmit={submit} noValidate>
        <TextFilter id="bets-user" label={a.reports.username} value={f.draft.username} error={issue.field} onChange={(v) => f.setDraft({ ...f.draft, username: v })} />
        <SelectFilter id="bets-category" label={a.reports.category} value={f.draft.category} options={{ '': a.reports.all, ...categories }} onChange={(v) => f.setDraft({ ...f.draft, category: v })} />
        <TextFilter id="bets-vendor" label={a.reports.vendor} value={f.draft.vendor} onChange={(v) => f.setDraft({ ...f.draft, vendor: v.toUpperCase() })} />
        <button type="submit" className="btn btn-ghost btn-sm">
          {a.reports.filter}
        </button>
      </form>
      <ExportButton a={a} report="bets" query={{ from: range.from, to: range.to, ...nonEmpty(f.applied) }} />
      <ListOf loaded={issue.field ? { ...loaded, error: null, data: null } : loaded} a={a} onPage={setPage} fieldError={issue.field}>
        {(d) => (
          <>
            <p className="agent-totals">
              {fill(a.bets.totals, { count: d.totals.betCount, validBet: money(d.totals.validBet), payout: money(d.totals.payout), profitLoss: money(d.totals.profitLoss) })}
            </p>
            <RecordTable rows={d.content} rowKey={(r) => r.roundId} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function UserLoss({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const money = useMoney(profile);
  const { range, setRange, page, setPage } = usePeriod();
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const query = { from: range.from, to: range.to, order, pageNo: String(page), pageSize: String(PAGE_SIZE) };
  const data = useLoad(() => api().call(agentLoss, { query }), JSON.stringify(query));
  const columns: Column<ValueOf<typeof agentLoss>['content'][number]>[] = [
    { label: a.loss.cols.rank, cell: (r) => r.rank, num: true },
    { label: a.loss.cols.member, cell: (r) => `${r.username}${r.type !== 0 ? ` (${a.register.types.agent})` : ''}` },
    { label: a.loss.cols.level, cell: (r) => r.level, num: true },
    { label: a.loss.cols.bets, cell: (r) => r.betCount, num: true },
    { label: a.loss.cols.validBet, cell: (r) => money(r.validBet), num: true },
    { label: a.loss.cols.payout, cell: (r) => money(r.payout), num: true },
    { label: a.loss.cols.profitLoss, cell: (r) => <span className={plClass(r.profitLoss)}>{money(r.profitLoss)}</span>, num: true },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.loss.title} lead={a.loss.lead} />
      <RangeFilter value={range} onChange={setRange} />
      <div className="agent-filters">
        <SelectFilter
          id="loss-order"
          label={a.reports.order}
          value={order}
          options={a.reports.orders}
          onChange={(v) => {
            setOrder(v as 'asc' | 'desc');
            setPage(1);
          }}
        />
      </div>
      <ExportButton a={a} report="loss" query={{ from: range.from, to: range.to, order }} />
      <ListOf loaded={data} a={a} onPage={setPage}>
        {(d) => (
          <>
            <p className="agent-totals">
              {fill(a.bets.totals, { count: d.totals.betCount, validBet: money(d.totals.validBet), payout: money(d.totals.payout), profitLoss: money(d.totals.profitLoss) })}
            </p>
            <RecordTable rows={d.content} rowKey={(r) => r.memberId} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function TeamTransactions({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const { range, setRange, page, setPage } = usePeriod();
  const f = useFilters({ kind: 'all', username: '' });
  const query = { from: range.from, to: range.to, pageNo: String(page), pageSize: String(PAGE_SIZE), ...nonEmpty(f.applied) };
  const { loaded, code } = useReport(() => api().call(agentTransactions, { query }), JSON.stringify(query));
  const issue = fieldIssue(loaded.error, code);
  const kinds = a.txList.kinds as Record<string, string>;
  const columns: Column<ValueOf<typeof agentTransactions>['content'][number]>[] = [
    { label: a.txList.cols.time, cell: (r) => dateTime(r.time, lang) },
    { label: a.txList.cols.kind, cell: (r) => (a.tx.kinds as Record<string, string>)[r.kind] ?? r.kind },
    { label: a.txList.cols.member, cell: (r) => r.username },
    { label: a.txList.cols.level, cell: (r) => r.level, num: true },
    { label: a.txList.cols.amount, cell: (r) => money(r.amount), num: true },
    { label: a.txList.cols.to, cell: (r) => r.counterpart ?? '' },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.txList.title} lead={a.txList.lead} />
      <RangeFilter value={range} onChange={setRange} />
      <form
        className="agent-filters"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          f.apply();
          setPage(1);
        }}
      >
        <SelectFilter
          id="tx-kind"
          label={a.reports.kind}
          value={f.draft.kind}
          options={kinds}
          onChange={(v) => {
            f.setDraft({ ...f.draft, kind: v });
            f.setApplied({ ...f.applied, kind: v });
            setPage(1);
          }}
        />
        <TextFilter id="tx-user" label={a.reports.username} value={f.draft.username} error={issue.field} onChange={(v) => f.setDraft({ ...f.draft, username: v })} />
        <button type="submit" className="btn btn-ghost btn-sm">
          {a.reports.filter}
        </button>
      </form>
      <ExportButton a={a} report="transactions" query={{ from: range.from, to: range.to, ...nonEmpty(f.applied) }} />
      <ListOf loaded={issue.field ? { ...loaded, error: null, data: null } : loaded} a={a} onPage={setPage} fieldError={issue.field}>
        {(d) => (
          <>
            <p className="agent-totals">{fill(a.txList.totals, { deposit: money(d.totals.deposit), withdrawal: money(d.totals.withdrawal), transfer: money(d.totals.transfer) })}</p>
            <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

export function MyIncome({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const { range, setRange, page, setPage } = usePeriod();
  const query = { from: range.from, to: range.to, pageNo: String(page), pageSize: String(PAGE_SIZE) };
  const data = useLoad(() => api().call(agentIncome, { query }), JSON.stringify(query));
  const columns: Column<ValueOf<typeof agentIncome>['content'][number]>[] = [
    { label: a.myIncome.cols.time, cell: (r) => dateTime(r.time, lang) },
    { label: a.myIncome.cols.kind, cell: (r) => (a.income.kinds as Record<string, string>)[r.kind] ?? r.kind },
    { label: a.myIncome.cols.from, cell: (r) => r.fromUsername ?? '' },
    { label: a.myIncome.cols.amount, cell: (r) => money(r.amount), num: true },
  ];
  return (
    <>
      <Head a={a} demo={profile?.isDemo} title={a.myIncome.title} lead={a.myIncome.lead} />
      <RangeFilter value={range} onChange={setRange} />
      <ExportButton a={a} report="income" query={{ from: range.from, to: range.to }} />
      <ListOf loaded={data} a={a} onPage={setPage}>
        {(d) => (
          <>
            <p className="agent-totals">
              {fill(a.myIncome.totals, { all: money(d.totals.all), transfer: money(d.totals.transfer), salary: money(d.totals.salary), dividend: money(d.totals.dividend) })}
            </p>
            <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
          </>
        )}
      </ListOf>
    </>
  );
}

/** A paged report: totals and rows, or the empty text; the pager under them. A field's error shows under its field instead. */
function ListOf<D extends { content: unknown[]; pageNum: number; totalPages: number; totalCount: number }>(p: {
  loaded: Loaded<D>;
  a: AgentLabels;
  onPage: (n: number) => void;
  fieldError?: string | null;
  children: (d: D) => ReactNode;
}) {
  if (p.fieldError) return null;
  return (
    <WhenLoaded loaded={p.loaded}>
      {(d) =>
        d.content.length === 0 ? (
          <Empty>{p.a.reports.empty}</Empty>
        ) : (
          <>
            {p.children(d)}
            <Pager page={d.pageNum} pages={d.totalPages} count={d.totalCount} onPage={p.onPage} />
          </>
        )
      }
    </WhenLoaded>
  );
}

function TextFilter({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string | null }) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} maxLength={64} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} />
      {error && (
        <p className="field-error" id={`${id}-err`}>
          {error}
        </p>
      )}
    </div>
  );
}

function SelectFilter({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Record<string, string>; onChange: (v: string) => void }) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(options).map(([k, v]) => (
          <option key={k} value={k}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

const nonEmpty = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v.trim() !== ''));

/** Announcements addressed to agents (the operator's, sanitised HTML when written), newest first. */
export function AgentNotices({ a, title }: { a: AgentLabels; profile: Profile | null; title: string }) {
  const { lang } = useLabels();
  const data = useLoad(() => api().call(agentAnnouncementList), lang);
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      <p className="muted">{a.notices.lead}</p>
      <WhenLoaded loaded={data}>
        {(d) =>
          d.content.length === 0 ? (
            <Empty>{a.notices.empty}</Empty>
          ) : (
            <ul className="agent-notices">
              {d.content.map((n) => (
                <li key={n.id}>
                  <article aria-labelledby={`notice-${n.id}`}>
                    <h3 id={`notice-${n.id}`}>
                      {n.isDemo && <span className="demo-badge">{a.notices.demo}</span>} {n.title}
                    </h3>
                    <p className="muted small">{dateTime(n.createdAt, lang)}</p>
                    {/* Sanitised when the operator wrote it (content feature, sanitizeContentHtml). */}
                    <div className="agent-notice-body" dangerouslySetInnerHTML={{ __html: n.content }} />
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </WhenLoaded>
    </>
  );
}

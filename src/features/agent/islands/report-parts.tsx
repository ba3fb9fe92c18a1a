/**
 * What the reports and the contract pages share (issue 13): the frame that brings the UI kit's
 * words and the record pieces' styles, money in the brand's symbol, a store's answer as the
 * record pieces read it, the title with its demo note, the CSV export button, the paged list,
 * and the filters' fields. The lists' pieces are the UI kit's (src/ui: lists, loaded, RangeFilter).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ReadableAtom } from 'nanostores';
import { api } from '../../accounts/client.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { today } from '../../../ui/dates.ts';
import { Pager } from '../../../ui/lists.tsx';
import { Empty, WhenLoaded, type Loaded } from '../../../ui/loaded.tsx';
import { lastDays } from '../../../ui/ranges.ts';
import { UiWordsContext } from '../../../ui/words.tsx';
import { amountText } from '../../wallet/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import recordsCss from '../../../ui/lists.css?url';
import type { Profile } from '../client/back-office.ts';
import { createExport } from '../client/export.ts';
import type { AgentLabels } from '../client/labels.ts';
import type { LoadView } from '../client/load.ts';
import type { ReportOptions } from '../client/reports.ts';
import type { Report } from '../client/report-logic.ts';
import { $reportWords, loadReportWords } from '../client/report-words.ts';

/** The UI kit's words, which the record pieces read, and their styles; nothing shows until both are here. */
export function ReportFrame({ children }: { children: ReactNode }) {
  const { lang } = useLabels();
  const w = useStore($reportWords)[lang];
  useEffect(() => void loadReportWords(lang, recordsCss), [lang]);
  if (!w) return null;
  return <UiWordsContext.Provider value={w}>{children}</UiWordsContext.Provider>;
}

/** Money of a report (a JSON number of major units) in the page's language with the brand's symbol. */
export function useMoney(profile: Profile | null) {
  const { lang } = useLabels();
  return useMemo(() => (n: number) => formatMoney(amountText(n), lang, profile?.currencySymbol ?? ''), [lang, profile?.currencySymbol]);
}

/** A report's store, made once for the component: the page's client, and the last 7 days first. */
export function useReportStore<R>(create: (o: ReportOptions) => R): R {
  const [report] = useState(() => create({ client: api, range: lastDays(today(), 7) }));
  return report;
}

/** A store's answer as the record pieces read it (WhenLoaded), its retry asking again. */
export function useLoaded<T>($load: ReadableAtom<LoadView<T>>, retry: () => unknown): Loaded<T> {
  const { data, error, loading } = useStore($load);
  return { data, error, loading, reload: () => void retry() };
}

/** The CSV export of a report with the query it shows; the file is saved by the browser. */
export function ExportButton({ a, report, query }: { a: AgentLabels; report: Report; query: Record<string, string> }) {
  const [exporter] = useState(() => createExport({ client: api, report, words: { exported: a.reports.exported, truncated: a.reports.truncated } }));
  const { busy, note } = useStore(exporter.$export);
  return (
    <div className="agent-export">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void exporter.run(query)} disabled={busy}>
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

/** A report's title, its lead, and the note that its figures are demo data when they are. */
export function Head({ title, lead, demo, a }: { title: string; lead?: string; demo: boolean | undefined; a: AgentLabels }) {
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

/** A paged report: totals and rows, or the empty text; the pager under them. A field's error shows under its field instead. */
export function ListOf<D extends { content: unknown[]; pageNum: number; totalPages: number; totalCount: number }>(p: {
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

export function TextFilter({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string | null }) {
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

export function SelectFilter({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Record<string, string>; onChange: (v: string) => void }) {
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

/** The totals line's money, for reports that list bets (team betting, user loss). */
export function betTotals(a: AgentLabels, money: (n: number) => string, t: { betCount: number; validBet: number; payout: number; profitLoss: number }): string {
  return fill(a.bets.totals, { count: t.betCount, validBet: money(t.validBet), payout: money(t.payout), profitLoss: money(t.profitLoss) });
}

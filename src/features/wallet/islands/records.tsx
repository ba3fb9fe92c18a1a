/**
 * What the wallet's lists share: the record filters' period picker (spec 9: next/previous 7 and
 * 30 days, or two dates), the filter and paging state, a list's loading, failed and empty states,
 * its table (cards on a phone, each cell with its column's name) and the pager. The filters'
 * state lives in stores (src/features/wallet/client/records.ts); these render them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { Segmented } from '../../../ui/Segmented.tsx';
import { createRangePicker, createRecordFilter, createRecordPage } from '../client/records.ts';
import { dayLabel, MAX_RANGE_DAYS, RANGE_SPANS, type DayRange, type RangeSpan } from './format.ts';
import { Empty, LoadFailed, Loading, today, useLoad, useWallet, type Loaded } from './ui.tsx';

/** Spec 9: default list page size. */
export const RECORD_PAGE_SIZE = 20;

/** One page of a record list, as the record calls answer it. */
export interface RecordPage<R> {
  content: R[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

/** The query of a record page: its period and page. */
export interface RecordQuery {
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
}

/**
 * A record page's list: a period (the last 7 days at first) and a page, back to 1 when the period
 * changes; `extra` filters join the query. Loads again whenever the query changes.
 */
export function useRecords<T>(call: (query: RecordQuery & Record<string, string | number>) => Promise<T>, extra: Record<string, string> = {}) {
  // The filter's store (src/features/wallet/client/records.ts); the list loads from what it holds.
  const [filter] = useState(() => createRecordFilter(today()));
  const { range, page } = useStore(filter.$filter);
  const query = { from: range.from, to: range.to, pageNo: page, pageSize: RECORD_PAGE_SIZE, ...extra };
  const list = useLoad(() => call(query), JSON.stringify(query));
  return { range, setRange: filter.setRange, setPage: filter.setPage, list };
}

/** A paged list with no period (orders, withdrawals): loads again when the page or `version` changes. */
export function usePagedRecords<T>(call: (query: { pageNo: number; pageSize: number }) => Promise<T>, version: number) {
  const [pager] = useState(createRecordPage);
  const page = useStore(pager.$page);
  const list = useLoad(() => call({ pageNo: page, pageSize: RECORD_PAGE_SIZE }), `${page}:${version}`);
  return { setPage: pager.setPage, list };
}

/** Loads a list again (an operator may have answered meanwhile). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const w = useWallet();
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClick()}>
      {w.common.refresh}
    </button>
  );
}

/** The failed state (with a retry), the loading state, then `children` with what was loaded. */
export function WhenLoaded<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  if (loaded.error) return <LoadFailed message={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  return <>{children(loaded.data)}</>;
}

/**
 * A loaded record list: `before` (a summary) whatever the page holds, then the `empty` text, or
 * the rows and the pager.
 */
export function RecordList<P extends RecordPage<unknown>>(p: {
  list: Loaded<P>;
  empty: string;
  onPage: (page: number) => void;
  before?: (data: P) => ReactNode;
  children: (rows: P['content']) => ReactNode;
}) {
  return (
    <WhenLoaded loaded={p.list}>
      {(data) => (
        <>
          {p.before?.(data)}
          {data.content.length === 0 ? (
            <Empty>{p.empty}</Empty>
          ) : (
            <>
              {p.children(data.content)}
              <Pager page={data.pageNum} pages={data.totalPages} count={data.totalCount} onPage={p.onPage} />
            </>
          )}
        </>
      )}
    </WhenLoaded>
  );
}

/** A column of a record table: its name, a cell of a row, figures aligned right, codes in a fixed font. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  num?: boolean;
  mono?: boolean;
}

/** A record table; on a phone each row is a card whose cells carry their column's name. */
export function RecordTable<R>({ columns, rows, rowKey, rowClass }: { columns: Column<R>[]; rows: R[]; rowKey: (row: R) => string | number; rowClass?: (row: R) => string | undefined }) {
  return (
    <table className="wl-table">
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.num ? 'num' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} className={rowClass?.(r)}>
            {columns.map((c, i) => (
              <td key={i} data-label={c.label} className={c.num ? 'num' : c.mono ? 'wl-mono' : undefined}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The period picker of the record pages: 7 or 30 days, previous and next, or two dates (at most 31 days). */
export function RangeFilter({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const w = useWallet();
  const { lang } = useLabels();
  const ids = useId();
  // The picker's store (src/features/wallet/client/records.ts); this component renders it.
  const [picker] = useState(() => createRangePicker(value));
  const { span, draft, problem } = useStore(picker.$picker);
  const now = today();
  useEffect(() => picker.follow(value), [picker, value]);

  const pick = (s: RangeSpan) => onChange(picker.pick(s, now));
  const shift = (dir: -1 | 1) => onChange(picker.shift(value, dir, now));
  const apply = (next: DayRange) => {
    const shown = picker.type(next, now);
    if (shown) onChange(shown);
  };
  const issue = problem === null ? null : problem === 'tooLong' ? fill(w.range.tooLong, { max: MAX_RANGE_DAYS }) : w.range[problem];

  return (
    <fieldset className="wl-range" aria-describedby={issue ? `${ids}-err` : undefined}>
      <legend className="sr-only">{w.range.label}</legend>
      <div className="wl-range-row">
        <Segmented label={w.range.span} value={span} onChange={pick} options={RANGE_SPANS.map((s) => ({ value: s, label: fill(w.range.lastDays, { days: s }) }))} />
        <div className="wl-range-step">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => shift(-1)}>
            <span aria-hidden="true">‹ </span>
            {fill(w.range.previous, { days: span })}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => shift(1)} disabled={value.to >= now}>
            {fill(w.range.next, { days: span })}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </div>
      <div className="wl-range-row">
        <label className="wl-date">
          <span>{w.range.from}</span>
          <input type="date" value={draft.from} max={now} onChange={(e) => apply({ ...draft, from: e.target.value })} aria-invalid={issue ? true : undefined} />
        </label>
        <label className="wl-date">
          <span>{w.range.to}</span>
          <input type="date" value={draft.to} max={now} onChange={(e) => apply({ ...draft, to: e.target.value })} aria-invalid={issue ? true : undefined} />
        </label>
        <p className="wl-range-now" aria-live="polite">
          {fill(w.range.showing, { from: dayLabel(value.from, lang), to: dayLabel(value.to, lang) })}
        </p>
      </div>
      {issue && (
        <p className="field-error" id={`${ids}-err`}>
          {issue}
        </p>
      )}
    </fieldset>
  );
}

/** Previous / next page, with where the list is. */
export function Pager({ page, pages, count, onPage }: { page: number; pages: number; count: number; onPage: (p: number) => void }) {
  const w = useWallet();
  if (pages <= 1) return null;
  return (
    <nav className="wl-pager" aria-label={w.pager.label}>
      <button type="button" className="btn btn-ghost btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {w.pager.previous}
      </button>
      <span>
        {fill(w.pager.page, { page, pages: Math.max(pages, 1) })} · {fill(w.pager.count, { count })}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {w.pager.next}
      </button>
    </nav>
  );
}

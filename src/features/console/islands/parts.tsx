/**
 * The console's shared parts (issue 29): the labels, a pager, a table of rows, a notice line and
 * a field with its inline message. The tables are plain semantic HTML: the console's lists are
 * paged on the server, so a table library would bring sorting and virtual rows it does not need.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { consoleExport, type ExportTable } from '../contract.ts';
import { saveFile } from '../../../ui/save-file.ts';
import { formatDateTime } from '../../../kernel/intl.ts';
import type en from '../i18n/en/console.json';
import type { ConsoleState, Notice } from '../client/console.ts';

export type Labels = typeof en;

/** Fills {{name}} in a label. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

export const when = (ms: number | null, lang: string) => (ms === null ? '–' : formatDateTime(ms, lang, { dateStyle: 'medium' }));

export function Pager(p: { L: Labels; page: number; pageSize: number; total: number; go: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  return (
    <nav className="cs-pager" aria-label={fill(p.L.common.pageOf, { page: p.page, pages, total: p.total })}>
      <button type="button" className="btn btn-ghost btn-sm" disabled={p.page <= 1} onClick={() => p.go(p.page - 1)}>
        {p.L.common.prev}
      </button>
      <span>{fill(p.L.common.pageOf, { page: p.page, pages, total: p.total })}</span>
      <button type="button" className="btn btn-ghost btn-sm" disabled={p.page >= pages} onClick={() => p.go(p.page + 1)}>
        {p.L.common.next}
      </button>
    </nav>
  );
}

export function Table(p: { caption: string; head: ReactNode[]; rows: ReactNode[][]; empty: string; numeric?: number[] }) {
  if (!p.rows.length) return <p className="muted cs-empty">{p.empty}</p>;
  const num = new Set(p.numeric ?? []);
  return (
    <div className="cs-table-wrap" tabIndex={0} role="region" aria-label={p.caption}>
      <table className="cs-table">
        <caption className="sr-only">{p.caption}</caption>
        <thead>
          <tr>
            {p.head.map((h, i) => (
              <th key={i} scope="col" className={num.has(i) ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className={num.has(j) ? 'num' : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function NoticeLine({ notice }: { notice: Notice | null }) {
  return (
    <div className="cs-notice-slot">
      <p className={`cs-notice ${notice?.kind ?? ''}`} role={notice?.kind === 'error' ? 'alert' : 'status'}>
        {notice?.text ?? ''}
      </p>
    </div>
  );
}

export function Field(p: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="cs-field">
      <label htmlFor={p.id}>{p.label}</label>
      {p.children}
      {p.hint && (
        <span className="muted cs-hint" id={`${p.id}-hint`}>
          {p.hint}
        </span>
      )}
      {p.error && (
        <span className="field-error" id={`${p.id}-error`} role="alert">
          {p.error}
        </span>
      )}
    </div>
  );
}

/**
 * A button whose action changes the live site or pays money: the first press asks (the question
 * takes the focus), the second does it; Cancel goes back.
 */
export function ConfirmButton(p: { label: string; question: string; yes: string; no: string; onConfirm: () => void; className?: string }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={p.className ?? 'btn btn-ghost'} onClick={() => setAsking(true)}>
        {p.label}
      </button>
    );
  return (
    <span className="cs-inline" role="group" aria-label={p.question}>
      <span>{p.question}</span>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        autoFocus
        onClick={() => {
          setAsking(false);
          p.onConfirm();
        }}
      >
        {p.yes}
      </button>
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAsking(false)}>
        {p.no}
      </button>
    </span>
  );
}

/** A filter's choice list (its value in the address): "any" first when given, then the options. */
export function FilterSelect(p: { id: string; label: string; value: string; any?: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <Field id={p.id} label={p.label}>
      <select id={p.id} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {p.any !== undefined && <option value="">{p.any}</option>}
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** aria-describedby for a field's hint and error. */
export const describedBy = (id: string, o: { hint?: boolean; error?: string }) => [o.hint ? `${id}-hint` : '', o.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** Downloads the table as CSV with the filters it shows now (every row they match, not only this page). */
export function DownloadCsv({ L, c, table, filters = {} }: { L: Labels; c: ConsoleState; table: ExportTable; filters?: Record<string, string | undefined> }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
    const file = await c.run(
      (api) => api.download(consoleExport, { query: { ...query, table } }),
      (f) => fill(L.common.downloaded, { file: f.fileName || `${table}.csv` }),
    );
    if (file) saveFile(file.blob, file.fileName || `${table}.csv`);
    setBusy(false);
  }
  return (
    <button type="button" className="btn btn-ghost btn-sm cs-download" disabled={busy} onClick={() => void download()}>
      {L.common.download}
    </button>
  );
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Loads a page whenever `key` changes; `reload` loads it again. */
export function usePage<P extends Page<unknown>>(load: () => Promise<P | null>, key: string): { data: P | null; reload: () => void } {
  const [data, setData] = useState<P | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((d) => live && d && setData(d));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  return { data, reload: () => setTick((t) => t + 1) };
}

export const pageOf = (f: Record<string, string>) => Math.max(1, Number(f.page) || 1);

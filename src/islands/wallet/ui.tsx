/**
 * Pieces the wallet pages share: their strings and the page language (context), money, status
 * badges, the record filters' period picker (spec 9: next/previous 7 and 30 days), paging, the
 * empty and failed states, a loader hook for the record calls, and how a refusal is shown
 * (under its field when it concerns one, else in the warning dialog of spec 8).
 */
import { useStore } from '@nanostores/react';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiFailure } from '../../lib/client/api.ts';
import { clearSession } from '../../lib/client/stores/session.ts';
import { $status } from '../../lib/client/stores/system.ts';
import { showDialog } from '../../lib/client/stores/ui.ts';
import { $balance } from '../../lib/client/stores/wallet.ts';
import { fill, localPath, useLabels } from '../shell/labels.tsx';
import {
  checkRange,
  dayIn,
  dayLabel,
  lastDays,
  MAX_RANGE_DAYS,
  money,
  RANGE_SPANS,
  shiftRange,
  type AmountIssue,
  type DayRange,
  type RangeSpan,
} from './format.ts';
import { brandTimeZone, type WalletLabels } from './labels.ts';

export const WalletLabelsContext = createContext<WalletLabels | null>(null);

/** The wallet catalogue (inside the member centre or the header). */
export function useWallet(): WalletLabels {
  const w = useContext(WalletLabelsContext);
  if (!w) throw new Error('useWallet outside WalletLabelsContext');
  return w;
}

/** Formats an API amount for the player: the brand's currency symbol, the page's number format. */
export type MoneyFormat = (amount: string) => string;

/** The money format of this page (symbol from the balance or the start-up status, the page's language). */
export function useMoney(): MoneyFormat {
  const balance = useStore($balance);
  const status = useStore($status);
  const { lang } = useLabels();
  const symbol = balance?.currencySymbol ?? status?.info.currencySymbol ?? '';
  return useCallback((amount: string) => money(amount, symbol, lang), [symbol, lang]);
}

/** An amount with its currency symbol; `signed` colours gains and losses. */
export function Money({ amount, signed = false, className }: { amount: string; signed?: boolean; className?: string }) {
  const fmt = useMoney();
  const tone = signed ? (amount.startsWith('-') ? ' neg' : /^0+(\.0+)?$/.test(amount) ? '' : ' pos') : '';
  const text = fmt(amount);
  return <span className={`money${tone}${className ? ` ${className}` : ''}`}>{signed && !amount.startsWith('-') && tone ? `+${text}` : text}</span>;
}

/** Text of an amount issue found in the browser. */
export function amountIssueText(w: WalletLabels, issue: AmountIssue, fmt: MoneyFormat): string {
  switch (issue.key) {
    case 'min':
      return fill(w.amount.min, { min: fmt(issue.min) });
    case 'max':
      return fill(w.amount.max, { max: fmt(issue.max) });
    default:
      return w.amount[issue.key];
  }
}

/** A coloured status label. */
export function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'info'; children: ReactNode }) {
  return <span className={`wl-badge wl-${tone}`}>{children}</span>;
}

/** Today in the brand's time zone. */
export function today(): string {
  return dayIn(Date.now(), brandTimeZone());
}

/** The period picker of the record pages: 7 or 30 days, previous and next, or two dates (at most 31 days). */
export function RangeFilter({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const w = useWallet();
  const { lang } = useLabels();
  const ids = useId();
  const [span, setSpan] = useState<RangeSpan>(7);
  const [draft, setDraft] = useState<DayRange>(value);
  const [issue, setIssue] = useState<string | null>(null);
  const now = today();
  useEffect(() => setDraft(value), [value]);

  const pick = (s: RangeSpan) => {
    setSpan(s);
    setIssue(null);
    onChange(lastDays(now, s));
  };
  const shift = (dir: -1 | 1) => {
    setIssue(null);
    onChange(shiftRange(value, span, dir, now));
  };
  const apply = (next: DayRange) => {
    setDraft(next);
    const problem = checkRange(next, now);
    if (problem) {
      setIssue(problem === 'tooLong' ? fill(w.range.tooLong, { max: MAX_RANGE_DAYS }) : w.range[problem]);
      return;
    }
    setIssue(null);
    onChange(next);
  };

  return (
    <fieldset className="wl-range" aria-describedby={issue ? `${ids}-err` : undefined}>
      <legend className="sr-only">{w.range.label}</legend>
      <div className="wl-range-row">
        <div className="segmented" role="group" aria-label={w.range.span}>
          {RANGE_SPANS.map((s) => (
            <button key={s} type="button" aria-pressed={span === s} onClick={() => pick(s)}>
              {fill(w.range.lastDays, { days: s })}
            </button>
          ))}
        </div>
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

/** The empty state of a list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="wl-empty">{children}</p>;
}

/** A load that failed, with the server's (or the network) message and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const w = useWallet();
  return (
    <div className="wl-failed" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {w.common.retry}
      </button>
    </div>
  );
}

/** A quiet "loading" line for a list's first load. */
export function Loading() {
  const w = useWallet();
  return (
    <p className="wl-loading" role="status">
      <span className="wl-spin" aria-hidden="true" />
      {w.common.loading}
    </p>
  );
}

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` now and whenever `key` changes (a filter or a page); an answer to an older key is
 * dropped. A session that has ended is handled by `handleFailure`.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const labels = useLabels();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    loadRef
      .current()
      .then((v) => {
        if (!live) return;
        setData(v);
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (sessionEnded(err, labels)) return;
        setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}

/**
 * A refusal for an ended session (401): tells the player, forgets the session and opens the
 * login. Answers whether it was one.
 */
export function sessionEnded(err: unknown, labels: ReturnType<typeof useLabels>): boolean {
  if (!(err instanceof ApiFailure) || err.status !== 401) return false;
  void showDialog({ kind: 'warning', text: err.message }).then(() => {
    clearSession();
    window.location.assign(localPath(labels, '/login'));
  });
  return true;
}

/**
 * Shows a refused form submission: each field error under its field (`fields` maps the
 * server's field names, and errorCode prefixes, to the form's), anything else in the warning
 * dialog. Answers the field errors to set.
 */
export function failureToFields<F extends string>(
  err: unknown,
  labels: ReturnType<typeof useLabels>,
  fields: { byName: Partial<Record<string, F>>; byCode?: [prefix: string, field: F][] },
): Partial<Record<F, string>> {
  if (sessionEnded(err, labels)) return {};
  const out: Partial<Record<F, string>> = {};
  if (err instanceof ApiFailure) {
    for (const [name, message] of Object.entries(err.fieldErrors)) {
      const f = fields.byName[name];
      if (f && !out[f]) out[f] = message;
    }
    if (Object.keys(out).length === 0) {
      const hit = fields.byCode?.find(([prefix]) => err.errorCode === prefix || err.errorCode.startsWith(`${prefix}.`));
      if (hit) out[hit[1]] = err.message;
    }
    if (Object.keys(out).length > 0) return out;
  }
  void showDialog({ kind: 'warning', text: err instanceof Error ? err.message : String(err) });
  return out;
}

/** A short-lived confirmation line under a form (announced politely). */
export function useNotice(): [string | null, (text: string | null) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const t = window.setTimeout(() => setText(null), 8000);
    return () => window.clearTimeout(t);
  }, [text]);
  return [text, setText];
}

/** Name of a wallet id: the main wallet, funds on hold, or a vendor's game wallet. */
export function walletName(w: WalletLabels, id: string, vendors: { accountTypeId: string; name: string }[] = []): string {
  if (id === 'MAIN') return w.wallet.main;
  if (id === 'HOLD') return w.wallet.held;
  return vendors.find((v) => v.accountTypeId === id)?.name ?? id;
}

/** The record pages' filter state: a period (the last 7 days at first) and a page, back to 1 when the period changes. */
export function useRecordFilter(): { range: DayRange; setRange: (r: DayRange) => void; page: number; setPage: (p: number) => void; query: { from: string; to: string; pageNo: number; pageSize: number } } {
  const [range, setRangeState] = useState<DayRange>(() => lastDays(today(), 7));
  const [page, setPage] = useState(1);
  const setRange = useCallback((r: DayRange) => {
    setRangeState(r);
    setPage(1);
  }, []);
  return { range, setRange, page, setPage, query: { from: range.from, to: range.to, pageNo: page, pageSize: RECORD_PAGE_SIZE } };
}

/** Spec 9: default list page size. */
export const RECORD_PAGE_SIZE = 20;

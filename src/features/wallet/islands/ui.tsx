/**
 * Pieces the wallet pages share: their strings and the page language (context), money, status
 * badges, labelled figures, titled blocks, a loader hook for the wallet calls, and how a refusal
 * is shown (under its field when it concerns one, else in the warning dialog of spec 8). Lists
 * are in records.tsx, forms in form.tsx; the empty, loading and failed states, tables, pagers and
 * dates are the UI kit's (src/ui).
 */
import { useStore } from '@nanostores/react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiFailure, isSessionEnded } from '../../../kernel/http/client.ts';
import { clearSession } from '../../accounts/client.ts';
import { $status } from '../../accounts/client.ts';
import { dateTime } from '../../../ui/dates.ts';
import { useLoad, type Loaded } from '../../../ui/loaded.tsx';
import { showDialog } from '../../../ui/stores/ui.ts';
import { $balance } from '../client/wallet.ts';
import { fill, localPath, pageLang, useLabels } from '../../../shell/labels.tsx';
import { money, toInput, type AmountIssue } from './format.ts';
import type { WalletLabels } from './labels.ts';

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
      // The example amount as this page's players type it (es-MX '25.50', es-ES '25,50').
      return fill(w.amount[issue.key], { example: toInput('25.50', pageLang()) });
  }
}

/** A coloured status label. */
export function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'info'; children: ReactNode }) {
  return <span className={`wl-badge wl-${tone}`}>{children}</span>;
}

/** Writes an instant (ms) for a list: date and time in the page's language and the brand's time zone. */
export function useDateTime(): (ms: number) => string {
  const { lang } = useLabels();
  return useCallback((ms: number) => dateTime(ms, lang), [lang]);
}

/** A figure of a list of labelled figures. */
export interface Fact {
  label: string;
  value: ReactNode;
  /** The figure that matters most (stands out in a summary). */
  total?: boolean;
  /** A class of its value (a code in a fixed font, a name in bold). */
  valueClass?: string;
}

/**
 * Labelled figures: the summary tiles above a page (`wl-summary`) or a card's details
 * (`wl-facts`); a fact that is false or null is left out.
 */
export function Facts({ facts, className = 'wl-summary', label }: { facts: (Fact | false | null)[]; className?: string; label?: string }) {
  return (
    <dl className={className} aria-label={label}>
      {facts.map(
        (f, i) =>
          f && (
            <div key={i} className={f.total ? 'wl-total' : undefined}>
              <dt>{f.label}</dt>
              <dd className={f.valueClass}>{f.value}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

/** A titled part of a page, with an action beside its title. */
export function Block({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="wl-block" aria-labelledby={id}>
      <div className="wl-block-head">
        <h4 id={id}>{title}</h4>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The UI kit's loader (src/ui/loaded.tsx) for the wallet's calls: a 401 that is not an ended
 * session the shell announces is shown in the warning dialog before the login (`sessionEnded`).
 */
export function useWalletLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const labels = useLabels();
  return useLoad(load, key, (err) => sessionEnded(err, labels));
}

/**
 * A refusal for an ended session (401): tells the player, forgets the session and opens the
 * login. Answers whether it was one.
 */
export function sessionEnded(err: unknown, labels: ReturnType<typeof useLabels>): boolean {
  // The shell announces an ended session and offers the login in place (spec 8).
  if (isSessionEnded(err)) return true;
  if (!(err instanceof ApiFailure) || err.status !== 401) return false;
  void showDialog({ kind: 'warning', text: err.message }).then(() => {
    clearSession();
    window.location.assign(localPath(labels, '/login'));
  });
  return true;
}

/** Where a form shows the server's refusals: by the server's field name, else by errorCode prefix. */
export interface FieldMap<F extends string> {
  byName: Partial<Record<string, F>>;
  byCode?: [prefix: string, field: F][];
}

/**
 * Shows a refused form submission: each field error under its field (`fields` maps the
 * server's field names, and errorCode prefixes, to the form's), anything else in the warning
 * dialog. Answers the field errors to set.
 */
export function failureToFields<F extends string>(err: unknown, labels: ReturnType<typeof useLabels>, fields: FieldMap<F>): Partial<Record<F, string>> {
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
export function walletName(w: WalletLabels, id: string, vendors: { accountTypeName: string; name: string }[] = []): string {
  if (id === 'MAIN') return w.wallet.main;
  if (id === 'HOLD') return w.wallet.held;
  return vendors.find((v) => v.accountTypeName === id)?.name ?? id;
}

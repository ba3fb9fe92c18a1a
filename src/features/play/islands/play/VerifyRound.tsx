/**
 * The verify page's form (/play/verify, issue 5): a round's game, seeds, nonce and (optionally)
 * bet, prefilled from the address (the game page's history links here), sent to the public
 * sandboxVerify call; shows whether the seed matches its hash, the stops, the symbols with the
 * winning lines, the line wins, the total multiplier and the win. Field errors from the browser's
 * checks and from the server's fieldErrors appear under their fields.
 */
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ApiFailure, createApiClient, type ClientMessages } from '../../../../kernel/http/client.ts';
import { sandboxVerify } from '../../contract/play.ts';
import type { ValueOf } from '../../../../kernel/contract.ts';
import { money } from '../../../wallet/client.ts';
import type { PlayLabels } from './PlayGame.tsx';
import { Reels } from './Reels.tsx';
import './play.css';
import { fill, VERIFY_FIELDS, verifyInputFromSearch, verifyIssues, type VerifyInput } from '../../client/game-logic.ts';

export interface Props {
  labels: PlayLabels;
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  brandSymbol: string;
}

type Answer = ValueOf<typeof sandboxVerify>;

const EMPTY: VerifyInput = { nodeId: '', serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '', bet: '' };

export default function VerifyRound({ labels: L, lang, merchant, language, messages, brandSymbol }: Props) {
  const V = L.verify;
  const client = useMemo(() => createApiClient({ merchant, language, messages }), [merchant, language, messages]);
  const [input, setInput] = useState<VerifyInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof VerifyInput, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [needsSeed, setNeedsSeed] = useState(false);
  const [answer, setAnswer] = useState<{ value: Answer; input: VerifyInput } | null>(null);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const names = L.symbols as Record<string, string>;
  const fmt = (amount: string) => money(amount, brandSymbol, lang);

  useEffect(() => {
    const prefilled = verifyInputFromSearch(window.location.search);
    setInput(prefilled);
    setNeedsSeed(!prefilled.serverSeed && !!prefilled.serverSeedHash);
    // A complete link (a revealed round) is checked at once.
    if (Object.keys(verifyIssues(prefilled)).length === 0) void submit(prefilled, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function focusFirst(errs: Partial<Record<keyof VerifyInput, string>>) {
    const first = VERIFY_FIELDS.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(values: VerifyInput, focusResult = true) {
    const issues = verifyIssues(values);
    const errs: Partial<Record<keyof VerifyInput, string>> = {};
    for (const [k, v] of Object.entries(issues)) errs[k as keyof VerifyInput] = v === 'required' ? V.required : V.invalid;
    setErrors(errs);
    setFailure('');
    if (Object.keys(errs).length) {
      if (focusResult) focusFirst(errs);
      return;
    }
    setBusy(true);
    try {
      const t = (s: string) => s.trim();
      const value = await client.call(sandboxVerify, {
        query: {
          nodeId: t(values.nodeId),
          serverSeed: t(values.serverSeed),
          serverSeedHash: t(values.serverSeedHash) || undefined,
          clientSeed: t(values.clientSeed),
          nonce: t(values.nonce),
          bet: t(values.bet) || undefined,
        },
      });
      setAnswer({ value, input: values });
      if (focusResult) requestAnimationFrame(() => resultRef.current?.focus());
    } catch (err) {
      setAnswer(null);
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        const fe: Partial<Record<keyof VerifyInput, string>> = {};
        for (const [k, msg] of Object.entries(err.fieldErrors)) if ((VERIFY_FIELDS as readonly string[]).includes(k)) fe[k as keyof VerifyInput] = msg;
        setErrors(fe);
        if (Object.keys(fe).length) focusFirst(fe);
        else setFailure(err.message);
      } else if (err instanceof ApiFailure && err.errorCode === 'game.not.found') {
        setErrors({ nodeId: err.message });
        focusFirst({ nodeId: err.message });
      } else {
        setFailure(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) void submit(input);
  }

  const field = (name: keyof VerifyInput, label: string, opts: { hint?: string; mono?: boolean; inputMode?: 'numeric' | 'decimal' } = {}) => {
    const id = `${ids}-${name}`;
    const err = errors[name];
    const described = [opts.hint ? `${id}-hint` : '', err ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`pv-field pv-${name}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          className={opts.mono ? 'mono' : undefined}
          value={input[name]}
          inputMode={opts.inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={err ? true : undefined}
          aria-describedby={described}
          onChange={(e) => {
            const v = e.target.value;
            setInput((x) => ({ ...x, [name]: v }));
            if (err) setErrors((x) => ({ ...x, [name]: undefined }));
          }}
        />
        {opts.hint && <p id={`${id}-hint`} className="muted pl-small">{opts.hint}</p>}
        {err && <p id={`${id}-err`} className="pl-field-error">{err}</p>}
      </div>
    );
  };

  const a = answer?.value;
  const reels = a?.grid.length ?? 0;
  const rows = a?.grid[0]?.length ?? 0;
  // The game's paylines, when the answer carries them (asked of the contract), mark the winning cells.
  const lines = (a as (Answer & { lines?: number[][] }) | undefined)?.lines ?? [];
  return (
    <div className="pv">
      <form ref={formRef} className="card pv-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-form`}>
        <h2 id={`${ids}-form`} className="sr-only">{V.submit}</h2>
        {needsSeed && !input.serverSeed && <p className="pv-note" role="note">{L.history.hidden}</p>}
        <div className="pv-grid">
          {field('nodeId', V.nodeId, { inputMode: 'numeric' })}
          {field('nonce', V.nonce, { inputMode: 'numeric' })}
          {field('serverSeed', V.serverSeed, { mono: true, hint: V.hexHint })}
          {field('serverSeedHash', V.serverSeedHash, { mono: true, hint: V.serverSeedHashHint })}
          {field('clientSeed', V.clientSeed, { mono: true })}
          {field('bet', V.bet, { inputMode: 'decimal', hint: V.betHint })}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? V.working : V.submit}</button>
        {failure && <p className="pl-error" role="alert">{failure}</p>}
      </form>

      <div aria-live="polite">
        {a && answer && (
          <section ref={resultRef} tabIndex={-1} className="card pv-result" aria-labelledby={`${ids}-result`}>
            <h2 id={`${ids}-result`}>{V.result}</h2>
            <p className={`pv-hash ${a.hashMatches === true ? 'ok' : a.hashMatches === false ? 'bad' : 'info'}`} data-testid="hash-verdict">
              {a.hashMatches === true ? V.hashOk : a.hashMatches === false ? V.hashBad : V.hashNone}
            </p>
            <dl className="pl-facts">
              <div>
                <dt>{V.computedHash}</dt>
                <dd className="mono">{a.serverSeedHash}</dd>
              </div>
              <div>
                <dt>{V.stops}</dt>
                <dd className="mono" data-testid="verify-stops">{a.stops.join(', ')}</dd>
              </div>
              <div>
                <dt>{V.multiplier}</dt>
                <dd className="mono" data-testid="verify-multiplier">×{a.multiplier}</dd>
              </div>
              <div>
                <dt>{V.win}</dt>
                <dd data-testid="verify-win">{a.win === null || !answer.input.bet.trim() ? V.noBet : fmt(a.win)}</dd>
              </div>
            </dl>
            <h3>{V.grid}</h3>
            <div className="pv-reels">
              <Reels
                reels={reels}
                rows={rows}
                grid={a.grid}
                lines={lines}
                lineWins={lines.length ? a.lineWins : []}
                symbols={a.grid.flat()}
                names={names}
                labels={{ reels: V.grid, cell: L.cell, cellWin: L.cellWin }}
              />
            </div>
            <h3>{V.lineWins}</h3>
            {a.lineWins.length === 0 ? (
              <p className="muted">{V.noLineWins}</p>
            ) : (
              <ul className="pl-linewins" data-testid="verify-linewins">
                {a.lineWins.map((w) => (
                  <li key={w.line}>
                    {fill(L.lineWin, { line: w.line + 1, count: w.count, symbol: names[w.symbol] ?? w.symbol, amount: fmt(w.payout) })}
                    {' '}
                    <span className="muted">(×{w.multiplier})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

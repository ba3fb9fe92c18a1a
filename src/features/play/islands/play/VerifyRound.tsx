/**
 * The verify page's form (/play/verify, issue 5): a round's game, seeds, nonce and (optionally)
 * bet, prefilled from the address (the game page's history links here), sent to the public
 * sandboxVerify call; shows whether the seed matches its hash, the stops, the symbols with the
 * winning lines, the line wins, the total multiplier and the win. Field errors from the browser's
 * checks and from the server's fieldErrors appear under their fields. The steps live in the
 * form's store (src/features/play/client/verify-round.ts); this component renders it.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { createApiClient, type ClientMessages } from '../../../../kernel/http/client.ts';
import { money } from '../../../wallet/client.ts';
import type { PlayLabels } from './PlayGame.tsx';
import { Reels } from './Reels.tsx';

// A table game's draw (issue 34): its own chunk, loaded only when a table round is verified.
const VerifiedDraw = lazy(() => import('./TableBoard.tsx').then((m) => ({ default: m.VerifiedDraw })));
const VerifiedDeal = lazy(() => import('./RoomTable.tsx').then((m) => ({ default: m.VerifiedDeal })));
import './play.css';
import { fill, type VerifyInput } from '../../client/game-logic.ts';
import { createVerifyRound } from '../../client/verify-round.ts';

export interface Props {
  labels: PlayLabels;
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  brandSymbol: string;
}

export default function VerifyRound({ labels: L, lang, merchant, language, messages, brandSymbol }: Props) {
  const V = L.verify;
  // The form's store (src/features/play/client/verify-round.ts): state and steps; this component renders.
  const [verify] = useState(() => createVerifyRound({ client: createApiClient({ merchant, language, messages }), words: { required: V.required, invalid: V.invalid } }));
  const { input, errors, busy, failure, needsSeed, answer, focus } = useStore(verify.$verify);
  const { reels, rows, lines } = useStore(verify.$grid);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const names = L.symbols as Record<string, string>;
  const fmt = (amount: string) => money(amount, brandSymbol, lang);

  useEffect(() => verify.start(window.location.search), [verify]);

  // Focus goes where the store says: the first field in error, or the result once it is drawn.
  useEffect(() => {
    if (!focus.count) return;
    if (focus.to === 'result') requestAnimationFrame(() => resultRef.current?.focus());
    else formRef.current?.querySelector<HTMLInputElement>(`[name="${focus.to}"]`)?.focus();
  }, [focus]);

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void verify.submit();
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
          onChange={(e) => verify.type(name, e.target.value)}
        />
        {opts.hint && (
          <p id={`${id}-hint`} className="muted pl-small">
            {opts.hint}
          </p>
        )}
        {err && (
          <p id={`${id}-err`} className="pl-field-error">
            {err}
          </p>
        )}
      </div>
    );
  };

  const a = answer?.value;
  return (
    <div className="pv">
      <form ref={formRef} className="card pv-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-form`}>
        <h2 id={`${ids}-form`} className="sr-only">
          {V.submit}
        </h2>
        {needsSeed && !input.serverSeed && (
          <p className="pv-note" role="note">
            {L.history.hidden}
          </p>
        )}
        <div className="pv-grid">
          {field('nodeId', V.nodeId, { inputMode: 'numeric' })}
          {field('nonce', V.nonce, { inputMode: 'numeric' })}
          {field('serverSeed', V.serverSeed, { mono: true, hint: V.hexHint })}
          {field('serverSeedHash', V.serverSeedHash, { mono: true, hint: V.serverSeedHashHint })}
          {field('clientSeed', V.clientSeed, { mono: true })}
          {field('bet', V.bet, { inputMode: 'decimal', hint: V.betHint })}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? V.working : V.submit}
        </button>
        {failure && (
          <p className="pl-error" role="alert">
            {failure}
          </p>
        )}
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
                <dt>{a.table ? V.draws : V.stops}</dt>
                <dd className="mono" data-testid="verify-stops">
                  {a.stops.join(', ')}
                </dd>
              </div>
              {!a.table && (
                <>
                  <div>
                    <dt>{V.multiplier}</dt>
                    <dd className="mono" data-testid="verify-multiplier">
                      ×{a.multiplier}
                    </dd>
                  </div>
                  <div>
                    <dt>{V.win}</dt>
                    <dd data-testid="verify-win">{a.win === null || !answer.input.bet.trim() ? V.noBet : fmt(a.win)}</dd>
                  </div>
                </>
              )}
            </dl>
            {a.table ? (
              <>
                <h3>{L.table.result}</h3>
                <Suspense fallback={null}>
                  {a.table.kind === 'bullBull' || a.table.kind === 'teenPatti' ? (
                    <VerifiedDeal game={a.table.kind} stops={a.stops} T={L.table} R={L.room} />
                  ) : (
                    <VerifiedDraw table={a.table} stops={a.stops} T={L.table} B={L.blackjack} fmt={fmt} />
                  )}
                </Suspense>
              </>
            ) : (
              <>
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
                        {fill(L.lineWin, { line: w.line + 1, count: w.count, symbol: names[w.symbol] ?? w.symbol, amount: fmt(w.payout) })} <span className="muted">(×{w.multiplier})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

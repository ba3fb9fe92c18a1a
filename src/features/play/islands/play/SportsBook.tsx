/**
 * The sports book's page (issue 34; contract/sports.ts): fixtures with their markets' prices,
 * the bet slip (singles or a parlay, the stake, the member's odds setting), the member's bets and
 * the results with their published seeds, each checkable here. It renders the book's store
 * (client/sports-book.ts); the game page (PlayGame.tsx) gives it the header's balance to keep.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import type { ApiClient } from '../../../../kernel/http/client.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { formatTime } from '../../../../kernel/intl.ts';
import { lineOf, type FixtureView, type Market, type Selection, type SportBetView, type SportParams } from '../../contract.ts';
import { fill } from '../../client/game-logic.ts';
import { createSportsBook, slipReturn, stakeText, type SlipLeg } from '../../client/sports-book.ts';
import type { PlayLabels } from './PlayGame.tsx';
import './sports.css';

type S = PlayLabels['sports'];

export interface Props {
  client: ApiClient;
  launch: string;
  S: S;
  lang: string;
  fmt: (amount: string) => string;
  onBalance: (balance: string) => void;
  onEnded: () => void;
  /** The page's word for a part still loading. */
  loading: string;
}

const priceText = (price: number, lang: string) => new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price / 100);
const lineText = (line: number, lang: string, signed: boolean) => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(line);

/** How a selection reads: the side's name, the draw, over or under the line, a side with its handicap; meron and wala in a cockfight. */
export function selectionText(S: S, f: Pick<FixtureView, 'sport' | 'home' | 'away'>, market: Market, selection: Selection, line: number | null, lang: string): string {
  const side = selection === 'home' ? f.home : f.away;
  if (selection === 'draw') return S.selections.draw;
  if (selection === 'over') return fill(S.selections.over, { line: lineText(line ?? 0, lang, false) });
  if (selection === 'under') return fill(S.selections.under, { line: lineText(line ?? 0, lang, false) });
  if (f.sport === 'cockfight') return fill(selection === 'home' ? S.selections.meron : S.selections.wala, { side });
  if (market === 'hcp') return fill(S.selections.hcp, { side, line: lineText(selection === 'home' ? (line ?? 0) : -(line ?? 0), lang, true) });
  return side;
}

const marketText = (S: S, sport: FixtureView['sport'], market: Market) => (sport === 'cockfight' ? S.markets.fight : S.markets[market]);

export default function SportsBook(props: Props) {
  const { S, lang, fmt } = props;
  const ids = useId();
  const [store] = useState(() => createSportsBook({ client: props.client, launch: props.launch, words: S.words, fmt, onBalance: props.onBalance, onEnded: props.onEnded }));
  const v = useStore(store.$book);
  const [view, setView] = useState<'fixtures' | 'bets' | 'results'>('fixtures');
  const [sport, setSport] = useState<string>('all');
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const book = v.book;
  const fixtures = useMemo(() => (book ? book.fixtures.filter((f) => sport === 'all' || f.sport === sport) : []), [book, sport]);
  const sports = useMemo(() => [...new Set(book?.fixtures.map((f) => f.sport) ?? [])], [book]);
  const groups = useMemo(() => {
    const out: { at: string; list: FixtureView[] }[] = [];
    for (const f of fixtures) {
      const g = out.at(-1);
      if (g && g.at === f.startsAt) g.list.push(f);
      else out.push({ at: f.startsAt, list: [f] });
    }
    return out;
  }, [fixtures]);
  const openBets = book?.bets.filter((b) => b.status === 'open').length ?? 0;

  if (!book) {
    return (
      <p className="pl-state" role={v.loadError ? 'alert' : 'status'}>
        {v.loadError || props.loading}
      </p>
    );
  }
  const byId = new Map([...book.fixtures, ...book.results].map((f) => [f.id, f]));
  const when = (iso: string) => formatTime(Date.parse(iso), lang);
  const stakeMinor = parseMinor(stakeText(v.stake)) ?? 0n;
  const parlay = v.mode === 'parlay' && v.slip.length > 1;
  const returns = slipReturn(v.slip, v.mode, stakeMinor);
  const parlayPrice = v.slip.reduce((n, l) => (n * l.price) / 100, 100);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void store.place().then((ok) => {
      if (!ok && store.$book.get().stakeError) document.getElementById(`${ids}-stake`)?.focus();
      // The form is gone with the placed bets: the keyboard's focus goes to the slip's heading, beside the message.
      if (ok) document.getElementById(`${ids}-slip`)?.focus();
    });
  }

  const legText = (l: SlipLeg) => {
    const f = byId.get(l.fixtureId);
    return f ? selectionText(S, f, l.market, l.selection, lineOf(f.params as unknown as SportParams, l.market), lang) : String(l.fixtureId);
  };

  return (
    <div className="sb">
      <p className="sb-note muted" role="note">
        {S.sandboxNote}
      </p>
      {/* A later read that failed: the prices shown may be old. */}
      {v.loadError && (
        <p className="pl-error" role="alert">
          {v.loadError}
        </p>
      )}
      <div className={`sb-cols${v.slip.length ? ' has-slip' : ''}`}>
        <div className="sb-main">
          <div className="sb-views" role="group" aria-label={S.views.label}>
            {(['fixtures', 'bets', 'results'] as const).map((k) => (
              <button key={k} type="button" className="sb-view" aria-pressed={view === k} onClick={() => setView(k)}>
                {k === 'bets' && openBets ? fill(S.views.betsOpen, { count: openBets }) : S.views[k]}
              </button>
            ))}
          </div>

          {view === 'fixtures' && (
            <>
              {sports.length > 1 && (
                <div className="sb-filter" role="group" aria-label={S.filter}>
                  {['all', ...sports].map((k) => (
                    <button key={k} type="button" className="sb-chip" aria-pressed={sport === k} onClick={() => setSport(k)}>
                      {k === 'all' ? S.all : S.sportNames[k as keyof S['sportNames']]}
                    </button>
                  ))}
                </div>
              )}
              {groups.length === 0 && <p className="muted">{S.noFixtures}</p>}
              {groups.map((g) => (
                <section key={g.at} className="sb-group" aria-labelledby={`${ids}-${g.at}`}>
                  <h3 id={`${ids}-${g.at}`} className="sb-when">
                    {fill(S.kickOff, { time: when(g.at) })}
                  </h3>
                  {g.list.map((f) => (
                    <Fixture key={f.id} f={f} S={S} lang={lang} slip={v.slip} onPick={store.pick} when={when} />
                  ))}
                </section>
              ))}
            </>
          )}

          {view === 'bets' && <Bets bets={book.bets} S={S} lang={lang} fmt={fmt} when={when} />}

          {view === 'results' &&
            (book.results.length === 0 ? (
              <p className="muted">{S.noResults}</p>
            ) : (
              <ul className="sb-results">
                {book.results.map((f) => (
                  <Result key={f.id} f={f} S={S} when={when} verified={v.verified[f.id]} onVerify={() => void store.verify(f)} />
                ))}
              </ul>
            ))}
        </div>

        <aside className="sb-slip card" aria-labelledby={`${ids}-slip`}>
          <h3 id={`${ids}-slip`} tabIndex={-1}>
            {S.slip.title}
            {v.slip.length > 0 && <span className="sb-count"> ({v.slip.length})</span>}
          </h3>
          {v.slip.length === 0 ? (
            <p className="muted">{S.slip.empty}</p>
          ) : (
            <form onSubmit={submit} noValidate>
              <ul className="sb-legs">
                {v.slip.map((l) => {
                  const f = byId.get(l.fixtureId);
                  const text = legText(l);
                  return (
                    <li key={l.fixtureId} className={l.moved ? 'is-moved' : undefined}>
                      <div>
                        <strong>{text}</strong>
                        <span className="muted sb-small">{f ? `${marketText(S, f.sport, l.market)} · ${fill(S.versus, { home: f.home, away: f.away })}` : ''}</span>
                      </div>
                      <span className="sb-price">
                        {l.moved && <span className="sb-moved">{S.slip.moved} </span>}
                        {priceText(l.price, lang)}
                      </span>
                      <button type="button" className="sb-remove" aria-label={fill(S.slip.remove, { selection: text })} onClick={() => store.remove(l.fixtureId)}>
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
              {v.slip.length > 1 && (
                <fieldset className="sb-mode">
                  <legend>{S.slip.mode}</legend>
                  {(['singles', 'parlay'] as const).map((m) => (
                    <label key={m}>
                      <input type="radio" name={`${ids}-mode`} value={m} checked={v.mode === m} onChange={() => store.setMode(m)} />
                      {S.slip[m]}
                    </label>
                  ))}
                </fieldset>
              )}
              {parlay && <p className="sb-small">{fill(S.slip.parlayOdds, { price: priceText(Math.floor(parlayPrice), lang) })}</p>}
              <label htmlFor={`${ids}-stake`}>{v.slip.length > 1 && !parlay ? S.slip.stakeEach : S.slip.stake}</label>
              <input
                id={`${ids}-stake`}
                className="sb-stake"
                inputMode="decimal"
                autoComplete="off"
                value={v.stake}
                aria-invalid={v.stakeError ? true : undefined}
                aria-describedby={`${ids}-stake-hint${v.stakeError ? ` ${ids}-stake-err` : ''}`}
                onChange={(e) => store.typeStake(e.target.value)}
              />
              <p id={`${ids}-stake-hint`} className="muted sb-small">
                {fill(S.slip.min, { min: fmt(book.minStake), max: fmt(book.maxReturn) })}
              </p>
              {v.stakeError && (
                <p id={`${ids}-stake-err`} className="pl-field-error">
                  {v.stakeError}
                </p>
              )}
              <label htmlFor={`${ids}-odds`}>{S.slip.odds}</label>
              <select id={`${ids}-odds`} value={v.acceptOdds} onChange={(e) => store.setAcceptOdds(e.target.value as typeof v.acceptOdds)}>
                <option value="none">{S.slip.oddsNone}</option>
                <option value="higher">{S.slip.oddsHigher}</option>
                <option value="any">{S.slip.oddsAny}</option>
              </select>
              <p className="sb-returns">
                <span>{S.slip.returns}</span> <strong data-testid="slip-returns">{fmt(formatMinor(returns))}</strong>
              </p>
              {v.error && (
                <p className="pl-error" role="alert">
                  {v.error}
                </p>
              )}
              <div className="sb-actions">
                <button type="submit" className="btn btn-primary" disabled={v.busy}>
                  {v.busy ? S.slip.placing : v.slip.length > 1 && !parlay ? fill(S.slip.placeMany, { count: v.slip.length }) : S.slip.place}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={store.clear} disabled={v.busy}>
                  {S.slip.clear}
                </button>
              </div>
            </form>
          )}
          <p className="sb-small" role="status" aria-live="polite">
            {v.announce}
          </p>
        </aside>
      </div>
    </div>
  );
}

function Fixture({
  f,
  S,
  lang,
  slip,
  onPick,
  when,
}: {
  f: FixtureView;
  S: S;
  lang: string;
  slip: SlipLeg[];
  onPick: (id: number, m: Market, s: Selection, price: number) => void;
  when: (iso: string) => string;
}) {
  const chosen = slip.find((l) => l.fixtureId === f.id);
  const name = fill(S.versus, { home: f.home, away: f.away });
  return (
    <article className="sb-fx" aria-label={name} data-fixture={f.id}>
      <header>
        <span className="muted sb-small">
          {S.sportNames[f.sport]} · {f.league}
        </span>
        <span className={`sb-status is-${f.status}`}>{f.status === 'live' ? fill(S.inPlay, { time: when(f.endsAt) }) : S.status[f.status]}</span>
      </header>
      <p className="sb-teams">{name}</p>
      {f.status === 'open' && (
        <div className="sb-markets">
          {f.markets.map((m) => {
            const market = marketText(S, f.sport, m.market);
            return (
              <div key={m.market} className="sb-market" role="group" aria-label={market}>
                <span className="sb-market-name">{market}</span>
                <div className="sb-prices">
                  {m.selections.map((s) => {
                    const text = selectionText(S, f, m.market, s.selection, m.line, lang);
                    const on = chosen?.market === m.market && chosen.selection === s.selection;
                    return (
                      <button
                        key={s.selection}
                        type="button"
                        className="sb-pick"
                        aria-pressed={on}
                        aria-label={fill(S.pick, { selection: text, market, fixture: name, price: s.price === null ? '–' : priceText(s.price, lang) })}
                        disabled={s.price === null}
                        onClick={() => s.price !== null && onPick(f.id, m.market, s.selection, s.price)}
                      >
                        <span className="sb-pick-name" aria-hidden="true">
                          {text}
                        </span>
                        <strong aria-hidden="true">{s.price === null ? '–' : priceText(s.price, lang)}</strong>
                      </button>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </div>
      )}
      <p className="sb-hash muted sb-small">
        {S.result.seedHash}: <span className="mono">{f.serverSeedHash}</span>
      </p>
    </article>
  );
}

function Bets({ bets, S, lang, fmt, when }: { bets: SportBetView[]; S: S; lang: string; fmt: (a: string) => string; when: (iso: string) => string }) {
  if (!bets.length) return <p className="muted">{S.bets.empty}</p>;
  return (
    <ul className="sb-bets">
      {bets.map((b) => (
        <li key={b.id} className={`card sb-bet is-${b.status}`} data-bet={b.id}>
          <header>
            <strong>{b.legs.length > 1 ? fill(S.bets.parlay, { count: b.legs.length }) : S.bets.single}</strong>
            <span className={`sb-status is-${b.status}`}>{S.bets.status[b.status]}</span>
          </header>
          <ul className="sb-bet-legs">
            {b.legs.map((l) => (
              <li key={l.fixtureId}>
                <span>
                  {selectionText(S, l, l.market, l.selection, l.line, lang)} <span className="muted">· {fill(S.versus, { home: l.home, away: l.away })}</span>
                </span>
                <span>
                  {priceText(l.price, lang)} <span className={`sb-leg is-${l.result ?? 'open'}`}>{S.bets.leg[l.result ?? 'open']}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="sb-bet-money">
            <span>
              {S.bets.stake} {fmt(b.stake)}
            </span>
            {b.status === 'open' ? (
              <span>
                {S.bets.potential} {fmt(b.potential)}
              </span>
            ) : (
              <span data-testid="bet-returned">
                {S.bets.returned} {fmt(b.win ?? b.stake)}
              </span>
            )}
          </p>
          <p className="muted sb-small">{fill(S.bets.placedAt, { time: when(b.createdAt) })}</p>
        </li>
      ))}
    </ul>
  );
}

function Result({ f, S, when, verified, onVerify }: { f: FixtureView; S: S; when: (iso: string) => string; verified: unknown; onVerify: () => void }) {
  const v = verified as { matchesHash: boolean; score: { home: number; away: number } } | 'failed' | undefined;
  return (
    <li className="card sb-result" data-fixture={f.id}>
      <header>
        <span className="muted sb-small">
          {S.sportNames[f.sport]} · {f.league} · {when(f.endsAt)}
        </span>
        <span className={`sb-status is-${f.status}`}>{S.status[f.status]}</span>
      </header>
      <p className="sb-teams">
        {f.home} <strong className="sb-score">{f.result ? `${f.result.home}–${f.result.away}` : '–'}</strong> {f.away}
      </p>
      {f.status === 'void' && <p className="sb-small">{S.result.cancelled}</p>}
      {f.result && f.drawn && (f.result.home !== f.drawn.home || f.result.away !== f.drawn.away) && <p className="sb-small">{fill(S.result.corrected, { home: f.drawn.home, away: f.drawn.away })}</p>}
      {f.serverSeed && (
        <dl className="sb-seeds sb-small">
          <div>
            <dt>{S.result.seedHash}</dt>
            <dd className="mono">{f.serverSeedHash}</dd>
          </div>
          <div>
            <dt>{S.result.seed}</dt>
            <dd className="mono">{f.serverSeed}</dd>
          </div>
        </dl>
      )}
      {f.serverSeed && (
        <div className="sb-verify">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onVerify}>
            {S.result.verify}
          </button>
          <p className="sb-small" role="status">
            {v === 'failed' ? S.result.verifyFailed : v ? (v.matchesHash ? fill(S.result.verified, { home: v.score.home, away: v.score.away }) : S.result.mismatch) : ''}
          </p>
        </div>
      )}
    </li>
  );
}

/**
 * A keno game on the game page (issue 34, keno): the player picks 1 to 10 numbers on a board of 80
 * (toggle buttons: a pressed one is picked), or a quick pick, chooses a stake and bets; the round
 * draws 20 numbers from the member's seed pair (contract/tables.ts `drawTable`) and pays by the
 * picks drawn, on the paytable of the number picked, shown beside the board with the row of this
 * round's hits marked. The picks stay for the next round. Loaded only for keno games.
 */
import { useEffect, useId, useState } from 'react';
import { KENO_MAX_PICKS, KENO_NUMBERS, KENO_PAYS, kenoPicks, kenoSpot, tableOutcome } from '../../contract/tables.ts';
import { fill } from '../../client/game-logic.ts';
import { Chips } from './Chips.tsx';
import { factorText, type BoardProps } from './TableBoard.tsx';
import './keno.css';

interface Props extends BoardProps {
  onBet: (spot: string) => void;
  /** The spot of the round whose answer was lost: betting on the same picks again retries that round. */
  pendingSpot: string | null;
}

/** A round's draw and its picks, or null for a round that is not a keno round. */
function kenoOf(r: BoardProps['round']): { drawn: Set<number>; picks: number[] } | null {
  if (r?.table?.kind !== 'keno') return null;
  try {
    const o = tableOutcome({ kind: 'keno' }, r.stops);
    return o.kind === 'keno' ? { drawn: new Set(o.drawn), picks: kenoPicks(r.table.bets[0]?.spot ?? '') ?? [] } : null;
  } catch {
    return null;
  }
}

/** n different numbers of 1..80, at random (a pick is the player's choice: it decides nothing the seeds do not). */
function quickPick(n: number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (KENO_NUMBERS - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n).sort((a, b) => a - b);
}

export default function KenoBoard(p: Props) {
  const { T, fmt } = p;
  const K = T.keno;
  const id = useId();
  const last = kenoOf(p.round);
  // The picks start as the last round's (a reloaded page keeps the ticket).
  const [picks, setPicks] = useState<number[]>(() => last?.picks ?? []);
  const [notice, setNotice] = useState<'full' | 'pickFirst' | null>(null);
  useEffect(() => setNotice(null), [p.round]);
  // The last round's win, if it is a keno round (a round this game played as a slot before is not shown).
  const won = last !== null && Number(p.round!.win) > 0;
  const shown = p.busy ? null : last;
  const hits = shown ? shown.picks.filter((n) => shown.drawn.has(n)).length : null;
  const table = KENO_PAYS[picks.length] ?? {};

  const toggle = (n: number) => {
    if (p.disabled) return;
    if (picks.includes(n)) {
      setPicks(picks.filter((x) => x !== n));
      setNotice(null);
    } else if (picks.length >= KENO_MAX_PICKS) setNotice('full');
    else {
      setPicks([...picks, n].sort((a, b) => a - b));
      setNotice(null);
    }
  };
  const bet = () => {
    if (p.disabled) return;
    if (picks.length === 0) return setNotice('pickFirst');
    p.onBet(kenoSpot(picks));
  };

  return (
    <div className="kn">
      <div className="kn-top">
        <div>
          <h3 className="kn-title" id={`${id}-board`}>
            {K.board}
          </h3>
          <p className="muted pl-small">
            {K.boardHint} <span data-testid="keno-count">{fill(K.picked, { count: picks.length })}</span>
          </p>
          <div className="kn-board" role="group" aria-labelledby={`${id}-board`} data-testid="keno-board">
            {Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1).map((n) => {
              const picked = picks.includes(n);
              const drawn = shown?.drawn.has(n) ?? false;
              return (
                <button
                  key={n}
                  type="button"
                  className={`kn-n${picked ? ' is-picked' : ''}${drawn ? ' is-drawn' : ''}${drawn && shown?.picks.includes(n) ? ' is-hit' : ''}`}
                  aria-pressed={picked}
                  aria-label={drawn ? fill(K.numberDrawn, { n }) : fill(K.number, { n })}
                  aria-disabled={p.disabled}
                  onClick={() => toggle(n)}
                >
                  {n}
                </button>
              );
            })}
          </div>
        </div>
        <div className="kn-pays">
          <h3 className="kn-title">{fill(K.paytable, { count: picks.length })}</h3>
          {picks.length === 0 ? (
            <p className="muted pl-small">{K.pickFirst}</p>
          ) : (
            <table className="pl-paytable" data-testid="keno-paytable">
              <thead>
                <tr>
                  <th scope="col">{K.hitsColumn}</th>
                  <th scope="col" className="num">
                    {K.paysColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.keys(table)
                  .map(Number)
                  .reverse()
                  .map((h) => (
                    <tr key={h} className={shown && kenoSpot(shown.picks) === kenoSpot(picks) && hits === h ? 'is-on' : undefined}>
                      <th scope="row">{h}</th>
                      <td className="num">×{factorText(T, table[h]!)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <div className={`pl-winbar${won && !p.busy ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{last && !p.busy ? (won ? fmt(p.round!.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true" data-testid="keno-result">
        {shown && p.announce ? `${p.announce} ${fill(K.hits, { hits: hits ?? 0, count: shown.picks.length })}` : ''}
      </p>
      {p.error}
      {notice && (
        <p className="pl-field-error" role="alert">
          {K[notice]}
        </p>
      )}
      <div className="tb-actions">
        <button type="button" className="btn btn-ghost btn-sm" aria-disabled={p.disabled} onClick={() => !p.disabled && (setPicks(quickPick(picks.length || 5)), setNotice(null))}>
          {K.quickPick}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" aria-disabled={p.disabled} onClick={() => !p.disabled && (setPicks([]), setNotice(null))}>
          {K.clear}
        </button>
      </div>
      <div className="tb-actions">
        <Chips chips={p.rules.bets} chosen={p.chip} label={T.crash.stake} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
        <button type="button" className="btn btn-primary tb-bet" aria-disabled={p.disabled} onClick={bet} data-testid="keno-bet">
          {p.busy ? K.drawing : p.retrying && picks.length > 0 && p.pendingSpot === kenoSpot(picks) ? p.retryLabel : fill(K.bet, { amount: fmt(p.chip) })}
        </button>
      </div>
    </div>
  );
}

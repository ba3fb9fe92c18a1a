/**
 * A plinko game on the game page (issue 34, Plinko and Pachinko): the player picks a risk and a
 * stake and drops a ball; the round is the ball's 12 bounces from the member's seed pair
 * (contract/tables.ts `PLINKO_PAYS`), settled when the ball is dropped, and this page shows its
 * fall peg row by peg row into its bucket (at once with reduced motion). The win and the result
 * line wait for the landing. The risk stays for the next ball.
 */
import { useEffect, useState } from 'react';
import { PLINKO_PAYS, PLINKO_RISKS, PLINKO_ROWS, tableOutcome, type PlinkoRisk } from '../../contract/tables.ts';
import { fill } from '../../client/game-logic.ts';
import { Chips } from './Chips.tsx';
import { factorText, spotName, type BoardProps } from './TableBoard.tsx';
import './plinko.css';

interface Props extends BoardProps {
  onBet: (spot: string) => void;
  /** The spot of the round whose answer was lost: dropping at the same risk again retries that round. */
  pendingSpot: string | null;
}

/** A round's path and risk, or null for a round that is not a plinko round. */
function plinkoOf(r: BoardProps['round']) {
  if (r?.table?.kind !== 'plinko') return null;
  try {
    const o = tableOutcome({ kind: 'plinko' }, r.stops);
    const risk = r.table.bets[0]?.spot as PlinkoRisk;
    return o.kind === 'plinko' && PLINKO_RISKS.includes(risk) ? { path: o.path, bucket: o.bucket, risk, roundId: r.roundId } : null;
  } catch {
    return null;
  }
}

/** The board's size in SVG units: a bucket's width is one unit of 40. */
const W = 13 * 40;
const ROW_H = 28;
const H = (PLINKO_ROWS + 1) * ROW_H + 10;
/** Where the ball is after `row` bounces, `rights` of them to the right. */
const at = (row: number, rights: number) => ({ x: W / 2 + (rights - row / 2) * 40, y: 10 + row * ROW_H });
/** One bounce in milliseconds. */
const STEP_MS = 140;

export default function PlinkoBoard(p: Props) {
  const { T, fmt } = p;
  const P = T.plinko;
  const last = plinkoOf(p.round);
  const [risk, setRisk] = useState<PlinkoRisk>(() => last?.risk ?? 'lowRisk');
  const [still] = useState(() => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  // Rows fallen so far of the round shown; the round whose fall is shown.
  const [fall, setFall] = useState<{ roundId: string; rows: number } | null>(() => (last ? { roundId: last.roundId, rows: PLINKO_ROWS } : null));

  // A new round falls from the top, one row a step (keyed by the round's id: the same round shown
  // again, e.g. after a seed rotation reveals its seed, keeps falling where it was).
  const lastId = last?.roundId ?? null;
  useEffect(() => {
    if (lastId === null) return;
    if (still) return setFall({ roundId: lastId, rows: PLINKO_ROWS });
    setFall((f) => (f?.roundId === lastId ? f : { roundId: lastId, rows: 0 }));
    const timer = setInterval(() => {
      setFall((f) => {
        if (!f || f.roundId !== lastId || f.rows >= PLINKO_ROWS) {
          clearInterval(timer);
          return f;
        }
        return { ...f, rows: f.rows + 1 };
      });
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [lastId, still]);

  const shown = last && fall?.roundId === last.roundId ? last : null;
  const rows = shown ? fall!.rows : 0;
  const landed = shown !== null && rows >= PLINKO_ROWS && !p.busy;
  const falling = (last !== null && !landed) || p.busy;
  const won = landed && Number(p.round!.win) > 0;
  // The buckets of the risk chosen; the landing is marked while that is the risk it fell at.
  const pays = PLINKO_PAYS[risk];
  const landedHere = landed && shown.risk === risk;
  const rightsAt = (row: number) => (shown ? shown.path.slice(0, row).reduce((a, b) => a + b, 0) : 0);
  const ball = shown ? at(rows, rightsAt(rows)) : null;
  const trail = shown ? Array.from({ length: rows + 1 }, (_, r) => at(r, rightsAt(r))) : [];

  return (
    <div className="pk">
      <svg className="pk-board" viewBox={`-10 0 ${W + 20} ${H}`} role="img" aria-label={P.board} data-testid="plinko-board">
        {Array.from({ length: PLINKO_ROWS }, (_, r) =>
          Array.from({ length: r + 3 }, (_, j) => <circle key={`${r}-${j}`} className="pk-peg" cx={W / 2 + (j - (r + 2) / 2) * 40} cy={10 + (r + 1) * ROW_H - ROW_H / 2} r="3" />),
        )}
        {trail.length > 1 && <polyline className="pk-trail" points={trail.map((q) => `${q.x},${q.y}`).join(' ')} />}
        {ball && <circle className="pk-ball" cx={ball.x} cy={ball.y} r="8" />}
      </svg>
      <ol className="pk-buckets" aria-label={P.buckets}>
        {pays.map((tenths, k) => (
          <li
            key={k}
            className={`${tenths >= 10 ? 'is-paying' : ''}${landedHere && shown.bucket === k ? ' is-landed' : ''}`}
            data-testid={landedHere && shown.bucket === k ? 'plinko-landed' : undefined}
          >
            ×{factorText(T, tenths)}
          </li>
        ))}
      </ol>
      <div className={`pl-winbar${won ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{landed ? (won ? fmt(p.round!.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true" data-testid="plinko-result">
        {landed && p.announce ? `${p.announce} ${fill(P.landed, { bucket: shown.bucket + 1, x: factorText(T, PLINKO_PAYS[shown.risk][shown.bucket]!) })}` : ''}
      </p>
      {p.error}
      <div className="tb-actions" role="group" aria-label={P.risk}>
        {PLINKO_RISKS.map((r) => (
          <button key={r} type="button" className="btn btn-ghost btn-sm" aria-pressed={risk === r} onClick={() => setRisk(r)}>
            {spotName(T, r)}
          </button>
        ))}
      </div>
      <div className="tb-actions">
        <Chips chips={p.rules.bets} chosen={p.chip} label={T.crash.stake} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
        <button type="button" className="btn btn-primary tb-bet" aria-disabled={p.disabled || falling} onClick={() => !(p.disabled || falling) && p.onBet(risk)} data-testid="plinko-drop">
          {falling ? P.dropping : p.retrying && p.pendingSpot === risk ? p.retryLabel : fill(P.drop, { amount: fmt(p.chip) })}
        </button>
      </div>
    </div>
  );
}

/**
 * A crash game on the game page (issue 34, the crash lane: Aviator, Rocket, Limbo...): the player
 * names a cash-out target and a stake and bets; the round is one roll of the member's seed pair
 * (contract/tables.ts `crashPoint`), settled by the server when the bet is placed, and this page
 * flies it: the multiplier climbs from ×1.00 along its curve, passes the target (cashed out) or
 * not, and crashes at the round's point. The flight is the round's result drawn, never a source of
 * it: what the player is paid was decided when the server took the bet. The last crash points of
 * the player's rounds are listed as the game's road. Reduced motion shows the result at once.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CRASH_MAX, CRASH_MIN_TARGET, crashSpot, crashTarget, tableOutcome } from '../../contract/tables.ts';
import type { PlayedRound } from '../../contract/play.ts';
import { fill } from '../../client/game-logic.ts';
import { Chips } from './Chips.tsx';
import { multiplierText, type BoardProps } from './TableBoard.tsx';
import './crash.css';

interface Props extends BoardProps {
  history: PlayedRound[];
  onBet: (spot: string) => void;
  /** The spot of the round whose answer was lost: betting on it again retries that round. */
  pendingSpot: string | null;
}

/** The targets offered as one-tap buttons, in hundredths. */
const PRESETS = [150, 200, 500, 1_000] as const;
/** Growth of the multiplier, per second, on a short flight: ×2 after 2.3 s. */
const RATE = 0.3;
/** The longest flight shown: a higher point climbs faster. */
const LONGEST_S = 7;

/** A typed target ('2', '2.5', '2,50') in hundredths, or null when it is not one a round takes. */
export function parseTarget(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(t)) return null;
  const h = Math.round(Number(t) * 100);
  return h >= CRASH_MIN_TARGET && h <= CRASH_MAX ? h : null;
}

/** The spot of a typed target, or null. */
const crashSpotOf = (text: string) => {
  const t = parseTarget(text);
  return t === null ? null : crashSpot(t);
};

/** A round's crash point and its target, or null for a round that is not a crash round. */
function crashOf(r: PlayedRound | null): { point: number; target: number | null } | null {
  if (r?.table?.kind !== 'crash') return null;
  try {
    const o = tableOutcome({ kind: 'crash' }, r.stops);
    return o.kind === 'crash' ? { point: o.point, target: crashTarget(r.table.bets[0]?.spot ?? '') } : null;
  } catch {
    return null;
  }
}

interface Flight {
  roundId: string;
  point: number;
  /** Per second: e^(rate t) is the multiplier t seconds into the flight. */
  rate: number;
  /** Seconds until the crash. */
  duration: number;
  startedAt: number;
}

const flightOf = (roundId: string, point: number, startedAt: number): Flight => {
  const rise = Math.log(point / 100);
  const rate = Math.max(RATE, rise / LONGEST_S);
  return { roundId, point, rate, duration: rise / rate, startedAt };
};

export default function CrashGame(p: Props) {
  const { T, fmt } = p;
  const C = T.crash;
  const id = useId();
  const [text, setText] = useState(() => multiplierText(T, 200));
  const [invalid, setInvalid] = useState(false);
  // Each refused target moves the focus to the field once its message is on the page.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) input.current?.focus();
  }, [refused]);
  const seen = useRef<string | null>(p.round?.roundId ?? null);
  const [still] = useState(() => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  const input = useRef<HTMLInputElement>(null);
  const [flight, setFlight] = useState<Flight | null>(null);
  // Seconds into the flight shown (the curve's end); null when no flight is under way.
  const [elapsed, setElapsed] = useState<number | null>(null);

  const current = crashOf(p.round);
  // The last round's win, if it is a crash round (a round this game played as a slot before is not shown).
  const won = current !== null && Number(p.round!.win) > 0;

  // A new round flies (unless motion is reduced): its multiplier climbs to its point.
  useEffect(() => {
    const c = crashOf(p.round);
    if (!p.round || p.round.roundId === seen.current || !c) return;
    seen.current = p.round.roundId;
    if (still || c.point <= 100) return;
    setFlight(flightOf(p.round.roundId, c.point, performance.now()));
    setElapsed(0);
  }, [p.round, still]);

  useEffect(() => {
    if (!flight) return;
    let frame = requestAnimationFrame(function tick(now) {
      const t = (now - flight.startedAt) / 1000;
      if (t >= flight.duration) {
        setElapsed(null);
        setFlight(null);
        return;
      }
      setElapsed(t);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [flight]);

  // A round that has just arrived flies from this render on (its result is not shown before its flight).
  const arriving = current !== null && p.round!.roundId !== seen.current && !still && current.point > 100;
  const flying = arriving || (flight !== null && elapsed !== null);
  // The multiplier shown, in hundredths: climbing during a flight, the point after it.
  const shown = arriving ? 100 : flight && elapsed !== null ? Math.min(flight.point, Math.floor(100 * Math.exp(flight.rate * elapsed))) : (current?.point ?? null);
  const target = current?.target ?? null;
  // The curve: climbing during a flight; after it (or with reduced motion) the whole flight to the point.
  const drawn =
    flight && elapsed !== null && !arriving
      ? { flight, elapsed }
      : !flying && current && current.point > 100
        ? (() => {
            const f = flightOf('', current.point, 0);
            return { flight: f, elapsed: f.duration };
          })()
        : null;
  const passed = target !== null && shown !== null && won && shown >= target;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (p.disabled || flying) return;
    const t = parseTarget(text);
    setInvalid(t === null);
    // The field, with its message, is where the keyboard and a screen reader go.
    if (t === null) setRefused((n) => n + 1);
    else p.onBet(crashSpot(t));
  };

  const result =
    current && !flying && p.round && !p.busy
      ? `${p.announce} ${won && target !== null ? fill(C.cashedOut, { target: multiplierText(T, target), amount: fmt(p.round.win) }) : target !== null && current.point < target ? fill(C.missed, { point: multiplierText(T, current.point), target: multiplierText(T, target) }) : fill(C.crashed, { point: multiplierText(T, current.point) })}`
      : '';

  // The road waits for the flight to land: the round's point is not shown before.
  const road = p.history
    .filter((r) => !(flying && r.roundId === p.round?.roundId))
    .map(crashOf)
    .filter((c): c is NonNullable<typeof c> => c !== null)
    .slice(0, 12);

  return (
    <div className="cr">
      <div className={`cr-sky${!flying && current ? ' is-crashed' : ''}${passed ? ' is-cashed' : ''}`} role="img" aria-label={C.sky} data-testid="crash-sky">
        <Curve drawn={drawn} />
        <strong className="cr-multiplier" aria-hidden="true" data-testid="crash-multiplier">
          {shown === null ? '×1' + C.decimal + '00' : `×${multiplierText(T, shown)}`}
        </strong>
        {passed && target !== null && (
          <span className="cr-cashed" aria-hidden="true">
            {fill(C.cashedOut, { target: multiplierText(T, target), amount: fmt(p.round!.win) })}
          </span>
        )}
      </div>
      <div className={`pl-winbar${won && !flying ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{current && !flying ? (won ? fmt(p.round!.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true" data-testid="crash-result">
        {result}
      </p>
      {p.error}
      <form className="cr-form" onSubmit={submit} noValidate>
        <div className="cr-target">
          <label htmlFor={`${id}-target`}>{C.target}</label>
          <div className="tb-actions">
            <input
              type="text"
              ref={input}
              id={`${id}-target`}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={invalid}
              aria-describedby={`${id}-hint${invalid ? ` ${id}-err` : ''}`}
              onChange={(e) => {
                setText(e.target.value);
                setInvalid(false);
              }}
            />
            <div className="tb-actions" role="group" aria-label={C.presets}>
              {PRESETS.map((h) => (
                <button
                  key={h}
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={fill(C.preset, { target: multiplierText(T, h) })}
                  aria-pressed={parseTarget(text) === h}
                  onClick={() => {
                    setText(multiplierText(T, h));
                    setInvalid(false);
                  }}
                >
                  ×{multiplierText(T, h)}
                </button>
              ))}
            </div>
          </div>
          <p className="muted pl-small" id={`${id}-hint`}>
            {C.targetHint}
          </p>
          {invalid && (
            <p className="pl-field-error" id={`${id}-err`} role="alert">
              {C.targetInvalid}
            </p>
          )}
        </div>
        <div className="tb-actions">
          <Chips chips={p.rules.bets} chosen={p.chip} label={C.stake} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
          <button type="submit" className="btn btn-primary tb-bet" aria-disabled={p.disabled || flying} data-testid="crash-bet">
            {p.busy || flying ? C.flying : p.retrying && p.pendingSpot === crashSpotOf(text) ? p.retryLabel : fill(C.bet, { amount: fmt(p.chip) })}
          </button>
        </div>
      </form>
      <h3 className="cr-road-title">{C.last}</h3>
      {road.length === 0 ? (
        <p className="muted pl-small">{C.none}</p>
      ) : (
        <ol className="cr-road" data-testid="crash-road">
          {road.map((c, i) => (
            <li key={i} className={c.point >= 1_000 ? 'is-high' : c.point >= 200 ? 'is-mid' : 'is-low'}>
              ×{multiplierText(T, c.point)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The flight's curve: time across, the multiplier up, both axes widening as it climbs. */
function Curve({ drawn }: { drawn: { flight: Flight; elapsed: number } | null }) {
  if (!drawn) return <svg className="cr-curve" viewBox="0 0 320 180" aria-hidden="true" />;
  const { flight, elapsed } = drawn;
  const xSpan = Math.max(4, elapsed);
  const top = Math.max(2, Math.exp(flight.rate * elapsed));
  const at = (t: number) => {
    const m = Math.exp(flight.rate * t);
    return [10 + (300 * t) / xSpan, 170 - (160 * (m - 1)) / (top - 1)] as const;
  };
  const points = Array.from({ length: 41 }, (_, i) => at((elapsed * i) / 40));
  const [tx, ty] = points[points.length - 1]!;
  return (
    <svg className="cr-curve" viewBox="0 0 320 180" aria-hidden="true">
      <polygon className="cr-area" points={`10,170 ${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} ${tx.toFixed(1)},170`} />
      <polyline className="cr-line" points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} />
      <circle className="cr-tip" cx={tx} cy={ty} r="7" />
    </svg>
  );
}

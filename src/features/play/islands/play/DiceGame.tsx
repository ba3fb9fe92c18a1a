/**
 * A dice game on the game page (issue 34, the crash lane's Dice): the player sets a win chance
 * (2% to 95%) and a side (under the line or over it), sees what a win pays, and rolls; the round
 * is one roll of 00.00 to 99.99 from the member's seed pair (contract/tables.ts `diceWins`), shown
 * on a track with the winning range. The chance and side stay for the next roll.
 */
import { useId, useState } from 'react';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_ROLLS, diceBet, diceMultiple, diceSpot, diceText, tableOutcome } from '../../contract/tables.ts';
import { fill } from '../../client/game-logic.ts';
import { Chips } from './Chips.tsx';
import { diceSideText, type BoardProps } from './TableBoard.tsx';
import './dice.css';

interface Props extends BoardProps {
  onBet: (spot: string) => void;
  /** The spot of the round whose answer was lost: rolling the same bet again retries that round. */
  pendingSpot: string | null;
}

/** A round's roll and bet, or null for a round that is not a dice round. */
function diceOf(r: BoardProps['round']) {
  if (r?.table?.kind !== 'dice') return null;
  try {
    const o = tableOutcome({ kind: 'dice' }, r.stops);
    const bet = diceBet(r.table.bets[0]?.spot ?? '');
    return o.kind === 'dice' && bet ? { roll: o.roll, bet } : null;
  } catch {
    return null;
  }
}

export default function DiceGame(p: Props) {
  const { T, fmt } = p;
  const D = T.diceGame;
  const id = useId();
  const last = p.busy ? null : diceOf(p.round);
  const [chance, setChance] = useState(() => last?.bet.chance ?? 50);
  const [side, setSide] = useState<'under' | 'over'>(() => last?.bet.side ?? 'under');
  const won = last !== null && Number(p.round!.win) > 0;
  const dec = (text: string) => text.replace('.', T.crash.decimal);
  const times = dec((diceMultiple(chance) / 100).toFixed(2));
  // The winning range on the track, in percent of its width.
  const from = side === 'under' ? 0 : 100 - chance;
  const spot = diceSpot(side, chance);

  return (
    <div className="dc">
      <div className="dc-track" role="img" aria-label={D.track} data-testid="dice-track">
        {/* The range of the bet chosen; the last roll's mark is gold when it won (its own bet's range). */}
        <span className="dc-range" style={{ insetInlineStart: `${from}%`, inlineSize: `${chance}%` }} />
        {last && (
          <span className={`dc-mark${won ? ' is-won' : ''}`} style={{ insetInlineStart: `${(last.roll / DICE_ROLLS) * 100}%` }}>
            {/* The label slides from the mark's right to its left across the track, so it never leaves it. */}
            <strong data-testid="dice-rolled" style={{ transform: `translateX(-${(last.roll / DICE_ROLLS) * 100}%)` }}>
              {dec(diceText(last.roll))}
            </strong>
          </span>
        )}
      </div>
      <div className={`pl-winbar${won ? ' won' : ''}`}>
        <span>{p.winLabel}</span>
        <strong data-testid="play-win">{last ? (won ? fmt(p.round!.win) : p.noWinLabel) : '–'}</strong>
      </div>
      <p className="pl-result" role="status" aria-live="polite" aria-atomic="true" data-testid="dice-result">
        {last && p.announce ? `${p.announce} ${fill(won ? D.won : D.lost, { roll: dec(diceText(last.roll)), side: diceSideText(T, last.bet), amount: fmt(p.round!.win) })}` : ''}
      </p>
      {p.error}
      <div className="dc-form">
        <p className="dc-chance">
          <label htmlFor={`${id}-chance`}>{D.chance}</label> <output htmlFor={`${id}-chance`}>{fill(D.chanceValue, { chance })}</output>
        </p>
        <input
          id={`${id}-chance`}
          type="range"
          min={DICE_MIN_CHANCE}
          max={DICE_MAX_CHANCE}
          step={1}
          value={chance}
          aria-valuetext={fill(D.chanceValue, { chance })}
          onChange={(e) => setChance(Number(e.target.value))}
        />
        <div className="tb-actions" role="group" aria-label={D.side}>
          {(['under', 'over'] as const).map((s) => (
            <button key={s} type="button" className="btn btn-ghost btn-sm" aria-pressed={side === s} onClick={() => setSide(s)}>
              {diceSideText(T, { side: s, chance })}
            </button>
          ))}
        </div>
        <p className="dc-pays" data-testid="dice-pays">
          {fill(D.pays, { x: times })}
        </p>
        <div className="tb-actions">
          <Chips chips={p.rules.bets} chosen={p.chip} label={T.crash.stake} chipLabel={T.chip} fmt={fmt} onChip={p.onChip} />
          <button type="button" className="btn btn-primary tb-bet" aria-disabled={p.disabled} onClick={() => !p.disabled && p.onBet(spot)} data-testid="dice-bet">
            {p.busy ? D.rolling : p.retrying && p.pendingSpot === spot ? p.retryLabel : fill(D.bet, { amount: fmt(p.chip) })}
          </button>
        </div>
      </div>
    </div>
  );
}

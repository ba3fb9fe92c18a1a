/** A table's chips (or a fish game's cannon stakes): a radio group, the chosen one checked. */
import { fill } from '../../client/game-logic.ts';

export function Chips({
  chips,
  chosen,
  label,
  chipLabel,
  fmt,
  onChip,
}: {
  chips: string[];
  chosen: string;
  label: string;
  chipLabel: string;
  fmt: (a: string) => string;
  onChip: (c: string) => void;
}) {
  return (
    <div className="tb-chips" role="radiogroup" aria-label={label}>
      {chips.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={c === chosen}
          className={`tb-chip${c === chosen ? ' is-on' : ''}`}
          onClick={() => onChip(c)}
          aria-label={fill(chipLabel, { amount: fmt(c) })}
        >
          <span aria-hidden="true">{fmt(c)}</span>
        </button>
      ))}
    </div>
  );
}

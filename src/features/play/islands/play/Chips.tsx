/**
 * A table's chips (or a fish game's cannon stakes): a radio group, the chosen one checked. As a
 * radio group is used from the keyboard: one tab stop (the chosen chip), the arrow keys (and Home,
 * End) choose another and move the focus to it.
 */
import { useRef, type KeyboardEvent } from 'react';
import { fill } from '../../client/game-logic.ts';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

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
  const group = useRef<HTMLDivElement>(null);
  const at = Math.max(0, chips.indexOf(chosen));
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? chips.length - 1 : e.key in STEP ? (at + STEP[e.key]! + chips.length) % chips.length : null;
    if (next === null) return;
    e.preventDefault();
    onChip(chips[next]!);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div className="tb-chips" role="radiogroup" aria-label={label} ref={group} onKeyDown={onKey}>
      {chips.map((c, i) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={c === chosen}
          tabIndex={i === at ? 0 : -1}
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

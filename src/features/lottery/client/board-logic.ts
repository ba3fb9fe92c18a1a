/**
 * The betting board's rules, pure (issue 27): what the grid and the typed slots make of a pick,
 * what a pick still lacks, whether a stake is in range, the potential win, and how the slip and
 * the tickets write a selection. No DOM, no React: ../tests/board-logic.test.ts runs them in Node.
 * What each bet type picks is `shapes.ts`; the server checks every ticket again.
 */
import { fill } from '../../../kernel/i18n/browser.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { padded, type BetShape, type Side } from '../shapes.ts';

/** A ticket's selection as the board builds it. */
export interface Pick {
  numbers: number[];
  position?: number;
  side?: Side;
}

/** A ticket on the slip, as the purchase sends it. */
export interface SlipTicket extends Pick {
  betType: string;
  /** API amount ('2.00'). */
  stake: string;
}

/** What a pick still lacks before it can be a ticket. */
export type PickIssue = { key: 'needNumbers'; count: number } | { key: 'needPosition' } | { key: 'needSide' };

/** The words a selection is written with (the lottery catalogue's `board` and `sides`). */
export interface PickWords {
  board: { sscPosition: string; rank: string };
  sides: Record<Side, string>;
}

/**
 * Whether a bet type's numbers are picked on a grid (distinct numbers of a small range) rather
 * than typed one per slot (3- and 4-digit numbers, and repeated digits).
 * @example onGrid(BET_SHAPES['vnNorth.lo2']) // true; onGrid(BET_SHAPES['4d.big']) // false
 */
export function onGrid(shape: BetShape): boolean {
  return shape.distinct && shape.count > 0 && shape.max - shape.min < 100;
}

/**
 * A number pressed on the grid: taken off when picked, added (in order) while the pick is short,
 * and replacing the pick of a one-number bet, so a player can change their mind with one press.
 * @example toggleNumber([3, 7], 5, { count: 3, ... }) // [3, 5, 7]
 */
export function toggleNumber(numbers: readonly number[], n: number, shape: BetShape): number[] {
  if (numbers.includes(n)) return numbers.filter((k) => k !== n);
  if (numbers.length >= shape.count) return shape.count === 1 ? [n] : [...numbers];
  return [...numbers, n].sort((a, b) => a - b);
}

/**
 * Slot `k` of typed numbers as the player typed it (digits only, at most the shape's digits), and
 * the pick's numbers: complete only when every slot holds a number (a ticket's numbers keep their
 * order, and a number above the range is taken as the range's top), else the filled slots, one
 * short at most, so the pick never looks complete before it is.
 * @example typeSlot(['12', ''], 1, '3x4', { count: 2, digits: 2, max: 99, ... }) // { slots: ['12', '34'], numbers: [12, 34] }
 */
export function typeSlot(slots: readonly string[], k: number, text: string, shape: BetShape): { slots: string[]; numbers: number[] } {
  const v = text.replace(/\D/g, '').slice(0, shape.digits);
  const next = Array.from({ length: shape.count }, (_, i) => (i === k ? v : (slots[i] ?? '')));
  const numbers = next.every((t) => t !== '')
    ? next.map((t) => Math.min(shape.max, Number(t)))
    : next
        .filter((t) => t !== '')
        .map(Number)
        .slice(0, shape.count - 1);
  return { slots: next, numbers };
}

/** The typed slots that show a pick's numbers (after a quick pick or a clear). */
export function slotsOf(numbers: readonly number[], shape: BetShape): string[] {
  return numbers.map((n) => padded(n, shape.digits));
}

/** What a pick lacks for its bet type: its numbers first, then its position, then its side; null when it is a ticket. */
export function pickIssue(pick: Pick, shape: BetShape): PickIssue | null {
  if (pick.numbers.length !== shape.count) return { key: 'needNumbers', count: shape.count };
  if (shape.positions && pick.position === undefined) return { key: 'needPosition' };
  if (shape.sides && !pick.side) return { key: 'needSide' };
  return null;
}

/**
 * A stake in minor units when it is an amount within the game's range (2-decimal strings), else null.
 * @example stakeInRange(200n, { min: '1.00', max: '10000.00' }) // 200n
 */
export function stakeInRange(stake: bigint | null, range: { min: string; max: string }): bigint | null {
  return stake !== null && stake >= (parseMinor(range.min) ?? 0n) && stake <= (parseMinor(range.max) ?? 0n) ? stake : null;
}

/**
 * What one ticket pays if it wins once: the stake times the pay (thousandths of the stake),
 * floored to minor units, as the engine pays it.
 * @example potentialWin(200n, 3600) // '7.20'
 */
export function potentialWin(stake: bigint, payMilli: number): string {
  return formatMinor((stake * BigInt(payMilli)) / 1000n);
}

/** The total of a slip's stakes, as an API amount. */
export function slipTotal(slip: readonly { stake: string }[]): string {
  return formatMinor(slip.reduce((s, x) => s + (parseMinor(x.stake) ?? 0n), 0n));
}

/**
 * A position's name: SSC's digits are counted from 1 (its positions start at 0), PK10's ranks as they are.
 * @example positionLabel({ min: 0, max: 4 }, 0, words) // 'Digit 1'
 */
export function positionLabel(positions: { min: number }, n: number, words: PickWords['board']): string {
  return positions.min === 0 ? fill(words.sscPosition, { n: n + 1 }) : fill(words.rank, { n });
}

/**
 * A selection as the slip and the tickets write it: position, side, numbers.
 * @example describePick({ numbers: [7], position: 0 }, BET_SHAPES['ssc.position'], words) // 'Digit 1 · 7'
 */
export function describePick(x: Pick, shape: BetShape, words: PickWords): string {
  const parts: string[] = [];
  if (shape.positions && x.position !== undefined) parts.push(positionLabel(shape.positions, x.position, words.board));
  if (x.side) parts.push(words.sides[x.side]);
  if (x.numbers.length) parts.push(x.numbers.map((n) => padded(n, shape.digits)).join(' '));
  return parts.join(' · ');
}

/**
 * What each bet type's ticket picks, as the betting board draws its pickers (shared by the server
 * and the browser; plain data). The engine's `check` (server/engine/bets.ts) is the rule; a unit
 * test checks the two agree on every bet type.
 */
export type Side = 'big' | 'small' | 'odd' | 'even';

export interface BetShape {
  /** How many numbers a ticket picks; 0: none (the ticket names a side). */
  count: number;
  min: number;
  max: number;
  /** Numbers are written with this many digits (VN 2 or 3, 4D 4). */
  digits: number;
  /** The picks must differ. */
  distinct: boolean;
  /** The position the ticket names: SSC's digits 0-4 (1st to 5th), PK10's ranks 1-10. */
  positions?: { min: number; max: number };
  sides?: readonly Side[];
  /** A draw may pay it several times (lô: each prize whose tail matches). */
  perHit?: boolean;
}

const digit = (positions?: BetShape['positions']): BetShape => ({ count: 1, min: 0, max: 9, digits: 1, distinct: true, ...(positions ? { positions } : {}) });
const vn = (family: string): Record<string, BetShape> => ({
  [`${family}.lo2`]: { count: 1, min: 0, max: 99, digits: 2, distinct: true, perHit: true },
  [`${family}.lo3`]: { count: 1, min: 0, max: 999, digits: 3, distinct: true, perHit: true },
  [`${family}.de`]: { count: 1, min: 0, max: 99, digits: 2, distinct: true },
  [`${family}.head`]: digit(),
  [`${family}.tail`]: digit(),
  [`${family}.xien2`]: { count: 2, min: 0, max: 99, digits: 2, distinct: true },
});
const side = (sides: readonly Side[], positions?: BetShape['positions']): BetShape => ({ count: 0, min: 0, max: 0, digits: 1, distinct: true, sides, ...(positions ? { positions } : {}) });
const balls = (count: number, max: number): BetShape => ({ count, min: 1, max, digits: 2, distinct: true });
const fourD: BetShape = { count: 1, min: 0, max: 9999, digits: 4, distinct: true };

export const BET_SHAPES: Readonly<Record<string, BetShape>> = {
  'ssc.position': digit({ min: 0, max: 4 }),
  'ssc.sumBigSmall': side(['big', 'small']),
  'ssc.sumOddEven': side(['odd', 'even']),
  'ssc.front3': { count: 3, min: 0, max: 9, digits: 1, distinct: false },
  '11x5.any1': balls(1, 11),
  '11x5.any2': balls(2, 11),
  '11x5.any3': balls(3, 11),
  '11x5.first': balls(1, 11),
  'pk10.position': { ...balls(1, 10), positions: { min: 1, max: 10 } },
  'pk10.bigSmall': side(['big', 'small'], { min: 1, max: 10 }),
  'lhc.special': balls(1, 49),
  'lhc.specialBigSmall': side(['big', 'small']),
  'lhc.any1': balls(1, 49),
  ...vn('vnNorth'),
  ...vn('vnSouth'),
  '4d.big': fourD,
  '4d.small': fourD,
  '4d.boxBig': fourD,
};

export { padded } from './tiers.ts';

/** A random valid selection of a bet type (the board's quick pick); `random` answers [0, 1). */
export function quickPick(shape: BetShape, random: () => number = Math.random): { numbers: number[]; position?: number; side?: Side } {
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const numbers: number[] = [];
  while (numbers.length < shape.count) {
    const n = pick(shape.min, shape.max);
    if (!shape.distinct || !numbers.includes(n)) numbers.push(n);
  }
  const out: { numbers: number[]; position?: number; side?: Side } = { numbers: shape.distinct ? numbers.sort((a, b) => a - b) : numbers };
  if (shape.positions) out.position = pick(shape.positions.min, shape.positions.max);
  if (shape.sides) out.side = shape.sides[pick(0, shape.sides.length - 1)];
  return out;
}

/**
 * Bulk entry: tickets typed as text, one per line or separated by commas or semicolons, the
 * numbers of a ticket separated by spaces, dashes or dots ("12 34, 56 78"). Answers the selections,
 * or the first line that does not fit the shape (1-based).
 */
export function parseBulk(shape: BetShape, text: string): { selections: number[][] } | { bad: number } {
  const chunks = text
    .split(/[\n,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  const selections: number[][] = [];
  for (const [i, chunk] of chunks.entries()) {
    const parts = chunk.split(/[\s.\-/]+/).filter(Boolean);
    const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
    const ok = numbers.length === shape.count && numbers.every((n) => Number.isInteger(n) && n >= shape.min && n <= shape.max) && (!shape.distinct || new Set(numbers).size === numbers.length);
    if (!ok) return { bad: i + 1 };
    selections.push(numbers);
  }
  return { selections };
}

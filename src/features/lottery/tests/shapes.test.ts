/**
 * The betting board's shapes (shapes.ts) agree with the engine's rules (bets.ts): every bet type
 * has a shape, quick picks always pass the engine's check, and a pick outside the shape is refused
 * by it; bulk entry reads tickets as players type them.
 */
import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '../server/engine/bets.ts';
import { BET_SHAPES, parseBulk, quickPick } from '../shapes.ts';

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('bet shapes', () => {
  it('exist for exactly the engine’s bet types', () => {
    expect(Object.keys(BET_SHAPES).sort()).toEqual([...BET_TYPES.keys()].sort());
  });

  it('give quick picks the engine accepts, and the engine refuses picks outside them', () => {
    for (const [code, bet] of BET_TYPES) {
      const shape = BET_SHAPES[code]!;
      for (let i = 0; i < 200; i++) expect(bet.check(quickPick(shape, random)), code).toBeNull();
      const valid = quickPick(shape, random);
      if (shape.count > 0) {
        expect(bet.check({ ...valid, numbers: [...valid.numbers.slice(1), shape.max + 1] }), `${code} above max`).not.toBeNull();
        expect(bet.check({ ...valid, numbers: valid.numbers.slice(1) }), `${code} one short`).not.toBeNull();
      }
      if (shape.positions) expect(bet.check({ ...valid, position: shape.positions.max + 1 }), `${code} position`).not.toBeNull();
      if (shape.sides) expect(bet.check({ ...valid, side: shape.sides.includes('big') ? 'odd' : 'big' }), `${code} side`).not.toBeNull();
    }
  });

  it('read bulk entry by lines, commas or semicolons, and name the first ticket that does not fit', () => {
    expect(parseBulk(BET_SHAPES['vnNorth.xien2']!, '12 34\n05-99; 7.8')).toEqual({
      selections: [
        [12, 34],
        [5, 99],
        [7, 8],
      ],
    });
    expect(parseBulk(BET_SHAPES['vnNorth.lo2']!, '01, 02, 100')).toEqual({ bad: 3 });
    expect(parseBulk(BET_SHAPES['vnNorth.xien2']!, '12 12')).toEqual({ bad: 1 });
    expect(parseBulk(BET_SHAPES['ssc.front3']!, '1 1 1')).toEqual({ selections: [[1, 1, 1]] });
    expect(parseBulk(BET_SHAPES['4d.big']!, '0123 ,9999')).toEqual({ selections: [[123], [9999]] });
  });
});

/**
 * The betting board's rules (client/board-logic.ts): what the grid and the typed slots make of a
 * pick, what a pick lacks, the stake's range, the potential win and how a selection is written.
 */
import { describe, expect, it } from 'vitest';
import { BET_SHAPES } from '../shapes.ts';
import { describePick, onGrid, pickIssue, potentialWin, positionLabel, slipTotal, slotsOf, stakeInRange, toggleNumber, typeSlot } from '../client/board-logic.ts';

const shape = (code: string) => BET_SHAPES[code]!;
const words = { board: { sscPosition: 'Digit {{n}}', rank: 'Rank {{n}}' }, sides: { big: 'Big', small: 'Small', odd: 'Odd', even: 'Even' } };

describe('the betting board', () => {
  it('picks small ranges of different numbers on a grid and types the rest', () => {
    expect(onGrid(shape('vnNorth.lo2'))).toBe(true);
    expect(onGrid(shape('lhc.any1'))).toBe(true);
    expect(onGrid(shape('vnNorth.lo3'))).toBe(false);
    expect(onGrid(shape('4d.big'))).toBe(false);
    // Repeated digits cannot be pressed twice on a grid.
    expect(onGrid(shape('ssc.front3'))).toBe(false);
    expect(onGrid(shape('ssc.sumBigSmall'))).toBe(false);
  });

  it('adds a pressed number in order, takes a picked one off, and replaces the pick of a one-number bet', () => {
    const two = shape('vnNorth.xien2');
    expect(toggleNumber([40], 7, two)).toEqual([7, 40]);
    expect(toggleNumber([7, 40], 7, two)).toEqual([40]);
    expect(toggleNumber([7, 40], 50, two)).toEqual([7, 40]);
    expect(toggleNumber([7], 50, shape('vnNorth.lo2'))).toEqual([50]);
  });

  it('keeps typed digits only, and completes the pick only when every slot holds a number', () => {
    const front3 = shape('ssc.front3');
    expect(typeSlot([], 0, '7', front3)).toEqual({ slots: ['7', '', ''], numbers: [7] });
    expect(typeSlot(['7', '', ''], 2, 'x1', front3)).toEqual({ slots: ['7', '', '1'], numbers: [7, 1] });
    // Complete: the numbers keep the slots' order (1 7 1 is not 1 1 7).
    expect(typeSlot(['1', '', '1'], 1, '7', front3)).toEqual({ slots: ['1', '7', '1'], numbers: [1, 7, 1] });
    expect(typeSlot([], 0, '12345', shape('4d.big'))).toEqual({ slots: ['1234'], numbers: [1234] });
    expect(slotsOf([7, 123], shape('4d.big'))).toEqual(['0007', '0123']);
  });

  it('says what a pick lacks: its numbers, then its position, then its side', () => {
    expect(pickIssue({ numbers: [1] }, shape('vnNorth.xien2'))).toEqual({ key: 'needNumbers', count: 2 });
    expect(pickIssue({ numbers: [3] }, shape('pk10.position'))).toEqual({ key: 'needPosition' });
    expect(pickIssue({ numbers: [], position: 2 }, shape('pk10.bigSmall'))).toEqual({ key: 'needSide' });
    expect(pickIssue({ numbers: [], position: 2, side: 'big' }, shape('pk10.bigSmall'))).toBeNull();
  });

  it('takes a stake only within the game’s range, and pays stake times the pay, floored to the cent', () => {
    const range = { min: '1.00', max: '10000.00' };
    expect(stakeInRange(200n, range)).toBe(200n);
    expect(stakeInRange(99n, range)).toBeNull();
    expect(stakeInRange(1_000_001n, range)).toBeNull();
    expect(stakeInRange(null, range)).toBeNull();
    expect(potentialWin(200n, 3600)).toBe('7.20');
    expect(potentialWin(1n, 9800)).toBe('0.09');
    expect(slipTotal([{ stake: '2.00' }, { stake: '0.50' }])).toBe('2.50');
  });

  it('writes a selection as position, side and numbers, counting SSC’s digits from one', () => {
    expect(positionLabel({ min: 0 }, 0, words.board)).toBe('Digit 1');
    expect(positionLabel({ min: 1 }, 3, words.board)).toBe('Rank 3');
    expect(describePick({ numbers: [7], position: 0 }, shape('ssc.position'), words)).toBe('Digit 1 · 7');
    expect(describePick({ numbers: [], position: 4, side: 'small' }, shape('pk10.bigSmall'), words)).toBe('Rank 4 · Small');
    expect(describePick({ numbers: [5, 42] }, shape('vnNorth.xien2'), words)).toBe('05 42');
  });
});

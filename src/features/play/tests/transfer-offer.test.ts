/** What the game page offers to move into an empty game wallet: never the whole main balance by default. */
import { describe, expect, it } from 'vitest';
import { offeredTransfer } from '../client/transfer-offer.ts';

describe('the amount offered for an empty game wallet', () => {
  it('is the brand default, not the whole main balance', () => {
    expect(offeredTransfer('1187.65', '20.00', null)).toBe('20.00');
  });

  it('is the last amount the player moved, when there is one', () => {
    expect(offeredTransfer('1187.65', '20.00', '35.50')).toBe('35.50');
  });

  it('is never more than the main wallet holds', () => {
    expect(offeredTransfer('12.00', '20.00', null)).toBe('12.00');
    expect(offeredTransfer('12.00', '20.00', '35.50')).toBe('12.00');
  });

  it('ignores a remembered amount that is not a positive amount', () => {
    expect(offeredTransfer('100.00', '20.00', 'abc')).toBe('20.00');
    expect(offeredTransfer('100.00', '20.00', '0.00')).toBe('20.00');
  });
});

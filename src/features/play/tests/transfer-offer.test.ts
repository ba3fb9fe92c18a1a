/** What the game page offers to move into an empty game wallet: never the whole main balance by default. */
import { describe, expect, it } from 'vitest';
import { moveIssueText, offeredTransfer, openingTransfer } from '../client/transfer-offer.ts';
import labels from '../i18n/en/play.json';

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

describe('opening a game whose wallet cannot pay its smallest bet', () => {
  const open = { game: '0.00', minBet: '0.50', main: '40.00', brandDefault: '20.00', last: null };

  it('offers an amount by default, and moves all of the main wallet under the rule "all"', () => {
    expect(openingTransfer({ ...open, rule: undefined })).toEqual({ kind: 'ask', amount: '20.00' });
    expect(openingTransfer({ ...open, rule: 'ask', last: '35.50' })).toEqual({ kind: 'ask', amount: '35.50' });
    expect(openingTransfer({ ...open, rule: 'all' })).toEqual({ kind: 'all', amount: '40.00' });
  });

  it('does nothing when the game wallet can pay, or the main wallet is empty', () => {
    expect(openingTransfer({ ...open, game: '0.50', rule: 'all' })).toEqual({ kind: 'none' });
    expect(openingTransfer({ ...open, main: '0.00', rule: 'ask' })).toEqual({ kind: 'none' });
  });
});

describe('what the move form says of a refused amount', () => {
  const o = { words: labels.wallet, fmt: (a: string) => `$${a}`, main: '10.00', example: '25,00' };

  it('names the problem, how much the main wallet has, or an example typed as the page writes numbers', () => {
    expect(moveIssueText(null, o)).toBe('');
    expect(moveIssueText({ key: 'required' }, o)).toBe('Enter an amount.');
    expect(moveIssueText({ key: 'positive' }, o)).toBe('The amount must be above zero.');
    expect(moveIssueText({ key: 'max', max: '10.00' }, o)).toBe('Your main wallet has $10.00.');
    expect(moveIssueText({ key: 'invalid' }, o)).toBe('Enter an amount such as 25,00.');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMinor, parseMinor } from '../money.ts';

describe('formatMinor', () => {
  it('turns minor units into a 2-decimal string', () => {
    expect(formatMinor(123456n)).toBe('1234.56');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(100)).toBe('1.00');
  });

  it('keeps the sign of a negative amount and the precision of a huge one', () => {
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(-123456n)).toBe('-1234.56');
    expect(formatMinor(9_007_199_254_740_993_01n)).toBe('9007199254740993.01');
  });

  it('follows the currency decimals', () => {
    expect(formatMinor(1234n, 0)).toBe('1234');
    expect(formatMinor(1234n, 3)).toBe('1.234');
  });

  it('refuses a fractional number of minor units', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
  });
});

describe('parseMinor', () => {
  it('reads decimal strings into minor units', () => {
    expect(parseMinor('12.5')).toBe(1250n);
    expect(parseMinor('0.01')).toBe(1n);
    expect(parseMinor('7')).toBe(700n);
    expect(parseMinor('7', 0)).toBe(7n);
  });

  it('answers null for text that is not such an amount', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '1.', '.5']) expect(parseMinor(bad), bad).toBeNull();
    expect(parseMinor('1.5', 0)).toBeNull();
  });

  it('round-trips with formatMinor', () => {
    for (const v of [0n, 1n, 99n, 100n, 123456789n]) expect(parseMinor(formatMinor(v))).toBe(v);
  });
});

import { describe, expect, it } from 'vitest';
import { checkAmount, compareAmounts, fromInput, money, toInput } from '../islands/format.ts';
import { submission } from '../client/wallet.ts';
import { memberPageOfLink } from '../../../shell/member-centre/pages.ts';

/** The pages the features declare are the shell's business (src/shell/tests); here, a set like theirs. */
const known = (p: string) => ['deposit', 'withdrawal', 'bonus'].includes(p);

describe('money as the wallet pages show it', () => {
  it('keeps 2 decimals, groups thousands and puts the sign before the symbol', () => {
    expect(money('0.00', '$')).toBe('$0.00');
    expect(money('1234567.5', '$')).toBe('$1,234,567.50');
    expect(money('-20.00', '$')).toBe('-$20.00');
    expect(money('999.99', 'MX$')).toBe('MX$999.99');
  });

  it('writes Spanish amounts as the rest of the Spanish site does, and reads a decimal comma there', () => {
    expect(money('53471.95', '$', 'es')).toBe('$53.471,95');
    expect(money('-20.5', '$', 'es')).toBe('-$20,50');
    expect(toInput('25.50', 'es')).toBe('25,50');
    expect(toInput('25.50', 'en')).toBe('25.50');
    expect(fromInput(' 25,5 ', 'es')).toBe('25.5');
    expect(fromInput('25.5', 'es')).toBe('25.5');
    expect(fromInput('1,234', 'en'), 'English commas are not decimals').toBe('1,234');
  });

  it('compares amount strings exactly, signs included', () => {
    expect(compareAmounts('10.00', '9.99')).toBe(1);
    expect(compareAmounts('-1.00', '0.00')).toBe(-1);
    expect(compareAmounts('5', '5.00')).toBe(0);
  });
});

describe('amounts typed by the player', () => {
  it('are refused when empty, not a number, with 3 decimals, zero or outside the range', () => {
    expect(checkAmount('  ')).toEqual({ key: 'required' });
    expect(checkAmount('12,50')).toEqual({ key: 'invalid' });
    expect(checkAmount('-3')).toEqual({ key: 'invalid' });
    expect(checkAmount('1.005')).toEqual({ key: 'decimals' });
    expect(checkAmount('0.00')).toEqual({ key: 'positive' });
    expect(checkAmount('4.99', { min: '5.00', max: '100.00' })).toEqual({ key: 'min', min: '5.00' });
    expect(checkAmount('100.01', { min: '5.00', max: '100.00' })).toEqual({ key: 'max', max: '100.00' });
  });

  it('are accepted with up to 2 decimals inside the range', () => {
    expect(checkAmount('5', { min: '5.00', max: '100.00' })).toBeNull();
    expect(checkAmount(' 99.9 ', { min: '5.00', max: '100.00' })).toBeNull();
    expect(checkAmount('100.00', { max: '100.00' })).toBeNull();
  });
});

describe('idempotency keys of a form', () => {
  it('stay the same while the same payload is retried, and change for another payload or after success', () => {
    const s = submission();
    const first = s.keyFor({ amount: '10.00' });
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(s.keyFor({ amount: '10.00' })).toBe(first);
    const other = s.keyFor({ amount: '11.00' });
    expect(other).not.toBe(first);
    s.done();
    expect(s.keyFor({ amount: '11.00' })).not.toBe(other);
  });
});

describe('member-centre addresses', () => {
  const origin = 'https://lucky.example';
  it('name a page of /member and /es/member on this site', () => {
    expect(memberPageOfLink('/member?page=deposit', origin, known)).toBe('deposit');
    expect(memberPageOfLink('https://lucky.example/es/member/?page=withdrawal', origin, known)).toBe('withdrawal');
  });

  it('ignore other pages, unknown page names and other sites', () => {
    expect(memberPageOfLink('/member', origin, known)).toBeNull();
    expect(memberPageOfLink('/member?page=missions', origin, known)).toBeNull();
    expect(memberPageOfLink('/promotions?page=deposit', origin, known)).toBeNull();
    expect(memberPageOfLink('https://evil.example/member?page=deposit', origin, known)).toBeNull();
  });
});

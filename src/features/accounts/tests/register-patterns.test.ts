import { describe, expect, it } from 'vitest';
import {
  PATTERNS,
  formatBounds,
  isEmail,
  isMobileNumber,
  isUsernameFormat,
  latestBirthday,
  maskEmail,
  maskMobile,
  matchesRule,
  mobileUsername,
  normaliseDialingCode,
  normaliseInput,
  renderIssue,
  validateRegistration,
  visibleFields,
  yearsBetween,
  type FieldRule,
} from '../registerPatterns.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { readCatalogues } from '../../../kernel/i18n/server.ts';

const rule = (patternId: number, min = 1, max = 50, extra: Partial<FieldRule> = {}): FieldRule => ({
  enabled: true,
  required: false,
  acceptedPattern: String(patternId),
  patternId,
  min,
  max,
  ...extra,
});

/** What each pattern variant accepts and refuses. */
const EXAMPLES: Record<number, { yes: string[]; no: string[] }> = {
  0: { yes: ['abc123', 'ABC', '123'], no: ['abc 123', 'abc_1', 'ñandu'] },
  1: { yes: ['a123', 'Abc'], no: ['1abc', '_abc', 'ab c'] },
  2: { yes: ['0123', '9'], no: ['12a', '+12', '1 2'] },
  3: { yes: ['a.b+c@example.com', 'x@y.co'], no: ['a@b', 'a b@c.com', '@c.com', 'a@.com', 'a@b.c'] },
  4: { yes: ['abC1', 'A'], no: ['abc1', 'AB C'] },
  5: { yes: ['ABC'], no: ['ABc', 'AB1'] },
  6: { yes: ['John Smith', 'Ann'], no: ['John  Smith', ' Ann', 'José', 'Ann2'] },
  7: { yes: ['María José Pérez', "Anne-Marie O'Neil", 'Li Na'], no: ['Madonna', 'John  Smith', 'John 2', ' Ann Lee'] },
  8: { yes: ['a!b@c', 'ñ'], no: ['a b', 'a\tb'] },
  9: { yes: ['สวัสดี'], no: ['สวัส ดี', 'abc'] },
  10: { yes: ['こんにちは', 'カタカナ', '漢字', 'ラーメン'], no: ['abc', 'こん にちは'] },
  11: { yes: ['2024-02-29', '1999-12-31'], no: ['2023-02-29', '12-31-1999', '2024-13-01', '2024-1-01'] },
  12: { yes: ['12-31-1999', '02-29-2024'], no: ['1999-12-31', '02-30-2024'] },
  13: { yes: ['Abcdef1!', 'xY9#'], no: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12', 'Abc def1!'] },
  14: { yes: ['abcXYZ'], no: ['abc1', 'ab c'] },
  15: { yes: ['abc1', '1a'], no: ['abc', '123', 'ab-1'] },
  16: { yes: ['abc1', '123'], no: ['Abc1', 'abc!'] },
  17: { yes: ['a_b1', 'A'], no: ['_ab', '1ab', 'a-b'] },
  18: { yes: ['José María', 'สวัสดี ครับ'], no: ['José  María', 'Jose1'] },
  19: { yes: ['Calle 5', 'abc'], no: ['Calle  5', 'a-b'] },
  20: { yes: ['สวัสดี ครับ'], no: ['hello'] },
  21: { yes: ['山田 太郎', '山田　太郎'], no: ['Yamada Taro'] },
  22: { yes: ['2024-01-31', '01-31-2024'], no: ['31-01-2024', '2024/01/31'] },
  23: { yes: ['+5215512345678', '0551234'], no: ['++52', '52-55', '+'] },
};

describe('the pattern variants of spec 5', () => {
  it('has ids 0 to 23, each with a message in English and Spanish', () => {
    expect(PATTERNS.map((p) => p.id)).toEqual([...Array(24).keys()]);
    const cats = readCatalogues();
    for (const lang of ['en', 'es']) {
      for (let i = 0; i < 24; i++) expect(cats[lang]!.accounts![`reg_pattern_${i}`], `${lang} reg_pattern_${i}`).toBeTypeOf('string');
    }
  });

  for (const [id, ex] of Object.entries(EXAMPLES)) {
    it(`pattern ${id} (${PATTERNS[Number(id)]!.description}) accepts and refuses as it says`, () => {
      const p = PATTERNS[Number(id)]!;
      for (const v of ex.yes) expect({ v, ok: p.test(v) }).toEqual({ v, ok: true });
      for (const v of ex.no) expect({ v, ok: p.test(v) }).toEqual({ v, ok: false });
    });
  }

  it("accepts anything for '*', and any of several comma-separated ids", () => {
    expect(matchesRule('any thing !', { acceptedPattern: '*', patternId: 0 })).toBe(true);
    expect(matchesRule('123', { acceptedPattern: '5, 2', patternId: 5 })).toBe(true);
    expect(matchesRule('ABC', { acceptedPattern: '5,2', patternId: 5 })).toBe(true);
    expect(matchesRule('abc', { acceptedPattern: '5,2', patternId: 5 })).toBe(false);
    expect(matchesRule('abc', { acceptedPattern: '99', patternId: 99 })).toBe(false);
  });
});

describe('messages with bounds', () => {
  it('replaces (min) and (max), and gives one number when they are equal', () => {
    expect(formatBounds('Please enter (min) - (max) digits', 6, 11)).toBe('Please enter 6 - 11 digits');
    expect(formatBounds('Please enter (min) - (max) digits', 6, 6)).toBe('Please enter 6 digits');
    expect(formatBounds('Please fill in your password with (min) - (max) characters', 8, 8)).toBe('Please fill in your password with 8 characters');
    expect(formatBounds('Enter the complete name', 2, 50)).toBe('Enter the complete name');
    expect(formatBounds('at least (min)', 3)).toBe('at least 3');
  });

  it('renders an issue with any catalogue lookup (the browser passes its own strings)', () => {
    const es = readCatalogues().es!.accounts as Record<string, string>;
    expect(renderIssue({ key: 'reg_pattern_2', min: 6, max: 6 }, (k) => es[k]!)).toBe('Introduce 6 dígitos');
  });
});

describe('registration validation', () => {
  const rules = brand().register;
  const register = { mode: 'register' as const, smsVerification: true, mobilePassword: true };
  const mobile = { mode: 'registerMobile' as const, smsVerification: true, mobilePassword: true };

  it('shows the fields the mode and the rules call for, in order', () => {
    expect(visibleFields(rules, register)).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'email', 'affiliateCode']);
    expect(visibleFields(rules, mobile)).toEqual(['mobileNum', 'verificationCode', 'password', 'confirmPassword', 'email', 'affiliateCode']);
    expect(visibleFields(rules, { ...mobile, mobilePassword: false, smsVerification: false })).toEqual(['mobileNum', 'email', 'affiliateCode']);
    expect(visibleFields(rules, { ...register, affiliateHidden: true })).not.toContain('affiliateCode');
  });

  it('always requires username, password and confirmation in register mode, the mobile and code in mobile mode', () => {
    expect(validateRegistration({}, rules, register)).toEqual({
      username: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });
    expect(validateRegistration({}, rules, mobile)).toEqual({
      mobileNum: { key: 'validation.required' },
      verificationCode: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });
  });

  it('requires the code in register mode only when a mobile is typed', () => {
    const base = { username: 'abcdef', password: 'abc123', confirmPassword: 'abc123' };
    expect(validateRegistration(base, rules, register)).toEqual({});
    expect(validateRegistration({ ...base, mobileNum: '5512345678' }, rules, register)).toEqual({ verificationCode: { key: 'validation.required' } });
    expect(validateRegistration({ ...base, mobileNum: '5512345678', verificationCode: 'x'.repeat(256) }, rules, register)).toEqual({
      verificationCode: { key: 'validation.code' },
    });
  });

  it('uses the password length message for a short or long password, the pattern message otherwise', () => {
    const base = { username: 'abcdef', confirmPassword: 'x' };
    expect(validateRegistration({ ...base, password: 'ab1', confirmPassword: 'ab1' }, rules, register).password).toEqual({ key: 'validation.passwordLength', min: 6, max: 20 });
    expect(validateRegistration({ ...base, password: 'abc!23', confirmPassword: 'abc!23' }, rules, register).password).toEqual({ key: 'reg_pattern_0', min: 6, max: 20 });
    expect(validateRegistration({ ...base, password: 'abc123' }, rules, register).confirmPassword).toEqual({ key: 'validation.confirm' });
  });

  it('requires a payment password and the captcha whenever they are shown', () => {
    const r = { ...rules, paymentPassword: rule(2, 6, 6), captcha: rule(2, 4, 4) };
    const issues = validateRegistration({ username: 'abcdef', password: 'abc123', confirmPassword: 'abc123' }, r, register);
    expect(issues).toEqual({ paymentPassword: { key: 'validation.required' }, captcha: { key: 'validation.captcha' } });
  });

  it('checks optional fields only when filled, and required ones always', () => {
    const r = { ...rules, qqNum: rule(2, 5, 12), idNumber: rule(0, 6, 20, { required: true }) };
    const base = { username: 'abcdef', password: 'abc123', confirmPassword: 'abc123' };
    expect(validateRegistration(base, r, register)).toEqual({ idNumber: { key: 'validation.required' } });
    expect(validateRegistration({ ...base, idNumber: 'AB1234', qqNum: '12' }, r, register)).toEqual({ qqNum: { key: 'reg_pattern_2', min: 5, max: 12 } });
  });

  it('does not check fields the brand switched off', () => {
    const base = { username: 'abcdef', password: 'abc123', confirmPassword: 'abc123', qqNum: 'not digits' };
    expect(validateRegistration(base, rules, register)).toEqual({});
  });

  it('trims text fields but never passwords or codes', () => {
    expect(normaliseInput({ username: ' ab ', password: ' p ', verificationCode: ' 1 ', email: ' e@x.com ' })).toEqual({
      username: 'ab',
      password: ' p ',
      verificationCode: ' 1 ',
      email: 'e@x.com',
    });
  });
});

describe('small rules', () => {
  it('makes the mobile username by dropping the leading zero', () => {
    expect(mobileUsername('0551234567')).toBe('551234567');
    expect(mobileUsername('551234567')).toBe('551234567');
  });

  it('checks mobiles, dialing codes, usernames and e-mails', () => {
    expect(isMobileNumber('0551234567')).toBe(true);
    expect(isMobileNumber('5512')).toBe(false);
    expect(isMobileNumber('55 1234567')).toBe(false);
    expect(isMobileNumber('5512345678', brand().register.mobileNum)).toBe(true);
    expect(isMobileNumber('551234567890', brand().register.mobileNum)).toBe(false);
    expect(normaliseDialingCode('+52')).toBe('52');
    expect(normaliseDialingCode('52a')).toBeNull();
    expect(isUsernameFormat('abcdef', brand().register.username)).toBe(true);
    expect(isUsernameFormat('5512345678', brand().register.username)).toBe(true);
    expect(isUsernameFormat('a b', brand().register.username)).toBe(false);
    expect(isEmail('a@example.com')).toBe(true);
    expect(isEmail('a@example')).toBe(false);
  });

  it('masks mobiles and e-mails for display', () => {
    expect(maskMobile('5512345678')).toBe('******5678');
    expect(maskMobile('123')).toBe('***');
    expect(maskEmail('maria@example.com')).toBe('m***@example.com');
  });
});

describe('the birthday and the minimum age (issue 28)', () => {
  it('counts full years, a birthday on 29 February coming of age on 1 March in common years', () => {
    expect(yearsBetween('2008-11-29', '2026-11-29')).toBe(18);
    expect(yearsBetween('2008-11-30', '2026-11-29')).toBe(17);
    expect(yearsBetween('2008-02-29', '2026-02-28')).toBe(17);
    expect(yearsBetween('2008-02-29', '2026-03-01')).toBe(18);
    expect(yearsBetween('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('answers the latest birthday old enough today, also on 29 February', () => {
    expect(latestBirthday(18, '2026-11-29')).toBe('2008-11-29');
    expect(latestBirthday(21, '2026-01-01')).toBe('2005-01-01');
    expect(latestBirthday(18, '2028-02-29')).toBe('2010-02-28');
    expect(yearsBetween(latestBirthday(18, '2028-02-29'), '2028-02-29')).toBe(18);
    expect(yearsBetween('2010-03-01', '2028-02-29')).toBe(17);
  });

  it('refuses a birthday too recent with the age, and a mistyped one with the format, only where asked', () => {
    const rules = { ...brand().register, birthday: { enabled: true, required: true, patternId: 11, acceptedPattern: '11', min: 10, max: 10 } };
    const o = { mode: 'register' as const, smsVerification: false, mobilePassword: true, age: { minimum: 21, today: '2026-11-29' } };
    const base = { username: 'player1', password: 'Secret123', confirmPassword: 'Secret123' };
    expect(visibleFields(rules, o)).toContain('birthday');
    expect(validateRegistration({ ...base, birthday: '2005-11-29' }, rules, o)).toEqual({});
    expect(validateRegistration({ ...base, birthday: '2005-11-30' }, rules, o)).toEqual({ birthday: { key: 'validation.age', min: 21 } });
    expect(validateRegistration({ ...base, birthday: '2026-11-30' }, rules, o)).toEqual({ birthday: { key: 'reg_pattern_11' } });
    expect(validateRegistration({ ...base, birthday: '1890-01-01' }, rules, o)).toEqual({ birthday: { key: 'reg_pattern_11' } });
    expect(validateRegistration({ ...base, birthday: '2005-02-30' }, rules, o)).toEqual({ birthday: { key: 'reg_pattern_11', min: 10, max: 10 } });
    expect(validateRegistration(base, rules, o)).toEqual({ birthday: { key: 'validation.required' } });
    // Off by default: not shown, not checked.
    expect(visibleFields(brand().register, o)).not.toContain('birthday');
    expect(validateRegistration({ ...base, birthday: '2026-11-30' }, brand().register, o)).toEqual({});
  });
});

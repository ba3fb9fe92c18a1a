import { describe, expect, it } from 'vitest';
import { readCatalogues } from '../../../kernel/i18n/server.ts';
import { ACCOUNT_ERRORS } from '../contract.ts';

const cats = readCatalogues();
const get = (lang: string, ns: string, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], cats[lang]![ns]);

describe('the messages of spec sections 5 and 8', () => {
  // Exact English texts of the spec, and where the catalogue keeps them.
  const spec: Array<[string, string, string]> = [
    ['accounts', 'validation.passwordLength', 'Please fill in your password with (min) - (max) characters'],
    ['accounts', 'validation.code', 'Please enter a valid verification code'],
    ['accounts', 'validation.mobile', 'Please enter a valid mobile number'],
    ['accounts', 'validation.confirm', 'Incorrect confirmation input'],
    ['accounts', 'validation.invitation', 'Invalid invitation code'],
    ['accounts', 'validation.required', 'Input cannot be empty'],
    ['accounts', 'validation.loginEmpty', 'Please enter the username and password'],
    ['accounts', 'validation.account', 'Account format is incorrect'],
    ['accounts', 'validation.passwordFormat', 'Password format is incorrect'],
    ['accounts', 'validation.email', 'E-mail format is incorrect'],
    ['accounts', 'reg_pattern_7', 'Enter the complete name'],
    ['accounts', 'validation.captcha', 'Enter the captcha'],
    ['accounts', 'sent.password', 'The password has been sent. Please check it out.'],
    ['errors', 'network', 'Network link is abnormal, please try again'],
    ['errors', 'timeout', 'The page took longer time to load, please check your network connectivity'],
    ['errors', 'invalidUrl', 'Invalid URL, please contact customer service'],
    ['errors', 'unknown', 'Unknown error'],
    ['errors', 'popupBlocked', 'Popup blocked. Please allow popups and try again.'],
    ['errors', 'user.not.exist', 'Username/Email does not exist'],
    ['errors', 'login.failed', 'Incorrect username and password'],
    ['errors', 'login.not.session', 'You are not logged in, please login'],
    ['errors', 'verification.required', 'Please complete verification first'],
    ['errors', 'account.agent.nonAgent', 'Non-agents cannot log in'],
    ['errors', 'login.agent.only', 'Only agents can log in'],
    ['errors', 'login.non.member', 'non-member account cannot login'],
    ['errors', 'sms.mobile.invalid', 'Invalid phone number format.'],
    ['errors', 'sms.rate.limited', 'Too many requests, please try again after 5 minutes.'],
    ['errors', 'sms.code.expired', 'Verification code has expired, please send again.'],
    ['errors', 'sms.popup.closed', 'Login failure. Please try again.'],
    ['errors', 'affiliate.invalid', 'Invalid invitation code'],
  ];

  for (const [ns, key, text] of spec) {
    it(`keeps '${text}' (${ns}:${key}) in English, translated in Spanish`, () => {
      expect(get('en', ns, key)).toBe(text);
      const es = get('es', ns, key);
      expect(typeof es).toBe('string');
      expect(es).not.toBe(text);
    });
  }

  it('has a message in both languages for every errorCode a client reacts to', () => {
    const viaOtherKey: Record<string, string> = { 'login.ip.verify': 'loginIp.sms', 'login.ip.verify.invalid': 'loginIp.invalid' };
    for (const code of Object.values(ACCOUNT_ERRORS)) {
      for (const lang of ['en', 'es']) expect({ code, lang, t: typeof get(lang, 'errors', viaOtherKey[code] ?? code) }).toEqual({ code, lang, t: 'string' });
    }
  });

  it('keeps (min) and (max) in the Spanish pattern messages where the English has them', () => {
    for (let i = 0; i < 24; i++) {
      const en = get('en', 'accounts', `reg_pattern_${i}`) as string;
      const es = get('es', 'accounts', `reg_pattern_${i}`) as string;
      expect([es.includes('(min)'), es.includes('(max)')]).toEqual([en.includes('(min)'), en.includes('(max)')]);
    }
  });
});

/**
 * The forgot-password form's store (src/features/accounts/client/forgot-password-flow.ts) and the
 * mobile + sms code pair it shares with the sms login (client/mobile-code.ts), against a scripted
 * API: the brand's default way, the checks before sending, what is sent, and where a refusal goes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import type { FieldRule } from '../registerPatterns.ts';

const sent: { name: string; body?: Record<string, unknown> }[] = [];
const dialogs: string[] = [];
let answer: (name: string, body: Record<string, unknown>) => unknown = () => ({});
const rule = (o: Partial<FieldRule> = {}): FieldRule => ({ enabled: true, required: true, acceptedPattern: '*', patternId: 0, min: 0, max: 50, ...o });
const RULES = { password: rule({ min: 6, max: 20 }) };

vi.mock('../client/session.ts', () => ({
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, body: input.body });
      return answer(def.name, input.body ?? {});
    },
  }),
}));
vi.mock('../client/human-check.ts', () => ({ humanCheck: async () => ({ challengeId: 'c1', challengeNonce: '42' }) }));
vi.mock('../client/site.ts', () => ({
  loadStatus: async () => ({}),
  loadRegisterRules: async () => RULES,
  loadCountries: async () => ({
    current: 'MX',
    list: [
      { iso: 'US', dialingCode: '1' },
      { iso: 'MX', dialingCode: '52' },
    ],
  }),
}));
vi.mock('../../../ui/stores/ui.ts', () => ({ showDialog: async (d: { text: string }) => void dialogs.push(d.text) }));

const { createForgotPasswordFlow, forgotMethods } = await import('../client/forgot-password-flow.ts');
const { createMobileCode, mobileIssue } = await import('../client/mobile-code.ts');
const words = { issue: (i: { key: string }) => `issue:${i.key}`, codeSent: 'Code sent' };
const settle = () => new Promise((r) => setTimeout(r, 0));
const make = (flags: Record<string, boolean> = { CHNGPASSMAIL3: true, CHNGPASSVERIF3: true }) => createForgotPasswordFlow({ words, flags: () => flags });

beforeEach(() => {
  sent.length = 0;
  dialogs.length = 0;
  answer = (name) => (name === 'smsNoLogin' ? { expiredMinutes: 5 } : {});
});

describe('the forgot-password form store', () => {
  it('resets by mobile when the brand allows it, else by e-mail, and offers the switch only when both are on', () => {
    expect(forgotMethods(null, { CHNGPASSMAIL3: true, CHNGPASSVERIF3: true })).toEqual({ byEmail: true, byMobile: true, method: 'mobile' });
    expect(forgotMethods(null, { CHNGPASSMAIL3: true })).toMatchObject({ byMobile: false, method: 'email' });
    expect(forgotMethods('email', { CHNGPASSVERIF3: true }).method).toBe('email');
  });

  it("loads the rules and the visitor's dialing code on opening", async () => {
    const flow = make();
    flow.open();
    await settle();
    expect(flow.$forgot.get().rules).toEqual(RULES);
    expect(flow.phone.$phone.get().dial).toBe('52');
  });

  it('checks the fields of the chosen way before sending anything, and asks for focus on the first error', async () => {
    const flow = make();
    flow.open();
    await settle();
    const done = vi.fn();
    await flow.submit(done);
    expect(flow.$forgot.get()).toMatchObject({
      errors: { mobile: 'issue:validation.required', code: 'issue:validation.required', newPassword: 'issue:validation.required' },
      focusErrors: 1,
    });
    flow.phone.setMobile('12');
    flow.type('newPassword', 'abc');
    await flow.submit(done);
    expect(flow.$forgot.get().errors).toMatchObject({ mobile: 'issue:validation.mobile', newPassword: 'issue:validation.passwordLength' });
    flow.switchMethod('email');
    expect(flow.$forgot.get()).toMatchObject({ errors: {}, formError: null });
    flow.type('username', 'x');
    flow.type('email', 'not-an-address');
    await flow.submit(done);
    expect(flow.$forgot.get().errors).toEqual({ username: 'issue:validation.account', email: 'issue:validation.email' });
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('mails a temporary password after the proof of work, trimmed, and hands on while still busy', async () => {
    const flow = make({ CHNGPASSMAIL3: true });
    flow.type('username', '  demoplayer ');
    flow.type('email', ' demo@example.com ');
    let busyDuringDone: unknown;
    await flow.submit((way) => {
      busyDuringDone = flow.$forgot.get().busy;
      expect(way).toBe('email');
    });
    expect(busyDuringDone).toBe(true);
    expect(sent).toEqual([{ name: 'forgotPasswordEmail', body: { username: 'demoplayer', email: 'demo@example.com', challengeId: 'c1', challengeNonce: '42' } }]);
    expect(flow.$forgot.get().busy).toBe(false);
  });

  it('sets the new password with the sms code, the number and its dialing code', async () => {
    const flow = make();
    flow.open();
    await settle();
    flow.phone.setMobile(' 5512345678 ');
    flow.phone.setCode('123456');
    flow.type('newPassword', 'Secret123');
    const done = vi.fn();
    await flow.submit(done);
    expect(sent).toEqual([{ name: 'setPasswordBySms', body: { newPassword: 'Secret123', mobileNum: '5512345678', countryDialingCode: '52', verificationCode: '123456' } }]);
    expect(done).toHaveBeenCalledWith('mobile');
  });

  it('puts a refused code under its field, and a refusal that names no field above the button', async () => {
    answer = () => {
      throw new ApiFailure('The code is wrong', 'sms.code.invalid', 400);
    };
    const flow = make();
    flow.phone.setMobile('5512345678');
    flow.phone.setCode('000000');
    flow.type('newPassword', 'Secret123');
    await flow.submit(vi.fn());
    expect(flow.$forgot.get()).toMatchObject({ errors: { code: 'The code is wrong' }, formError: null, busy: false, focusErrors: 1 });
    answer = () => {
      throw new ApiFailure('Too many tries', 'rate.limited', 429);
    };
    await flow.submit(vi.fn());
    expect(flow.$forgot.get()).toMatchObject({ errors: {}, formError: 'Too many tries' });
  });

  it('checks the number before a code is sent, and notes the code sent or shows the refusal in a dialog', async () => {
    const flow = make();
    expect(flow.phone.checkMobile()).toBe(false);
    expect(flow.$forgot.get().errors.mobile).toBe('issue:validation.required');
    flow.phone.setMobile('5512345678');
    expect(flow.phone.checkMobile()).toBe(true);
    expect(flow.$forgot.get().errors.mobile).toBeUndefined();
    expect(await flow.phone.sendCode()).toBe(5);
    expect(sent.at(-1)).toMatchObject({ name: 'smsNoLogin', body: { mobileNum: '5512345678', challengeId: 'c1' } });
    expect(flow.$forgot.get().note).toBe('Code sent');
    answer = () => {
      throw new ApiFailure('Wait a minute', 'sms.too.soon', 429);
    };
    expect(await flow.phone.sendCode()).toBeNull();
    expect(flow.$forgot.get().note).toBeNull();
    expect(dialogs).toEqual(['Wait a minute']);
  });
});

describe('the mobile + sms code pair', () => {
  it("keeps a remembered dialing code over the visitor's country", async () => {
    const pair = createMobileCode({ words, onNote: () => {}, onMobileError: () => {}, initial: { mobile: '5512345678', dial: '1' } });
    pair.open();
    await settle();
    expect(pair.$phone.get()).toEqual({ mobile: '5512345678', dial: '1', code: '' });
  });

  it('says what is wrong with a number', () => {
    expect(mobileIssue('  ', words)).toBe('issue:validation.required');
    expect(mobileIssue('12ab', words)).toBe('issue:validation.mobile');
    expect(mobileIssue(' 5512345678 ', words)).toBeUndefined();
  });
});

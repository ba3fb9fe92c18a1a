/**
 * The security centre's store (src/features/accounts/client/authenticator-flow.ts) against a
 * scripted API: setting the app up, the recovery codes, turning it off, the e-mail's code, and
 * where a refusal goes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';

const sent: { name: string; body?: Record<string, unknown> }[] = [];
let answer: (name: string) => unknown;
let totpOn = false;
const info = () => ({ totp: totpOn, recoveryCodesLeft: totpOn ? 10 : 0, mobile: null, payeeName: false, email: 'd***@example.com', emailVerified: false, newAddressProof: totpOn ? 'totp' : null });
const ok = (name: string) =>
  name === 'securityInfo' ? info() : name === 'totpSetup' ? { secret: 'KEY', uri: 'otpauth://x', qrSvg: '<svg/>' } : name === 'totpConfirm' ? { recoveryCodes: ['a1', 'b2'] } : {};

vi.mock('../client/session.ts', () => ({
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, body: input.body });
      return answer(def.name);
    },
  }),
}));

const { authenticatorErrors, createAuthenticatorFlow, qrImage } = await import('../client/authenticator-flow.ts');
const make = () => createAuthenticatorFlow({ words: { required: 'Required' } });

beforeEach(() => {
  sent.length = 0;
  totpOn = false;
  answer = ok;
});

describe('the security centre store', () => {
  it('loads what the account has, and says why when it cannot', async () => {
    const flow = make();
    await flow.load();
    expect(flow.$security.get()).toMatchObject({ info: { totp: false, email: 'd***@example.com' }, loadError: null });
    answer = () => {
      throw new Error('offline');
    };
    await flow.load();
    expect(flow.$security.get().loadError).toBe('offline');
  });

  it('sets the app up with its key and QR code, asks for the password and a code, then shows the recovery codes once', async () => {
    const flow = make();
    await flow.begin();
    expect(flow.$security.get()).toMatchObject({ phase: { kind: 'setup', setup: { secret: 'KEY', qr: qrImage('<svg/>') } }, busy: false });
    await flow.submit();
    expect(flow.$security.get()).toMatchObject({ errors: { password: 'Required', code: 'Required' }, focusErrors: 1 });
    expect(sent.map((c) => c.name)).toEqual(['totpSetup']);
    flow.type('password', 'Demo1234');
    flow.type('code', ' 123456 ');
    totpOn = true;
    await flow.submit();
    expect(sent.at(-2)).toEqual({ name: 'totpConfirm', body: { password: 'Demo1234', code: '123456' } });
    expect(flow.$security.get()).toMatchObject({ phase: { kind: 'codes', codes: ['a1', 'b2'] }, code: '', password: '', info: { totp: true } });
    flow.reset({ kind: 'view' });
    expect(flow.$security.get().phase).toEqual({ kind: 'view' });
  });

  it('verifies the e-mail with its mailed code alone, no password', async () => {
    const flow = make();
    await flow.mailCode();
    expect(flow.$security.get().phase).toEqual({ kind: 'email' });
    expect(authenticatorErrors({ kind: 'email' }, { code: '', password: '' }, 'Required')).toEqual({ code: 'Required' });
    flow.type('code', '654321');
    await flow.submit();
    expect(sent.map((c) => c.name)).toEqual(['emailCode', 'emailVerify', 'securityInfo']);
    expect(flow.$security.get().phase).toEqual({ kind: 'view' });
  });

  it('puts a refused code under its field, and other refusals above the buttons', async () => {
    const flow = make();
    flow.reset({ kind: 'disable' });
    flow.type('password', 'Demo1234');
    flow.type('code', 'abcd-efgh');
    answer = () => {
      throw new ApiFailure('That code is not right', 'totp.invalid', 400, { code: 'That code is not right' });
    };
    await flow.submit();
    expect(flow.$security.get()).toMatchObject({ phase: { kind: 'disable' }, errors: { code: 'That code is not right' }, formError: null, busy: false, focusErrors: 1 });
    answer = () => {
      throw new ApiFailure('Too many tries', 'rate.limited', 429);
    };
    await flow.submit();
    expect(flow.$security.get().formError).toBe('Too many tries');
    await flow.begin();
    expect(flow.$security.get()).toMatchObject({ phase: { kind: 'disable' }, formError: 'Too many tries', busy: false });
  });
});

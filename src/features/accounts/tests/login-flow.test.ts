/**
 * The login form's store (src/features/accounts/client/login-flow.ts) against a scripted API:
 * the checks before sending, the captcha after a refusal, the new-address step, free play.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';

const sent: { name: string; body?: Record<string, unknown> }[] = [];
let answer: (name: string, body: Record<string, unknown>) => unknown = () => null;

vi.mock('../client/session.ts', () => ({
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, body: input.body });
      return answer(def.name, input.body ?? {});
    },
  }),
  loginDeviceId: () => 'device-1',
  merchantCode: () => 'DEMO',
  readRemembered: () => null,
  saveRemembered: () => undefined,
}));
vi.mock('../client/human-check.ts', () => ({ humanCheck: async () => ({ challengeId: 'c1', challengeNonce: '42' }) }));

const { createLoginFlow } = await import('../client/login-flow.ts');
const { ACCOUNT_ERRORS } = await import('../contract.ts');
const words = { required: 'Required', mobile: 'Not a mobile number', captcha: 'Enter the captcha' };
const phone = { mobile: '', dial: '52', code: '' };

beforeEach(() => {
  sent.length = 0;
  answer = () => ({ token: 'T' });
});

describe('the login form store', () => {
  it('checks the fields before sending anything, and asks for focus on the first error', async () => {
    const flow = createLoginFlow({ agent: false, words });
    const done = vi.fn();
    await flow.submit(phone, done);
    expect(flow.$login.get()).toMatchObject({ errors: { username: 'Required', password: 'Required' }, focusErrors: 1 });
    flow.switchMode('sms');
    await flow.submit({ ...phone, mobile: '12' }, done);
    expect(flow.$login.get().errors).toEqual({ mobile: 'Not a mobile number', code: 'Required' });
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('sends a username login with the proof of work, trimmed, and hands the outcome on while still busy', async () => {
    const flow = createLoginFlow({ agent: true, words });
    flow.type('username', '  demoplayer ');
    flow.type('password', 'Demo1234');
    let busyDuringDone: unknown;
    await flow.submit(phone, (outcome) => {
      busyDuringDone = flow.$login.get().busy;
      expect(outcome).toMatchObject({ login: { token: 'T' }, type: 'username', password: 'Demo1234', agent: true });
    });
    expect(busyDuringDone).toBe('login');
    expect(sent[0]).toMatchObject({ name: 'login', body: { username: 'demoplayer', password: 'Demo1234', type: 'username', agentLogin: true, challengeId: 'c1', challengeNonce: '42' } });
    expect(flow.$login.get().busy).toBeNull();
  });

  it('shows the captcha once the server asks for it, and a new one after every refusal', async () => {
    answer = () => {
      throw new ApiFailure('Incorrect username and password', 'login.failed', 400, {}, { captchaRequired: true });
    };
    const flow = createLoginFlow({ agent: false, words });
    flow.type('username', 'someone');
    flow.type('password', 'wrong');
    await flow.submit(phone, vi.fn());
    expect(flow.$login.get()).toMatchObject({ captchaShown: true, captchaVersion: 1, formError: 'Incorrect username and password' });
    await flow.submit(phone, vi.fn());
    expect(flow.$login.get().errors).toEqual({ captcha: 'Enter the captcha' });
    flow.type('captcha', 'ABCD');
    await flow.submit(phone, vi.fn());
    expect(sent.at(-1)!.body).toMatchObject({ captcha: 'ABCD' });
    expect(flow.$login.get()).toMatchObject({ captcha: '', captchaVersion: 2 });
  });

  it('asks a login from a new address for its proof, then sends the same login with the answer', async () => {
    answer = (_name, body) => {
      if (!body.ipVerification) throw new ApiFailure('Enter the code sent to your mobile', ACCOUNT_ERRORS.ipVerify, 403, {}, { method: 'sms', mobile: '55****78', expiredMinutes: 5 });
      return { token: 'T' };
    };
    const flow = createLoginFlow({ agent: false, words });
    flow.type('username', 'demoplayer');
    flow.type('password', 'Demo1234');
    await flow.submit(phone, vi.fn());
    expect(flow.$login.get().ipStep).toMatchObject({ value: { method: 'sms' }, message: 'Enter the code sent to your mobile' });
    const done = vi.fn();
    flow.type('ipAnswer', ' 123456 ');
    await flow.submit(phone, done);
    expect(sent.at(-1)!.body).toMatchObject({ ipVerification: '123456' });
    expect(done).toHaveBeenCalledOnce();
  });

  it('starts free play after the proof of work, and says why when it is refused', async () => {
    const flow = createLoginFlow({ agent: false, words });
    const done = vi.fn();
    await flow.freePlay(done);
    expect(sent[0]).toMatchObject({ name: 'freePlayLogin', body: { challengeId: 'c1', loginDeviceId: 'device-1' } });
    expect(done).toHaveBeenCalledWith({ token: 'T' });
    answer = () => {
      throw new ApiFailure('Free play is not available', 'freeplay.disabled', 403);
    };
    await flow.freePlay(done);
    expect(flow.$login.get()).toMatchObject({ formError: 'Free play is not available', busy: null, verifying: false });
  });
});

/**
 * The change-password form's store (src/features/accounts/client/change-password-flow.ts) against
 * a scripted API: the old password asked only when the login did not just check it, the brand's
 * password rule, the confirmation, and where a refusal goes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import type { FieldRule } from '../registerPatterns.ts';

const sent: { name: string; body?: Record<string, unknown> }[] = [];
let answer: (name: string) => unknown = () => ({});
const memberReloads = vi.fn();
const RULES: Record<string, FieldRule> = { password: { enabled: true, required: true, acceptedPattern: '*', patternId: 0, min: 6, max: 20 } };

vi.mock('../client/session.ts', () => ({
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, body: input.body });
      return answer(def.name);
    },
  }),
  loadMemberInfo: async () => memberReloads(),
}));
vi.mock('../client/site.ts', () => ({ loadRegisterRules: async () => RULES }));

const { changePasswordErrors, createChangePasswordFlow } = await import('../client/change-password-flow.ts');
const words = { issue: (i: { key: string }) => `issue:${i.key}` };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  sent.length = 0;
  memberReloads.mockReset();
  answer = () => ({});
});

describe('the change-password form store', () => {
  it('asks for the old password only when the login did not just check it', () => {
    const empty = { oldPassword: '', newPassword: '', confirm: '', rule: null };
    expect(changePasswordErrors(empty, true, words.issue)).toEqual({
      oldPassword: 'issue:validation.required',
      newPassword: 'issue:validation.required',
      confirmNewPassword: 'issue:validation.required',
    });
    expect(changePasswordErrors(empty, false, words.issue).oldPassword).toBeUndefined();
    expect(createChangePasswordFlow({ words, knownOldPassword: 'Old12345' }).askOld).toBe(false);
  });

  it("checks the new password against the brand's rule and the confirmation before sending anything", async () => {
    const flow = createChangePasswordFlow({ words });
    flow.open();
    await settle();
    flow.type('oldPassword', 'Old12345');
    flow.type('newPassword', 'abc');
    flow.type('confirm', 'abd');
    const done = vi.fn();
    await flow.submit(done);
    expect(flow.$change.get()).toMatchObject({
      errors: { newPassword: 'issue:validation.passwordLength', confirmNewPassword: 'issue:validation.confirm' },
      focusErrors: 1,
    });
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('sends the password the login just checked, reloads the member, then hands on while still busy', async () => {
    const flow = createChangePasswordFlow({ words, knownOldPassword: 'Old12345' });
    flow.type('newPassword', 'New12345');
    flow.type('confirm', 'New12345');
    let busyDuringDone: unknown;
    await flow.submit(() => {
      busyDuringDone = flow.$change.get().busy;
    });
    expect(sent).toEqual([{ name: 'changePassword', body: { oldPassword: 'Old12345', newPassword: 'New12345', confirmNewPassword: 'New12345' } }]);
    expect(memberReloads).toHaveBeenCalledOnce();
    expect(busyDuringDone).toBe(true);
    expect(flow.$change.get().busy).toBe(false);
  });

  it('puts a wrong old password under its field, and other refusals above the button', async () => {
    const flow = createChangePasswordFlow({ words });
    flow.type('oldPassword', 'Wrong123');
    flow.type('newPassword', 'New12345');
    flow.type('confirm', 'New12345');
    answer = () => {
      throw new ApiFailure('The old password is wrong', 'password.old.incorrect', 400);
    };
    await flow.submit(vi.fn());
    expect(flow.$change.get()).toMatchObject({ errors: { oldPassword: 'The old password is wrong' }, formError: null });
    answer = () => {
      throw new ApiFailure('Not like that', 'request.invalid', 400, { newPassword: 'Too weak' });
    };
    await flow.submit(vi.fn());
    expect(flow.$change.get()).toMatchObject({ errors: { newPassword: 'Too weak' }, formError: null });
    answer = () => {
      throw new ApiFailure('Try later', 'system.busy', 500);
    };
    await flow.submit(vi.fn());
    expect(flow.$change.get()).toMatchObject({ errors: {}, formError: 'Try later', busy: false });
  });
});

/**
 * Register account's store (client/register-account.ts) against a scripted API: the required
 * fields, what is sent, the refusals under their fields, and the form after an account is made.
 */
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { createRegisterAccount } from '../client/register-account.ts';
import { fakeApi, type Sent } from './fake-api.ts';

const words = { required: 'Required', done: 'Account {{username}} created.' };

function form(answer: (s: Sent) => unknown = (s) => ({ id: 9, username: s.body!.username, type: s.body!.type })) {
  const api = fakeApi(answer);
  return { api, form: createRegisterAccount({ client: api.client, words }) };
}

function fill(f: ReturnType<typeof createRegisterAccount>) {
  f.type('username', '  newplayer ');
  f.type('password', 'Start1234');
  f.type('confirmPassword', 'Start1234');
}

describe('the register-account store', () => {
  it('says which required fields are empty, asks for focus, and sends nothing', async () => {
    const { api, form: f } = form();
    f.type('username', '   ');
    await f.submit();
    expect(f.$form.get()).toMatchObject({ errors: { username: 'Required', password: 'Required', confirmPassword: 'Required' }, focusErrors: 1 });
    expect(api.sent).toEqual([]);
  });

  it('sends trimmed names and the type as a number, without a nickname when none was typed', async () => {
    const { api, form: f } = form();
    fill(f);
    f.type('type', '1');
    await f.submit();
    expect(api.sent[0]).toEqual({ name: 'agentRegister', body: { username: 'newplayer', password: 'Start1234', confirmPassword: 'Start1234', type: 1 } });
  });

  it('says the account was made, and empties the form but for the type chosen', async () => {
    const { form: f } = form();
    fill(f);
    f.type('type', '1');
    f.type('nickname', ' Nick ');
    await f.submit();
    expect(f.$form.get()).toMatchObject({ done: 'Account newplayer created.', busy: false, errors: {}, values: { username: '', password: '', confirmPassword: '', nickname: '', type: '1' } });
  });

  it("shows the server's refusals under their fields, a taken username under the username, anything else over the button", async () => {
    let failure: unknown = new ApiFailure('Passwords do not match', 'request.invalid', 400, { confirmPassword: 'Passwords do not match' });
    const { form: f } = form(() => {
      throw failure;
    });
    fill(f);
    await f.submit();
    expect(f.$form.get()).toMatchObject({ errors: { confirmPassword: 'Passwords do not match' }, formError: null, focusErrors: 1, done: null });
    failure = new ApiFailure('The username is taken', 'register.username.taken', 409);
    await f.submit();
    expect(f.$form.get()).toMatchObject({ errors: { username: 'The username is taken' }, focusErrors: 2 });
    failure = new ApiFailure('Only agents may do this', 'agent.only', 403);
    await f.submit();
    expect(f.$form.get()).toMatchObject({ errors: {}, formError: 'Only agents may do this', busy: false });
  });

  it('sends once while a registration is on its way', async () => {
    const { api, form: f } = form();
    fill(f);
    const first = f.submit();
    await f.submit();
    await first;
    expect(api.sent).toHaveLength(1);
  });
});

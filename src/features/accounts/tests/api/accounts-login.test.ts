import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { captchaFor, freshIp, lastSms, login, makeUser, requestCode, shiftClock, solved } from '../../../../../tests/support/accounts.ts';
import { passwords } from '../../server/passwords.ts';
import { member, memberSession } from '../../../../app/schema.ts';
import { brand } from '../../../../kernel/brand/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Switches one white-label flag of the demo brand for the rest of a test (restored by the returned function). */
function setFlag(modId: string, on: boolean): () => void {
  const node = brand()
    .whitelabel.flatMap((n) => n.childrenNodes)
    .find((n) => n.modId === modId)!;
  const before = node.enabled;
  node.enabled = on ? '1' : '0';
  return () => {
    node.enabled = before;
  };
}

const auth = (token: string) => ({ headers: { authorization: token } });

describe('login by username and password', () => {
  it('answers a 256-bit token, new at every login, of which only a hash is stored', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const a = await login({ username: u.username, password: u.password }, { ip });
    const b = await login({ username: u.username.toUpperCase(), password: u.password }, { ip });
    expect(a.status).toBe(200);
    expect(a.json.value).toMatchObject({ id: u.id, userName: u.username, customerType: 0, isAgent: false, isTrial: false, idleMinutes: 30 });
    const token: string = a.json.value.token;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(b.json.value.token).not.toBe(token);
    const rows = await t.db.select().from(memberSession).where(eq(memberSession.memberId, u.id));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([token, b.json.value.token].map((x) => createHash('sha256').update(x).digest('hex')).sort());
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await callApi('/wps/member/info', auth(token))).json.value.userName).toBe(u.username);
  });

  it('says firstTimeLogin on the first login only, and then the time and address of the previous one', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const first = await login({ username: u.username, password: u.password }, { ip });
    expect(first.json.value).toMatchObject({ firstTimeLogin: true, lastLoginTime: null, lastLoginIp: null });
    const second = await login({ username: u.username, password: u.password }, { ip });
    expect(second.json.value.firstTimeLogin).toBe(false);
    expect(second.json.value.lastLoginIp).toBe(ip);
    expect(second.json.value.lastLoginTime).toBeGreaterThan(Date.now() - 60_000);
    const info = await callApi('/wps/member/info', auth(second.json.value.token));
    expect(info.json.value).toMatchObject({ firstTimeLogin: false, lastLoginIp: ip });
  });

  it('refuses an empty username or password with the spec message', async () => {
    for (const body of [
      { username: '', password: 'x' },
      { username: 'someone', password: '' },
      { username: '   ', password: 'x' },
    ]) {
      const r = await login(body, { ip: freshIp() });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ errorCode: 'login.empty', message: 'Please enter the username and password' });
    }
  });

  it('trims the username but not the password', async () => {
    const u = await makeUser({ password: ' spaced1 ' });
    const ip = freshIp();
    expect((await login({ username: `  ${u.username} `, password: ' spaced1 ' }, { ip })).json.success).toBe(true);
    expect((await login({ username: u.username, password: 'spaced1' }, { ip })).json.errorCode).toBe('login.failed');
  });

  it('needs an answered proof-of-work challenge, good for one call', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const { callEnc } = await import('../../../../../tests/support/accounts.ts');
    const none = await callEnc('/wps/session/login', 'POST', { username: u.username, password: u.password }, { ip });
    expect(none.json).toMatchObject({ errorCode: 'verification.required', message: 'Please complete verification first' });

    const c = (await callApi('/wps/verification/challenge')).json.value;
    expect(c).toMatchObject({ algorithm: 'SHA-256', difficulty: 4 });
    expect(c.expiresAt).toBeGreaterThan(Date.now());
    const { checkNonce } = await import('../../../../kernel/pow/pow.ts');
    let wrong = 0;
    while (await checkNonce(c.salt, String(wrong), c.difficulty)) wrong++;
    const bad = await callEnc('/wps/session/login', 'POST', { username: u.username, password: u.password, challengeId: c.challengeId, challengeNonce: String(wrong) }, { ip });
    expect(bad.json.errorCode).toBe('verification.required');

    const pow = await solved();
    const ok = await callEnc('/wps/session/login', 'POST', { username: u.username, password: u.password, ...pow }, { ip });
    expect(ok.json.success).toBe(true);
    const again = await callEnc('/wps/session/login', 'POST', { username: u.username, password: u.password, ...pow }, { ip });
    expect(again.json.errorCode).toBe('verification.required');
  });

  it('refuses a challenge after it expires', async () => {
    const clock = shiftClock();
    try {
      const u = await makeUser();
      const pow = await solved();
      clock.advance(3 * 60_000);
      const { callEnc } = await import('../../../../../tests/support/accounts.ts');
      const r = await callEnc('/wps/session/login', 'POST', { username: u.username, password: u.password, ...pow }, { ip: freshIp() });
      expect(r.json.errorCode).toBe('verification.required');
    } finally {
      clock.restore();
    }
  });
});

describe('no user enumeration', () => {
  it('answers an unknown username and a wrong password alike, after checking a hash in both cases', async () => {
    const u = await makeUser();
    const verify = vi.spyOn(passwords, 'verify');
    const unknown = await login({ username: 'nosuchuser42', password: 'Whatever1' }, { ip: freshIp() });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![1]).toBe(await passwords.dummyHash());
    verify.mockClear();
    const wrong = await login({ username: u.username, password: 'Whatever1' }, { ip: freshIp() });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![1]).toBe(u.passwordHash);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json).toEqual({
      success: false,
      errorCode: 'login.failed',
      message: 'Incorrect username and password',
      value: { captchaRequired: false },
    });
  });

  it('makes the dummy hash at the same cost as real ones', async () => {
    const dummy = await passwords.dummyHash();
    expect(dummy.split('$').slice(0, 4)).toEqual((await passwords.hash('x')).split('$').slice(0, 4));
  });

  it('counts failures for unknown usernames exactly like for real ones (captcha after 3)', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await login({ username: 'ghost-user', password: 'nope' }, { ip })).json.value.captchaRequired);
    expect(answers).toEqual([false, false, true]);
  });

  it('answers in Spanish for a Spanish caller', async () => {
    const r = await login({ username: 'nosuchuser42', password: 'x' }, { ip: freshIp(), headers: { language: 'ES' } });
    expect(r.json.message).toBe('Usuario y contraseña incorrectos');
  });
});

describe('captcha and rate limits', () => {
  it('asks for the captcha after 3 failures of an account, checks it once, and lets the right answer in', async () => {
    const u = await makeUser();
    const flags = [];
    for (let i = 0; i < 3; i++) flags.push((await login({ username: u.username, password: 'bad' }, { ip: freshIp() })).json.value.captchaRequired);
    expect(flags).toEqual([false, false, true]);

    const ip = freshIp();
    const missing = await login({ username: u.username, password: u.password }, { ip });
    expect(missing.json).toMatchObject({ errorCode: 'captcha.required', message: 'Enter the captcha', value: { captchaRequired: true } });

    const c = await captchaFor();
    const wrongAnswer = String((Number(c.answer) + 1) % 10_000).padStart(4, '0');
    const wrong = await login({ username: u.username, password: u.password, captcha: wrongAnswer }, { ip, headers: c.headers });
    expect(wrong.json).toMatchObject({ errorCode: 'captcha.invalid', value: { captchaRequired: true } });
    // The captcha was used up by that try, even with the right answer now.
    const reused = await login({ username: u.username, password: u.password, captcha: c.answer }, { ip, headers: c.headers });
    expect(reused.json.errorCode).toBe('captcha.invalid');

    const c2 = await captchaFor();
    const ok = await login({ username: u.username, password: u.password, captcha: c2.answer }, { ip, headers: c2.headers });
    expect(ok.json.success).toBe(true);
    // Success resets the account's count: the next login needs no captcha.
    expect((await login({ username: u.username, password: u.password }, { ip })).json.success).toBe(true);
  });

  it('accepts the captcha id in the body from a client without cookies', async () => {
    const u = await makeUser();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await login({ username: u.username, password: 'bad' }, { ip });
    const c = await captchaFor();
    const ok = await login({ username: u.username, password: u.password, captcha: c.answer, captchaId: c.id }, { ip });
    expect(ok.json.success).toBe(true);
  });

  it('asks for the captcha after 3 failures from one address, whatever the accounts', async () => {
    const ip = freshIp();
    for (const name of ['aaa1', 'bbb2', 'ccc3']) await login({ username: name, password: 'bad' }, { ip });
    const u = await makeUser();
    const r = await login({ username: u.username, password: u.password }, { ip });
    expect(r.json.errorCode).toBe('captcha.required');
  });

  it('locks an account after 10 failures until the window ends, even for the right password', async () => {
    const clock = shiftClock();
    try {
      const u = await makeUser();
      for (let i = 0; i < 10; i++) {
        const c = await captchaFor();
        const r = await login({ username: u.username, password: 'bad', captcha: c.answer }, { ip: freshIp(), headers: c.headers });
        expect(r.json.errorCode).toBe('login.failed');
      }
      const c = await captchaFor();
      const locked = await login({ username: u.username, password: u.password, captcha: c.answer }, { ip: freshIp(), headers: c.headers });
      expect(locked.status).toBe(429);
      expect(locked.json).toMatchObject({ errorCode: 'login.locked', message: 'Too many failed attempts, please try again after 15 minutes.' });
      clock.advance(16 * 60_000);
      const after = await login({ username: u.username, password: u.password }, { ip: freshIp() });
      expect(after.json.success).toBe(true);
    } finally {
      clock.restore();
    }
  });

  it('locks an address after 30 failures, for every account', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const c = await captchaFor();
      await login({ username: `nobody${i}`, password: 'bad', captcha: c.answer }, { ip, headers: c.headers });
    }
    const u = await makeUser();
    const r = await login({ username: u.username, password: u.password }, { ip });
    expect(r.json.errorCode).toBe('login.locked');
    expect((await login({ username: u.username, password: u.password }, { ip: freshIp() })).json.success).toBe(true);
  });

  it('keeps the counters in the database, where every process sees them', async () => {
    const ip = freshIp();
    await login({ username: 'shared-counter', password: 'bad' }, { ip });
    const { rateBucket } = await import('../../../../app/schema.ts');
    const rows = await t.db.select().from(rateBucket).where(eq(rateBucket.key, 'login:acct:shared-counter'));
    expect(rows[0]?.count).toBe(1);
  });
});

describe('who may log in where', () => {
  it('lets only agents log in on the agent page, without saying so before the password is right', async () => {
    const player = await makeUser();
    const agent = await makeUser({ type: 41 });
    const ip = freshIp();
    const refused = await login({ username: player.username, password: player.password, agentLogin: true }, { ip });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ errorCode: 'login.agent.only', message: 'Only agents can log in' });
    const wrong = await login({ username: player.username, password: 'bad', agentLogin: true }, { ip });
    expect(wrong.json.errorCode).toBe('login.failed');
    const ok = await login({ username: agent.username, password: agent.password, agentLogin: true }, { ip });
    expect(ok.json.value).toMatchObject({ isAgent: true, customerType: 41 });
    for (const type of [1, 2, 42]) {
      const a = await makeUser({ type });
      expect((await login({ username: a.username, password: a.password, agentLogin: true }, { ip })).json.value.isAgent).toBe(true);
    }
  });

  it('refuses a frozen account with the non-member message', async () => {
    const u = await makeUser();
    await t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, u.id));
    const r = await login({ username: u.username, password: u.password }, { ip: freshIp() });
    expect(r.json).toMatchObject({ errorCode: 'login.non.member', message: 'non-member account cannot login' });
  });
});

describe('forced password change', () => {
  it('says passwordExpired for the weak default password', async () => {
    const u = await makeUser({ password: brand().accounts.weakDefaultPassword });
    const r = await login({ username: u.username, password: u.password }, { ip: freshIp() });
    expect(r.json.value.passwordExpired).toBe(true);
  });

  it('says passwordExpired for a password older than the brand allows, only while PWDEXPFORCECHANGE3 is on', async () => {
    const u = await makeUser();
    const old = new Date(Date.now() - (brand().accounts.passwordMaxAgeDays + 1) * 86_400_000);
    await t.db.update(member).set({ passwordChangedAt: old }).where(eq(member.id, u.id));
    const ip = freshIp();
    expect((await login({ username: u.username, password: u.password }, { ip })).json.value.passwordExpired).toBe(true);
    const restore = setFlag('PWDEXPFORCECHANGE3', false);
    try {
      expect((await login({ username: u.username, password: u.password }, { ip })).json.value.passwordExpired).toBe(false);
    } finally {
      restore();
    }
  });

  it('does not force a change after an sms login, even with the weak default', async () => {
    const u = await makeUser({ password: brand().accounts.weakDefaultPassword, mobile: '5511110001', countryDialingCode: '52' });
    const ip = freshIp();
    expect((await requestCode('noLogin', '5511110001', '52', { ip })).json.success).toBe(true);
    const code = (await lastSms('5511110001'))!.code!;
    const r = await login({ type: 'sms', username: '5511110001', password: code, countryDialingCode: '52' }, { ip });
    expect(r.json.value).toMatchObject({ userName: u.username, passwordExpired: false });
  });

  it('clears the flag once the password is changed', async () => {
    const u = await makeUser({ password: brand().accounts.weakDefaultPassword });
    const ip = freshIp();
    const first = await login({ username: u.username, password: u.password }, { ip });
    const { callEnc } = await import('../../../../../tests/support/accounts.ts');
    const ch = await callEnc('/wps/member/password', 'POST', { oldPassword: u.password, newPassword: 'Better123', confirmNewPassword: 'Better123' }, { ip, ...auth(first.json.value.token) });
    expect(ch.json).toEqual({ success: true, value: null });
    expect((await login({ username: u.username, password: 'Better123' }, { ip })).json.value.passwordExpired).toBe(false);
  });
});

describe('login from a new address', () => {
  it('sends a code to the registered mobile and lets the owner in with it', async () => {
    const u = await makeUser({ mobile: '5522220001', countryDialingCode: '52' });
    const home = freshIp();
    expect((await login({ username: u.username, password: u.password }, { ip: home })).json.success).toBe(true);
    const away = freshIp();
    const prompt = await login({ username: u.username, password: u.password }, { ip: away });
    expect(prompt.status).toBe(403);
    expect(prompt.json).toMatchObject({
      errorCode: 'login.ip.verify',
      message: 'You are logging in from a new network. Enter the verification code sent to ******0001.',
      value: { method: 'sms', mobile: '******0001', expiredMinutes: 5, captchaRequired: false },
    });
    const sms = await lastSms('5522220001');
    expect(sms!.body).toContain('verification code');
    const wrongCode = sms!.code === '000000' ? '111111' : '000000';
    const wrong = await login({ username: u.username, password: u.password, ipVerification: wrongCode }, { ip: away });
    expect(wrong.json).toMatchObject({ errorCode: 'login.ip.verify.invalid', message: 'The verification is not correct, please try again' });
    const ok = await login({ username: u.username, password: u.password, ipVerification: sms!.code! }, { ip: away });
    expect(ok.json.success).toBe(true);
    // Known now: no second prompt.
    expect((await login({ username: u.username, password: u.password }, { ip: away })).json.success).toBe(true);
    // The home address was known already.
    expect((await login({ username: u.username, password: u.password }, { ip: home })).json.success).toBe(true);
  });

  it('asks for the payee name when the account has no mobile', async () => {
    const u = await makeUser({ payeeName: 'María José Pérez' });
    expect((await login({ username: u.username, password: u.password }, { ip: freshIp() })).json.success).toBe(true);
    const away = freshIp();
    const prompt = await login({ username: u.username, password: u.password }, { ip: away });
    expect(prompt.json).toMatchObject({ errorCode: 'login.ip.verify', value: { method: 'payeeName', mobile: null } });
    expect(prompt.json.message).toBe('You are logging in from a new network. Enter the payee name of this account.');
    expect((await login({ username: u.username, password: u.password, ipVerification: 'Maria Perez' }, { ip: away })).json.errorCode).toBe('login.ip.verify.invalid');
    const ok = await login({ username: u.username, password: u.password, ipVerification: '  maría  josé PÉREZ ' }, { ip: away });
    expect(ok.json.success).toBe(true);
  });

  it('never prompts before the password is right', async () => {
    const u = await makeUser({ payeeName: 'Ana Ruiz' });
    await login({ username: u.username, password: u.password }, { ip: freshIp() });
    const r = await login({ username: u.username, password: 'bad' }, { ip: freshIp() });
    expect(r.json.errorCode).toBe('login.failed');
  });
});

describe('login by sms code', () => {
  it('logs in with a code sent to the registered number, once', async () => {
    const u = await makeUser({ mobile: '5533330001', countryDialingCode: '52' });
    const ip = freshIp();
    const sent = await requestCode('noLogin', '05533330001', '52', { ip });
    expect(sent.json).toMatchObject({ success: true, value: { expiredMinutes: 5 }, message: 'The verification code has been sent' });
    const code = (await lastSms('5533330001'))!.code!;
    const ok = await login({ type: 'sms', username: '05533330001', password: code, countryDialingCode: '+52' }, { ip });
    expect(ok.json.value.userName).toBe(u.username);
    const again = await login({ type: 'sms', username: '5533330001', password: code, countryDialingCode: '52' }, { ip });
    expect(again.json).toMatchObject({ errorCode: 'sms.code.invalid', message: 'Please enter a valid verification code' });
  });

  it('answers a code request for an unknown number the same way, and sends nothing', async () => {
    const ip = freshIp();
    const r = await requestCode('noLogin', '5544449999', '52', { ip });
    expect(r.json).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    expect(await lastSms('5544449999')).toBeNull();
    const l = await login({ type: 'sms', username: '5544449999', password: '123456', countryDialingCode: '52' }, { ip });
    expect(l.json.errorCode).toBe('sms.code.invalid');
  });

  it('refuses a malformed number and is off when MOBILEVERCODELOGIN3 is off', async () => {
    const ip = freshIp();
    const bad = await login({ type: 'sms', username: '55-12', password: '123456' }, { ip });
    expect(bad.json).toMatchObject({ errorCode: 'sms.mobile.invalid', message: 'Invalid phone number format.' });
    const restore = setFlag('MOBILEVERCODELOGIN3', false);
    try {
      expect((await login({ type: 'sms', username: '5512345678', password: '123456' }, { ip })).json.errorCode).toBe('login.sms.disabled');
    } finally {
      restore();
    }
  });
});

describe('free play', () => {
  it('creates a trial account (type 4) with a session, refused account actions', async () => {
    const ip = freshIp();
    const r = await callApi('/wps/session/login/freeplay', { method: 'POST', ip, body: { os: 'web', platform: 'W', gatewayVersion: 3, ...(await solved()) } });
    expect(r.json.value).toMatchObject({ customerType: 4, isTrial: true, isAgent: false, firstTimeLogin: true, passwordExpired: false });
    expect(r.json.value.userName).toMatch(/^guest\d{8}$/);
    const info = await callApi('/wps/member/info', auth(r.json.value.token));
    expect(info.json.value).toMatchObject({ type: 4, isTrial: true, affiliateCode: null });
    const { callEnc } = await import('../../../../../tests/support/accounts.ts');
    const ch = await callEnc('/wps/member/password', 'POST', { oldPassword: 'x', newPassword: 'Abc12345', confirmNewPassword: 'Abc12345' }, { ip, ...auth(r.json.value.token) });
    expect(ch.status).toBe(403);
    expect(ch.json).toMatchObject({ errorCode: 'account.trial', message: 'You need a real account for this. Please register.' });
    // A trial account has no password anyone could type.
    expect((await login({ username: r.json.value.userName, password: '' }, { ip })).json.errorCode).toBe('login.empty');
  });

  it('needs the proof of work, limits trials per address, and is off without FREEPLAY3', async () => {
    const ip = freshIp();
    expect((await callApi('/wps/session/login/freeplay', { method: 'POST', ip, body: {} })).json.errorCode).toBe('verification.required');
    const restore = setFlag('FREEPLAY3', false);
    try {
      const off = await callApi('/wps/session/login/freeplay', { method: 'POST', ip, body: await solved() });
      expect(off.json).toMatchObject({ errorCode: 'freeplay.disabled', message: 'Free play is not available' });
    } finally {
      restore();
    }
    for (let i = 0; i < 20; i++) expect((await callApi('/wps/session/login/freeplay', { method: 'POST', ip, body: await solved() })).json.success).toBe(true);
    const over = await callApi('/wps/session/login/freeplay', { method: 'POST', ip, body: await solved() });
    expect(over.status).toBe(429);
    expect(over.json.errorCode).toBe('freeplay.rate.limited');
  });
});

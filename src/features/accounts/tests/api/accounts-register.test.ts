import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { callEnc, captchaFor, freshIp, lastSms, login, makeUser, requestCode, solved } from '../../../../../tests/support/accounts.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { runOps } from '../../../../app/ops.ts';
import type { RegisterRule } from '../../../../kernel/brand/types.ts';
import { clock } from '../../../../kernel/clock.ts';
import { addDays, dayIn } from '../../../../kernel/days.ts';
import { eq } from 'drizzle-orm';
import { member } from '../../server/tables.ts';
import { latestBirthday } from '../../registerPatterns.ts';
import { accountGates, provideAccountGates } from '../../server/gates.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

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

function setRule(field: string, patch: Partial<RegisterRule>): () => void {
  const before = { ...brand().register[field]! };
  Object.assign(brand().register[field]!, patch);
  return () => {
    brand().register[field] = before;
  };
}

let seq = 0;
const name = () => `reg${Date.now().toString(36).slice(-4)}${++seq}`.slice(0, 16);

async function register(body: Record<string, unknown>, o: { ip?: string; language?: string; headers?: Record<string, string> } = {}) {
  return callEnc(
    '/wps/member/register',
    'PUT',
    { login: true, registerMethod: 'WEB', ...body, ...(await solved()) },
    {
      ip: o.ip ?? freshIp(),
      headers: { ...(o.language ? { language: o.language } : {}), ...o.headers },
    },
  );
}

async function registerMobile(body: Record<string, unknown>, o: { ip?: string } = {}) {
  return callEnc('/wps/member/register/mobile', 'PUT', { login: true, ...body, ...(await solved()) }, { ip: o.ip ?? freshIp() });
}

describe('registration by username', () => {
  it('creates a player and logs it in, first login pending', async () => {
    const username = name();
    const r = await register({ username, password: 'Secret123', confirmPassword: 'Secret123', email: 'new@example.com' });
    expect(r.status).toBe(200);
    expect(r.json.value).toMatchObject({ userName: username, customerType: 0, firstTimeLogin: true, passwordExpired: false });
    const info = await callApi('/wps/member/info', { headers: { authorization: r.json.value.token } });
    expect(info.json.value).toMatchObject({ account: username, email: 'n***@example.com', firstTimeLogin: true });
  });

  it('refuses a taken username whatever its case', async () => {
    const username = name();
    expect((await register({ username, password: 'Secret123', confirmPassword: 'Secret123' })).json.success).toBe(true);
    const r = await register({ username: username.toUpperCase(), password: 'Secret123', confirmPassword: 'Secret123' });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ errorCode: 'register.username.taken', message: 'This username is already taken' });
  });

  it('needs the proof of work', async () => {
    const r = await callEnc('/wps/member/register', 'PUT', { username: name(), password: 'Secret123', confirmPassword: 'Secret123' }, { ip: freshIp() });
    expect(r.json.errorCode).toBe('verification.required');
  });

  it('applies the brand rules with the section 5 messages, one per field', async () => {
    const r = await register({ username: '', password: '', confirmPassword: '' });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('request.invalid');
    expect(r.json.fieldErrors).toEqual({
      username: 'Input cannot be empty',
      password: 'Input cannot be empty',
      confirmPassword: 'Input cannot be empty',
    });

    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ username: 'ab1' }, { username: 'Please enter 6 - 16 letters or digits, starting with a letter' }],
      [{ username: '1abcdef' }, { username: 'Please enter 6 - 16 letters or digits, starting with a letter' }],
      [{ username: 'abc_def' }, { username: 'Please enter 6 - 16 letters or digits, starting with a letter' }],
      [{ username: 'a'.repeat(17) }, { username: 'Please enter 6 - 16 letters or digits, starting with a letter' }],
      [{ password: 'abc', confirmPassword: 'abc' }, { password: 'Please fill in your password with 6 - 20 characters' }],
      [{ password: 'abc def!', confirmPassword: 'abc def!' }, { password: 'Please enter 6 - 20 letters or digits' }],
      [{ confirmPassword: 'Other123' }, { confirmPassword: 'Incorrect confirmation input' }],
      [{ email: 'not-an-email' }, { email: 'E-mail format is incorrect' }],
      [{ email: 'a@b' }, { email: 'E-mail format is incorrect' }],
      [{ mobileNum: '12ab', verificationCode: '123456' }, { mobileNum: 'Please enter a valid mobile number' }],
      [{ mobileNum: '123', verificationCode: '123456' }, { mobileNum: 'Please enter a valid mobile number' }],
      [{ affiliateCode: 'a!' }, { affiliateCode: 'Please enter 4 - 20 letters or digits' }],
      [{ password: '123456', confirmPassword: '123456' }, { password: 'Password format is incorrect' }],
    ];
    for (const [patch, errors] of cases) {
      const body = { username: name(), password: 'Secret123', confirmPassword: 'Secret123', ...patch };
      const res = await register(body);
      expect({ patch, errors: res.json.fieldErrors }).toEqual({ patch, errors });
    }
  });

  it('answers the messages in Spanish for a Spanish caller', async () => {
    const r = await register({ username: 'ab', password: 'abc', confirmPassword: 'abd' }, { language: 'ES' });
    expect(r.json.fieldErrors).toEqual({
      username: 'Introduce 6 - 16 letras o dígitos, empezando por una letra',
      password: 'La contraseña debe tener 6 - 20 caracteres',
      confirmPassword: 'La confirmación no coincide',
    });
  });

  it('asks for the sms code when a mobile is given and REGMOBVERF3 is on, and checks it', async () => {
    const username = name();
    const base = { username, password: 'Secret123', confirmPassword: 'Secret123', mobileNum: '5560000001', countryDialingCode: '52' };
    expect((await register(base)).json.fieldErrors).toEqual({ verificationCode: 'Input cannot be empty' });
    const wrong = await register({ ...base, verificationCode: '000000' });
    expect(wrong.json).toMatchObject({ errorCode: 'sms.code.invalid', message: 'Please enter a valid verification code' });
    expect((await requestCode('register', '5560000001')).json.success).toBe(true);
    const code = (await lastSms('5560000001'))!.code!;
    const ok = await register({ ...base, verificationCode: code });
    expect(ok.json.success).toBe(true);
    const restore = setFlag('REGMOBVERF3', false);
    try {
      const r = await register({ ...base, username: name(), mobileNum: '5560000002' });
      expect(r.json.success).toBe(true);
    } finally {
      restore();
    }
  });

  it('checks fields the brand switches on: full name, payment password (one number when min = max), captcha', async () => {
    const restores = [setRule('payeeName', { enabled: true, required: true }), setRule('paymentPassword', { enabled: true }), setRule('captcha', { enabled: true })];
    try {
      const base = { username: name(), password: 'Secret123', confirmPassword: 'Secret123' };
      const empty = await register(base);
      expect(empty.json.fieldErrors).toEqual({ payeeName: 'Input cannot be empty', paymentPassword: 'Input cannot be empty', captcha: 'Enter the captcha' });
      const bad = await register({ ...base, payeeName: 'Madonna', paymentPassword: '12a', captcha: '1234' });
      expect(bad.json.fieldErrors).toEqual({ payeeName: 'Enter the complete name', paymentPassword: 'Please enter 6 digits' });
      const wrongCaptcha = await register({ ...base, payeeName: 'Ana Ruiz', paymentPassword: '246810', captcha: '0000', captchaId: 'unknown' });
      expect(wrongCaptcha.json).toMatchObject({ errorCode: 'captcha.invalid' });
      const c = await captchaFor();
      const ok = await register({ ...base, payeeName: 'Ana Ruiz', paymentPassword: '246810', captcha: c.answer }, { headers: c.headers });
      expect(ok.json.success).toBe(true);
      const info = await callApi('/wps/member/info', { headers: { authorization: ok.json.value.token } });
      expect(info.json.value.hasPaymentPassword).toBe(true);
    } finally {
      for (const r of restores) r();
    }
  });

  it("accepts anything for a field whose acceptedPattern is '*', within its length", async () => {
    const restore = setRule('line', { enabled: true, acceptedPattern: '*', min: 2, max: 5 });
    try {
      const base = { username: name(), password: 'Secret123', confirmPassword: 'Secret123' };
      expect((await register({ ...base, line: 'x' })).json.fieldErrors).toEqual({ line: 'Please enter 2 - 5 letters or digits' });
      expect((await register({ ...base, line: '@ #!' })).json.success).toBe(true);
    } finally {
      restore();
    }
  });
});

describe('the birthday the brand asks for (issue 28)', () => {
  const today = () => dayIn(clock.now(), brand().timeZone);
  const dayAfter = (d: string) => addDays(d, 1);

  it("refuses an age under the brand's minimum under the field, in the caller's language, and keeps a birthday old enough", async () => {
    const restore = setRule('birthday', { enabled: true, required: true });
    // The brand's minimum age, as player protection tells it (src/app/features.ts).
    const gates = accountGates();
    let minimum = 21;
    provideAccountGates({ ...gates, minimumAge: () => minimum });
    try {
      const latest = latestBirthday(21, today());
      const base = () => ({ username: name(), password: 'Secret123', confirmPassword: 'Secret123' });
      expect((await register(base())).json.fieldErrors).toEqual({ birthday: 'Input cannot be empty' });
      expect((await register({ ...base(), birthday: '31-12-2000' })).json.fieldErrors).toEqual({ birthday: 'Please enter the date as yyyy-MM-dd' });
      expect((await register({ ...base(), birthday: dayAfter(today()) })).json.fieldErrors).toEqual({ birthday: 'Please enter the date as yyyy-MM-dd' });
      const young = await register({ ...base(), birthday: dayAfter(latest) });
      expect(young.json).toMatchObject({ success: false, errorCode: 'request.invalid' });
      expect(young.json.fieldErrors).toEqual({ birthday: 'Please confirm you are 21 years old: you must be at least 21 to register' });
      const es = await register({ ...base(), birthday: dayAfter(latest) }, { language: 'ES' });
      expect(es.json.fieldErrors).toEqual({ birthday: 'Confirma que tienes 21 años: debes tener al menos 21 para registrarte' });
      // 18 is enough where the brand says 18.
      minimum = 18;
      const username = name();
      const ok = await register({ username, password: 'Secret123', confirmPassword: 'Secret123', birthday: latestBirthday(18, today()) });
      expect(ok.json.success, JSON.stringify(ok.json)).toBe(true);
      const [row] = await t.db.select({ profile: member.profile }).from(member).where(eq(member.username, username));
      expect(row?.profile).toMatchObject({ birthday: latestBirthday(18, today()) });
    } finally {
      provideAccountGates(gates);
      restore();
    }
  });

  it('is neither asked, checked nor kept where the brand does not ask for it', async () => {
    expect(brand().register.birthday).toMatchObject({ enabled: false });
    const username = name();
    const ok = await register({ username, password: 'Secret123', confirmPassword: 'Secret123', birthday: dayAfter(today()) });
    expect(ok.json.success).toBe(true);
    const [row] = await t.db.select({ profile: member.profile }).from(member).where(eq(member.username, username));
    expect(row?.profile).not.toHaveProperty('birthday');
  });
});

describe('registration by mobile', () => {
  it('makes the username the mobile without its leading zero, after the sms code', async () => {
    expect((await requestCode('register', '05570000001')).json).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = (await lastSms('5570000001'))!.code!;
    const ip = freshIp();
    const r = await registerMobile({ mobileNum: '05570000001', countryDialingCode: '52', verificationCode: code, password: 'Secret123', confirmPassword: 'Secret123' }, { ip });
    expect(r.json.value).toMatchObject({ userName: '5570000001', customerType: 0 });
    // The registration address is known: a password login from it asks for nothing more; another address is asked.
    expect((await login({ username: '5570000001', password: 'Secret123' }, { ip })).json.success).toBe(true);
    expect((await login({ username: '5570000001', password: 'Secret123' }, { ip: freshIp() })).json.errorCode).toBe('login.ip.verify');
    const info = await callApi('/wps/member/info', { headers: { authorization: r.json.value.token } });
    expect(info.json.value).toMatchObject({ mobile: '******0001', countryDialingCode: '52' });
    // The number is taken now, with or without its zero.
    const again = await requestCode('register', '5570000001');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ errorCode: 'register.mobile.taken', message: 'This mobile number is already registered' });
    const dup = await registerMobile({ mobileNum: '5570000001', verificationCode: code, password: 'Secret123', confirmPassword: 'Secret123' });
    expect(dup.json.errorCode).toBe('register.mobile.taken');
  });

  it('requires the mobile and the code', async () => {
    const r = await registerMobile({ password: 'Secret123', confirmPassword: 'Secret123' });
    expect(r.json.fieldErrors).toEqual({ mobileNum: 'Input cannot be empty', verificationCode: 'Input cannot be empty' });
  });

  it('asks no password when MOBILENUMPASSREG3 is off; the account then logs in by sms', async () => {
    const restore = setFlag('MOBILENUMPASSREG3', false);
    try {
      await requestCode('register', '5570000002');
      const code = (await lastSms('5570000002'))!.code!;
      const r = await registerMobile({ mobileNum: '5570000002', verificationCode: code });
      expect(r.json.success).toBe(true);
      const ip = freshIp();
      await requestCode('noLogin', '5570000002', '52', { ip });
      const loginCode = (await lastSms('5570000002'))!.code!;
      const l = await login({ type: 'sms', username: '5570000002', password: loginCode, countryDialingCode: '52' }, { ip });
      expect(l.json.value.userName).toBe('5570000002');
    } finally {
      restore();
    }
  });

  it('is refused when MOBILENUMREG3 is off', async () => {
    const restore = setFlag('MOBILENUMREG3', false);
    try {
      const r = await registerMobile({ mobileNum: '5570000003', verificationCode: '123456' });
      expect(r.json).toMatchObject({ errorCode: 'register.mobile.disabled' });
    } finally {
      restore();
    }
  });

  it('refuses an invalid number for a registration code', async () => {
    const r = await requestCode('register', '12');
    expect(r.json).toMatchObject({ errorCode: 'sms.mobile.invalid', message: 'Invalid phone number format.' });
    const missing = await callApi('/wps/verification/sms/register', { method: 'POST', body: { mobileNo: '', countryDialingCode: '52', ...(await solved()) } });
    expect(missing.json).toMatchObject({ errorCode: 'sms.mobile.missing' });
  });
});

describe('affiliate codes', () => {
  it('checks a code, puts the new account under its owner, and refuses an unknown one', async () => {
    const agent = await makeUser({ type: 1 });
    const ok = await callApi('/wps/agent/affiliate/check', { query: { code: agent.affiliateCode!.toLowerCase(), domain: 'lucky-demo.example' } });
    expect(ok.json).toEqual({ success: true, value: { affiliateCode: agent.affiliateCode } });
    const bad = await callApi('/wps/agent/affiliate/check', { query: { code: 'NOPE0000' } });
    expect(bad.json).toMatchObject({ success: false, errorCode: 'affiliate.invalid', message: 'Invalid invitation code' });
    expect((await callApi('/wps/agent/affiliate/check')).json.errorCode).toBe('affiliate.invalid');

    const r = await register({ username: name(), password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: agent.affiliateCode });
    const info = await callApi('/wps/member/info', { headers: { authorization: r.json.value.token } });
    expect(info.json.value.upline).toBe(agent.username);
    const viaQuery = await register({ username: name(), password: 'Secret123', confirmPassword: 'Secret123', referralCode: agent.affiliateCode });
    expect((await callApi('/wps/member/info', { headers: { authorization: viaQuery.json.value.token } })).json.value.upline).toBe(agent.username);
    // A player's code is an invite code (invite friends): the player becomes the friend's upline.
    const player = await makeUser({ type: 0 });
    const friend = await register({ username: name(), password: 'Secret123', confirmPassword: 'Secret123', referralCode: player.affiliateCode });
    expect((await callApi('/wps/member/info', { headers: { authorization: friend.json.value.token } })).json.value.upline).toBe(player.username);
    const refused = await register({ username: name(), password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: 'ZZZZ9999' });
    expect(refused.json).toMatchObject({ errorCode: 'affiliate.invalid', message: 'Invalid invitation code' });
  });

  it("answers the site's affiliate information: the code of the agent an operator bound the domain to", async () => {
    const r = await callApi('/wps/agent/affiliate', { query: { domain: 'lucky-demo.example' } });
    expect(r.json.value).toEqual({ domain: 'lucky-demo.example', affiliateCode: null });

    const agent = await makeUser({ type: 2 });
    const player = await makeUser({ type: 0 });
    expect((await runOps(t.db, ['agent:domain', 'bind', '--domain', 'team.example', '--username', player.username], 'test')).ok).toBe(false);
    const bound = await runOps(t.db, ['agent:domain', 'bind', '--domain', 'Team.Example', '--username', agent.username], 'test');
    expect(bound).toMatchObject({ ok: true });
    const site = await callApi('/wps/agent/affiliate', { query: { domain: 'team.example:443' } });
    expect(site.json.value).toEqual({ domain: 'team.example', affiliateCode: agent.affiliateCode });
    expect((await runOps(t.db, ['agent:domain', 'list'], 'test')).output).toBe(`team.example -> ${agent.username}`);

    const unbound = await runOps(t.db, ['agent:domain', 'unbind', '--domain', 'team.example'], 'test');
    expect(unbound.ok).toBe(true);
    expect((await callApi('/wps/agent/affiliate', { query: { domain: 'team.example' } })).json.value.affiliateCode).toBeNull();
    expect((await runOps(t.db, ['agent:domain', 'bind', '--domain', 'not a host', '--username', agent.username], 'test')).ok).toBe(false);
  });
});

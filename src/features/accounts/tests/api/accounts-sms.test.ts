import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../../../../app/schema.ts';
import { scrubOutboxSecrets } from '../../../../providers/outbox/index.ts';
import { clock as appClock } from '../../../../kernel/clock.ts';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { callEnc, freshIp, lastEmail, lastSms, login, makeUser, requestCode, shiftClock, solved } from '../../../../../tests/support/accounts.ts';
import { httpSmsProvider } from '../../../../providers/sms/http.ts';
import { smsProvider, useSmsProvider } from '../../../../providers/sms/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

let mobileSeq = 0;
const newMobile = () => `55800${String(++mobileSeq).padStart(5, '0')}`;

async function setBySms(body: Record<string, string>, ip = freshIp()) {
  return callEnc('/wps/member/password/verification', 'POST', { countryDialingCode: '52', ...body }, { ip });
}

function forgotByEmail(form: Record<string, string>, ip = freshIp(), language = 'EN') {
  return callApi('/wps/member/password/email', {
    method: 'POST',
    ip,
    rawBody: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', language },
  });
}

describe('sms codes', () => {
  it('limits codes per number: a fourth within 5 minutes is refused with the spec message', async () => {
    const clock = shiftClock();
    try {
      const mobile = newMobile();
      await makeUser({ mobile, countryDialingCode: '52' });
      for (let i = 0; i < 3; i++) expect((await requestCode('noLogin', mobile, '52', { ip: freshIp() })).json.success).toBe(true);
      const over = await requestCode('noLogin', mobile, '52', { ip: freshIp() });
      expect(over.status).toBe(429);
      expect(over.json).toMatchObject({ errorCode: 'sms.rate.limited', message: 'Too many requests, please try again after 5 minutes.' });
      expect((await lastSms(mobile))!.count).toBe(3);
      clock.advance(5 * 60_000 + 1000);
      expect((await requestCode('noLogin', mobile, '52', { ip: freshIp() })).json.success).toBe(true);
    } finally {
      clock.restore();
    }
  });

  it('limits codes per address too, whatever the numbers', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await requestCode('noLogin', newMobile(), '52', { ip })).json.success).toBe(true);
    expect((await requestCode('noLogin', newMobile(), '52', { ip })).json.errorCode).toBe('sms.rate.limited');
  });

  it('expires a code after expiredMinutes', async () => {
    const clock = shiftClock();
    try {
      const mobile = newMobile();
      await makeUser({ mobile, countryDialingCode: '52' });
      await requestCode('noLogin', mobile);
      const code = (await lastSms(mobile))!.code!;
      clock.advance(5 * 60_000 + 1000);
      const r = await setBySms({ mobileNum: mobile, verificationCode: code, newPassword: 'Fresh1234' });
      expect(r.json).toMatchObject({ errorCode: 'sms.code.expired', message: 'Verification code has expired, please send again.' });
    } finally {
      clock.restore();
    }
  });

  it('lets a code be used once, and only the newest code of a number', async () => {
    const mobile = newMobile();
    await makeUser({ mobile, countryDialingCode: '52' });
    await requestCode('noLogin', mobile);
    const first = (await lastSms(mobile))!.code!;
    await requestCode('noLogin', mobile);
    const second = (await lastSms(mobile))!.code!;
    if (first !== second) {
      expect((await setBySms({ mobileNum: mobile, verificationCode: first, newPassword: 'Fresh1234' })).json.errorCode).toBe('sms.code.invalid');
    }
    expect((await setBySms({ mobileNum: mobile, verificationCode: second, newPassword: 'Fresh1234' })).json.success).toBe(true);
    expect((await setBySms({ mobileNum: mobile, verificationCode: second, newPassword: 'Fresh5678' })).json.errorCode).toBe('sms.code.invalid');
  });

  it('kills a code after 5 wrong tries, even for the right one then', async () => {
    const mobile = newMobile();
    await makeUser({ mobile, countryDialingCode: '52' });
    await requestCode('noLogin', mobile);
    const code = (await lastSms(mobile))!.code!;
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await setBySms({ mobileNum: mobile, verificationCode: wrong, newPassword: 'Fresh1234' })).json.errorCode).toBe('sms.code.invalid');
    expect((await setBySms({ mobileNum: mobile, verificationCode: code, newPassword: 'Fresh1234' })).json.errorCode).toBe('sms.code.expired');
  });

  it('refuses a code request without the proof of work, or for a bad number', async () => {
    const none = await callApi('/wps/verification/sms/noLogin', { method: 'POST', body: { mobileNum: newMobile(), countryDialingCode: '52' } });
    expect(none.json.errorCode).toBe('verification.required');
    const bad = await requestCode('noLogin', '55a1234567');
    expect(bad.json).toMatchObject({ errorCode: 'sms.mobile.invalid', message: 'Invalid phone number format.' });
    const noDial = await requestCode('noLogin', newMobile(), 'x1');
    expect(noDial.json.errorCode).toBe('sms.mobile.invalid');
  });
});

describe('forgot password by sms', () => {
  it('sets a new password with the code, ends every session, and the old password stops working', async () => {
    const mobile = newMobile();
    const u = await makeUser({ mobile, countryDialingCode: '52' });
    const ip = freshIp();
    const session = (await login({ username: u.username, password: u.password }, { ip })).json.value.token;
    await requestCode('noLogin', mobile, '52', { ip });
    const code = (await lastSms(mobile))!.code!;
    const r = await setBySms({ mobileNum: `0${mobile}`, verificationCode: code, newPassword: 'Fresh1234', confirmNewPassword: 'Fresh1234' }, ip);
    expect(r.json).toEqual({ success: true, value: null });
    expect((await callApi('/wps/member/info', { headers: { authorization: session } })).status).toBe(401);
    expect((await login({ username: u.username, password: u.password }, { ip })).json.errorCode).toBe('login.failed');
    expect((await login({ username: u.username, password: 'Fresh1234' }, { ip })).json.value.passwordExpired).toBe(false);
  });

  it('validates every field with the section 5 messages', async () => {
    const empty = await setBySms({ mobileNum: '', verificationCode: '', newPassword: '' });
    expect(empty.json.fieldErrors).toEqual({ mobileNum: 'Input cannot be empty', verificationCode: 'Input cannot be empty', newPassword: 'Input cannot be empty' });
    const bad = await setBySms({ mobileNum: '12', verificationCode: '1', newPassword: 'no', confirmNewPassword: 'nope' });
    expect(bad.json.fieldErrors).toEqual({
      mobileNum: 'Please enter a valid mobile number',
      newPassword: 'Password format is incorrect',
      confirmNewPassword: 'Incorrect confirmation input',
    });
  });
});

describe('forgot password by e-mail', () => {
  it('mails a temporary password that works once and forces a change; the old one works until then', async () => {
    const u = await makeUser({ email: 'Lost@Example.com' });
    const r = await forgotByEmail({ username: u.username, email: 'lost@example.com', ...(await solved()) });
    expect(r.json).toEqual({ success: true, value: null, message: 'The password has been sent. Please check it out.' });
    const mail = await lastEmail('Lost@Example.com');
    expect(mail!.subject).toContain('temporary password');
    const temp = /is ([A-Za-z0-9]{12})\./.exec(mail!.body)![1]!;
    const ip = freshIp();
    expect((await login({ username: u.username, password: u.password }, { ip })).json.success).toBe(true);
    const l = await login({ username: u.username, password: temp }, { ip });
    expect(l.json.value.passwordExpired).toBe(true);
    // Now the temporary password is the password, until it is changed.
    const ch = await callEnc('/wps/member/password', 'POST', { oldPassword: temp, newPassword: 'Chosen123', confirmNewPassword: 'Chosen123' }, { ip, headers: { authorization: l.json.value.token } });
    expect(ch.json.success).toBe(true);
    expect((await login({ username: u.username, password: 'Chosen123' }, { ip })).json.value.passwordExpired).toBe(false);
  });

  it('answers the same for a username and e-mail that do not belong together, and mails nothing', async () => {
    const u = await makeUser({ email: 'owner@example.com' });
    const r = await forgotByEmail({ username: u.username, email: 'someone@example.com', ...(await solved()) });
    expect(r.json).toEqual({ success: true, value: null, message: 'The password has been sent. Please check it out.' });
    const none = await forgotByEmail({ username: 'nobodyhere', email: 'owner@example.com', ...(await solved()) });
    expect(none.json).toEqual(r.json);
    expect(await lastEmail('someone@example.com')).toBeNull();
    expect(await lastEmail('owner@example.com')).toBeNull();
  });

  it('checks the username and e-mail formats, in English and Spanish', async () => {
    const r = await forgotByEmail({ username: 'a b', email: 'nope' });
    expect(r.json.fieldErrors).toEqual({ username: 'Account format is incorrect', email: 'E-mail format is incorrect' });
    const es = await forgotByEmail({ username: '', email: '' }, freshIp(), 'ES');
    expect(es.json.fieldErrors).toEqual({ username: 'El campo no puede estar vacío', email: 'El campo no puede estar vacío' });
  });

  it('limits requests per username', async () => {
    const u = await makeUser({ email: 'limit@example.com' });
    for (let i = 0; i < 3; i++) expect((await forgotByEmail({ username: u.username, email: 'limit@example.com', ...(await solved()) })).json.success).toBe(true);
    const over = await forgotByEmail({ username: u.username, email: 'limit@example.com', ...(await solved()) });
    expect(over.status).toBe(429);
  });
});

describe('change password', () => {
  it('checks the fields, the old password and a limit on wrong old passwords', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const token = (await login({ username: u.username, password: u.password }, { ip })).json.value.token;
    const change = (body: Record<string, string>) => callEnc('/wps/member/password', 'POST', body, { ip, headers: { authorization: token } });
    expect((await change({})).json.fieldErrors).toEqual({
      oldPassword: 'Input cannot be empty',
      newPassword: 'Input cannot be empty',
      confirmNewPassword: 'Input cannot be empty',
    });
    expect((await change({ oldPassword: u.password, newPassword: 'bad pw', confirmNewPassword: 'x' })).json.fieldErrors).toEqual({
      newPassword: 'Password format is incorrect',
      confirmNewPassword: 'Incorrect confirmation input',
    });
    expect((await change({ oldPassword: u.password, newPassword: '123456', confirmNewPassword: '123456' })).json.fieldErrors).toEqual({
      newPassword: 'Password format is incorrect',
    });
    expect((await change({ oldPassword: u.password, newPassword: u.password, confirmNewPassword: u.password })).json.errorCode).toBe('password.same');
    for (let i = 0; i < 5; i++) {
      const r = await change({ oldPassword: 'Wrong999', newPassword: 'Other123', confirmNewPassword: 'Other123' });
      expect(r.json).toMatchObject({ errorCode: 'password.old.incorrect', message: 'The old password is incorrect' });
    }
    const limited = await change({ oldPassword: u.password, newPassword: 'Other123', confirmNewPassword: 'Other123' });
    expect(limited.status).toBe(429);
  });

  it('is an enc call: plaintext is refused', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const token = (await login({ username: u.username, password: u.password }, { ip })).json.value.token;
    const r = await callApi('/wps/member/password', {
      method: 'POST',
      ip,
      headers: { authorization: token },
      body: { oldPassword: u.password, newPassword: 'Other123', confirmNewPassword: 'Other123' },
    });
    expect(r.json.errorCode).toBe('request.encryption.required');
  });
});

describe('secrets in the sandbox outbox', () => {
  it('keeps an sms code and a temporary password apart from the text and only while they work', async () => {
    const clock = shiftClock();
    try {
      const mobile = newMobile();
      await makeUser({ mobile, countryDialingCode: '52' });
      expect((await requestCode('noLogin', mobile, '52', { ip: freshIp() })).json.success).toBe(true);
      const u = await makeUser({ email: 'kept@example.com' });
      expect((await forgotByEmail({ username: u.username, email: 'kept@example.com', ...(await solved()) })).json.success).toBe(true);
      const code = (await lastSms(mobile))!.code!;
      const temp = /is ([A-Za-z0-9]{12})\./.exec((await lastEmail('kept@example.com'))!.body)![1]!;
      // At rest, the text holds neither secret: only the secret column does, until it expires.
      const rows = await t.db
        .select()
        .from(messageOutbox)
        .where(inArray(messageOutbox.secret, [code, temp]));
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.body).not.toContain(r.secret!);

      clock.advance(5 * 60_000 + 1000); // the sms code's life (the temporary password lives longer)
      expect((await lastSms(mobile))!.body).toContain('••••••');
      expect((await lastSms(mobile))!.code).toBeNull();
      expect((await lastEmail('kept@example.com'))!.body).toContain(temp);
      expect(await scrubOutboxSecrets(t.db, appClock.now())).toBeGreaterThanOrEqual(1);
      expect(await t.db.select().from(messageOutbox).where(eq(messageOutbox.secret, code))).toHaveLength(0);

      clock.advance(24 * 60 * 60_000);
      await scrubOutboxSecrets(t.db, appClock.now());
      expect(await t.db.select().from(messageOutbox).where(eq(messageOutbox.secret, temp))).toHaveLength(0);
      expect((await lastEmail('kept@example.com'))!.body).not.toContain(temp);
    } finally {
      clock.restore();
    }
  });
});

describe('sms providers', () => {
  it('sends through the HTTP provider as one JSON POST with a bearer token', async () => {
    const got: Array<{ auth: string | undefined; type: string | undefined; body: unknown }> = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString()) });
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const provider = httpSmsProvider({ url, token: 'tok-123' });
      await provider.send({ to: '+525512345678', text: 'hello' });
      expect(got[0]).toEqual({ auth: 'Bearer tok-123', type: 'application/json', body: { to: '+525512345678', text: 'hello' } });

      // Wired in: a code request goes through it, and a refusal becomes a clean error.
      useSmsProvider(provider);
      const mobile = newMobile();
      await makeUser({ mobile, countryDialingCode: '52' });
      expect((await requestCode('noLogin', mobile)).json.success).toBe(true);
      expect((got[1]!.body as { to: string }).to).toBe(`+52${mobile}`);
      expect((got[1]!.body as { text: string }).text).toMatch(/verification code is \d{6}/);
      status = 503;
      const failed = await requestCode('noLogin', mobile);
      expect(failed.status).toBe(502);
      expect(failed.json.errorCode).toBe('sms.send.failed');
    } finally {
      useSmsProvider(null);
      server.close();
    }
  });

  it('uses the sandbox by default', () => {
    expect(smsProvider().name).toBe('sandbox');
  });
});

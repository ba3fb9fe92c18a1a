/**
 * A second factor for every account (issue 10): the authenticator app set up from the security
 * centre, asked for first at a login from a new network, with recovery codes; each code good
 * once; the secret encrypted at rest; an account with no proof at all cannot log in from a
 * second network and is told how to add one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { callEnc, freshIp, lastEmail, lastSms, login, makeUser, requestCode } from '../../../../../tests/support/accounts.ts';
import { member } from '../../../../app/schema.ts';
import { currentCode } from '../../server/second-factor.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

/** A player with a session from its first network, and that network. */
async function player(o: { payeeName?: string } = {}) {
  const u = await makeUser(o);
  const home = freshIp();
  const l = await login({ username: u.username, password: u.password }, { ip: home });
  expect(l.json.success).toBe(true);
  const call = (path: string, c: Parameters<typeof callApi>[1] = {}) => callApi(path, { ip: home, ...c, headers: { ...c?.headers, authorization: l.json.value.token } });
  return { ...u, home, token: l.json.value.token as string, call };
}

/** Sends the confirmation of the app (password and code, encrypted). */
const confirm = (p: Awaited<ReturnType<typeof player>>, code: string, password = p.password, language = 'EN') =>
  callEnc('/wps/member/security/totp/confirm', 'POST', { password, code }, { ip: p.home, headers: { authorization: p.token, language } });

/** Sets up the app for `p`; answers its base32 secret and recovery codes. */
async function withApp(p: Awaited<ReturnType<typeof player>>) {
  const s = await p.call('/wps/member/security/totp', { method: 'POST', body: {} });
  expect(s.status).toBe(200);
  expect(s.json.value.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(s.json.value.qrSvg).toMatch(/^<svg/);
  const secret = s.json.value.secret as string;
  const used = currentCode(p.username, secret);
  const ok = await confirm(p, used);
  expect(ok.status).toBe(200);
  return { secret, used, recoveryCodes: ok.json.value.recoveryCodes as string[] };
}

describe('the authenticator app', () => {
  it('is set up with a first code, gives ten recovery codes, and keeps its secret encrypted', async () => {
    const p = await player();
    expect((await p.call('/wps/member/security')).json.value).toMatchObject({ totp: false, newAddressProof: null });
    const s = await p.call('/wps/member/security/totp', { method: 'POST', body: {} });
    const right = currentCode(p.username, s.json.value.secret);
    const wrong = await confirm(p, right === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors).toEqual({ code: 'The code is not correct. Enter the 6 digits your app shows now' });
    const empty = await confirm(p, '', '', 'ES');
    expect(Object.keys(empty.json.fieldErrors).sort()).toEqual(['code', 'password']);
    // The session alone is not enough: a borrowed session does not know the password.
    expect((await confirm(p, right, 'not-the-password')).json.fieldErrors).toMatchObject({ password: expect.any(String) });
    const ok = await confirm(p, right);
    expect(ok.json.value.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.json.value.recoveryCodes).size).toBe(10);
    expect((await p.call('/wps/member/security')).json.value).toMatchObject({ totp: true, recoveryCodesLeft: 10, newAddressProof: 'totp' });
    const [row] = await t.db.select().from(member).where(eq(member.id, p.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(s.json.value.secret);
    // A second set-up is refused while one is on.
    expect((await p.call('/wps/member/security/totp', { method: 'POST', body: {} })).json.errorCode).toBe('totp.already');
  });

  it('is what a login from a new network asks for; a code works once, a recovery code once', async () => {
    const p = await player({ payeeName: 'Ana Gomez' });
    const { secret, used, recoveryCodes } = await withApp(p);
    const away = freshIp();
    const prompt = await login({ username: p.username, password: p.password }, { ip: away });
    expect(prompt.status).toBe(403);
    expect(prompt.json).toMatchObject({ errorCode: 'login.ip.verify', value: { method: 'totp', mobile: null } });
    expect(prompt.json.message).toMatch(/authenticator app/);
    // The payee name no longer suffices: the strongest proof is asked.
    expect((await login({ username: p.username, password: p.password, ipVerification: 'Ana Gomez' }, { ip: away })).json.errorCode).toBe('login.ip.verify.invalid');
    // The code the set-up used is spent: replaying it is refused, whenever it is sent.
    expect((await login({ username: p.username, password: p.password, ipVerification: used }, { ip: away })).json.errorCode).toBe('login.ip.verify.invalid');
    // The app's next code (the server accepts one step either side) logs in, once.
    const next = currentCode(p.username, secret, Date.now() + 30_000);
    expect((await login({ username: p.username, password: p.password, ipVerification: next }, { ip: away })).json.success).toBe(true);
    expect((await login({ username: p.username, password: p.password, ipVerification: next }, { ip: freshIp() })).json.errorCode).toBe('login.ip.verify.invalid');
    // A recovery code from yet another network, once.
    const third = freshIp();
    expect((await login({ username: p.username, password: p.password, ipVerification: recoveryCodes[0]!.toLowerCase() }, { ip: third })).json.success).toBe(true);
    const fourth = freshIp();
    expect((await login({ username: p.username, password: p.password, ipVerification: recoveryCodes[0]! }, { ip: fourth })).json.errorCode).toBe('login.ip.verify.invalid');
    expect((await p.call('/wps/member/security')).json.value.recoveryCodesLeft).toBe(9);
  });

  it('turns off only with the password and a code', async () => {
    const p = await player();
    const { recoveryCodes } = await withApp(p);
    const noPassword = await callEnc('/wps/member/security/totp/disable', 'POST', { password: 'wrong-one', code: recoveryCodes[1] }, { ip: p.home, headers: { authorization: p.token } });
    expect(noPassword.json.fieldErrors).toMatchObject({ password: expect.any(String) });
    const badCode = await callEnc('/wps/member/security/totp/disable', 'POST', { password: p.password, code: 'ZZZZ-ZZZZ' }, { ip: p.home, headers: { authorization: p.token } });
    expect(badCode.json.fieldErrors).toMatchObject({ code: expect.any(String) });
    const off = await callEnc('/wps/member/security/totp/disable', 'POST', { password: p.password, code: recoveryCodes[1] }, { ip: p.home, headers: { authorization: p.token } });
    expect(off.json.success).toBe(true);
    expect((await p.call('/wps/member/security')).json.value).toMatchObject({ totp: false, newAddressProof: null });
  });

  it('counts code tries before checking them: 20 concurrent wrong codes, at most 5 checked', async () => {
    const p = await player();
    const s = await p.call('/wps/member/security/totp', { method: 'POST', body: {} });
    const right = currentCode(p.username, s.json.value.secret);
    const wrongs = Array.from({ length: 20 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongs.map((code) => confirm(p, code)));
    const checked = answers.filter((a) => a.json.errorCode === 'totp.code.invalid').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.json.errorCode === 'totp.rate.limited').length).toBe(20 - checked);
  });
});

describe('the app guards every way in from a new network', () => {
  it('a code by sms alone does not log in from a new network once the app is on', async () => {
    const mobile = `55${String(Date.now()).slice(-8)}`;
    const u = await makeUser({ mobile, countryDialingCode: '52' });
    const home = freshIp();
    const l = await login({ username: u.username, password: u.password }, { ip: home });
    const p = {
      ...u,
      home,
      token: l.json.value.token as string,
      call: (path: string, c: Parameters<typeof callApi>[1] = {}) => callApi(path, { ip: home, ...c, headers: { ...c?.headers, authorization: l.json.value.token } }),
    };
    const { secret } = await withApp(p);
    const away = freshIp();
    expect((await requestCode('noLogin', mobile, '52', { ip: away })).json.success).toBe(true);
    const sms = (await lastSms(mobile))!.code!;
    const r = await login({ type: 'sms', username: mobile, password: sms, countryDialingCode: '52' }, { ip: away });
    expect(r.status).toBe(403);
    expect(r.json.errorCode).toBe('login.sms.needsApp');
    // With the app's code as well, it logs in.
    expect((await requestCode('noLogin', mobile, '52', { ip: away })).json.success).toBe(true);
    const again = (await lastSms(mobile))!.code!;
    const next = currentCode(u.username, secret, Date.now() + 30_000);
    expect((await login({ type: 'sms', username: mobile, password: again, countryDialingCode: '52', ipVerification: next }, { ip: away })).json.success).toBe(true);
  });

  it('20 concurrent app-code guesses at a login with the right password: at most 5 are checked', async () => {
    const p = await player();
    const { secret } = await withApp(p);
    const right = currentCode(p.username, secret, Date.now() + 30_000);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(right) + 7 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => login({ username: p.username, password: p.password, ipVerification: g }, { ip: freshIp() })));
    const codes = answers.map((a) => a.json.errorCode);
    expect(codes.filter((c) => c === 'login.ip.verify.invalid').length).toBeLessThanOrEqual(5);
    expect(
      codes.every((c) => c === 'login.ip.verify.invalid' || c === 'totp.rate.limited' || c === 'captcha.required' || c === 'login.locked'),
      JSON.stringify(codes),
    ).toBe(true);
  });
});

describe('a verified e-mail address', () => {
  it('is verified with a mailed code, then a login from a new network gets a code by e-mail', async () => {
    const email = `v${Date.now().toString(36)}@example.com`;
    const u = await makeUser({ email });
    const home = freshIp();
    const l = await login({ username: u.username, password: u.password }, { ip: home });
    const call = (path: string, c: Parameters<typeof callApi>[1] = {}) => callApi(path, { ip: home, ...c, headers: { ...c?.headers, authorization: l.json.value.token } });
    expect((await call('/wps/member/security')).json.value).toMatchObject({ emailVerified: false, newAddressProof: null });
    expect((await call('/wps/member/security/email/code', { method: 'POST', body: {} })).json.value.expiredMinutes).toBe(5);
    const code = /\b(\d{6})\b/.exec((await lastEmail(email))!.body)![1]!;
    const wrong = await call('/wps/member/security/email/verify', { method: 'POST', body: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.json.fieldErrors).toMatchObject({ code: expect.any(String) });
    expect((await call('/wps/member/security/email/verify', { method: 'POST', body: { code } })).json.success).toBe(true);
    expect((await call('/wps/member/security')).json.value).toMatchObject({ emailVerified: true, newAddressProof: 'email' });
    expect((await call('/wps/member/security/email/code', { method: 'POST', body: {} })).json.errorCode).toBe('email.verified');

    const away = freshIp();
    const prompt = await login({ username: u.username, password: u.password }, { ip: away });
    expect(prompt.json).toMatchObject({ errorCode: 'login.ip.verify', value: { method: 'email', mobile: null, email: expect.stringContaining('@example.com') } });
    expect(prompt.json.message).toMatch(/mailed to/);
    const mailed = /\b(\d{6})\b/.exec((await lastEmail(email))!.body)![1]!;
    expect((await login({ username: u.username, password: u.password, ipVerification: mailed }, { ip: away })).json.success).toBe(true);
  });

  it('ranks below the mobile: an account with both gets the sms', async () => {
    const email = `w${Date.now().toString(36)}@example.com`;
    const mobile = `56${String(Date.now()).slice(-8)}`;
    const u = await makeUser({ email, mobile, countryDialingCode: '52' });
    await t.db.update(member).set({ emailVerifiedAt: new Date() }).where(eq(member.id, u.id));
    expect((await login({ username: u.username, password: u.password }, { ip: freshIp() })).json.success).toBe(true);
    const prompt = await login({ username: u.username, password: u.password }, { ip: freshIp() });
    expect(prompt.json.value.method).toBe('sms');
  });
});

describe('an account with no proof', () => {
  it('cannot log in from a second network, and is told how to add a proof; its first network still works', async () => {
    const p = await player();
    const away = await login({ username: p.username, password: p.password }, { ip: freshIp(), headers: { language: 'ES' } });
    expect(away.status).toBe(403);
    expect(away.json.errorCode).toBe('login.ip.noProof');
    expect(away.json.message).toMatch(/app de autenticación/);
    expect((await login({ username: p.username, password: p.password }, { ip: p.home })).json.success).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { callEnc, freshIp, login, makeUser, serverPublicKey, shiftClock, solved } from '../../../../../tests/support/accounts.ts';
import { ENCRYPTION_HEADER, sealBody, toBase64, fromBase64 } from '../../../../kernel/envelope/crypto.ts';
import { parseCookies } from '../../../../kernel/http/dispatch.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

const auth = (token: string) => ({ headers: { authorization: token } });

async function loggedIn() {
  const u = await makeUser();
  const ip = freshIp();
  const r = await login({ username: u.username, password: u.password }, { ip });
  return { u, ip, token: r.json.value.token as string };
}

describe('sessions', () => {
  it('refuses token calls without a token or with an unknown one', async () => {
    const none = await callApi('/wps/member/info');
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ errorCode: 'login.not.session', message: 'You are not logged in, please login' });
    const bad = await callApi('/wps/member/info', auth('x'.repeat(43)));
    expect(bad.status).toBe(401);
    expect(bad.json.errorCode).toBe('user.or.token.invalid');
  });

  it('expires after 30 idle minutes, and each use pushes the expiry on', async () => {
    const clock = shiftClock();
    try {
      const { token } = await loggedIn();
      clock.advance(29 * 60_000);
      expect((await callApi('/wps/member/info', auth(token))).status).toBe(200);
      clock.advance(29 * 60_000);
      expect((await callApi('/wps/member/info', auth(token))).status).toBe(200);
      clock.advance(30 * 60_000 + 1000);
      const r = await callApi('/wps/member/info', auth(token));
      expect(r.status).toBe(401);
      expect(r.json.errorCode).toBe('user.or.token.invalid');
    } finally {
      clock.restore();
    }
  });

  it('revokes the token at logout, and only that one', async () => {
    const { u, ip, token } = await loggedIn();
    const other = (await login({ username: u.username, password: u.password }, { ip })).json.value.token;
    const out = await callApi('/wps/session/logout', { method: 'DELETE', ...auth(token) });
    expect(out.json).toEqual({ success: true, value: null });
    expect((await callApi('/wps/member/info', auth(token))).status).toBe(401);
    expect((await callApi('/wps/session/logout', { method: 'DELETE', ...auth(token) })).status).toBe(401);
    expect((await callApi('/wps/member/info', auth(other))).status).toBe(200);
  });

  it('ends the other sessions when the password changes, keeping the one that changed it', async () => {
    const { u, ip, token } = await loggedIn();
    const other = (await login({ username: u.username, password: u.password }, { ip })).json.value.token;
    const r = await callEnc('/wps/member/password', 'POST', { oldPassword: u.password, newPassword: 'Newpass99', confirmNewPassword: 'Newpass99' }, { ip, ...auth(token) });
    expect(r.json.success).toBe(true);
    expect((await callApi('/wps/member/info', auth(token))).status).toBe(200);
    expect((await callApi('/wps/member/info', auth(other))).status).toBe(401);
  });
});

describe('member info and icon', () => {
  it('answers the wire-notes shape with the mobile and e-mail masked', async () => {
    const agent = await makeUser({ type: 1 });
    const u = await makeUser({ mobile: '0556667777', countryDialingCode: '52', email: 'maria@example.com', uplineId: agent.id, nickname: 'Mary' });
    const token = (await login({ username: u.username, password: u.password }, { ip: freshIp() })).json.value.token;
    const r = await callApi('/wps/member/info', auth(token));
    expect(r.json.value).toMatchObject({
      id: u.id,
      account: u.username,
      nickname: 'Mary',
      type: 0,
      isAgent: false,
      isTrial: false,
      mobile: '*****7777',
      countryDialingCode: '52',
      email: 'm***@example.com',
      vip: 'VIP 0',
      upline: agent.username,
      hasPaymentPassword: false,
    });
    expect(r.json.value.regDate).toBeGreaterThan(Date.now() - 60_000);
    expect(r.json.value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(r.json)).not.toContain('556667777');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('draws an avatar for the account', async () => {
    const { token } = await loggedIn();
    const r = await callApi('/wps/member/info/icon', auth(token));
    expect(r.json.value.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(r.json.value.iconUrl.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
  });
});

describe('encrypted calls', () => {
  it('serves an RSA-OAEP public key that is the same for every call on one database', async () => {
    const a = await callApi('/wps/session/key/rsa');
    const b = await callApi('/wps/session/key/rsa');
    expect(a.json.value).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM', maxSkewSeconds: 300 });
    expect(a.json.value.publicKey).toBe(b.json.value.publicKey);
    expect(a.json.value.keyId).toMatch(/^[0-9a-f]{16}$/);
    // SPKI of a 3072-bit key is about 420 bytes.
    expect(fromBase64(a.json.value.publicKey).length).toBeGreaterThan(400);
  });

  it('refuses a plaintext body on an enc call', async () => {
    const u = await makeUser();
    const plain = await callApi('/wps/session/login', { method: 'POST', body: { username: u.username, password: u.password, ...(await solved()) } });
    expect(plain.status).toBe(400);
    expect(plain.json.errorCode).toBe('request.encryption.required');
    // A value without the Encryption header, or extra fields beside it, are refused too.
    const sealed = await sealBody(await serverPublicKey(), 'POST', '/wps/session/login', { username: u.username });
    expect((await callApi('/wps/session/login', { method: 'POST', body: { value: sealed.value } })).json.errorCode).toBe('request.encryption.required');
    expect((await callApi('/wps/session/login', { method: 'POST', body: { value: sealed.value, username: 'x' }, headers: { [ENCRYPTION_HEADER]: sealed.encryption } })).json.errorCode).toBe(
      'request.encryption.required',
    );
  });

  it('really encrypts: the password is nowhere in what travels', async () => {
    const u = await makeUser({ password: 'VerySecret77' });
    const r = await login({ username: u.username, password: 'VerySecret77' }, { ip: freshIp() });
    expect(r.json.success).toBe(true);
    const wire = JSON.stringify(r.sealed);
    expect(wire).not.toContain('VerySecret77');
    expect(wire).not.toContain(u.username);
    expect(wire).not.toContain(toBase64(new TextEncoder().encode('VerySecret77')).slice(0, 12));
  });

  it('refuses a replayed ciphertext', async () => {
    const u = await makeUser();
    const ip = freshIp();
    const first = await login({ username: u.username, password: u.password }, { ip });
    expect(first.json.success).toBe(true);
    const replay = await callApi('/wps/session/login', {
      method: 'POST',
      ip,
      body: { value: first.sealed.value },
      headers: { [ENCRYPTION_HEADER]: first.sealed.encryption },
    });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ errorCode: 'request.replayed', message: 'This request was already received; please try again' });
  });

  it('refuses a ciphertext sealed more than 5 minutes away from the server clock', async () => {
    const u = await makeUser();
    const pow = await solved();
    const body = { username: u.username, password: u.password, ...pow };
    const old = await callEnc('/wps/session/login', 'POST', body, { now: Date.now() - 6 * 60_000 });
    expect(old.json.errorCode).toBe('request.expired');
    const future = await callEnc('/wps/session/login', 'POST', body, { now: Date.now() + 6 * 60_000 });
    expect(future.json.errorCode).toBe('request.expired');
  });

  it('refuses a tampered ciphertext and one made for another call', async () => {
    const sealed = await sealBody(await serverPublicKey(), 'POST', '/wps/session/login', { username: 'a', password: 'b' });
    const bytes = fromBase64(sealed.value);
    bytes[20] = bytes[20]! ^ 1;
    const tampered = await callApi('/wps/session/login', { method: 'POST', body: { value: toBase64(bytes) }, headers: { [ENCRYPTION_HEADER]: sealed.encryption } });
    expect(tampered.json.errorCode).toBe('request.decrypt.failed');
    const elsewhere = await callApi('/wps/member/register', { method: 'PUT', body: { value: sealed.value }, headers: { [ENCRYPTION_HEADER]: sealed.encryption } });
    expect(elsewhere.json.errorCode).toBe('request.decrypt.failed');
    const garbage = await callApi('/wps/session/login', { method: 'POST', body: { value: 'not base64!' }, headers: { [ENCRYPTION_HEADER]: 'nope' } });
    expect(garbage.json.errorCode).toBe('request.decrypt.failed');
  });

  it('validates the decrypted body against the contract', async () => {
    const r = await callEnc('/wps/session/login', 'POST', { username: 'x'.repeat(65), password: 'y', type: 'fax' });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('request.invalid');
    expect(Object.keys(r.json.fieldErrors).sort()).toEqual(['type', 'username']);
  });
});

describe('captcha image and cookies', () => {
  it('answers a base64 PNG and binds it with an HttpOnly cookie, never cached', async () => {
    const r = await callApi('/wps/captcha', { ip: freshIp() });
    expect(r.status).toBe(200);
    const png = Buffer.from(r.json.value, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Drawn at 120 x 40, sent at twice that to be shown larger and sharp.
    expect(png.readUInt32BE(16)).toBe(240);
    expect(png.readUInt32BE(20)).toBe(80);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^wps_captcha=[\w-]{22}; Path=\/wps; Max-Age=300; HttpOnly; SameSite=Strict$/);
    expect(r.headers.get('x-captcha-id')).toBe(/wps_captcha=([^;]+)/.exec(cookie)![1]);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const again = await callApi('/wps/captcha', { ip: freshIp() });
    expect(again.json.value).not.toBe(r.json.value);
  });

  it('marks the cookie Secure behind https', async () => {
    const r = await callApi('/wps/captcha', { ip: freshIp(), headers: { 'x-forwarded-proto': 'https' } });
    expect(r.headers.get('set-cookie')).toContain('; Secure');
  });

  it('limits captcha images per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await callApi('/wps/captcha', { ip })).status).toBe(200);
    expect((await callApi('/wps/captcha', { ip })).status).toBe(429);
  });

  it('reads cookies from the Cookie header', () => {
    expect(parseCookies('a=1; wps_captcha=abc%20d; b="q"; broken; =x')).toEqual({ a: '1', wps_captcha: 'abc d', b: 'q' });
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies('a=1; a=2')).toEqual({ a: '1' });
  });
});

describe('housekeeping', () => {
  it('drops expired challenges, captchas, nonces, old codes and ended rate windows', async () => {
    const { prune } = await import('../../server/housekeeping.ts');
    const schema = await import('../../../../app/schema.ts');
    const past = new Date(Date.now() - 2 * 86_400_000);
    await t.db.insert(schema.powChallenge).values({ id: 'old-pow', salt: 'x', difficulty: 1, expiresAt: past });
    await t.db.insert(schema.captchaChallenge).values({ id: 'old-cap', answerHash: 'x', expiresAt: past });
    await t.db.insert(schema.encNonce).values({ nonce: 'old-nonce-aaaaaaaaaa', expiresAt: past });
    await t.db.insert(schema.rateBucket).values({ key: 'old-bucket', count: 3, windowEndsAt: past });
    await t.db.insert(schema.smsCode).values({ purpose: 'noLogin', countryDialingCode: '52', mobile: '1', codeHash: 'x', createdAt: past, expiresAt: past });
    const live = await solved();
    await prune(t.db);
    const ids = (await t.db.select().from(schema.powChallenge)).map((r) => r.id);
    expect(ids).not.toContain('old-pow');
    expect(ids).toContain(live.challengeId);
    expect((await t.db.select().from(schema.captchaChallenge)).some((r) => r.id === 'old-cap')).toBe(false);
    expect((await t.db.select().from(schema.encNonce)).some((r) => r.nonce === 'old-nonce-aaaaaaaaaa')).toBe(false);
    expect((await t.db.select().from(schema.rateBucket)).some((r) => r.key === 'old-bucket')).toBe(false);
    expect((await t.db.select().from(schema.smsCode)).some((r) => r.mobile === '1')).toBe(false);
  });
});

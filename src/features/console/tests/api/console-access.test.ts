/**
 * The console's keys (issue 29), on both databases: for each role, every console call it may not
 * make is refused (generated from the contract's declarations); member tokens and staff cookies
 * never open each other's calls; the login asks for the password and a code of the required app
 * (set up at the first login, with a new password when one was handed over); a code and a
 * recovery code work once; sessions end idle, at logout and when an owner locks the staff member;
 * the brand's address allow-list holds; the audit log records and cannot be changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { shiftClock } from '../../../../../tests/support/accounts.ts';
import { consoleCookie, staffUser } from '../../../../../tests/support/staff.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { currentCode } from '../../../../kernel/totp.ts';
import { consoleCalls, STAFF_ROLES } from '../../contract.ts';
import { addStaff } from '../../server/staff.ts';
import { consoleSettings } from '../../server/settings.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

describe('roles', () => {
  it('refuses every console call to each role not declared for it, and lets the declared ones past the role check', async () => {
    const users = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await staffUser([r])] as const)));
    let refused = 0;
    // The logout last: it ends the session the other calls use.
    const calls = [...consoleCalls].sort((a, b) => Number(a.name === 'consoleLogout') - Number(b.name === 'consoleLogout'));
    for (const call of calls) {
      if (!call.staff) continue;
      for (const role of STAFF_ROLES) {
        const r = await users[role]!.call(call.path, { method: call.method, body: call.method === 'GET' ? undefined : {} });
        const may = role === 'owner' || call.staff.length === 0 || call.staff.includes(role);
        if (may) expect(r.json?.errorCode, `${role} on ${call.name}`).not.toBe('console.role.denied');
        else {
          expect(r.status, `${role} on ${call.name}`).toBe(403);
          expect(r.json.errorCode).toBe('console.role.denied');
          refused++;
        }
      }
    }
    // The contract has calls a role may not make: the loop above is not empty.
    expect(refused).toBeGreaterThan(20);
  });

  it('answers no console call without a staff session, and a member token opens none', async () => {
    const m = await walletUser();
    expect((await m.call('/wps/console/session/me')).json).toMatchObject({ success: true, value: null });
    for (const call of consoleCalls) {
      if (!call.staff) continue;
      const r = await m.call(call.path, { method: call.method, body: call.method === 'GET' ? undefined : {} });
      expect(r.status, call.name).toBe(401);
      expect(r.json.errorCode).toBe('console.session.none');
      // The member's token as a cookie of the console's name is not a staff session either.
      const asCookie = await callApi(call.path, { method: call.method, body: call.method === 'GET' ? undefined : {}, headers: { cookie: `console_session=${m.token}` } });
      expect(asCookie.status).toBe(401);
    }
  });

  it("a staff session opens no member call, as a cookie or as the member's token header", async () => {
    const s = await staffUser(['owner']);
    const token = s.cookie.slice('console_session='.length);
    expect((await s.call('/wps/member/info')).status).toBe(401);
    const asHeader = await callApi('/wps/member/info', { headers: { authorization: token } });
    expect(asHeader.status).toBe(401);
    expect(asHeader.json.errorCode).toBe('user.or.token.invalid');
  });
});

describe('login', () => {
  it('gives the same refusal for an unknown name and a wrong password, and asks for the code after the right one', async () => {
    const s = await staffUser(['support']);
    const unknown = await callApi('/wps/console/session/login', { method: 'POST', body: { username: 'nobody-here', password: 'whatever-it-is' }, ip: '10.9.0.1' });
    const wrong = await callApi('/wps/console/session/login', { method: 'POST', body: { username: s.username, password: 'not-the-password' }, ip: '10.9.0.1' });
    expect([unknown.status, unknown.json.errorCode]).toEqual([400, 'console.login.failed']);
    expect([wrong.status, wrong.json.errorCode, wrong.json.message]).toEqual([400, 'console.login.failed', unknown.json.message]);
    const right = await s.login({});
    expect(right.json.value).toEqual({ stage: 'code' });
    expect(consoleCookie(right.headers)).toBeNull();
  });

  it('a code works once; a wrong one is refused; a recovery code works once', async () => {
    const clock = shiftClock();
    try {
      const s = await staffUser(['support']);
      // The set-up's code was this step's: the same code again is a replay.
      const replay = await s.login({ code: currentCode(s.username, s.secret) });
      expect(replay.json.errorCode).toBe('console.code.invalid');
      expect((await s.login({ code: '000000' })).json.errorCode).toBe('console.code.invalid');
      clock.advance(30_000);
      const next = await s.login({ code: currentCode(s.username, s.secret) });
      expect(next.json.value.stage).toBe('done');
      expect(consoleCookie(next.headers)).not.toBeNull();
      const rc = s.recoveryCodes[0]!;
      expect((await s.login({ code: rc.toLowerCase() })).json.value.stage).toBe('done');
      expect((await s.login({ code: rc })).json.errorCode).toBe('console.code.invalid');
    } finally {
      clock.restore();
    }
  });

  it('locks the account name after repeated failures, before the password is checked', async () => {
    const s = await staffUser(['support']);
    for (let i = 0; i < 10; i++) await callApi('/wps/console/session/login', { method: 'POST', body: { username: s.username, password: `wrong-${i}-password` }, ip: `10.8.${i}.1` });
    const r = await s.login({});
    expect([r.status, r.json.errorCode]).toEqual([429, 'login.locked']);
  });

  it('a first login with a handed-over password chooses a new one while setting up the app, and the old one stops working', async () => {
    const { temporaryPassword } = await addStaff(t.db, { username: 'newcomer', roles: ['finance'], by: 'test' });
    const login = (body: Record<string, unknown>) => callApi('/wps/console/session/login', { method: 'POST', body: { username: 'newcomer', ...body } });
    const setup = (await login({ password: temporaryPassword })).json.value;
    expect(setup).toMatchObject({ stage: 'setup', mustChangePassword: true });
    expect(setup.qrSvg).toContain('<svg');
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const code = currentCode('newcomer', setup.secret);
    expect((await login({ password: temporaryPassword, code })).json.errorCode).toBe('console.password.required');
    expect((await login({ password: temporaryPassword, code, newPassword: 'short' })).json.fieldErrors).toHaveProperty('newPassword');
    expect((await login({ password: temporaryPassword, code, newPassword: temporaryPassword })).json.errorCode).toBe('console.password.same');
    const done = await login({ password: temporaryPassword, code, newPassword: 'my-own-password-1' });
    expect(done.json.value).toMatchObject({ stage: 'done', me: { username: 'newcomer', roles: ['finance'] } });
    expect(done.json.value.recoveryCodes).toHaveLength(10);
    expect((await login({ password: temporaryPassword })).json.errorCode).toBe('console.login.failed');
    expect((await login({ password: 'my-own-password-1' })).json.value).toEqual({ stage: 'code' });
  });
});

describe('sessions', () => {
  it('end after the idle time, at logout, and when an owner locks the staff member', async () => {
    const clock = shiftClock();
    try {
      const owner = await staffUser(['owner']);
      const a = await staffUser(['support']);
      expect((await a.call('/wps/console/session/me')).json.value).toMatchObject({ username: a.username, roles: ['support'], idleMinutes: 15 });
      // Used within the idle time, it lives on; 15 minutes unused, it is over.
      clock.advance(14 * 60_000);
      expect((await a.call('/wps/console/session/me')).json.value).toMatchObject({ username: a.username });
      clock.advance(15 * 60_000 + 1000);
      expect((await a.call('/wps/console/session/me')).json.value).toBeNull();
      expect((await a.call('/wps/console/staff')).status).toBe(401);
      expect((await owner.call('/wps/console/staff')).status).toBe(401);

      const b = await staffUser(['support']);
      const out = await b.call('/wps/console/session/logout', { method: 'POST' });
      expect(out.status).toBe(200);
      expect(out.headers.getSetCookie()[0]).toMatch(/^console_session=; Path=\/wps\/console; Max-Age=0; HttpOnly; SameSite=Strict/);
      expect((await b.call('/wps/console/session/me')).json.value).toBeNull();
      expect((await b.call('/wps/console/members')).status).toBe(401);

      const boss = await staffUser(['owner']);
      const c = await staffUser(['finance']);
      const lock = await boss.call('/wps/console/staff/update', { method: 'POST', body: { id: c.id, status: 'locked' } });
      expect(lock.json.value).toMatchObject({ username: c.username, status: 'locked' });
      expect((await c.call('/wps/console/withdrawals')).status).toBe(401);
      expect((await c.login({})).json.errorCode).toBe('console.login.locked');
      // An owner cannot lock themselves out.
      expect((await boss.call('/wps/console/staff/update', { method: 'POST', body: { id: boss.id, status: 'locked' } })).json.errorCode).toBe('console.staff.self');
    } finally {
      clock.restore();
    }
  });

  it('the cookie is HttpOnly, SameSite=Strict and sent only to the console', async () => {
    const s = await staffUser(['support']);
    const clock = shiftClock();
    try {
      clock.advance(30_000);
      const r = await s.login({ code: currentCode(s.username, s.secret) });
      const set = r.headers.getSetCookie().find((c) => c.startsWith('console_session='))!;
      expect(set).toMatch(/Path=\/wps\/console/);
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Strict/);
      expect(set.split(';')[0]!.length).toBeGreaterThanOrEqual('console_session='.length + 43);
    } finally {
      clock.restore();
    }
  });
});

describe('the door', () => {
  it("answers only from the brand's allowed addresses when it lists some", async () => {
    const s = await staffUser(['support'], { ip: '203.0.113.7' });
    const settings = consoleSettings();
    const before = settings.allowedIps;
    settings.allowedIps = ['198.51.100.0/24'];
    try {
      const r = await s.call('/wps/console/session/me');
      expect([r.status, r.json.errorCode]).toEqual([403, 'console.address.refused']);
      expect((await s.login({})).json.errorCode).toBe('console.address.refused');
      expect((await s.call('/wps/console/session/me', { ip: '198.51.100.20' })).json.value).toMatchObject({ username: s.username });
    } finally {
      settings.allowedIps = before;
    }
  });

  it('writes the audit log, which refuses a change', async () => {
    const owner = await staffUser(['owner']);
    const added = await owner.call('/wps/console/staff/add', { method: 'POST', body: { username: 'audited-one', roles: ['content'] } });
    expect(added.json.value.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const log = (await owner.call('/wps/console/audit', { query: { command: 'staff add' } })).json.value;
    expect(log.items[0]).toMatchObject({ actor: `staff:${owner.username}`, command: 'staff add', ip: '127.0.0.1', before: null, after: { username: 'audited-one', roles: ['content'] } });
    await expect(t.db.execute(sql`update ops_audit set actor = 'someone' where id = ${log.items[0].id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ops_audit where id = ${log.items[0].id}`)).rejects.toThrow();
    expect((await owner.call('/wps/console/staff/add', { method: 'POST', body: { username: 'audited-one', roles: ['content'] } })).json.errorCode).toBe('console.staff.taken');
  });
});

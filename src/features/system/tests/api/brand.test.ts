/**
 * The brand as data (issue 10): white-label flags and registration rules an operator changes with
 * `npm run ops -- brand ...` while the server runs. Every flag gates its calls on the server (not
 * only the form), a change made by another process is in force within a second, and each change
 * is in the audit log.
 */
import { desc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { callEnc, freshIp, solved } from '../../../../../tests/support/accounts.ts';
import { runOps } from '../../../../app/ops.ts';
import { opsAudit } from '../../../../app/schema.ts';
import { writeSetting } from '../../../../kernel/db/settings.ts';
import { brand, flattenWhitelabel, overridesKey, setBrandOverrides } from '../../../../kernel/brand/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});
afterEach(async () => {
  await setBrandOverrides(t.db, {});
});

const ops = (...argv: string[]) => runOps(t.db, argv, 'test');
const flag = (modId: string, state: 'on' | 'off') => ops('brand', 'flag', modId, state);

/** One call per flag that the flag gates, with the refusal it answers while the flag is off. */
const GATED: Record<string, { refused: string; call: () => Promise<{ status: number; json: { errorCode?: string; message?: string } }> }> = {
  FREEPLAY3: { refused: 'freeplay.disabled', call: async () => callApi('/wps/session/login/freeplay', { method: 'POST', ip: freshIp(), body: await solved() }) },
  MOBILEVERCODELOGIN3: {
    refused: 'login.sms.disabled',
    call: async () => callEnc('/wps/session/login', 'POST', { type: 'sms', username: '5512345678', password: '123456', countryDialingCode: '52' }, { ip: freshIp() }),
  },
  MOBILENUMREG3: {
    refused: 'register.mobile.disabled',
    call: async () => callEnc('/wps/member/register/mobile', 'PUT', { login: true, mobileNum: '5570000099', verificationCode: '123456', ...(await solved()) }, { ip: freshIp() }),
  },
  REGMOBVERF3: {
    refused: 'sms.not.allowed',
    call: async () =>
      callApi('/wps/verification/sms/register', { method: 'POST', ip: freshIp(), body: { mobileNo: '5570000098', countryDialingCode: '52', regType: 'registerMobile', ...(await solved()) } }),
  },
  CHNGPASSMAIL3: {
    refused: 'password.email.disabled',
    call: async () => callApi('/wps/member/password/email', { method: 'POST', ip: freshIp(), body: { username: 'nobody01', email: 'nobody@example.com', ...(await solved()) } }),
  },
  CHNGPASSVERIF3: {
    refused: 'password.sms.disabled',
    call: async () =>
      callEnc(
        '/wps/member/password/verification',
        'POST',
        { mobileNum: '5570000097', countryDialingCode: '52', verificationCode: '123456', newPassword: 'Chosen123', confirmNewPassword: 'Chosen123' },
        { ip: freshIp() },
      ),
  },
};

describe('white-label flags, switched by the operator', () => {
  for (const [modId, gate] of Object.entries(GATED)) {
    it(`${modId}: off, the server refuses its call in the caller's language and says so in the status; on, it answers again`, async () => {
      const off = await flag(modId, 'off');
      expect(off, off.output).toMatchObject({ ok: true });
      const refused = await gate.call();
      expect(refused.status).toBe(403);
      expect(refused.json.errorCode).toBe(gate.refused);
      expect(refused.json.message).not.toBe(gate.refused);
      const status = await callApi('/wps/system/status');
      expect(flattenWhitelabel(status.json.value.info.whitelabel)[modId]).toBe(false);
      expect((await callApi('/wps/system/whitelabel')).json.value).toEqual(status.json.value.info.whitelabel);

      await flag(modId, 'on');
      expect((await gate.call()).json.errorCode).not.toBe(gate.refused);
      expect(flattenWhitelabel((await callApi('/wps/system/status')).json.value.info.whitelabel)[modId]).toBe(true);
    });
  }

  it('PWDEXPFORCECHANGE3 and MOBILENUMPASSREG3 switch too (their effects are tested with the login and registration)', async () => {
    for (const modId of ['PWDEXPFORCECHANGE3', 'MOBILENUMPASSREG3', 'AGENTPOLICY3']) {
      await flag(modId, 'off');
      expect(flattenWhitelabel(brand().whitelabel)[modId]).toBe(false);
    }
  });

  it('refuses an unknown flag or state, and records each change in the audit log', async () => {
    expect((await flag('NOPE3', 'off')).output).toMatch(/no flag NOPE3 \(it has .*FREEPLAY3/);
    expect((await ops('brand', 'flag', 'FREEPLAY3', 'maybe')).ok).toBe(false);
    await flag('FREEPLAY3', 'off');
    const [last] = await t.db.select().from(opsAudit).orderBy(desc(opsAudit.id)).limit(1);
    expect(last).toMatchObject({ actor: 'test', command: 'brand flag', args: { rest: ['FREEPLAY3', 'off'] } });
    expect((await ops('brand', 'show')).output).toMatch(/FREEPLAY3=off/);
    expect((await ops('brand', 'reset')).ok).toBe(true);
    expect(flattenWhitelabel(brand().whitelabel).FREEPLAY3).toBe(true);
  });

  it("takes another process's change within a second, without a restart", async () => {
    expect((await GATED.FREEPLAY3!.call()).json.errorCode).not.toBe('freeplay.disabled');
    // As `npm run ops` in another process does: only the database changes.
    await writeSetting(t.db, overridesKey(), { flags: { FREEPLAY3: false } });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await GATED.FREEPLAY3!.call()).json.errorCode).toBe('freeplay.disabled');
  });
});

describe('registration rules, changed by the operator', () => {
  it('makes the e-mail required, and the registration form data and the server follow', async () => {
    const ok = await ops('brand', 'register', 'email', '--required', 'on');
    expect(ok.ok, ok.output).toBe(true);
    expect((await callApi('/wps/system/setting/register')).json.value.email).toMatchObject({ enabled: true, required: true });
    const username = `rule${Date.now().toString(36).slice(-6)}`;
    const r = await callEnc(
      '/wps/member/register',
      'PUT',
      { login: true, registerMethod: 'WEB', username, password: 'Secret123', confirmPassword: 'Secret123', ...(await solved()) },
      { ip: freshIp() },
    );
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toMatchObject({ email: 'Input cannot be empty' });
    await ops('brand', 'register', 'email', '--required', 'off');
    const again = await callEnc(
      '/wps/member/register',
      'PUT',
      { login: true, registerMethod: 'WEB', username, password: 'Secret123', confirmPassword: 'Secret123', ...(await solved()) },
      { ip: freshIp() },
    );
    expect(again.json.success).toBe(true);
  });

  it('refuses nonsense: an unknown field, no change, min above max', async () => {
    expect((await ops('brand', 'register', 'shoeSize', '--required', 'on')).output).toMatch(/no registration field shoeSize/);
    expect((await ops('brand', 'register', 'email')).output).toMatch(/at least one/);
    expect((await ops('brand', 'register', 'email', '--min', '90')).output).toMatch(/must not exceed/);
  });
});

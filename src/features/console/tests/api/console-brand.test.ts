/**
 * The console's brand screen (issue 29), on both databases: owners switch white-label flags,
 * registration rules and the protocol profile (the site's own calls follow at once; a minimum
 * above the maximum is refused under its field, in the caller's language; reset goes back to the
 * file and keeps the studio's licences); risk switches maintenance (the site answers 503, the
 * console keeps answering; an end in the past is refused) and region blocks (a subnet that does
 * not parse is refused naming its line); each change is audited; other roles are refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';
import { brandOverrides, setBrandOverrides } from '../../../../kernel/brand/index.ts';
import { setMaintenance, setRegionBlock } from '../../../system/server/status.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let owner: Staff, risk: Staff, finance: Staff;
beforeAll(async () => {
  t = await openTestDb();
  [owner, risk, finance] = await Promise.all([staffUser(['owner']), staffUser(['risk']), staffUser(['finance'])]);
});
afterEach(async () => {
  await setBrandOverrides(t.db, {});
  await setMaintenance(t.db, { on: false, end: null, notice: null });
  await setRegionBlock(t.db, []);
});
afterAll(() => t.dispose());

const flagOf = async (id: string) => {
  const nodes = (await callApi('/wps/system/status')).json.value.info.whitelabel as { modId: string; enabled: string; childrenNodes: { modId: string; enabled: string }[] }[];
  return nodes.flatMap((n) => [n, ...n.childrenNodes]).find((n) => n.modId === id)?.enabled;
};
const lastAudit = async (command: string) => (await t.db.select().from(opsAudit).where(eq(opsAudit.command, command)).orderBy(desc(opsAudit.id)).limit(1))[0];

describe('flags, registration rules and the protocol profile', () => {
  it('are read by risk and changed by owners; the site follows; reset keeps the licences', async () => {
    const seen = (await risk.call('/wps/console/brand')).json.value;
    expect(seen.flags.find((f: { id: string }) => f.id === 'FREEPLAY3')).toMatchObject({ on: true, file: true });
    expect(seen.register.find((r: { field: string }) => r.field === 'email')).toMatchObject({ enabled: true });
    expect(seen.maintenance).toEqual({ on: false, end: null, notice: null });

    const denied = await risk.call('/wps/console/brand/rules', { method: 'POST', body: { flags: { FREEPLAY3: false } } });
    expect(denied.json.errorCode).toBe('console.role.denied');

    const saved = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { flags: { FREEPLAY3: false }, register: { email: { required: true } }, protocol: 'strict' } });
    expect(saved.status).toBe(200);
    expect(saved.json.value.flags.find((f: { id: string }) => f.id === 'FREEPLAY3')).toMatchObject({ on: false, file: true });
    expect(saved.json.value.protocol).toBe('strict');
    expect(await flagOf('FREEPLAY3')).toBe('0');
    expect((await callApi('/wps/system/setting/register')).json.value.email).toMatchObject({ required: true });
    expect(await lastAudit('brand rules')).toMatchObject({
      actor: `staff:${owner.username}`,
      before: {},
      after: { flags: { FREEPLAY3: false }, register: { email: { required: true } }, protocol: 'strict' },
    });

    // The content studio's licences are overrides too: a reset of the rules keeps them.
    await setBrandOverrides(t.db, { ...brandOverrides(), licences: { curacao: { holder: 'Kept Holder', number: '1' } } as never });
    const reset = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { reset: true } });
    expect(reset.json.value.flags.find((f: { id: string }) => f.id === 'FREEPLAY3').on).toBe(true);
    expect(reset.json.value.protocol).toBe(reset.json.value.fileProtocol);
    expect(brandOverrides()).toEqual({ licences: { curacao: { holder: 'Kept Holder', number: '1' } } });
    expect(await flagOf('FREEPLAY3')).toBe('1');
  });

  it('keeps both of two changes made at once (the stored overrides are changed under their row lock)', async () => {
    const owner2 = await staffUser(['owner']);
    const [a, b] = await Promise.all([
      owner.call('/wps/console/brand/rules', { method: 'POST', body: { flags: { FREEPLAY3: false } } }),
      owner2.call('/wps/console/brand/rules', { method: 'POST', body: { register: { email: { required: true } } } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(brandOverrides()).toMatchObject({ flags: { FREEPLAY3: false }, register: { email: { required: true } } });
    const unknownField = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { register: { constructor: { min: 1 } } } });
    expect(unknownField.json.errorCode).toBe('brand.register.unknown');
    const moduleNode = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { flags: { ACCOUNT: false } } });
    expect(moduleNode.json.errorCode).toBe('brand.flag.unknown');
  });

  it('refuses a minimum above the maximum under its field, in the caller language, and an unknown flag', async () => {
    const r = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { register: { email: { min: 90, max: 80 } } }, headers: { language: 'es' } });
    expect([r.status, r.json.errorCode]).toEqual([400, 'brand.register.range']);
    expect(r.json.fieldErrors['register.email.min']).toMatch(/no puede superar/);
    const unknown = await owner.call('/wps/console/brand/rules', { method: 'POST', body: { flags: { NOPE3: true } } });
    expect(unknown.json.errorCode).toBe('brand.flag.unknown');
    expect(brandOverrides()).toEqual({});
  });
});

describe('maintenance and region blocks', () => {
  it('risk switches maintenance: the site answers 503, the console keeps answering; an end in the past is refused', async () => {
    const past = await risk.call('/wps/console/brand/maintenance', { method: 'POST', body: { on: true, end: Date.now() - 60_000 } });
    expect((await risk.call('/wps/console/brand/maintenance', { method: 'POST', body: { on: true, end: 9e15 } })).status).toBe(400);
    expect([past.status, past.json.errorCode]).toEqual([400, 'brand.maintenance.end']);
    expect(past.json.fieldErrors.end).toBeTruthy();

    const end = Date.now() + 3_600_000;
    const on = await risk.call('/wps/console/brand/maintenance', { method: 'POST', body: { on: true, end, notice: 'Back soon' } });
    expect(on.json.value.maintenance).toEqual({ on: true, end, notice: 'Back soon' });
    const status = (await callApi('/wps/system/status')).json.value;
    expect(status).toMatchObject({ status: 1, maintenanceEnd: end, maintenanceNotice: 'Back soon' });
    expect((await callApi('/wps/relay/GCSGAME_getRankList')).status).toBe(503);
    expect((await risk.call('/wps/console/brand')).status).toBe(200);
    expect(await lastAudit('maintenance on')).toMatchObject({ actor: `staff:${risk.username}`, before: { on: false }, after: { on: true, end, notice: 'Back soon' } });

    const off = await risk.call('/wps/console/brand/maintenance', { method: 'POST', body: { on: false } });
    expect(off.json.value.maintenance).toEqual({ on: false, end: null, notice: null });
    expect((await callApi('/wps/system/status')).json.value.status).toBe(0);
  });

  it('risk blocks subnets (the site answers status 2 there), a bad one is refused naming its line', async () => {
    // A slip of the keyboard that would read as /0 (every address) is refused, not taken.
    for (const typo of ['203.0.113.0/', '203.0.113.0/0x10', '203.0.113.0/1e1'])
      expect((await risk.call('/wps/console/brand/regions', { method: 'POST', body: { cidrs: [typo] } })).json.errorCode, typo).toBe('brand.region.invalid');
    const bad = await risk.call('/wps/console/brand/regions', { method: 'POST', body: { cidrs: ['10.0.0.0/8', '300.1.1.1/8'] } });
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'brand.region.invalid']);
    expect(bad.json.fieldErrors['cidrs.1']).toMatch(/300\.1\.1\.1/);
    const ok = await risk.call('/wps/console/brand/regions', { method: 'POST', body: { cidrs: ['10.0.0.0/8', ' 10.0.0.0/8 ', '2001:db8::/32'] } });
    expect(ok.json.value.regions).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    expect((await callApi('/wps/system/status', { ip: '10.2.3.4' })).json.value.status).toBe(2);
    expect((await callApi('/wps/system/status', { ip: '11.2.3.4' })).json.value.status).toBe(0);
    expect(await lastAudit('regions')).toMatchObject({ before: [], after: ['10.0.0.0/8', '2001:db8::/32'] });
  });

  it('is not for finance', async () => {
    expect((await finance.call('/wps/console/brand')).json.errorCode).toBe('console.role.denied');
    expect((await finance.call('/wps/console/brand/maintenance', { method: 'POST', body: { on: true } })).json.errorCode).toBe('console.role.denied');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { setMaintenance, setRegionBlock } from '../../server/status.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

describe('system status', () => {
  it('answers the permission response with status 0 when nothing is switched on', async () => {
    const r = await callApi('/wps/system/status');
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.value.status).toBe(0);
    expect(r.json.value.location.ip).toBe('127.0.0.1');
    expect(r.json.value.info.whitelabel[0].childrenNodes.map((n: { modId: string }) => n.modId)).toContain('FREEPLAY3');
  });

  it('says 1 during maintenance even for a blocked region, and refuses other calls with 503', async () => {
    await setRegionBlock(t.db, ['10.0.0.0/8']);
    await setMaintenance(t.db, { on: true, end: 1_900_000_000_000, notice: 'Upgrading' });
    const r = await callApi('/wps/system/status', { ip: '10.1.2.3' });
    expect(r.json.value).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: 1_900_000_000_000, maintenanceNotice: 'Upgrading' });
    const other = await callApi('/wps/relay/GCSGAME_getRankList');
    expect(other.status).toBe(503);
    expect(other.json).toMatchObject({ success: false, errorCode: 'system.maintenance' });
    // Server-to-server doors still answer (here: refusing the unsigned bodies on their own terms),
    // from a blocked region too, so money already on its way settles.
    for (const path of ['/wps/game/wallet/http', '/wps/payment/callback/sandbox']) {
      const door = await callApi(path, { method: 'POST', body: {}, ip: '10.1.2.3' });
      expect(door.json.errorCode, path).not.toMatch(/^system\./);
      expect(door.status, path).toBeLessThan(500);
    }
    await setMaintenance(t.db, { on: false, end: null, notice: null });
  });

  it('says 2 for an address inside a blocked subnet, including IPv4-mapped IPv6, and 0 outside', async () => {
    await setRegionBlock(t.db, ['10.0.0.0/8', '2001:db8::/32']);
    expect((await callApi('/wps/system/status', { ip: '10.9.9.9' })).json.value.status).toBe(2);
    expect((await callApi('/wps/system/status', { ip: '::ffff:10.9.9.9' })).json.value.status).toBe(2);
    expect((await callApi('/wps/system/status', { ip: '2001:db8::1' })).json.value.status).toBe(2);
    expect((await callApi('/wps/system/status', { ip: '11.0.0.1' })).json.value.status).toBe(0);
    await setRegionBlock(t.db, []);
  });
});

describe('the dispatcher', () => {
  it('answers an unknown call with a 404 envelope', async () => {
    const r = await callApi('/wps/nope');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, errorCode: 'request.not.found', message: 'Invalid URL, please contact customer service' });
  });

  it('refuses a wrong method with 405, the methods it allows, and a message in the caller language', async () => {
    const r = await callApi('/wps/system/status', { method: 'DELETE', headers: { language: 'ES' } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD');
    expect(r.json.errorCode).toBe('request.method.invalid');
    expect(r.json.message).toBe('Esta llamada no acepta el método DELETE');
  });

  it('refuses a foreign or repeated Merchant header', async () => {
    expect((await callApi('/wps/system/status', { headers: { merchant: 'OTHER' } })).json.errorCode).toBe('merchant.invalid');
    expect((await callApi('/wps/system/status', { headers: { merchant: 'DEMO, DEMO' } })).json.errorCode).toBe('merchant.invalid');
  });

  it('names the country list in the caller language', async () => {
    const r = await callApi('/wps/system/countryCode', { headers: { language: 'ES' } });
    expect(r.json.value.list.find((c: { iso: string }) => c.iso === 'MX').name).toBe('México');
  });
});

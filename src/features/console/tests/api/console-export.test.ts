/**
 * The console's CSV downloads (issue 29): every table with the filters it shows, in the caller's
 * language, only to the roles that read the table, one at a time per staff member. On both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { fund, newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { exportTable } from '../../server/export.ts';
import { getT } from '../../../../kernel/i18n/server.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let finance: Staff, support: Staff, risk: Staff;
beforeAll(async () => {
  t = await openTestDb();
  [finance, support, risk] = await Promise.all([staffUser(['finance']), staffUser(['support']), staffUser(['risk'])]);
});
afterAll(() => t.dispose());

const download = (s: Staff, query: Record<string, string>, language = 'EN') => s.call('/wps/console/export', { query, headers: { language } });
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('console downloads', () => {
  it('give finance the withdrawals its filter shows, headings in the caller language, amounts as numbers', async () => {
    const u = await walletUser({ payeeName: 'Ana Export' });
    await fund(u.id, 500_00n);
    for (const amount of ['12.50', '30.00']) expect((await u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount, idempotencyKey: newKey() } })).status).toBe(200);
    const r = await download(finance, { table: 'withdrawals', status: 'pending', username: u.username });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toMatch(/withdrawals-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = lines(r.text);
    expect(rows[0]).toBe('Order,Member,Amount,State,Requested,Payee,Reviewed by,Note');
    expect(rows.slice(1).map((l) => l.split(',').slice(1, 4).join(','))).toEqual([`${u.username},12.50,Pending`, `${u.username},30.00,Pending`]);
    const es = await download(finance, { table: 'withdrawals', status: 'pending', username: u.username }, 'ES');
    expect(lines(es.text)[0]).toContain('Importe');
  });

  it('give support the members and risk the audit log, and refuse each the other table', async () => {
    const u = await walletUser();
    const members = await download(support, { table: 'members', q: u.username });
    expect(members.status).toBe(200);
    expect(lines(members.text)).toHaveLength(2);
    expect(lines(members.text)[1]).toContain(u.username);
    expect((await download(support, { table: 'audit' })).json).toMatchObject({ success: false, errorCode: 'console.role.denied' });
    expect((await download(support, { table: 'withdrawals' })).json.errorCode).toBe('console.role.denied');
    await support.call('/wps/console/member/note', { method: 'POST', body: { memberId: u.id, text: 'export check' } });
    const audit = await download(risk, { table: 'audit', actor: support.username });
    expect(audit.status).toBe(200);
    expect(lines(audit.text)[1]).toContain('member note');
    expect((await download(risk, { table: 'nothing' })).json.errorCode).toBe('request.invalid');
  });

  it('runs one download at a time per staff member, and frees it when the file is cancelled', async () => {
    const s = { staffId: finance.id, username: finance.username, roles: ['finance'], sessionId: 0 } as Parameters<typeof exportTable>[2];
    const tr = getT('en');
    const first = await exportTable(t.db, tr, s, { table: 'withdrawals' }, 'en');
    await expect(exportTable(t.db, tr, s, { table: 'withdrawals' }, 'en')).rejects.toMatchObject({ status: 429, errorCode: 'console.export.busy' });
    await first.body.cancel();
    const again = await exportTable(t.db, tr, s, { table: 'withdrawals' }, 'en');
    expect(await new Response(again.body).text()).toContain('Order,Member');
  });
});

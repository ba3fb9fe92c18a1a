/**
 * The content studio's licence texts and mirror sites (issue 30), on both databases: an editor
 * sets them, the brand shows them at once (the footer's licence, the mirrors page, the verify
 * call), only https addresses and distinct codes are taken, other roles are refused, and the
 * change is audited with what it was before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand, setBrandOverrides } from '../../../../kernel/brand/index.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';

let t: TestDb;
let editor: Awaited<ReturnType<typeof staffUser>>;
beforeAll(async () => {
  t = await openTestDb();
  editor = await staffUser(['content']);
});
afterAll(async () => {
  // Brand overrides live in the process too: later files of this worker must see the file's.
  await setBrandOverrides(t.db, {});
  await t.dispose();
});

const save = (body: unknown) => editor.call('/wps/console/content/facts', { method: 'POST', body });

describe('licence texts and mirror sites', () => {
  it('are shown as the editor sets them, and verified by the new code', async () => {
    const before = (await editor.call('/wps/console/content/facts')).json.value;
    expect(before.current).toEqual(before.file);
    const next = {
      licences: { curacao: { holder: 'Sol Gaming N.V.', number: '8048/JAZ-2027' }, mexico: { holder: 'Operadora Sol S.A.', number: 'DGJS/123' } },
      mirrors: [...before.current.mirrors, { url: 'https://mirror-new.example/', verifyCode: 'NEW-CODE-7' }],
    };
    const r = await save(next);
    expect(r.status, r.text).toBe(200);
    expect(r.json.value.mirrors.at(-1)).toEqual({ url: 'https://mirror-new.example', verifyCode: 'NEW-CODE-7' });
    expect(brand().licences.curacao.holder).toBe('Sol Gaming N.V.');
    expect(brand().mirrors.map((m) => m.url)).toContain('https://mirror-new.example');
    const verified = await callApi('/wps/system/domainRoute/verify', { query: { code: 'NEW-CODE-7' } });
    expect(verified.status).toBe(200);
    expect(JSON.stringify(verified.json.value)).toContain('mirror-new.example');
    const [audit] = await t.db
      .select({ before: opsAudit.before, after: opsAudit.after })
      .from(opsAudit)
      .where(sql`${opsAudit.command} = 'content facts'`);
    expect(audit!.before).toEqual(before.current);
    expect((audit!.after as { licences: unknown }).licences).toEqual(next.licences);
  });

  it('takes https addresses only, each address and code once, and answers only the content role and owners', async () => {
    const curacao = { holder: 'H', number: 'N' };
    const http = await save({ licences: { curacao }, mirrors: [{ url: 'http://plain.example', verifyCode: 'ABCD' }] });
    expect([http.status, Object.keys(http.json.fieldErrors)]).toEqual([400, ['mirrors.0.url']]);
    const script = await save({ licences: { curacao }, mirrors: [{ url: 'javascript:alert(1)', verifyCode: 'ABCD' }] });
    expect(Object.keys(script.json.fieldErrors)).toEqual(['mirrors.0.url']);
    const twice = await save({
      licences: { curacao },
      mirrors: [
        { url: 'https://a.example', verifyCode: 'SAME' },
        { url: 'https://b.example', verifyCode: 'same' },
      ],
    });
    expect(Object.keys(twice.json.fieldErrors)).toEqual(['mirrors.1.verifyCode']);
    const empty = await save({ licences: { curacao: { holder: '', number: 'N' } }, mirrors: [] });
    expect(Object.keys(empty.json.fieldErrors)).toEqual(['licences.curacao.holder']);
    const support = await staffUser(['support']);
    expect((await support.call('/wps/console/content/facts')).status).toBe(403);
  });
});

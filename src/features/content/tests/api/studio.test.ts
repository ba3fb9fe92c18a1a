/**
 * The content studio (issue 30), on both databases, through the console's calls as an editor
 * makes them: drafts, versions, optimistic saves, publish now and at a time (once across racing
 * processes), unpublish, rollback, diffs, preview links, the sanitiser on every way in, the audit
 * log, roles, and what the site reads (the help call, the promotions' words, the pages a change
 * drops). Brands are isolated by their database: a brand's staff and content are in its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { clock } from '../../../../kernel/clock.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';
import { helpSections, listPromotions, onContentChange, pageShowsChange, reloadContent, type ContentChangeNote } from '../../server/live.ts';
import { publishDue } from '../../server/studio.ts';
import { exportDocuments, importDocuments } from '../../server/transfer.ts';
import { contentVersion } from '../../server/tables.ts';

let t: TestDb;
let editor: Awaited<ReturnType<typeof staffUser>>;
const realNow = clock.now;
beforeAll(async () => {
  t = await openTestDb();
  editor = await staffUser(['content']);
});
afterAll(async () => {
  clock.now = realNow;
  await t.dispose();
});

const post = (p: string, body: unknown, language = 'EN') => editor.call(p, { method: 'POST', body, headers: { language } });
const entry = async (kind: string, slug: string) => (await editor.call('/wps/console/content/entry', { query: { kind, slug } })).json.value;
const ATTACKS =
  '<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="JaVaScRiPt:alert(4)">x</a>\n\n<iframe src="https://evil.test"></iframe>\n\n![pic](data:image/svg+xml;base64,PHN2Zz4= "t")';

describe('the content studio', () => {
  it('lists the seeded documents live in every language of the brand', async () => {
    const r = await editor.call('/wps/console/content', { query: { kind: 'help' } });
    expect(r.status).toBe(200);
    expect(r.json.value.locales).toEqual(['en', 'es']);
    const faq = r.json.value.items.find((i: { slug: string }) => i.slug === 'faq');
    expect(faq.locales.en.state).toBe('live');
    expect(faq.locales.es.state).toBe('live');
    // The Spanish was imported from the English version that is live: not behind.
    expect([faq.locales.en.outdated, faq.locales.es.outdated]).toEqual([false, false]);
    const promos = (await editor.call('/wps/console/content', { query: { kind: 'promotion' } })).json.value.items;
    expect(promos.length).toBeGreaterThanOrEqual(6);
  });

  it('keeps a new Spanish article a draft until it is published, then the site has it at once', async () => {
    const saved = await post('/wps/console/content/save', {
      kind: 'help',
      slug: 'bonos',
      locale: 'es',
      fields: { title: 'Bonos y giros', order: 95 },
      body: '## Cómo funcionan\n\nTexto **nuevo**.',
      base: 0,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.value.number).toBe(1);
    // A draft: not on the site, listed as missing in English and behind nothing.
    expect(helpSections('es').some((s) => s.id === 'bonos')).toBe(false);
    const list = (await editor.call('/wps/console/content', { query: { kind: 'help' } })).json.value.items.find((i: { slug: string }) => i.slug === 'bonos');
    expect(list.locales.es.state).toBe('unpublished');
    expect(list.locales.en).toBeUndefined();

    const published = await post('/wps/console/content/publish', { entryId: saved.json.value.entryId, number: 1 });
    expect(published.json.value).toEqual({ published: 1, scheduled: null });
    const section = helpSections('es').find((s) => s.id === 'bonos')!;
    expect(section.html).toContain('<strong>nuevo</strong>');
    const api = await callApi('/wps/system/helpCenter', { query: { lang: 'ES' } });
    expect(api.json.value.map((s: { id: string }) => s.id)).toContain('bonos');
    expect((await callApi('/wps/system/helpCenter', { query: { lang: 'EN' } })).json.value.map((s: { id: string }) => s.id)).not.toContain('bonos');
  });

  it('refuses a save on top of a version that is no longer the latest, and bad fields under their names in the caller language', async () => {
    const first = await post('/wps/console/content/save', { kind: 'help', slug: 'race', locale: 'en', fields: { title: 'Race', order: 1 }, body: 'one', base: 0 });
    expect(first.status).toBe(200);
    const again = await post('/wps/console/content/save', { kind: 'help', slug: 'race', locale: 'en', fields: { title: 'Race', order: 1 }, body: 'two', base: 0 });
    expect([again.status, again.json.errorCode]).toEqual([409, 'content.conflict']);
    const bad = await post('/wps/console/content/save', { kind: 'help', slug: 'race', locale: 'en', fields: { title: '', order: 'x', extra: 1 }, body: 'x', base: 1 }, 'ES');
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'request.invalid']);
    expect(Object.keys(bad.json.fieldErrors)).toEqual(expect.arrayContaining(['title', 'order']));
    expect(bad.json.fieldErrors.title).toMatch(/[a-záéíóúñ]/i);
    const slug = await post('/wps/console/content/save', { kind: 'help', slug: 'Bad Slug!', locale: 'en', fields: { title: 'T', order: 1 }, body: 'x', base: 0 });
    expect([slug.status, slug.json.errorCode, Object.keys(slug.json.fieldErrors)]).toEqual([400, 'content.slug', ['slug']]);
    const lang = await post('/wps/console/content/save', { kind: 'help', slug: 'x', locale: 'fr', fields: { title: 'T', order: 1 }, body: 'x', base: 0 });
    expect(lang.status).toBe(400);
    const promo = await post('/wps/console/content/save', {
      kind: 'promotion',
      slug: '77',
      locale: 'en',
      fields: { title: 'P', summary: 's', promoType: 'nope', period: 'D', order: 1 },
      body: '',
      base: 0,
    });
    expect(Object.keys(promo.json.fieldErrors)).toEqual(['promoType']);
    const dates = await post('/wps/console/content/save', {
      kind: 'promotion',
      slug: '77',
      locale: 'en',
      fields: { title: 'P', summary: 's', promoType: 'daily', period: 'D', order: 1, start: '2026-05-02', end: '2026-05-01' },
      body: '',
      base: 0,
    });
    expect(Object.keys(dates.json.fieldErrors)).toEqual(['end']);
  });

  it('never lets script through: the preview and the site use one sanitiser', async () => {
    const render = await post('/wps/console/content/render', { kind: 'help', fields: { title: '<b>x</b>', order: 1 }, body: ATTACKS });
    const saved = await post('/wps/console/content/save', { kind: 'help', slug: 'xss', locale: 'en', fields: { title: 'XSS', order: 1 }, body: ATTACKS, base: 0 });
    await post('/wps/console/content/publish', { entryId: saved.json.value.entryId, number: 1 });
    const onSite = helpSections('en').find((s) => s.id === 'xss')!.html;
    expect(onSite).toBe(render.json.value.html);
    for (const html of [onSite, render.json.value.html]) {
      expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|data:image\/svg/i);
    }
  });

  it('keeps every version, shows a diff between any two, and rolls back as a new version', async () => {
    const before = await entry('help', 'faq');
    const en = before.locales.en;
    const v2 = await post('/wps/console/content/save', { kind: 'help', slug: 'faq', locale: 'en', fields: en.latest.fields, body: `${en.latest.body}\nA new answer.\n`, base: en.latest.number });
    expect(v2.json.value.number).toBe(en.latest.number + 1);
    await post('/wps/console/content/publish', { entryId: en.state.entryId, number: v2.json.value.number });
    expect(helpSections('en').find((s) => s.id === 'faq')!.body).toContain('A new answer.');
    // Spanish is now behind English.
    const list = (await editor.call('/wps/console/content', { query: { kind: 'help' } })).json.value.items.find((i: { slug: string }) => i.slug === 'faq');
    expect([list.locales.es.outdated, list.locales.en.outdated]).toEqual([true, false]);

    const diff = await editor.call('/wps/console/content/diff', { query: { entryId: en.state.entryId, from: en.latest.number, to: v2.json.value.number } });
    expect(diff.json.value.lines.filter((l: { op: string }) => l.op === 'added').map((l: { text: string }) => l.text)).toContain('A new answer.');
    expect(diff.json.value.fields).toEqual([]);

    const back = await post('/wps/console/content/action', { action: 'rollback', entryId: en.state.entryId, number: en.latest.number });
    expect(back.json.value.number).toBe(v2.json.value.number + 1);
    expect(helpSections('en').find((s) => s.id === 'faq')!.body).not.toContain('A new answer.');
    const after = await entry('help', 'faq');
    expect(after.locales.en.versions.map((v: { number: number }) => v.number)).toEqual([back.json.value.number, v2.json.value.number, en.latest.number]);
    expect(after.locales.en.changes.map((c: { action: string }) => c.action).slice(0, 2)).toEqual(['rollback', 'publish']);
    // Versions are append-only in the database itself.
    const refused = await t.db
      .update(contentVersion)
      .set({ body: 'x' })
      .where(eq(contentVersion.entryId, en.state.entryId))
      .then(
        () => null,
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(refused).toMatch(/append-only/);
  });

  it('publishes a scheduled version at its time, once even when processes race, and not before', async () => {
    const saved = await post('/wps/console/content/save', {
      kind: 'promotion',
      slug: '41',
      locale: 'en',
      fields: { title: 'Winter cup', summary: 'A scheduled offer', promoType: 'special', period: 'none', order: 5 },
      body: 'Soon.',
      base: 0,
    });
    const at = Date.now() + 3_600_000;
    const r = await post('/wps/console/content/publish', { entryId: saved.json.value.entryId, number: 1, at });
    expect(r.json.value).toEqual({ published: null, scheduled: { number: 1, at } });
    expect(await publishDue(t.db, new Date(at - 1000))).toBe(0);
    await reloadContent();
    expect(listPromotions('en').some((p) => p.id === 41)).toBe(false);
    const done = await Promise.all([publishDue(t.db, new Date(at)), publishDue(t.db, new Date(at)), publishDue(t.db, new Date(at + 5))]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    await reloadContent();
    expect(listPromotions('en').find((p) => p.id === 41)?.title).toBe('Winter cup');
    const past = await post('/wps/console/content/publish', { entryId: saved.json.value.entryId, number: 1, at: Date.now() - 1000 });
    expect(past.json.value.scheduled).toBeNull();
  });

  it('unpublishes, and tells the page cache which pages a change shows on', async () => {
    const heard: ContentChangeNote[][] = [];
    const off = onContentChange((c) => heard.push(c));
    const e = await entry('help', 'bonos');
    await post('/wps/console/content/action', { action: 'unpublish', entryId: e.locales.es.state.entryId });
    off();
    expect(helpSections('es').some((s) => s.id === 'bonos')).toBe(false);
    expect(heard.flat()).toEqual([{ kind: 'help', locale: 'es' }]);
    const help: ContentChangeNote = { kind: 'help', locale: 'es' };
    expect([pageShowsChange('/es/help', help), pageShowsChange('/help', help), pageShowsChange('/es/', help)]).toEqual([true, false, false]);
    const promo: ContentChangeNote = { kind: 'promotion', locale: 'en' };
    expect([pageShowsChange('/', promo), pageShowsChange('/slots', promo), pageShowsChange('/es/promotions', promo)]).toEqual([true, true, false]);
  });

  it('hands out preview links that show drafts for an hour', async () => {
    const link = await post('/wps/console/content/preview-link', { kind: 'help', locale: 'es' });
    expect(link.json.value.url).toMatch(/^\/es\/help\?preview=[A-Za-z0-9_-]{32}$/);
    const { previewValid } = await import('../../server/live.ts');
    const token = link.json.value.url.split('=')[1];
    expect(await previewValid(token, 'help')).toBe(true);
    expect(await previewValid(token, 'promotion')).toBe(false);
    expect(await previewValid(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'help')).toBe(false);
    clock.now = () => Date.now() + 3_600_001;
    try {
      expect(await previewValid(token, 'help')).toBe(false);
    } finally {
      clock.now = realNow;
    }
  });

  it('writes every change to the audit log, and answers only the content role and owners', async () => {
    const rows = await t.db
      .select({ command: opsAudit.command })
      .from(opsAudit)
      .where(sql`${opsAudit.actor} = ${`staff:${editor.username}`} and ${opsAudit.command} like 'content %'`);
    expect(new Set(rows.map((r) => r.command))).toEqual(new Set(['content save', 'content publish', 'content schedule', 'content rollback', 'content unpublish']));
    for (const role of ['support', 'finance', 'risk', 'agents'] as const) {
      const other = await staffUser([role]);
      const r = await other.call('/wps/console/content', { query: { kind: 'help' } });
      expect([r.status, r.json.errorCode]).toEqual([403, 'console.role.denied']);
    }
    expect((await (await staffUser(['owner'])).call('/wps/console/content', { query: { kind: 'help' } })).status).toBe(200);
    expect((await callApi('/wps/console/content', { query: { kind: 'help' } })).status).toBe(401);
  });

  it('exports the published words as files that import back unchanged', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-export-'));
    try {
      const n = await exportDocuments(t.db, dir, false);
      expect(n).toBeGreaterThan(30);
      const again = await importDocuments(t.db, { root: dir, locales: ['en', 'es'], author: 'test', publish: false });
      expect(again).toEqual({ saved: 0, unchanged: n, published: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

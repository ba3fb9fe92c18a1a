/**
 * Notices, popups and banners in the content studio (issue 30), on both databases: written and
 * published by an editor, they are shown through the same tables, calls and pages as before (the
 * marquee, the announcement popup's call, the agents' back office, the carousels); unpublishing
 * takes them off; a link that could run script is refused under its field; rows from before the
 * studio are adopted as its documents, pairs of languages side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { runOps } from '../../../../app/ops.ts';
import { announcement, banner } from '../../server/tables.ts';
import { findBanners } from '../../server/banners.ts';
import { homeNotices } from '../../server/queries.ts';
import { insertAnnouncements } from '../../server/announcements.ts';
import { insertBanners } from '../../server/banners.ts';
import { adoptLegacyRows } from '../../server/adopt.ts';
import { homePreview } from '../../server/home-preview.ts';

let t: TestDb;
let editor: Awaited<ReturnType<typeof staffUser>>;
beforeAll(async () => {
  t = await openTestDb();
  editor = await staffUser(['content']);
});
afterAll(async () => {
  await t.dispose();
});

const post = (p: string, body: unknown, language = 'EN') => editor.call(p, { method: 'POST', body, headers: { language } });
const save = (kind: string, slug: string, locale: string, fields: Record<string, unknown>, body = '', base = 0) => post('/wps/console/content/save', { kind, slug, locale, fields, body, base });
const publish = (entryId: number, number = 1) => post('/wps/console/content/publish', { entryId, number });

describe('notices and banners in the studio', () => {
  it('publishes a marquee notice in two languages, sanitised, where the site and the popup call read them', async () => {
    const fields = { title: 'Maintenance <b>tonight</b>', order: 5, type: 'B', execution: 'B', audience: 'everyone' };
    const en = await save('announcement', 'maintenance', 'en', fields, 'Games pause at **02:00**.<script>alert(1)</script>');
    const es = await save('announcement', 'maintenance', 'es', { ...fields, title: 'Mantenimiento esta noche' }, 'Los juegos se detienen a las **02:00**.');
    expect([en.status, es.status], en.text).toEqual([200, 200]);
    expect(await homeNotices('en')).not.toContainEqual(expect.objectContaining({ title: 'Maintenance tonight' }));
    await publish(en.json.value.entryId);
    await publish(es.json.value.entryId);
    const shown = (await homeNotices('en')).find((n) => n.title === 'Maintenance tonight')!;
    expect(shown.content).toBe('<p>Games pause at <strong>02:00</strong>.</p>');
    expect((await homeNotices('es')).map((n) => n.title)).toContain('Mantenimiento esta noche');
    const api = await callApi('/wps/relay/MCSFE_getListAnnouncements', { query: { types: 'B', execution: 'B' }, headers: { language: 'ES' } });
    expect(api.json.value.map((n: { title: string }) => n.title)).toContain('Mantenimiento esta noche');

    // A new version replaces what is shown; unpublishing takes it off.
    const v2 = await save('announcement', 'maintenance', 'en', { ...fields, title: 'Maintenance moved' }, 'Later.', 1);
    await publish(en.json.value.entryId, v2.json.value.number);
    expect((await homeNotices('en')).map((n) => n.title)).toEqual(expect.arrayContaining(['Maintenance moved']));
    expect((await homeNotices('en')).map((n) => n.title)).not.toContain('Maintenance tonight');
    await post('/wps/console/content/action', { action: 'unpublish', entryId: en.json.value.entryId });
    expect((await homeNotices('en')).map((n) => n.title)).not.toContain('Maintenance moved');
    expect((await homeNotices('es')).map((n) => n.title)).toContain('Mantenimiento esta noche');
  });

  it("shows a notice's draft on the home page to whoever has the preview link, and to no one else", async () => {
    const saved = await save('announcement', 'draft-only', 'es', { title: 'Borrador del aviso', order: 1, type: 'B', execution: 'B', audience: 'everyone' }, 'Aún no.');
    expect(saved.status).toBe(200);
    expect((await homeNotices('es')).map((n) => n.title)).not.toContain('Borrador del aviso');
    const link = await post('/wps/console/content/preview-link', { kind: 'announcement', locale: 'es' });
    expect(link.json.value.url).toMatch(/^\/es\/?\?preview=/);
    const token = link.json.value.url.split('preview=')[1];
    const preview = await homePreview(token, 'es');
    expect(preview!.kind).toBe('announcement');
    expect(preview!.notices!.map((n) => n.title)).toContain('Borrador del aviso');
    expect(preview!.banners).toBeUndefined();
    expect(await homePreview('not-a-token-of-anyone-000000', 'es')).toBeNull();
    expect(await homePreview(undefined, 'es')).toBeNull();
  });

  it('publishes a banner with a studio image and a link, and refuses a link that could run script', async () => {
    const bad = await save('banner', 'winter', 'en', { title: 'Winter', order: 1, group: 'w_home', image: '/img/art/banner-2.svg', linkageType: 'URL', target: 'javascript:alert(1)' });
    expect([bad.status, Object.keys(bad.json.fieldErrors ?? {})]).toEqual([400, ['target']]);
    const outside = await save('banner', 'winter', 'en', { title: 'Winter', order: 1, group: 'w_home', image: 'https://evil.test/x.png' });
    expect(Object.keys(outside.json.fieldErrors ?? {})).toEqual(['image']);
    const ok = await save('banner', 'winter', 'en', { title: 'Winter cup', subtitle: 'Demo offer', order: 1, group: 'w_home', image: '/img/art/banner-2.svg', linkageType: 'PROMO', target: '5' });
    expect(ok.status, ok.text).toBe(200);
    await publish(ok.json.value.entryId);
    const slide = (await findBanners(t.db, 'en', 'w_home')).find((b) => b.title === 'Winter cup')!;
    expect(slide).toMatchObject({ subtitle: 'Demo offer', imageUrl: '/img/art/banner-2.svg', href: '/promotions#5' });
    await post('/wps/console/content/action', { action: 'unpublish', entryId: ok.json.value.entryId });
    expect((await findBanners(t.db, 'en', 'w_home')).some((b) => b.title === 'Winter cup')).toBe(false);
  });

  it('keeps the announce command working: a studio document, published, removed by unpublishing', async () => {
    const added = await runOps(t.db, ['announce', 'add', '--locale', 'en', '--title', 'For agents', '--markdown', '**Payday** moved', '--audience', 'agents'], 'test');
    expect(added.output).toMatch(/Announcement (\d+) added for agents/);
    const id = Number(/Announcement (\d+)/.exec(added.output)![1]);
    const [row] = await t.db.select().from(announcement).where(eq(announcement.id, id));
    expect(row).toMatchObject({ audience: 'agents', content: '<p><strong>Payday</strong> moved</p>' });
    expect(row!.entryId).not.toBeNull();
    const list = (await editor.call('/wps/console/content', { query: { kind: 'announcement' } })).json.value.items;
    expect(list.some((i: { title: string }) => i.title === 'For agents')).toBe(true);
    expect((await runOps(t.db, ['announce', 'remove', '--id', String(id)], 'test')).ok).toBe(true);
    expect(await t.db.select().from(announcement).where(eq(announcement.id, id))).toEqual([]);
  });

  it('adopts notices and banners from before the studio, pairing the languages of the same one', async () => {
    const ids = await insertAnnouncements(t.db, [
      { locale: 'en', type: 'PL', execution: 'A', title: 'Old popup', content: '<p>Old</p>', sort: 77 },
      { locale: 'es', type: 'PL', execution: 'A', title: 'Ventana antigua', content: '<p>Antigua</p>', sort: 77 },
    ]);
    await insertBanners(t.db, [{ groupName: 'w_login', locale: 'en', title: 'Old slide', imageUrl: '/img/art/banner-3.svg', linkageType: null, sort: 91 }]);
    expect(await adoptLegacyRows(t.db)).toBeGreaterThanOrEqual(3);
    expect(await adoptLegacyRows(t.db)).toBe(0);
    const rows = await t.db.select().from(announcement).where(eq(announcement.id, ids[0]!));
    expect(rows[0]!.entryId).not.toBeNull();
    const list = (await editor.call('/wps/console/content', { query: { kind: 'announcement' } })).json.value.items;
    const pair = list.find((i: { locales: Record<string, { latest: { title: string } }> }) => i.locales.en?.latest.title === 'Old popup');
    expect(pair.locales.es.latest.title).toBe('Ventana antigua');
    expect(pair.locales.en.state).toBe('live');
    // Adopted together, the Spanish follows the English: not behind.
    expect([pair.locales.en.outdated, pair.locales.es.outdated]).toEqual([false, false]);
    // An adopted notice is edited like any other.
    const entry = (await editor.call('/wps/console/content/entry', { query: { kind: 'announcement', slug: pair.slug } })).json.value.locales.en;
    const v2 = await save('announcement', pair.slug, 'en', { ...entry.latest.fields, title: 'Renewed popup' }, 'New', 1);
    await publish(entry.state.entryId, v2.json.value.number);
    expect((await homeNotices('en', 'A')).map((n) => n.title)).toContain('Renewed popup');
    const [slide] = await t.db.select().from(banner).where(eq(banner.title, 'Old slide'));
    expect(slide!.entryId).not.toBeNull();
  });
});

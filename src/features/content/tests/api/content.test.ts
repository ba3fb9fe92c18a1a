import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { seedContent } from '../../server/seed.ts';
import { insertAnnouncements } from '../../server/announcements.ts';
import { insertBanners } from '../../server/banners.ts';
import { banners, homeNotices } from '../../server/queries.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedContent(t.db);
});
afterAll(async () => {
  await t.dispose();
});

type Notice = { id: number; title: string; content: string; type: string; execution: string; isDemo: boolean };
const notices = async (query: Record<string, string>, language = 'EN') => (await callApi('/wps/relay/MCSFE_getListAnnouncements', { query, headers: { language } })).json.value as Notice[];

describe('the help centre call', () => {
  it('answers every section in English, the terms under id term', async () => {
    const r = await callApi('/wps/system/helpCenter', { query: { lang: 'EN', device: 'WEB' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    const term = r.json.value.find((s: { id: string }) => s.id === 'term');
    expect(term.title).toBe('Terms and conditions');
    expect(term.html).toContain('18 years old');
    expect(r.json.value.map((s: { id: string }) => s.id)).toContain('responsible-gaming');
  });

  it('answers in Spanish when lang says ES, whatever the Language header', async () => {
    const r = await callApi('/wps/system/helpCenter', { query: { lang: 'es', device: 'WEB' }, headers: { language: 'EN' } });
    expect(r.json.value.find((s: { id: string }) => s.id === 'term').title).toBe('Términos y condiciones');
  });

  it('follows the Language header when lang is absent', async () => {
    const r = await callApi('/wps/system/helpCenter', { headers: { language: 'ES' } });
    expect(r.json.value[0].title).toBe('Quiénes somos');
  });

  it('gives the same section ids in both languages', async () => {
    const ids = async (lang: string) => (await callApi('/wps/system/helpCenter', { query: { lang } })).json.value.map((s: { id: string }) => s.id);
    expect(await ids('ES')).toEqual(await ids('EN'));
  });

  it('answers sections that carry no script, handler or javascript: link', async () => {
    for (const lang of ['EN', 'ES']) {
      for (const s of (await callApi('/wps/system/helpCenter', { query: { lang } })).json.value) {
        expect(s.html).not.toMatch(/<script|\son\w+=|javascript:|<iframe/i);
      }
    }
  });
});

describe('the announcements call', () => {
  it('gives the home notice (types B,PL,PU,PR, execution B) in the caller language, only for visitors', async () => {
    const en = await notices({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' });
    expect(en.length).toBeGreaterThanOrEqual(4);
    expect(en.every((n) => n.execution === 'B' && ['B', 'PL', 'PU', 'PR'].includes(n.type))).toBe(true);
    expect(en[0]).toMatchObject({ title: 'Welcome to Lucky Demo', type: 'B', isDemo: true });
    const es = await notices({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' }, 'ES');
    expect(es[0]!.title).toBe('Bienvenido a Lucky Demo');
    expect(es.map((n) => n.type)).toEqual(en.map((n) => n.type));
  });

  it('filters by type and by execution', async () => {
    const marquee = await notices({ types: 'B', execution: 'B' });
    expect(marquee.length).toBe(3);
    expect(marquee.every((n) => n.type === 'B')).toBe(true);
    const members = await notices({ execution: 'A' });
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((n) => n.execution === 'A')).toBe(true);
    const first = await notices({ execution: 'F' });
    expect(first.map((n) => n.title)).toEqual(['Welcome aboard!']);
    const both = await notices({ types: 'pu', execution: 'a,f' });
    expect(both.every((n) => n.type === 'PU' && ['A', 'F'].includes(n.execution))).toBe(true);
    const all = await notices({});
    expect(all.length).toBe(10);
  });

  it('refuses an unknown type or execution with field errors', async () => {
    const r = await callApi('/wps/relay/MCSFE_getListAnnouncements', { query: { types: 'B,ZZ' } });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('request.invalid');
    expect(Object.keys(r.json.fieldErrors)[0]).toMatch(/^types/);
    expect((await callApi('/wps/relay/MCSFE_getListAnnouncements', { query: { execution: 'X' } })).status).toBe(400);
  });

  it('stores announcements sanitised, so no script, handler or javascript: link comes out', async () => {
    await insertAnnouncements(t.db, [
      {
        locale: 'en',
        type: 'H',
        execution: 'B',
        title: '<img src=x onerror=alert(1)>Hacked <b>title</b>',
        content: '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a></p><script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://evil.test"></iframe>',
      },
    ]);
    const [n] = await notices({ types: 'H' });
    expect(n!.title).toBe('Hacked title');
    expect(n!.content).toBe('<p>Read <a>this</a></p><img src="x" />');
    expect(n!.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('keeps titles plain text even when tags arrive entity-encoded', async () => {
    await insertAnnouncements(t.db, [{ locale: 'es', type: 'H', execution: 'B', title: '&lt;img src=x onerror=alert(1)&gt;Aviso &amp; más', content: '<p>x</p>' }]);
    const [n] = await notices({ types: 'H' }, 'ES');
    expect(n!.title).toBe('img src=x onerror=alert(1)Aviso & más');
  });

  it('is refused while the site is in maintenance, like every call outside /wps/system', async () => {
    const { setMaintenance } = await import('../../../system/server/status.ts');
    await setMaintenance(t.db, { on: true, end: null, notice: null });
    try {
      expect((await callApi('/wps/relay/MCSFE_getListAnnouncements')).status).toBe(503);
      // The mirror check must keep working: blocked visitors need it most.
      expect((await callApi('/wps/system/domainRoute/verify', { query: { code: 'LD-7Q2K' } })).json.value.valid).toBe(true);
    } finally {
      await setMaintenance(t.db, { on: false, end: null, notice: null });
    }
  });
});

describe('home notices and banners for pages', () => {
  it('gives visitor notices by default and member notices on request', async () => {
    const visitor = await homeNotices('es');
    expect(visitor.length).toBeGreaterThan(0);
    expect(visitor.every((n) => n.execution === 'B' && n.type !== 'H')).toBe(true);
    const first = await homeNotices('en', ['A', 'F']);
    expect(new Set(first.map((n) => n.execution))).toEqual(new Set(['A', 'F']));
  });

  it('gives 3 to 4 home banners per locale with generated art and working links', async () => {
    for (const locale of ['en', 'es'] as const) {
      const home = await banners(locale, 'w_home');
      expect(home.length).toBeGreaterThanOrEqual(3);
      expect(home.length).toBeLessThanOrEqual(4);
      for (const b of home) {
        expect(b.imageUrl).toMatch(/^\/img\/art\/banner-\d+\.svg$/);
        expect(b.isDemo).toBe(true);
        if (b.linkageType === null) expect(b.href).toBeNull();
        else expect(b.href).toMatch(locale === 'es' ? /^\/es\/promotions#\d+$/ : /^\/promotions#\d+$/);
      }
      expect(new Set(home.map((b) => b.linkageType))).toEqual(new Set([null, 'URL', 'PROMO']));
      for (const g of ['w_leftmenu', 'w_login', 'w_register'] as const) expect((await banners(locale, g)).length).toBeGreaterThan(0);
    }
  });

  it('refuses a banner whose link could run script', async () => {
    await expect(insertBanners(t.db, [{ groupName: 'w_home', locale: 'en', title: 'x', imageUrl: '/img/art/banner-1.svg', linkageType: 'URL', target: 'javascript:alert(1)' }])).rejects.toThrow(
      /no usable target/,
    );
  });

  it('seeds again without doubling the demo rows or touching the operator rows', async () => {
    const before = (await notices({})).length;
    const bannersBefore = (await banners('en', 'w_home')).length;
    await seedContent(t.db);
    expect((await notices({})).length).toBe(before);
    expect((await banners('en', 'w_home')).length).toBe(bannersBefore);
    expect((await notices({ types: 'H' })).map((n) => n.title)).toEqual(['Hacked title']);
  });
});

describe('the Verify Representative call', () => {
  const verify = async (code: string) => (await callApi('/wps/system/domainRoute/verify', { query: { code } })).json;

  it('confirms an official code or address and names its address', async () => {
    expect(await verify('LD-9X4C')).toEqual({ success: true, value: { valid: true, url: 'https://lucky-demo2.example' } });
    expect((await verify('https://lucky-demo1.example/help')).value).toEqual({ valid: true, url: 'https://lucky-demo1.example' });
  });

  it('says false for a wrong code or a look-alike address', async () => {
    expect((await verify('LD-1234')).value).toEqual({ valid: false });
    expect((await verify('lucky-demo.example.evil.test')).value).toEqual({ valid: false });
  });

  it('refuses an empty or overlong code', async () => {
    expect((await callApi('/wps/system/domainRoute/verify', { query: { code: '  ' } })).status).toBe(400);
    expect((await callApi('/wps/system/domainRoute/verify', { query: { code: 'x'.repeat(201) } })).status).toBe(400);
    expect((await callApi('/wps/system/domainRoute/verify')).status).toBe(400);
  });
});

describe('the operator: npm run ops -- announce', () => {
  it('adds a popup announcement with its type, execution and promotion link, and refuses bad ones', async () => {
    const { runOps } = await import('../../../../app/ops.ts');
    const bad = await runOps(t.db, ['announce', 'add', '--locale', 'en', '--title', 'X', '--markdown', 'y', '--execution', 'Z'], 'test');
    expect(bad).toMatchObject({ ok: false });
    expect((await runOps(t.db, ['announce', 'add', '--locale', 'en', '--title', 'X', '--markdown', 'y', '--promotion-type', 'nope'], 'test')).ok).toBe(false);
    const ok = await runOps(
      t.db,
      ['announce', 'add', '--locale', 'en', '--title', 'First login gift, unique P1', '--markdown', 'A **gift** for you.', '--type', 'PU', '--execution', 'F', '--promotion-type', 'newbie'],
      'test',
    );
    expect(ok).toMatchObject({ ok: true });
    const popup = (await callApi('/wps/relay/MCSFE_getListAnnouncements', { query: { types: 'PU', execution: 'F' } })).json.value as { title: string; content: string; promotionType: string | null }[];
    const mine = popup.find((n) => n.title === 'First login gift, unique P1');
    expect(mine).toMatchObject({ promotionType: 'newbie' });
    expect(mine!.content).toContain('<strong>gift</strong>');
  });
});

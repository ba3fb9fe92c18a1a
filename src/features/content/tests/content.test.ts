import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText, renderMarkdown, sanitizeContentHtml, splitFrontMatter } from '../server/markdown.ts';
import { contentRoot, documentLocales, fillPlaceholders, helpFrontMatter, promotionFrontMatter, readDocuments } from '../server/documents.ts';
import type { Locale } from '../../../kernel/locales.ts';

// The demo seed as the demo brand gets it (the site reads what is published: tests/api/studio.test.ts).
const DEMO_VALUES = { brand: 'Lucky Demo', minimumAge: '18' };
const helpSections = (l: Locale) => readDocuments('help', l, helpFrontMatter, contentRoot, DEMO_VALUES);
const promotions = (l: Locale) => readDocuments('promotions', l, promotionFrontMatter, contentRoot, DEMO_VALUES);
import { bannerHref } from '../server/banners.ts';
import { bannerArt, parseArtFile } from '../server/art.ts';
import { hostOf, officialAddresses, verifyRepresentative } from '../server/mirrors.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { PROMO_TILES, PROMO_TYPES } from '../contract.ts';

const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(1)">',
  '[click](javascript:alert(1))',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<iframe src="https://evil.test"></iframe>',
  '<svg onload="alert(1)"><circle /></svg>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<form action="https://evil.test"><input name="pw"></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

/** Asserts that an HTML fragment can run nothing and load nothing foreign. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<form|<input|<style|<math/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe('the markdown module', () => {
  it('renders GitHub-flavoured Markdown: headings, lists, tables, links', () => {
    const html = renderMarkdown('## Rules\n\n- one\n- two\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\nSee [terms](/help#term).');
    expect(html).toContain('<h2>Rules</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<a href="/help#term">terms</a>');
  });

  it.each(ATTACKS)('strips what could run from Markdown: %s', (attack) => {
    expectInert(renderMarkdown(`Hello ${attack} world`));
  });

  it.each(ATTACKS.filter((a) => a.startsWith('<')))('strips what could run from HTML: %s', (attack) => {
    expectInert(sanitizeContentHtml(`<p>Hello</p>${attack}`));
  });

  it('keeps the text around a removed script but not the script itself', () => {
    expect(sanitizeContentHtml('<p>Hi<script>steal()</script> there</p>')).toBe('<p>Hi there</p>');
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p><a>x</a></p>');
  });

  it('makes links that open a new window unable to reach their opener', () => {
    expect(sanitizeContentHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeContentHtml('<a href="/help" rel="opener">x</a>')).toBe('<a href="/help">x</a>');
  });

  it('turns a level-1 heading into level 2, as pages own their h1', () => {
    expect(renderMarkdown('# Title')).toBe('<h2>Title</h2>');
  });

  it('reduces HTML to plain text for titles and marquee lines', () => {
    expect(htmlToText('<b>Big</b> &amp; <i>bold</i><script>x()</script>\n  win')).toBe('Big & bold win');
  });

  it('splits YAML front matter from the body', () => {
    expect(splitFrontMatter('---\nid: term\ntitle: "Terms: all"\norder: 2\n---\n\nBody')).toEqual({
      data: { id: 'term', title: 'Terms: all', order: 2 },
      body: '\nBody',
    });
    expect(splitFrontMatter('No front matter')).toEqual({ data: {}, body: 'No front matter' });
  });
});

describe('reading documents', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'content-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };

  it('sorts by order, renders and sanitises the body', () => {
    write('help/en/b.md', '---\nid: second\ntitle: Second\norder: 2\n---\nText <script>x()</script>');
    write('help/en/a.md', '---\nid: first\ntitle: First\norder: 1\n---\n**Bold**');
    const docs = readDocuments('help', 'en', helpFrontMatter, root);
    expect(docs.map((d) => d.id)).toEqual(['first', 'second']);
    expect(docs[0]!.html).toBe('<p><strong>Bold</strong></p>');
    expect(docs[1]!.html).toBe('<p>Text </p>');
  });

  it('refuses invalid front matter, naming the file', () => {
    write('promotions/en/bad.md', '---\nid: 1\ntitle: Bad\nsummary: s\npromoType: jackpot\nperiod: D\nstatus: join\norder: 1\n---\n');
    expect(() => readDocuments('promotions', 'en', promotionFrontMatter, root)).toThrow(/bad\.md[\s\S]*promoType/);
  });

  it('refuses two documents with one id', () => {
    write('help/es/a.md', '---\nid: same\ntitle: A\norder: 1\n---\n');
    write('help/es/b.md', '---\nid: same\ntitle: B\norder: 2\n---\n');
    expect(() => readDocuments('help', 'es', helpFrontMatter, root)).toThrow(/Two help documents with id same/);
  });

  it('refuses a promotion that ends before it starts', () => {
    write('promotions/es/dates.md', '---\nid: 9\ntitle: T\nsummary: s\npromoType: daily\nperiod: D\nstatus: join\nstart: 2026-05-02\nend: 2026-05-01\norder: 1\n---\n');
    expect(() => readDocuments('promotions', 'es', promotionFrontMatter, root)).toThrow(/end is before start/);
  });
});

describe('the demo seed of the help centre and promotions', () => {
  const [first, ...others] = documentLocales;

  it('has every help section in every language, with the same ids and order', () => {
    const ids = helpSections(first!).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['about', 'term', 'privacy', 'responsible-gaming', 'deposits', 'withdrawals', 'security', 'faq', 'contact']));
    for (const l of others) expect(helpSections(l).map((s) => s.id)).toEqual(ids);
  });

  it('says in every language that gambling is prohibited for minors under 18', () => {
    for (const l of documentLocales) {
      const rg = helpSections(l).find((s) => s.id === 'responsible-gaming')!;
      expect(rg.html).toMatch(/18/);
      expect(helpSections(l).find((s) => s.id === 'term')!.html).toMatch(/18/);
    }
  });

  it('has every promotion in every language, with the same ids, types, periods, statuses and dates', () => {
    const shape = (l: (typeof documentLocales)[number]) =>
      promotions(l).map((p) => ({ id: p.id, promoType: p.promoType, period: p.period, status: p.status, start: p.start, end: p.end, order: p.order, tile: p.tile }));
    expect(promotions(first!).length).toBeGreaterThanOrEqual(6);
    for (const l of others) expect(shape(l)).toEqual(shape(first!));
  });

  it('covers every promotion type, and gives each home promo tile exactly one promotion', () => {
    const all = promotions('en');
    expect(new Set(all.map((p) => p.promoType))).toEqual(new Set(PROMO_TYPES));
    for (const tile of PROMO_TILES) expect(all.filter((p) => p.tile === tile)).toHaveLength(1);
  });

  it('labels every promotion as a demo offer of the demo brand', () => {
    for (const l of documentLocales) for (const p of promotions(l)) expect(p.html).toMatch(/Lucky Demo/);
  });

  it("fills the brand's name and minimum age, and leaves an unknown placeholder as written", () => {
    expect(fillPlaceholders('{{brand}} is for {{minimumAge}}+, {{other}}', { brand: 'Sol', minimumAge: '21' })).toBe('Sol is for 21+, {{other}}');
    const sol = readDocuments('help', 'es', helpFrontMatter, contentRoot, { brand: 'Sol', minimumAge: '21' });
    const all = sol.map((d) => d.html).join('\n');
    expect(all).not.toMatch(/\{\{|Lucky Demo/);
    expect(sol.find((d) => d.id === 'term')!.html).toMatch(/21 años/);
  });

  it('links Spanish documents to Spanish pages', () => {
    for (const d of [...helpSections('es'), ...promotions('es')]) {
      for (const [, href] of d.html.matchAll(/href="(\/[^"]*)"/g)) expect(href, `${d.file}: ${href}`).toMatch(/^\/es\//);
    }
  });
});

describe('banner links', () => {
  it('localises site paths and promotion ids, and refuses anything that could run', () => {
    expect(bannerHref('URL', '/promotions#2', 'es')).toBe('/es/promotions#2');
    expect(bannerHref('PROMO', '5', 'en')).toBe('/promotions#5');
    expect(bannerHref('URL', 'https://example.test/x', 'en')).toBe('https://example.test/x');
    expect(bannerHref(null, '/x', 'en')).toBeNull();
    expect(bannerHref('URL', 'javascript:alert(1)', 'en')).toBeNull();
    expect(bannerHref('URL', '//evil.test', 'en')).toBeNull();
    expect(bannerHref('PROMO', '5 or 1=1', 'en')).toBeNull();
  });
});

describe('banner art', () => {
  it('is the same SVG for the same number, different for another, and never scripted', () => {
    expect(bannerArt(3)).toBe(bannerArt(3));
    expect(bannerArt(3)).not.toBe(bannerArt(4));
    expect(bannerArt(3)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(bannerArt(3)).not.toMatch(/<script|\son\w+=|href=/i);
  });

  it('serves only file names banner-1.svg to banner-999.svg', () => {
    expect(parseArtFile('banner-1.svg')).toBe(1);
    expect(parseArtFile('banner-999.svg')).toBe(999);
    for (const bad of ['banner-0.svg', 'banner-1000.svg', 'banner-01.svg', 'banner-1.svg.js', '../banner-1.svg', undefined]) {
      expect(parseArtFile(bad)).toBeNull();
    }
  });
});

describe('official addresses and Verify Representative', () => {
  it('lists the main address first and each mirror once', () => {
    const list = officialAddresses(brand());
    expect(list[0]).toEqual({ url: 'https://lucky-demo.example', host: 'lucky-demo.example', main: true });
    expect(list.map((a) => a.host)).toEqual(['lucky-demo.example', 'lucky-demo1.example', 'lucky-demo2.example']);
  });

  it('accepts a code without regard to case, spaces or dashes', () => {
    expect(verifyRepresentative('LD-3M8P', brand())).toEqual({ valid: true, url: 'https://lucky-demo1.example' });
    expect(verifyRepresentative(' ld 3m8p ', brand())).toEqual({ valid: true, url: 'https://lucky-demo1.example' });
  });

  it('accepts an official address however it is typed', () => {
    for (const a of ['lucky-demo2.example', 'https://lucky-demo2.example/promotions', 'http://WWW.Lucky-Demo2.example/', 'lucky-demo2.example.']) {
      expect(verifyRepresentative(a, brand()), a).toEqual({ valid: true, url: 'https://lucky-demo2.example' });
    }
  });

  it('refuses look-alikes and unknown codes', () => {
    for (const a of [
      'LD-0000',
      'lucky-demo.example.evil.test',
      'evil-lucky-demo.example',
      'https://lucky-demo.example@evil.test',
      'https://lucky-demo.example:8443',
      'javascript:alert(1)',
      'lucky demo.example',
    ]) {
      expect(verifyRepresentative(a, brand()), a).toEqual({ valid: false });
    }
  });

  it('reads hosts as a person types them', () => {
    expect(hostOf('Example.TEST/path')).toBe('example.test');
    expect(hostOf('ftp://example.test')).toBeNull();
    expect(hostOf('')).toBeNull();
  });
});

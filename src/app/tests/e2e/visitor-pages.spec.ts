/**
 * Every page a visitor (not logged in) can open, in English and Spanish: it answers 200 with what
 * a search engine needs, logs no error and fits a phone; axe checks each page template once.
 * English pages are read on the phone (and the home page on the desktop), Spanish ones at both
 * sizes (the words change the fit); a page made from the same view as one above with other data
 * is read once, English on the phone. axe runs once per template, half of them on the phone in
 * English and half on the desktop in Spanish, so that both sizes and both languages are put
 * through it without paying for every pair (axe is 3-8 s a page on a loaded 2-core machine).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../../../tests/e2e-support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../../../../tests/e2e-support/a11y.ts';
import { watchConsoleErrors } from '../../../../tests/e2e-support/console.ts';
import { AXE_LANG, LANGS, localized, onProject, type Lang, type Size } from '../../../../tests/e2e-support/i18n.ts';
import { fetchAsSent } from '../../../../scripts/bench/page-weight.ts';

/**
 * Pages made from the same view and styles as one above them in this list, with other data (a
 * vendor, another category, a section): read once, English on the phone, without axe.
 */
const SAME_TEMPLATE = new Set(['/rng?vassalage=JL', '/fish', '/live', '/all', '/hot', '/new', '/help#term']);

/**
 * Where axe checks each template: once, on the phone in English or on the desktop in Spanish
 * (AXE_LANG). /login and /register are the home page with a popup open: axe reads the home page
 * here and the popups, in every state, in src/features/accounts/tests/e2e/accounts-a11y.spec.ts.
 */
const AXE_ON: Record<string, Size> = { '/': 'phone', '/rng': 'desktop', '/promotions': 'desktop', '/help': 'phone', '/down': 'desktop', '/mirrors': 'phone' };

/** Unprefixed visitor pages; each is also opened under /es. */
const PAGES = ['/', '/rng', '/rng?vassalage=JL', '/fish', '/live', '/all', '/hot', '/new', '/promotions', '/help', '/help#term', '/down', '/mirrors', '/login', '/register'];

/** The sizes a page is read at in `lang`: English on the phone (and the home page on the desktop), Spanish at both. */
function sizesOf(p: string, lang: Lang): Size[] {
  if (SAME_TEMPLATE.has(p)) return lang === 'en' ? ['phone'] : [];
  if (lang === 'es') return ['phone', 'desktop'];
  return p === '/' ? ['phone', 'desktop'] : ['phone'];
}

/** Waits for the page to settle (islands hydrated, first API calls answered). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
}

/** The pathname a page of `lang` should name as canonical, e.g. '/es/rng' (no hash). */
function expectedPath(p: string, lang: Lang): string {
  const pathname = p.split(/[?#]/)[0]!;
  const full = localized(pathname, lang);
  return full.length > 1 ? full.replace(/\/$/, '') : full;
}

function stripSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

for (const size of ['phone', 'desktop'] as const) {
  // One describe per size, skipped as a whole on the other project before any page is opened.
  test.describe(`visitor pages on the ${size}`, () => {
    onProject(size);
    for (const { lang } of LANGS) {
      for (const p of PAGES.filter((page) => sizesOf(page, lang).includes(size))) {
        const url = localized(p, lang);
        const axe = AXE_ON[p] === size && AXE_LANG[size] === lang;

        test(`${url} answers 200 with title, description, canonical and hreflang links, no error${axe ? ' and no serious axe violation' : ''}`, async ({ page }) => {
          const watch = watchConsoleErrors(page);
          const response = await page.goto(url);
          expect(response, `no response for ${url}`).not.toBeNull();
          expect(response!.status(), `HTTP status of ${url}`).toBe(200);
          await settle(page);

          await expect.soft(page.locator('html'), 'html lang').toHaveAttribute('lang', new RegExp(`^${lang}`));
          await expect.soft(page, 'a non-empty <title>').toHaveTitle(/\S/);
          const description = page.locator('head meta[name="description"]');
          await expect.soft(description, 'one meta description').toHaveCount(1);
          await expect.soft(description, 'a non-empty meta description').toHaveAttribute('content', /\S{3}/);

          const canonical = page.locator('head link[rel="canonical"]');
          await expect.soft(canonical, 'one canonical link').toHaveCount(1);
          const canonicalHref = await canonical
            .first()
            .getAttribute('href', { timeout: 1_000 })
            .catch(() => null);
          expect.soft(canonicalHref, 'canonical link is an absolute URL').toMatch(/^https?:\/\//);
          if (canonicalHref && /^https?:\/\//.test(canonicalHref)) {
            expect.soft(stripSlash(new URL(canonicalHref).pathname), 'canonical path').toBe(expectedPath(p, lang));
            expect.soft(new URL(canonicalHref).origin, 'canonical address is where the page is served').toBe(new URL(page.url()).origin);
          }

          for (const other of LANGS) {
            const alt = page.locator(`head link[rel="alternate"][hreflang="${other.lang}"]`);
            await expect.soft(alt, `hreflang=${other.lang} link`).toHaveCount(1);
            const href = await alt
              .first()
              .getAttribute('href', { timeout: 1_000 })
              .catch(() => null);
            expect.soft(href, `hreflang=${other.lang} is an absolute URL`).toMatch(/^https?:\/\//);
            if (href && /^https?:\/\//.test(href)) {
              expect.soft(stripSlash(new URL(href).pathname), `hreflang=${other.lang} path`).toBe(expectedPath(p, other.lang));
            }
          }

          if (p === '/help#term') {
            await expect.soft(page.locator('[id="term"]'), 'the terms section exists').toHaveCount(1);
            await expect.soft(page.locator('[id="term"]'), 'the terms section is in view').toBeInViewport();
          }

          if (size === 'phone') {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect.soft(overflow, 'the page does not scroll sideways on a phone').toBeLessThanOrEqual(0);
          }

          if (axe) await expectNoSeriousA11yViolations(page);
          expect(watch.errors, 'console errors, uncaught exceptions, failed requests').toEqual([]);
        });
      }
    }
  });
}

// What does not depend on the size: once, on the desktop.
test.describe('the whole site', () => {
  onProject('desktop');

  test('the sitemap lists the visitor pages in both languages', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const xml = await res.text();
    const paths = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => stripSlash(new URL(m[1]!).pathname));
    for (const p of ['/', '/rng', '/fish', '/live', '/all', '/promotions', '/help', '/down', '/mirrors']) {
      for (const { lang } of LANGS) expect.soft(paths, `sitemap has ${expectedPath(p, lang)}`).toContain(expectedPath(p, lang));
    }
    // The pages of the content studio say when they last changed (its latest publish there).
    expect(xml).toMatch(/<loc>[^<]*\/es\/help<\/loc>\n\s*<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
    expect(xml).toMatch(/<loc>[^<]*\/promotions<\/loc>\n\s*<lastmod>/);
  });

  test("the footer's links to help sections land on their section, in view", async ({ page }) => {
    // Every page has the same footer (SiteLayout); the mirrors page is a small one to start from
    // (the home page, twelve loads here, took 25 s of a loaded machine).
    const from = '/mirrors';
    for (const { lang } of LANGS) {
      await page.goto(localized(from, lang));
      const links = page.locator('footer a[href*="/help#"]');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      // Terms, privacy and responsible gaming (the last had pointed at #responsible, which no section has).
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      for (const href of hrefs) {
        await page.goto(localized(from, lang));
        await page.locator(`footer a[href="${href}"]`).click();
        const [path, id] = href.split('#') as [string, string];
        await expect(page).toHaveURL((u) => u.pathname === path && u.hash === `#${id}`);
        const section = page.locator(`section[id="${id}"]`);
        await expect.soft(section, `${href} names a section of the help page`).toHaveCount(1);
        await expect.soft(section, `${href} scrolls its section into view`).toBeInViewport();
      }
    }
  });

  test('every page the home page links to answers without an error', async ({ page, request }) => {
    for (const { lang } of LANGS) {
      await page.goto(localized('/', lang));
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      const targets = [...new Set(hrefs.map((h) => h.split('#')[0]!).filter(Boolean))].slice(0, 80);
      expect(targets.length, 'the home page links to other pages').toBeGreaterThan(3);
      for (const href of targets) {
        const res = await request.get(href, { maxRedirects: 5 });
        expect.soft(res.status(), `${href} (linked from ${localized('/', lang)})`).toBeLessThan(400);
      }
    }
  });

  test('the front door is sent compressed, with cache headers, and names the address it is served at', async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    // Bytes as really sent to a browser that accepts brotli and gzip (not what gzip would give),
    // once the page cache holds the page with its compressed forms (the first visit renders it).
    let home = await fetchAsSent(`${origin}/`);
    for (let i = 0; i < 50 && !(home.headers['x-cache'] === 'hit' && home.headers.etag); i++) {
      await new Promise((r) => setTimeout(r, 100));
      home = await fetchAsSent(`${origin}/`);
    }
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding'], 'home page encoding').toBe('br');
    expect(String(home.headers.vary), 'Vary').toMatch(/accept-encoding/i);
    expect(home.sent.byteLength, 'home HTML as sent (bytes)').toBeLessThanOrEqual(30 * 1024);
    expect(home.body.byteLength, 'the decoded page is the whole page').toBeGreaterThan(home.sent.byteLength * 3);
    // A browser that accepts only gzip gets gzip; one that accepts nothing gets the page as it is.
    expect((await fetchAsSent(`${origin}/`, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await fetchAsSent(`${origin}/`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.sent.equals(home.body), 'same page whatever the encoding').toBe(true);

    // A stored page revalidates by its ETag.
    const etag = String(home.headers.etag ?? '');
    expect(etag, 'the home page has an ETag').toMatch(/^"[^"]+"$/);
    const again = await fetchAsSent(`${origin}/`, { 'if-none-match': etag });
    expect(again.status, 'If-None-Match with the current ETag').toBe(304);

    // Fingerprinted assets: compressed once at build time (those of 1 KB or more), cached for a year.
    const scripts = [...home.body.toString('utf8').matchAll(/<script type="module" src="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length, 'the home page loads module scripts').toBeGreaterThan(0);
    let compressed = 0;
    for (const script of scripts) {
      const js = await fetchAsSent(`${origin}${script}`);
      expect(String(js.headers['cache-control'])).toContain('immutable');
      expect(String(js.headers['cache-control'])).toContain('max-age=31536000');
      if (js.body.byteLength < 1024) continue;
      expect(js.headers['content-encoding'], `${script} encoding`).toBe('br');
      compressed++;
    }
    expect(compressed, 'a script of 1 KB or more, sent compressed').toBeGreaterThan(0);

    // API answers above 1 KB are compressed too; small ones are not.
    const list = await fetchAsSent(`${origin}/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=50&gameType=RNG`, { merchant: 'DEMO', language: 'EN' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding'], 'a 50-game list').toBe('br');
    const favicon = await fetchAsSent(`${origin}/favicon.svg`);
    expect(favicon.headers['content-encoding'], 'a file under 1 KB').toBeUndefined();

    // robots.txt and the sitemap name the address the site is really served at.
    const robots = (await fetchAsSent(`${origin}/robots.txt`)).body.toString('utf8');
    expect(robots).toMatch(new RegExp(`^Sitemap: ${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sitemap\\.xml$`, 'm'));
    const sitemap = (await fetchAsSent(`${origin}/sitemap.xml`)).body.toString('utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin);
    expect(locs.length).toBeGreaterThan(10);
    expect(new Set(locs), 'every sitemap address').toEqual(new Set([origin]));
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home.body.toString('utf8'))?.[1];
    expect(canonical, 'the canonical link of the home page').toBe(`${origin}/`);
  });

  test('the banner autoplays, and stays still for a visitor who asks for less motion', async ({ page }) => {
    await page.clock.install();
    // The active slide's position as Swiper's a11y module says it ('2 / 4'), with loop or rewind alike.
    const active = () => page.locator('.banners .swiper-slide-active').first().getAttribute('aria-label');
    for (const motion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ reducedMotion: motion });
      await page.goto('/');
      await expect(page.locator('.banners .swiper-initialized')).toHaveCount(1);
      const first = await active();
      expect(first).toMatch(/^1 \/ \d+$/);
      // Swiper's autoplay waits 5 s between slides: the page's clock runs past it.
      await page.clock.runFor(6_000);
      if (motion === 'reduce') expect(await active(), 'no autoplay with reduced motion').toBe(first);
      else await expect.poll(active, { message: 'the next banner after 5 s' }).not.toBe(first);
    }
  });
});

test('the clock shows in the header on a wide screen, and at the top of the side menu on a phone', async ({ page }, testInfo) => {
  await page.goto('/');
  const time = /^\d{2}:\d{2}:\d{2}$/;
  if (testInfo.project.name === 'desktop') {
    await expect(page.locator('.site-header [data-clock]')).toHaveText(time);
    await expect(page.locator('.site-header [data-tz]')).toHaveText(/^GMT[+-]\d/);
    await expect(page.locator('#side-menu .sm-clock')).toBeHidden();
    return;
  }
  await expect(page.locator('.site-header [data-clock]')).toBeHidden();
  await page.locator('[data-menu-toggle]').click();
  await expect(page.locator('#side-menu [data-clock]')).toHaveText(time);
  const before = await page.locator('#side-menu [data-clock]').textContent();
  await expect(page.locator('#side-menu [data-clock]'), 'it ticks').not.toHaveText(before!, { timeout: 3_000 });
});

test("the side menu's customer service offers the floating widget's choices, a picker where a channel has several", async ({ page }, testInfo) => {
  const lang: Lang = testInfo.project.name === 'phone' ? 'es' : 'en';
  await page.goto(localized('/', lang));
  if (testInfo.project.name === 'phone') await page.locator('[data-menu-toggle]').click();
  const menu = page.locator('#side-menu');
  const entry = menu.locator('details.sm-service');
  await entry.locator('> summary').click();
  // The demo brand: our live chat (its own page, opened in the customer-service window), Telegram
  // in two languages (a picker), and Facebook.
  const telegram = entry.locator('details.picker');
  await telegram.locator('> summary').click();
  const choices = async (root: ReturnType<Page['locator']>) => root.locator('a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  await expect(telegram.getByRole('link')).toHaveCount(2);
  const fromMenu = await choices(entry);
  expect(fromMenu).toEqual(expect.arrayContaining(['https://t.me/lucky_demo_support', 'https://t.me/lucky_demo_soporte', 'https://facebook.com/luckydemo']));
  // The same choices as the widget's.
  expect(fromMenu.sort()).toEqual((await choices(page.locator('.cs-widget .cs-panel'))).sort());
  await expect(entry.locator('a[data-live-chat]')).toHaveAttribute('href', localized('/chat', lang));
  await expect(telegram.getByRole('link').first()).toHaveAttribute('rel', 'noopener noreferrer');
});

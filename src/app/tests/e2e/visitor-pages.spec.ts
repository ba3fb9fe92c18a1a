/**
 * Every page a visitor (not logged in) can open, in English and Spanish, on the phone and
 * desktop projects: it answers 200 with what a search engine needs, logs no error and passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../tests/e2e-support/a11y.ts';
import { watchConsoleErrors } from '../../../../tests/e2e-support/console.ts';
import { LANGS, localized, type Lang } from '../../../../tests/e2e-support/i18n.ts';

/** Unprefixed visitor pages; each is also opened under /es. */
const PAGES = [
  '/',
  '/rng',
  '/rng?vassalage=JL',
  '/fish',
  '/live',
  '/all',
  '/hot',
  '/new',
  '/promotions',
  '/help',
  '/help#term',
  '/down',
  '/mirrors',
  '/login',
  '/register',
];

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

for (const { lang } of LANGS) {
  test.describe(`visitor pages in ${lang.toUpperCase()}`, () => {
    for (const p of PAGES) {
      const url = localized(p, lang);

      test(`${url} answers 200 with title, description, canonical and hreflang links, no error and no serious axe violation`, async ({ page }, testInfo) => {
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
        const canonicalHref = await canonical.first().getAttribute('href', { timeout: 1_000 }).catch(() => null);
        expect.soft(canonicalHref, 'canonical link is an absolute URL').toMatch(/^https?:\/\//);
        if (canonicalHref && /^https?:\/\//.test(canonicalHref)) {
          expect.soft(stripSlash(new URL(canonicalHref).pathname), 'canonical path').toBe(expectedPath(p, lang));
        }

        for (const other of LANGS) {
          const alt = page.locator(`head link[rel="alternate"][hreflang="${other.lang}"]`);
          await expect.soft(alt, `hreflang=${other.lang} link`).toHaveCount(1);
          const href = await alt.first().getAttribute('href', { timeout: 1_000 }).catch(() => null);
          expect.soft(href, `hreflang=${other.lang} is an absolute URL`).toMatch(/^https?:\/\//);
          if (href && /^https?:\/\//.test(href)) {
            expect.soft(stripSlash(new URL(href).pathname), `hreflang=${other.lang} path`).toBe(expectedPath(p, other.lang));
          }
        }

        if (p === '/help#term') {
          await expect.soft(page.locator('[id="term"]'), 'the terms section exists').toHaveCount(1);
          await expect.soft(page.locator('[id="term"]'), 'the terms section is in view').toBeInViewport();
        }

        if (testInfo.project.name === 'phone') {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect.soft(overflow, 'the page does not scroll sideways on a phone').toBeLessThanOrEqual(0);
        }

        await expectNoSeriousA11yViolations(page);
        expect(watch.errors, 'console errors, uncaught exceptions, failed requests').toEqual([]);
      });
    }
  });
}

test('the sitemap lists the visitor pages in both languages', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough');
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  const paths = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => stripSlash(new URL(m[1]!).pathname));
  for (const p of ['/', '/rng', '/fish', '/live', '/all', '/promotions', '/help', '/down', '/mirrors']) {
    for (const { lang } of LANGS) expect.soft(paths, `sitemap has ${expectedPath(p, lang)}`).toContain(expectedPath(p, lang));
  }
});

test('every page the home page links to answers without an error', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough');
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

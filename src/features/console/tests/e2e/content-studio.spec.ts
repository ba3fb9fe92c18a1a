/**
 * The content studio in Chromium (issue 30), desktop: an editor (role content) writes a Spanish
 * help article, sees it rendered as they type, previews the draft on the real page, publishes it,
 * and a visitor of /es/help sees it without a restart; a promotion scheduled for tomorrow is not
 * on the site until its time comes (driven by the ops command's `content publish-due --at`, never
 * waited for), then it is. axe looks at the studio's list and editor once.
 */
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, expect, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { addStaff, firstLogin } from '../../../../../tests/e2e-support/staff.ts';
import { encodePng } from '../../../../kernel/captcha/png.ts';

/** A grey gradient picture of 1200 x 600 (a png made here, as an editor's file would be). */
function gradientPng(): Buffer {
  const w = 1200;
  const h = 600;
  const grey = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = (x + y) % 256;
  return encodePng(w, h, grey);
}

const ct = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'console', key, values);

for (const { lang } of LANGS) {
  test.describe(`the content studio in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('an editor writes a Spanish help article with an image, previews it, publishes it, and a visitor of /es/help sees it', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const slug = `e2e-${Date.now().toString(36)}`;
      const title = `Artículo ${slug}`;
      await firstLogin(page, lang, await addStaff('content'));
      // The content role starts in the studio.
      await expect(page.getByRole('heading', { name: ct(lang, 'content.title') })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'faq' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: ct(lang, 'content.new') }).click();
      await page.getByLabel(ct(lang, 'content.id')).fill(slug);
      const es = page.locator('article[lang="es"]');
      await es.getByLabel(ct(lang, 'content.fields.title')).fill(title);
      await es.getByLabel(ct(lang, 'content.body')).fill('## Paso a paso\n\nTexto con **negrita**.\n\n<script>alert(1)</script>');
      // The preview renders as the site will, through the same sanitiser.
      await expect(es.locator('.cs-preview h2')).toHaveText('Paso a paso');
      await expect(es.locator('.cs-preview strong')).toHaveText('negrita');
      await expect(es.locator('.cs-preview script')).toHaveCount(0);
      // A picture from the editor's computer: kept as WebP in widths, put in the text where the cursor is.
      await es.getByLabel(ct(lang, 'content.image')).setInputFiles({ name: 'paso-1.png', mimeType: 'image/png', buffer: gradientPng() });
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.inserted', { name: 'paso-1.png' }) })).toBeVisible();
      await expect(es.getByLabel(ct(lang, 'content.body'))).toHaveValue(/!\[paso-1\]\(\/img\/media\/[a-f0-9]{24}-1200\.webp\)/);
      await expect(es.locator('.cs-preview img[srcset]')).toHaveAttribute('width', '1200');
      // A file that is not a picture is refused under the field.
      await es.getByLabel(ct(lang, 'content.image')).setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
      await expect(es.locator('.field-error').filter({ hasText: t(lang, 'errors', 'content.image.type') })).toBeVisible();
      await es.getByRole('button', { name: ct(lang, 'content.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.saved', { number: 1, locale: 'Español' }) })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`doc=${slug}`));
      await expectNoSeriousA11yViolations(page);

      // A draft: the visitor does not see it, the editor's preview link does.
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(at('es', '/help'));
      await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
      const tab = page.context().waitForEvent('page');
      await page
        .locator('article[lang="es"]')
        .getByRole('button', { name: ct(lang, 'content.previewLink') })
        .click();
      const preview = await tab;
      await expect(preview).toHaveURL(/\/es\/help\?preview=/);
      await expect(preview.getByRole('status').filter({ hasText: t('es', 'content', 'preview.showing') })).toBeVisible();
      await expect(preview.getByRole('heading', { name: title })).toBeVisible();
      await preview.close();

      await page
        .locator('article[lang="es"]')
        .getByRole('button', { name: ct(lang, 'content.publish', { number: 1 }) })
        .click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.published', { number: 1, locale: 'Español' }) })).toBeVisible();
      // The visitor's /es/help was cached a moment ago: the publish dropped it.
      await visitor.goto(at('es', '/help'));
      await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
      await expect(visitor.locator(`#${slug} strong`)).toHaveText('negrita');
      await expect(visitor.locator(`#${slug} script`)).toHaveCount(0);
      // The picture loads, in a width the screen needs (its srcset), with its size known before it does.
      const img = visitor.locator(`#${slug} img`);
      await expect(img).toHaveAttribute('srcset', /480w.*960w.*1200w/);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      await visitor.goto(at('en', '/help'));
      await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
      await visitor.context().close();
    });

    test('a promotion scheduled for tomorrow appears on /promotions at its time, not before', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const id = String((Date.now() % 100_000_000) + 1000);
      const title = `Oferta programada ${id}`;
      await firstLogin(page, lang, await addStaff('content'));
      await page.getByRole('button', { name: t(lang, 'console', 'content.kinds.promotion') }).click();
      await page.getByRole('button', { name: ct(lang, 'content.new') }).click();
      await page.getByLabel(ct(lang, 'content.id')).fill(id);
      const es = page.locator('article[lang="es"]');
      await es.getByLabel(ct(lang, 'content.fields.title')).fill(title);
      await es.getByLabel(ct(lang, 'content.fields.summary')).fill('Llega mañana.');
      await es.getByLabel(ct(lang, 'content.body')).fill('Detalles de la oferta.');
      await es.getByRole('button', { name: ct(lang, 'content.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.saved', { number: 1, locale: 'Español' }) })).toBeVisible();

      // Tomorrow at 09:00 on the browser's clock.
      const when = new Date();
      when.setDate(when.getDate() + 1);
      when.setHours(9, 0, 0, 0);
      const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T09:00`;
      const editor = page.locator('article[lang="es"]');
      await editor.getByLabel(ct(lang, 'content.scheduleAt')).fill(local);
      await editor.getByRole('button', { name: ct(lang, 'content.schedule') }).click();
      await expect(page.getByRole('status').filter({ hasText: new RegExp(ct(lang, 'content.scheduled', { number: 1, at: '.*', locale: 'Español' }).replace(/[()]/g, '\\$&')) })).toBeVisible();
      await expect(editor.getByText(ct(lang, 'content.states.scheduled')).first()).toBeVisible();

      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(at('es', '/promotions'));
      await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
      // Its time comes (as the server's job does every second): one minute past nine.
      expect(await ops('content', 'publish-due', '--at', new Date(when.getTime() + 60_000).toISOString())).toMatch(/^1 scheduled/);
      await expect(async () => {
        await visitor.goto(at('es', '/promotions'));
        await expect(visitor.getByRole('heading', { name: title })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await visitor.context().close();
    });

    test("an editor renames a notice of the home page's marquee and the licence's holder, and visitors see the new words", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const title = `Aviso ${Date.now().toString(36)}`;
      await firstLogin(page, lang, await addStaff('content'));
      await page.getByRole('button', { name: ct(lang, 'content.kinds.announcement') }).click();
      // The demo notices (adopted from the seed at start) are the studio's documents, both languages side by side.
      const row = page.getByRole('row').filter({ hasText: /Official addresses|Direcciones oficiales/ });
      await row.getByRole('button').first().click();
      const es = page.locator('article[lang="es"]');
      await expect(es.getByLabel(ct(lang, 'content.fields.title'))).toHaveValue('Direcciones oficiales');
      await es.getByLabel(ct(lang, 'content.fields.title')).fill(title);
      await es.getByRole('button', { name: ct(lang, 'content.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.saved', { number: 2, locale: 'Español' }) })).toBeVisible();
      await page
        .locator('article[lang="es"]')
        .getByRole('button', { name: ct(lang, 'content.publish', { number: 2 }) })
        .click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.published', { number: 2, locale: 'Español' }) })).toBeVisible();

      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(at('es', '/'));
      await expect(visitor.locator('.marquee a').filter({ hasText: title }).first()).toBeAttached();
      await visitor.goto(at('en', '/'));
      await expect(visitor.locator('.marquee a').filter({ hasText: 'Official addresses' }).first()).toBeAttached();

      // The licence the footer states.
      const holder = `Holder ${Date.now().toString(36)} N.V.`;
      await page.getByRole('button', { name: ct(lang, 'content.back') }).click();
      await page.getByRole('button', { name: ct(lang, 'content.facts.tab') }).click();
      const curacao = page.getByRole('group', { name: ct(lang, 'content.facts.curacao') });
      await curacao.getByLabel(ct(lang, 'content.facts.holder')).fill(holder);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: ct(lang, 'content.facts.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: ct(lang, 'content.facts.saved') })).toBeVisible();
      await visitor.goto(at('en', '/help'));
      await expect(visitor.locator('footer')).toContainText(holder);
      await visitor.context().close();
    });
  });
}

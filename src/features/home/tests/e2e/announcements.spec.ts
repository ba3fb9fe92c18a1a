/**
 * The home page's announcement popup (spec 2.8 and 4, issue 15) in a real browser: a visitor
 * meets the visitors' announcements once per session (closed only by its button, draggable,
 * page scroll frozen and given back, the open item collapses when selected again); a member's
 * first login shows the members' and first-login announcements, paged 9 at a time, and an item
 * chosen by its index opens on its own page; the go-to-promotion button opens the reward centre.
 * English on the phone, Spanish on the desktop; axe checks the popup once, on the phone.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, dialog, expect, loginAs, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { centreWord, pageTitle } from '../../../../../tests/e2e-support/wallet.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';

test.use({ announcements: true });

interface Item {
  title: string;
  promotionType: string | null;
}

/** What the API answers the popup of `execution` in `lang` (the types the home page asks for). */
async function popupItems(request: APIRequestContext, lang: Lang, execution: string): Promise<Item[]> {
  const res = await request.get(`/wps/relay/MCSFE_getListAnnouncements?types=PU,PL,PR&platform=W&execution=${execution}`, {
    headers: { Language: lang.toUpperCase() },
  });
  return ((await res.json()) as { value: Item[] }).value;
}

const popupOf = (page: Page, lang: Lang) => page.getByRole('dialog', { name: t(lang, 'home', 'announce.title') });
const bodyPosition = (page: Page) => page.evaluate(() => document.body.style.position);

for (const { lang } of LANGS) {
  test.describe(`announcement popup in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a visitor meets it once per session; it closes only by its button and can be dragged', async ({ page, request }, testInfo) => {
      const expected = await popupItems(request, lang, 'B');
      expect(expected.length).toBeGreaterThan(1);
      // Scrolled down before the popup opens (it waits for its announcements after the page has loaded).
      await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, 300)));
      await page.goto(at(lang, '/'));
      const popup = popupOf(page, lang);
      await expect(popup).toBeVisible();
      const titles = popup.locator('.ann-item');
      await expect(titles).toHaveCount(Math.min(9, expected.length));
      await expect(titles.first()).toHaveAttribute('aria-expanded', 'true');
      await expect(popup.getByRole('heading', { level: 3 })).toHaveText(expected[0]!.title);
      expect(await bodyPosition(page)).toBe('fixed');
      expect(await page.evaluate(() => document.body.style.top)).toBe('-300px');
      // axe once, on the phone; the home page under the popup is checked in src/app/tests/e2e/visitor-pages.spec.ts.
      if (axeOnce('phone', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      // Neither a click beside it nor Escape closes it.
      await page.mouse.click(4, 300);
      await page.keyboard.press('Escape');
      await expect(popup).toBeVisible();

      // Dragged by its title bar.
      const bar = popup.locator('.popup-head');
      const before = (await popup.boundingBox())!;
      const grip = (await bar.boundingBox())!;
      await page.mouse.move(grip.x + 20, grip.y + grip.height / 2);
      await page.mouse.down();
      await page.mouse.move(grip.x + 20 - 15, grip.y + grip.height / 2 + 40, { steps: 4 });
      await page.mouse.up();
      const after = (await popup.boundingBox())!;
      expect(after.y - before.y).toBeCloseTo(40, 0);

      // Another item opens; selecting it again collapses it.
      const second = titles.nth(1);
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(titles.first()).toHaveAttribute('aria-expanded', 'false');
      await expect(popup.getByRole('heading', { level: 3 })).toHaveText(expected[1]!.title);
      const promo = expected.findIndex((i) => i.promotionType);
      if (promo === 1) await expect(popup.getByRole('link', { name: t(lang, 'home', 'announce.goToPromotion') })).toBeVisible();
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'false');
      await expect(popup.getByText(t(lang, 'home', 'announce.choose'))).toBeVisible();

      // Closed by its button: the page scrolls again from where it was, and the popup stays closed this session.
      await popup.getByRole('button', { name: t(lang, 'home', 'announce.close') }).click();
      await expect(popup).toBeHidden();
      expect(await bodyPosition(page)).toBe('');
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(popup).toHaveCount(0);
    });

    test("a visitor's go-to-promotion leads through the login to the reward centre; a marquee notice opens the notice popup in place", async ({ page, request }) => {
      const expected = await popupItems(request, lang, 'B');
      const promo = expected.findIndex((i) => i.promotionType);
      expect(promo).toBeGreaterThanOrEqual(0);
      expect(promo).toBeLessThan(9);
      const user = await createUser();
      // The marquee stands still, so that a notice can be clicked.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(at(lang, '/'));
      const popup = popupOf(page, lang);
      await expect(popup).toBeVisible();
      const item = popup.locator(`.ann-item[data-index="${promo}"]`);
      if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
      // Spec 2.8: the reward centre, not the promotions list; a visitor logs in first, in place.
      await popup.getByRole('link', { name: t(lang, 'home', 'announce.goToPromotion') }).click();
      await expect(popup).toBeHidden();
      await expect(dialog(page, t(lang, 'auth', 'login.title')).locator('input[name="username"]')).toBeVisible();
      await submitLogin(page, lang, user.username, user.password);
      const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      await welcome.getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') }).click();
      const centre = page.getByRole('dialog', { name: centreWord(lang, 'title') });
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'rewards') })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(at(lang, '/'));
      await page.screenshot({ path: test.info().outputPath('go-to-promotion-rewards.png') });
      await centre
        .getByRole('button', { name: t(lang, 'auth', 'close') })
        .first()
        .click();
      await expect(centre).toBeHidden();
      await expect(popup).toHaveCount(0);

      // A notice of the marquee opens the notice popup over the home page, on that notice.
      const link = page.locator('.marquee a[data-notice]').last();
      const title = (await link.textContent())!.trim();
      await link.click();
      const notice = page.getByRole('dialog', { name: t(lang, 'home', 'notices') });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('heading', { level: 3 })).toHaveText(title);
      expect(new URL(page.url()).pathname).toBe(at(lang, '/'));
      await page.screenshot({ path: test.info().outputPath('notice-popup.png') });
      await notice.getByRole('button', { name: t(lang, 'home', 'announce.close') }).click();
      await expect(notice).toBeHidden();
    });

    test("a member's first login pages them 9 at a time; the go-to-promotion button opens the reward centre", async ({ page, request }) => {
      // Eight first-login announcements of this test, before the seed's (they sort first).
      const tag = `${lang}-${Date.now().toString(36)}`;
      const added = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ops('announce', 'add', '--locale', lang, '--type', 'PU', '--execution', 'F', '--title', `Notice ${i + 1} ${tag}`, '--markdown', `Body of notice ${i + 1}.`),
        ),
      );
      const ids = added.map((out) => /Announcement (\d+)/.exec(out)![1]!);
      try {
        const expected = await popupItems(request, lang, 'A,F');
        const mine = expected.filter((i) => i.title.endsWith(tag));
        expect(mine).toHaveLength(8);
        const total = expected.filter((i) => !/Notice \d+ /.test(i.title) || i.title.endsWith(tag)).length;
        expect(total).toBeGreaterThan(9);

        const user = await createUser();
        await loginAs(page, lang, user.username, user.password);
        const popup = popupOf(page, lang);
        await expect(popup).toBeVisible();
        const titles = popup.locator('.ann-item');
        await expect(titles).toHaveCount(9);
        const pager = popup.getByRole('navigation', { name: t(lang, 'home', 'announce.pages') });
        await expect(pager.getByRole('button', { name: t(lang, 'home', 'announce.page', { page: 1 }) })).toHaveAttribute('aria-current', 'page');

        // Item 9 is the last on page 1; the next one by index opens on page 2.
        await titles.nth(8).click();
        await popup.getByRole('button', { name: t(lang, 'home', 'announce.next') }).click();
        await expect(pager.getByRole('button', { name: t(lang, 'home', 'announce.page', { page: 2 }) })).toHaveAttribute('aria-current', 'page');
        await expect(popup.locator('.ann-item[aria-expanded="true"] .ann-index')).toHaveText('10.');
        await expect(popup.getByText(t(lang, 'home', 'announce.position', { current: 10, total }))).toBeVisible();
        await pager.getByRole('button', { name: t(lang, 'home', 'announce.page', { page: 1 }) }).click();
        await expect(titles.first()).toContainText(expected[0]!.title);

        // The seed's members' promotion announcement has the go-to-promotion button.
        const promo = expected.findIndex((i) => i.promotionType);
        expect(promo).toBeGreaterThanOrEqual(9);
        await pager.getByRole('button', { name: t(lang, 'home', 'announce.page', { page: 2 }) }).click();
        const promoTitle = popup.locator(`.ann-item[data-index="${promo}"]`);
        if ((await promoTitle.getAttribute('aria-expanded')) !== 'true') await promoTitle.click();
        // A member's go-to-promotion opens the reward centre over the page (spec 2.8).
        await popup.getByRole('link', { name: t(lang, 'home', 'announce.goToPromotion') }).click();
        await expect(popup).toBeHidden();
        const centre = page.getByRole('dialog', { name: centreWord(lang, 'title') });
        await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'rewards') })).toBeVisible();
        await page.goto(at(lang, '/'));
        await page.waitForLoadState('networkidle');
        await expect(popup).toHaveCount(0);
      } finally {
        for (const id of ids) await ops('announce', 'remove', '--id', id);
      }
    });
  });
}

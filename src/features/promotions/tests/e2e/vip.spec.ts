/**
 * The VIP programme in a real browser (issue 15): a new member's account menu shows the VIP label
 * and a VIP level entry that opens the member centre's VIP page, with the level, what is left to
 * the next one (both figures) and the brand's levels; the promotions page leads a member there.
 * English on the phone, Spanish on the desktop; axe once, on the phone. Levels rising, their bonuses and
 * the monthly bonus are proven by the API tests (tests/api/vip.test.ts).
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { memberCentre, pageTitle, usd } from '../../../../../tests/e2e-support/wallet.ts';

const pt = (lang: 'en' | 'es', key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `vip.${key}`, values);

for (const { lang } of LANGS) {
  test.describe(`VIP in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a member finds the VIP label in the account menu and the VIP page with the progress to the next level', async ({ page }, testInfo) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      await accountButton(page, lang, user.username).click();
      const menu = page.locator('.user-dropdown');
      await expect(menu.locator('.badge-vip')).toHaveText('VIP 0');
      await menu.getByRole('link', { name: t(lang, 'auth', 'menu.vipLevel'), exact: true }).click();

      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('link', { name: pageTitle(lang, 'vip'), exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(centre.getByRole('heading', { name: pt(lang, 'current', { label: 'VIP 0' }) })).toBeVisible();
      await expect(centre.getByText(pt(lang, 'toNext', { label: 'VIP 1' }))).toBeVisible();
      const bets = centre.getByRole('progressbar', { name: pt(lang, 'validBets') });
      await expect(bets).toHaveAttribute('aria-valuenow', '0');
      await expect(bets).toHaveAttribute('aria-valuetext', pt(lang, 'progress', { done: usd(lang, '0'), target: usd(lang, '1000') }));
      await expect(centre.getByText(pt(lang, 'left', { amount: usd(lang, '100') }))).toBeVisible();
      // The levels, the member's marked.
      const table = centre.getByRole('table');
      await expect(table.getByRole('row')).toHaveCount(7);
      await expect(table.getByText(pt(lang, 'yours', { label: 'VIP 0' }))).toBeVisible();
      await expect(table.getByRole('row').filter({ hasText: 'VIP 2' })).toContainText(usd(lang, '25'));
      // axe once, on the phone; the page under the member centre is covered by it and checked elsewhere.
      if (axeOnce('phone', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      // The promotions page's VIP bonus leads a member to the same page.
      await page.goto(at(lang, '/promotions'));
      const card = page.locator('li.promo[id="3"]');
      await expect(card.locator('[data-promo-status]')).toHaveText(t(lang, 'content', 'promotions.statuses.inProcess'));
      await card.getByRole('link', { name: t(lang, 'content', 'promotions.vipLink'), exact: true }).click();
      await expect(centre.getByRole('heading', { name: pt(lang, 'current', { label: 'VIP 0' }) })).toBeVisible();
    });
  });
}

/**
 * The e-game menu (issue 36; spec 2.8) in a real browser: the button beside the side menu's Slots
 * opens a labelled popup whose close button comes first, listing the e-games' providers with their
 * game counts and kinds; a provider leads to its e-games page; closing gives the focus back to the
 * button. English on the phone (through the menu button), Spanish on the desktop; axe once.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, englishOnPhoneSpanishOnDesktop, LANGS } from '../../../../../tests/e2e-support/i18n.ts';
import { at, dialog, expect, t, test } from '../../../../../tests/e2e-support/accounts.ts';

for (const { lang } of LANGS) {
  test.describe(`e-game menu in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);

    test('opens over the page from the side menu and leads to a provider’s e-games', async ({ page }, info) => {
      await page.goto(at(lang, '/'));
      if (info.project.name === 'phone') await page.locator('[data-menu-toggle]').click();
      const opener = page.getByRole('button', { name: t(lang, 'layout', 'egameMenu') });
      await opener.click();
      const menu = dialog(page, t(lang, 'lobby', 'egame.title'));
      await expect(menu).toBeVisible();
      await expect(menu.locator('button, a[href]').first()).toHaveAccessibleName(t(lang, 'lobby', 'close'));
      const providers = menu.getByRole('list', { name: t(lang, 'lobby', 'egame.vendors') });
      await expect(providers.getByRole('link').first()).toBeVisible();
      await expect(providers.getByRole('link', { name: /JILI/ })).toContainText(t(lang, 'lobby', 'egame.kinds.SLOT'));
      if (axeOnce('phone', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { include: ['[role="dialog"]'] });
      // Closing gives the focus back where it was.
      await menu.getByRole('button', { name: t(lang, 'lobby', 'close') }).click();
      await expect(menu).toBeHidden();
      await expect(opener).toBeFocused();
      // A provider leads to its e-games.
      await opener.click();
      await dialog(page, t(lang, 'lobby', 'egame.title'))
        .getByRole('link', { name: /JILI/ })
        .click();
      await expect(page).toHaveURL(/\/rng\?vassalage=JL$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('JILI');
    });
  });
}

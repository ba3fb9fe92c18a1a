/**
 * Platform messages (issue 15) in a real browser: an operator's message reaches a new player; the
 * header's mail icon says how many are unread; the member centre's page opens it (the badges go),
 * deletes it; a new message shows on the badge without a page load when the player comes back to
 * the tab. English on the phone, Spanish on the desktop; axe once, on the desktop.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { memberCentre, pageTitle } from '../../../../../tests/e2e-support/wallet.ts';

for (const { lang } of LANGS) {
  test.describe(`platform messages in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a player reads and deletes an operator message; the badges follow without a page load', async ({ page }, testInfo) => {
      const user = await createUser();
      await ops(
        'message',
        'send',
        '--to',
        user.username,
        '--title',
        'Your withdrawal limit was raised',
        '--body',
        'From today you can withdraw up to 50,000.00 a day.',
        '--title-es',
        'Subimos tu límite de retiro',
        '--body-es',
        'Desde hoy puedes retirar hasta 50.000,00 al día.',
      );
      await signIn(page, lang, user.username, user.password);
      const mail = page.getByRole('link', { name: t(lang, 'inbox', 'mailLabelUnread', { count: 1 }) });
      await expect(mail).toBeVisible();
      await mail.click();
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'messages') })).toBeVisible();
      const title = lang === 'en' ? 'Your withdrawal limit was raised' : 'Subimos tu límite de retiro';
      const item = centre.locator('button.ib-head', { hasText: title });
      await expect(item).toHaveAttribute('aria-expanded', 'false');
      await expect(centre.locator('.mc-badge')).toHaveText(/1/);
      // axe once, on the desktop: the header with its mail badge and the member centre over the page.
      if (axeOnce('desktop', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.frame', '.cs-widget'] });

      await item.click();
      await expect(centre.getByText(lang === 'en' ? 'From today you can withdraw up to 50,000.00 a day.' : 'Desde hoy puedes retirar hasta 50.000,00 al día.')).toBeVisible();
      await expect(centre.getByRole('status').filter({ hasText: t(lang, 'inbox', 'unread', { count: 0 }) })).toBeVisible();
      await expect(centre.locator('.mc-badge')).toHaveCount(0);
      await centre.getByRole('button', { name: t(lang, 'inbox', 'deleteNamed', { title }) }).click();
      await expect(centre.getByText(t(lang, 'inbox', 'empty'))).toBeVisible();
      await centre.getByRole('button', { name: t(lang, 'auth', 'close'), exact: true }).click();
      await expect(page.getByRole('link', { name: t(lang, 'inbox', 'mailLabel'), exact: true })).toBeVisible();

      // A new message while the page is open: the badge shows it when the player comes back to the tab.
      await ops('message', 'send', '--to', user.username, '--title', 'Weekend tournament', '--body', 'Starts Saturday.');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByRole('link', { name: t(lang, 'inbox', 'mailLabelUnread', { count: 1 }) })).toBeVisible();
    });
  });
}

/**
 * Forgotten passwords end to end, in English and Spanish: by e-mail (a temporary password from
 * the sandbox outbox, which then forces a change) and by mobile (an sms code and a new password).
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, dialog, expect, loginAs, mailedPassword, newMobile, newUsername, smsCode, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';

for (const { lang } of LANGS) {
  test.describe(`forgotten password in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('by e-mail: the temporary password arrives, works once and forces a new password', async ({ page }) => {
      const email = `${newUsername('m')}@example.com`;
      const user = await createUser({ email });
      await page.goto(at(lang, '/forget'));
      const popup = dialog(page, t(lang, 'auth', 'forget.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.byEmail') }).click();
      await popup.locator('input[name="username"]').fill(user.username);
      await popup.locator('input[name="email"]').fill('not-an-email');
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.sendEmail') }).click();
      await expect(popup.locator('.field-error')).toHaveText(t(lang, 'accounts', 'validation.email'));
      await popup.locator('input[name="email"]').fill(email);
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.sendEmail') }).click();
      const sent = page.getByRole('alertdialog');
      await expect(sent).toContainText(t(lang, 'accounts', 'sent.password'));
      await expect(popup, 'the popup closes').toBeHidden();
      await sent.getByRole('button', { name: t(lang, 'auth', 'confirm') }).click();

      const temporary = await mailedPassword(email);
      await page.goto(at(lang, '/login'));
      await submitLogin(page, lang, user.username, temporary);
      const change = dialog(page, t(lang, 'auth', 'changePassword.title'));
      await expect(change).toContainText(t(lang, 'auth', 'changePassword.forced'));
      await change.locator('input[name="newPassword"]').fill('Fresh12345');
      await change.locator('input[name="confirmNewPassword"]').fill('Fresh12345');
      await change.getByRole('button', { name: t(lang, 'auth', 'changePassword.submit') }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t(lang, 'auth', 'confirm') })
        .click();
      await expect(accountButton(page, lang, user.username)).toBeVisible();
    });

    test('by e-mail from the login popup on a page of the site: the popup closes and says what was sent', async ({ page }) => {
      const email = `${newUsername('m')}@example.com`;
      const user = await createUser({ email });
      await page.goto(at(lang, '/rng'));
      await page.locator('.site-header a.guest[href$="/login"]').click();
      const login = dialog(page, t(lang, 'auth', 'login.title'));
      await login.getByRole('button', { name: t(lang, 'auth', 'login.forgot') }).click();
      const popup = dialog(page, t(lang, 'auth', 'forget.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.byEmail') }).click();
      await popup.locator('input[name="username"]').fill(user.username);
      await popup.locator('input[name="email"]').fill(email);
      await popup.locator('input[name="email"]').press('Enter');
      const sent = page.getByRole('alertdialog');
      await expect(popup, 'the popup closes').toBeHidden();
      await expect(sent).toBeVisible();
      await expect(sent).toContainText(t(lang, 'accounts', 'sent.password'));
      await page.screenshot({ path: test.info().outputPath('forgot-sent.png') });
      expect(await mailedPassword(email)).toBeTruthy();
    });

    test('by mobile: an sms code and a new password, then the new password logs in', async ({ page }) => {
      const mobile = newMobile();
      const user = await createUser({ mobile });
      await page.goto(at(lang, '/forget'));
      const popup = dialog(page, t(lang, 'auth', 'forget.title'));
      // CHNGPASSVERIF3 is on: mobile is the default method.
      await expect(popup.getByRole('button', { name: t(lang, 'auth', 'forget.byMobile') })).toHaveAttribute('aria-pressed', 'true');
      // Sent empty first: each field says so; a field filled in since says nothing more (issue 17).
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.reset') }).click();
      const errors = popup.locator('.field-error');
      await expect(errors).toHaveCount(3); // the number, the code, the new password
      await popup.locator('input[name="mobileNum"]').fill(mobile);
      await expect(errors).toHaveCount(2);
      await popup.getByRole('button', { name: t(lang, 'auth', 'getCode') }).click();
      const code = await smsCode(mobile);
      await expect(errors).toHaveCount(2);
      await expect(popup.locator('input[name="mobileNum"]')).not.toHaveAttribute('aria-invalid', 'true');
      await popup.locator('input[name="verificationCode"]').fill(code);
      await popup.locator('input[name="newPassword"]').fill('bad');
      await expect(popup.locator('.field-error')).toHaveCount(0);
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.reset') }).click();
      await expect(popup.locator('.field-error')).toHaveText(t(lang, 'accounts', 'validation.passwordLength').replace('(min)', '6').replace('(max)', '20'));
      await popup.locator('input[name="newPassword"]').fill('Reset12345');
      await popup.getByRole('button', { name: t(lang, 'auth', 'forget.reset') }).click();
      const done = page.getByRole('alertdialog');
      await expect(done).toContainText(t(lang, 'auth', 'forget.resetDone'));
      await done.getByRole('button', { name: t(lang, 'auth', 'confirm') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));

      await loginAs(page, lang, user.username, 'Reset12345');
      await expect(accountButton(page, lang, user.username)).toBeVisible();
    });
  });
}

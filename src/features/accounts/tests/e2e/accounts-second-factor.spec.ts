/**
 * The authenticator app in a real browser (issue 10): a player sets it up in the security centre
 * by its key, confirms a first code, sees the recovery codes once; a login from another network
 * then asks for the app's code and lets the player in with it. An account with no proof is told
 * at a second network how to add one, verifies its e-mail, and then gets in with a mailed code.
 */
import { Secret, TOTP } from 'otpauth';
import { addressFor, at, createUser, dialog, expect, loginAs, mailedCode, newUsername, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import type { Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { closeAnnouncements } from '../../../../../tests/e2e-support/fixtures.ts';

const code = (username: string, secret: string, at = Date.now()) => new TOTP({ issuer: 'x', label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

for (const lang of ['en', 'es'] as Lang[]) {
  test(`a player adds an authenticator app, and a login from another network asks for its code (${lang.toUpperCase()})`, async ({ page, browser, baseURL }, info) => {
    const u = await createUser();
    await loginAs(page, lang, u.username, u.password);
    await page.goto(at(lang, '/member'));
    const panel = page.getByTestId('authenticator');
    await expect(panel.getByTestId('new-address-proof')).toHaveText(t(lang, 'auth', 'security.proof.none'));
    await panel.getByRole('button', { name: t(lang, 'auth', 'security.setUp') }).click();
    await expect(panel.getByRole('img', { name: t(lang, 'auth', 'security.qrAlt') })).toBeVisible();
    const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
    // The app's set-up in the security centre; the member page around it is checked whole in accounts-a11y.spec.ts.
    if (lang === 'en') await expectNoSeriousA11yViolations(page, { include: ['[data-testid="authenticator"]'] });
    // A wrong code is refused under its field; the right one turns the app on.
    const first = code(u.username, secret);
    await panel.locator('input[name="password"]').fill(u.password);
    await panel.locator('input[name="code"]').fill(first === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: t(lang, 'auth', 'security.confirm') }).click();
    await expect(panel.locator('.field-error')).toBeVisible();
    await panel.locator('input[name="code"]').fill(first);
    await panel.getByRole('button', { name: t(lang, 'auth', 'security.confirm') }).click();
    await expect(panel.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await panel.getByRole('button', { name: t(lang, 'auth', 'security.codesSaved') }).click();
    await expect(panel.getByTestId('totp-on')).toBeVisible();
    await expect(panel.getByTestId('new-address-proof')).toHaveText(t(lang, 'auth', 'security.proof.totp'));

    // Another network: a new browser context speaking from another address.
    const away = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': addressFor(info, 'away') } });
    await closeAnnouncements(away);
    const other = await away.newPage();
    await other.goto(at(lang, '/login'));
    await submitLogin(other, lang, u.username, u.password);
    const popup = dialog(other, t(lang, 'auth', 'login.title'));
    const field = popup.locator('input[name="ipCode"]');
    await expect(field).toBeVisible();
    await expect(popup.getByText(t(lang, 'auth', 'ipVerify.totp'))).toBeVisible();
    await field.fill(code(u.username, secret, Date.now() + 30_000));
    await popup.getByRole('button', { name: t(lang, 'auth', 'ipVerify.submit') }).click();
    await expect(dialog(other, t(lang, 'auth', 'afterLogin.title', { name: u.username }))).toBeVisible();
    await away.close();
  });
}

test('an account with no proof is told at a second network how to add one; a verified e-mail then lets it in', async ({ page, browser, baseURL }, info) => {
  const email = `${newUsername('em')}@example.com`;
  const u = await createUser({ email });
  await loginAs(page, 'en', u.username, u.password);
  const away = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': addressFor(info, 'away') } });
  await closeAnnouncements(away);
  const other = await away.newPage();
  await other.goto('/login');
  await submitLogin(other, 'en', u.username, u.password);
  await expect(dialog(other, t('en', 'auth', 'login.title'))).toContainText('add an authenticator app');

  // Back on the first network: verify the e-mail address in the security centre.
  await page.goto('/member');
  const panel = page.getByTestId('authenticator');
  await expect(panel.getByTestId('new-address-proof')).toHaveText(t('en', 'auth', 'security.proof.none'));
  await panel.getByRole('button', { name: t('en', 'auth', 'security.verifyEmail') }).click();
  await panel.locator('input[name="code"]').fill(await mailedCode(email));
  await panel.getByRole('button', { name: t('en', 'auth', 'security.confirm') }).click();
  await expect(panel.getByTestId('new-address-proof')).toContainText('A login from a new network asks for a code mailed to');

  // The second network now gets a code by e-mail.
  await other.goto('/login');
  await submitLogin(other, 'en', u.username, u.password);
  const popup = dialog(other, t('en', 'auth', 'login.title'));
  await expect(popup.locator('input[name="ipCode"]')).toBeVisible();
  await popup.locator('input[name="ipCode"]').fill(await mailedCode(email));
  await popup.getByRole('button', { name: t('en', 'auth', 'ipVerify.submit') }).click();
  await expect(dialog(other, t('en', 'auth', 'afterLogin.title', { name: u.username }))).toBeVisible();
  await away.close();
});

/**
 * Sessions that end and logins that lead back (issue 17, item 3; spec 8): a session ended
 * elsewhere is announced at the player's next action ("You are not logged in, please login"),
 * the header goes back to its logged-out state and the login opens from the message, after which
 * the player is still on the same page; a visitor
 * whose Play asked for a login is offered that game once logged in (on the home page the login
 * leads to, spec 4), and plays it.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, dialog, expect, signIn, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';

for (const { lang } of LANGS) {
  test.describe(`ended sessions and logins in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a session ended elsewhere is announced at the next action, and the login opens from the message', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      // The page's own calls are done first: one still running when the session ends (this
      // page's, or a late one of the home page the login ended on) would be the action that
      // announces it and clears the token before the reload below, which then has nothing to say.
      await page.goto(at(lang, '/promotions'));
      await page.waitForLoadState('networkidle');
      await expect(accountButton(page, lang, user.username)).toBeVisible();
      // Logged out elsewhere: the server ends the token this tab still holds.
      const ended = await page.evaluate(async () => {
        const cfg = JSON.parse(document.getElementById('client-config')!.textContent!) as { merchant: string };
        return (await fetch('/wps/session/logout', { method: 'DELETE', headers: { Merchant: cfg.merchant, Authorization: sessionStorage.getItem('token') ?? '' } })).status;
      });
      expect(ended).toBe(200);
      // The next thing the page asks of the server (here: a reload) says so.
      await page.reload();
      const message = page.getByRole('alertdialog');
      await expect(message).toContainText(t(lang, 'errors', 'login.not.session'));
      await expect(accountButton(page, lang, user.username)).toHaveCount(0);
      await message.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
      await expect(dialog(page, t(lang, 'auth', 'login.title'))).toBeVisible();
      // Logged in again, the player is still where they were.
      await submitLogin(page, lang, user.username, user.password);
      await dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }))
        .getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') })
        .click();
      await expect(accountButton(page, lang, user.username)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/promotions')}$`));
    });

    test('a visitor whose Play asked for a login is offered that game once logged in, and plays it', async ({ page }) => {
      const user = await createUser();
      await page.goto(at(lang, '/rng'));
      const tile = page
        .locator('.tile[data-node-id]')
        .filter({ has: page.locator('[data-launch="1"]') })
        .first();
      const name = (await tile.locator('.name').textContent())!.trim();
      await tile.locator('a.btn[data-launch="1"]').click();
      await submitLogin(page, lang, user.username, user.password);
      const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: user.username }));
      await welcome.getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') }).click();
      const offer = page.getByRole('alertdialog').filter({ hasText: t(lang, 'lobby', 'launch.afterLogin', { name }) });
      await expect(offer).toBeVisible();
      const [game] = await Promise.all([page.context().waitForEvent('page'), offer.getByRole('button', { name: t(lang, 'lobby', 'launch.play'), exact: true }).click()]);
      await expect(game.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 15_000 });
    });
  });
}

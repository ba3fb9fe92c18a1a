/**
 * Who may go where, end to end, in English and Spanish: free play makes a trial account that may
 * browse but is refused game start and member actions; the agent page lets only agents in and
 * its guard sends everyone else back; agent logout returns to /agent; /member needs a login.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, dialog, expect, loginAs, signOut, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { centreWord } from '../../../../../tests/e2e-support/wallet.ts';

for (const { lang } of LANGS) {
  test.describe(`roles in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('free play logs in a trial account that is refused game start and the member centre', async ({ page }) => {
      await page.goto(at(lang, '/login'));
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.freePlay') }).click();
      await expect(popup).toBeHidden({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));
      const account = page.getByRole('button', { name: t(lang, 'auth', 'menu.open', { name: '' }).trim() });
      await expect(account).toBeVisible();

      // Game start (spec 6): the info dialog with in_need_true_account and in_increase_submit.
      // (Logged in, a tile's Play is a button that follows the launch rules, src/features/play/islands/lobby/lobby.ts.)
      await page.locator('article.tile .actions button[data-launch="1"]').first().click();
      const refusal = page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await refusal.getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') }).click();
      await expect(refusal).toBeHidden();

      // Member actions from the header menu.
      await account.click();
      await expect(page.locator('.badge-trial')).toHaveText(t(lang, 'auth', 'menu.trial'));
      // The menu's Deposit (the header has a deposit shortcut of the same name too).
      await page
        .locator('.user-dropdown')
        .getByRole('link', { name: t(lang, 'auth', 'menu.deposit'), exact: true })
        .click();
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await refusal.getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));

      // The member page refuses too, with nothing of the page behind the refusal, then goes home.
      await page.goto(at(lang, '/member'));
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await expect(page.getByRole('heading', { level: 2, name: t(lang, 'auth', 'member.account') })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: centreWord(lang, 'menu') })).toBeHidden();
      await refusal.getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/')}$`));

      // The way forward (issue 17): Sign up ends the trial and opens the registration.
      await page.locator('article.tile .actions button[data-launch="1"]').first().click();
      await refusal.getByRole('button', { name: t(lang, 'auth', 'register.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/register')}$`));
      await expect(dialog(page, t(lang, 'auth', 'register.title'))).toBeVisible();
      await expect(account).toHaveCount(0);
    });

    test('only agents log in on the agent page; it has no header, side menu, footer or free play', async ({ page }) => {
      const agent = await createUser({ type: 'agent' });
      const player = await createUser();

      await page.goto(at(lang, '/agentHome'));
      await expect(page, 'the guard sends a visitor to /agent').toHaveURL(new RegExp(`${at(lang, '/agent')}$`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'auth', 'agent.title') })).toBeVisible();
      await expect(page.locator('.site-header, #side-menu, footer')).toHaveCount(0);
      await expect(page.getByRole('button', { name: t(lang, 'auth', 'login.freePlay') })).toHaveCount(0);

      await submitLogin(page, lang, player.username, player.password);
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'errors', 'login.agent.only'));
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

      await submitLogin(page, lang, agent.username, agent.password);
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/agentHome')}$`), { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'auth', 'agent.homeTitle') })).toBeVisible();
      await expect(page.locator('.agent-identity')).toContainText(agent.username);
      await expect(page.getByRole('navigation', { name: t(lang, 'agent', 'menuLabel') })).toBeVisible();

      // Agent logout returns to /agent.
      await page.getByRole('button', { name: t(lang, 'auth', 'agent.signOut') }).click();
      const prompt = page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });
      await expect(prompt).toContainText(t(lang, 'auth', 'in_sure_logout'));
      await prompt.getByRole('button', { name: t(lang, 'auth', 'confirm') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/agent')}$`), { timeout: 15_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    });

    test('a logged-in player is sent from /agentHome to /agent, and an agent sees the Agent link in the header menu', async ({ page }) => {
      const player = await createUser();
      await loginAs(page, lang, player.username, player.password);
      await page.goto(at(lang, '/agentHome'));
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/agent')}$`));

      await page.goto(at(lang, '/'));
      await signOut(page, lang, player.username);
      const agent = await createUser({ type: 'agent' });
      await loginAs(page, lang, agent.username, agent.password);
      await accountButton(page, lang, agent.username).click();
      await page.getByRole('link', { name: t(lang, 'auth', 'menu.agent') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/agentHome')}$`));
    });

    test('the member page sends a visitor to the login popup, and shows a player the account and security centre', async ({ page }) => {
      await page.goto(at(lang, '/member'));
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/login')}$`));
      await expect(dialog(page, t(lang, 'auth', 'login.title'))).toBeVisible();

      const player = await createUser();
      await submitLogin(page, lang, player.username, player.password);
      await dialog(page, t(lang, 'auth', 'afterLogin.title', { name: player.username }))
        .getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') })
        .click();
      await accountButton(page, lang, player.username).click();
      await expect(page.getByRole('link', { name: t(lang, 'auth', 'menu.agent') }), 'no Agent link for a player').toHaveCount(0);
      await page.getByRole('link', { name: t(lang, 'auth', 'menu.personal') }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/member')}$`));
      await expect(page.getByRole('heading', { name: t(lang, 'auth', 'member.account') })).toBeVisible();
      await expect(page.locator('.facts')).toContainText(player.username);

      // /member#security from another page reaches the security centre (it appears after the session check).
      // (A phone's height, so that the section starts below the fold.)
      const size = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 640 });
      await page.goto(at(lang, '/'));
      await page.goto(at(lang, '/member#security'));
      await expect(page.locator('#security')).toBeInViewport();
      if (size) await page.setViewportSize(size);

      // The security centre changes the password (old one asked here).
      const form = page.locator('#security');
      await form.locator('input[name="oldPassword"]').fill(player.password);
      await form.locator('input[name="newPassword"]').fill('Member777');
      await form.locator('input[name="confirmNewPassword"]').fill('Member777');
      await form.getByRole('button', { name: t(lang, 'auth', 'changePassword.submit') }).click();
      await expect(page.getByRole('alertdialog')).toContainText(t(lang, 'auth', 'member.changeDone'));
    });
  });
}

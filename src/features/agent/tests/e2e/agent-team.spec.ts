/**
 * The agent back office's team (issue 13), in English and Spanish: an agent logs in on /agent,
 * registers a player and a sub-agent (errors under the fields first), finds them in team
 * management, opens a sub-agent's own team and comes back by the path; a player cannot open the
 * back office. axe finds no serious violation in either section.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { centreWord, pageTitle } from '../../../../../tests/e2e-support/wallet.ts';

for (const { lang } of LANGS) {
  test.describe(`agent back office in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('an agent registers a player and a sub-agent, and finds its team as a list and as a tree', async ({ page }) => {
      const agent = await createUser({ type: 'agent' });
      const sub = await createUser({ type: 'agent', upline: agent.username });
      const deep = await createUser({ upline: sub.username });
      await page.goto(at(lang, '/agent'));
      await submitLogin(page, lang, agent.username, agent.password);
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/agentHome')}$`), { timeout: 15_000 });

      const menu = page.getByRole('navigation', { name: t(lang, 'agent', 'menuLabel') });
      const item = (key: string) => menu.getByRole('button', { name: t(lang, 'auth', `agent.items.${key}`), exact: true });
      await item('registerAccount').click();
      await expect(item('registerAccount')).toHaveAttribute('aria-current', 'page');
      const panel = page.locator('.agent-panel');
      await expect(panel.getByRole('heading', { level: 2, name: t(lang, 'agent', 'register.title') })).toBeVisible();

      // Nothing typed: errors under the fields, nothing sent.
      await panel.getByRole('button', { name: t(lang, 'agent', 'register.submit') }).click();
      await expect(panel.locator('.field-error').first()).toHaveText(t(lang, 'accounts', 'validation.required'));

      const player = `pl${Date.now().toString(36).slice(-7)}`;
      await panel.getByLabel(t(lang, 'agent', 'register.username')).fill(player);
      await panel.locator('input[name="password"]').fill('Start1234');
      await panel.locator('input[name="confirmPassword"]').fill('Start1234');
      await panel.getByRole('button', { name: t(lang, 'agent', 'register.submit') }).click();
      await expect(panel.getByRole('status')).toContainText(player);
      await expectNoSeriousA11yViolations(page);

      const subAgent = `ag${Date.now().toString(36).slice(-7)}`;
      await panel.getByLabel(t(lang, 'agent', 'register.type')).selectOption({ label: t(lang, 'agent', 'register.types.agent') });
      await panel.getByLabel(t(lang, 'agent', 'register.username')).fill(subAgent);
      await panel.locator('input[name="password"]').fill('Start1234');
      await panel.locator('input[name="confirmPassword"]').fill('Start1235');
      await panel.getByRole('button', { name: t(lang, 'agent', 'register.submit') }).click();
      await expect(panel.locator('.field-error')).toHaveCount(1);
      await panel.locator('input[name="confirmPassword"]').fill('Start1234');
      await panel.getByRole('button', { name: t(lang, 'agent', 'register.submit') }).click();
      await expect(panel.getByRole('status')).toContainText(subAgent);

      // Team management: the whole team, sub-agents' members included, each at its level.
      await panel.getByRole('button', { name: t(lang, 'agent', 'register.showTeam') }).click();
      await expect(item('teamManagement')).toHaveAttribute('aria-current', 'page');
      const rows = panel.locator('.agent-table tbody tr');
      await expect(rows).toHaveCount(4);
      await expect(panel.locator('.agent-table')).toContainText(player);
      await expect(panel.locator('.agent-table')).toContainText(subAgent);
      await expect(rows.filter({ hasText: deep.username }).locator('td').nth(1)).toHaveText('2');

      // The tree: the sub-agent opens its own team; the path leads back.
      await panel.getByRole('button', { name: t(lang, 'agent', 'team.openTeam', { name: sub.username, count: 1 }) }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(deep.username);
      const path = panel.getByRole('navigation', { name: t(lang, 'agent', 'team.path') });
      await expect(path.locator('[aria-current="location"]')).toHaveText(sub.username);
      await expectNoSeriousA11yViolations(page);
      await path.getByRole('button', { name: agent.username }).click();
      await expect(rows).toHaveCount(4);

      // Deposit and the account record are the member centre's own pages, over the back office.
      await item('deposit').click();
      const centre = page.getByRole('dialog', { name: centreWord(lang, 'title') });
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'deposit') })).toBeVisible();
      await centre
        .getByRole('button', { name: t(lang, 'auth', 'close') })
        .first()
        .click();
      await expect(centre).toBeHidden();
      await item('customerService').click();
      await expect(panel.getByRole('heading', { level: 2, name: t(lang, 'auth', 'agent.items.customerService') })).toBeVisible();
      // The live chat is our own page; the other channels are the brand's links.
      await expect(panel.locator('.agent-service a').first()).toHaveAttribute('href', '/chat');
      await expect(panel.locator('.agent-service a').nth(1)).toHaveAttribute('href', /^(https:|mailto:)/);
      await item('teamManagement').click();

      // Search, and the section is remembered across a reload.
      await panel.getByLabel(t(lang, 'agent', 'team.search')).fill(player.slice(0, 8));
      await panel.getByRole('button', { name: t(lang, 'agent', 'team.searchButton') }).click();
      await expect(rows).toHaveCount(1);
      await page.reload();
      await expect(item('teamManagement')).toHaveAttribute('aria-current', 'page');
    });
  });
}

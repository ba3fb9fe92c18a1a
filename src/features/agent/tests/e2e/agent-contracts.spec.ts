/**
 * Agent contracts (issue 14) in a real browser, on the seeded demo: the demo agent's daily wages
 * page shows its contract from the house and the settled days of its team's play (paid on the
 * server's first start by the settlement job); it offers a daily salary to a sub-agent, a rate
 * above its own is refused under the field; the sub-agent logs in, the consolidated popup shows
 * the offer, it accepts, and its page shows the contract. The sub-agent that already holds one
 * sees its settlements and the salary in its income. English on the phone, Spanish on the desktop;
 * axe once, on the phone.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { expect, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { closeAnnouncements } from '../../../../../tests/e2e-support/fixtures.ts';
import { agentLogin, agentMenu } from './agent-menu.ts';

const choose = (page: Page, lang: Lang, key: string) => agentMenu(page, lang).choose(key);

for (const { lang } of LANGS) {
  test.describe(`agent contracts in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });
    // Each language offers to its own sub-agent, so the two runs never meet.
    const downline = lang === 'en' ? 'dt_a143' : 'dt_a78';

    test('the demo agent offers a daily salary, the sub-agent accepts it in the popup; settled days show in records and income', async ({ page, browser }, testInfo) => {
      await agentLogin(page, lang, 'demoagent');
      const panel = page.locator('.agent-panel');
      await choose(page, lang, 'dailyWages');
      await expect(panel.getByRole('heading', { level: 2, name: t(lang, 'auth', 'agent.items.dailyWages') })).toBeVisible();
      await expect(panel.getByText(t(lang, 'agent', 'contracts.fromHouse'))).toBeVisible();
      // The team's settled days (paid at the server's start): rows with money paid.
      const records = panel.getByRole('region', { name: t(lang, 'agent', 'contracts.records') });
      await expect(records.locator('.wl-table tbody tr').first()).toBeVisible();
      await expect(records.locator('.agent-totals')).not.toContainText(/[$]0[.,]00 /);
      if (axeOnce('phone', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page);

      // Offer to a sub-agent: a tier above the agent's own rate at the same thresholds is refused
      // under its field (1.5 % from 0 while its own pays 1 % there and 2 % only from 20,000).
      const row = panel.locator('.contract-downlines > li').filter({ hasText: downline });
      await row.getByRole('button', { name: new RegExp(`${t(lang, 'agent', 'contracts.offer')}|${t(lang, 'agent', 'contracts.change')}`) }).click();
      const form = row.getByRole('form');
      const rates = form.getByRole('textbox', { name: t(lang, 'agent', 'contracts.fields.rate') });
      for (let i = 0; i < (await rates.count()); i++) await rates.nth(i).fill('0.5');
      const rate = rates.first();
      await rate.fill('1.5');
      await form.getByRole('button', { name: t(lang, 'agent', 'contracts.send') }).click();
      await expect(form.locator('.field-error')).toHaveText(t(lang, 'errors', 'agent.contract.tierAbove', { max: '1' }));
      await expect(rate).toHaveAttribute('aria-invalid', 'true');
      await rate.fill('0.5');
      await form.getByRole('button', { name: t(lang, 'agent', 'contracts.send') }).click();
      await expect(row.getByText(t(lang, 'agent', 'contracts.offeredAt', { rate: '0.5' }))).toBeVisible();

      // The sub-agent, in its own browser: the popup shows the offer; it accepts.
      const other = await browser.newContext({ ...(testInfo.project.use ?? {}) });
      await closeAnnouncements(other);
      const sub = await other.newPage();
      await agentLogin(sub, lang, downline);
      const popup = sub.getByRole('dialog', { name: t(lang, 'agent', 'contracts.popupTitle') });
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(`${t(lang, 'agent', 'contracts.fromUpline', { upline: 'demoagent' })}`);
      await popup.getByRole('button', { name: t(lang, 'agent', 'contracts.accept') }).click();
      await popup.getByRole('button', { name: t(lang, 'agent', 'contracts.close') }).click();
      await expect(popup).toBeHidden();
      await choose(sub, lang, 'dailyWages');
      const own = sub.locator('.agent-panel').getByRole('region', { name: t(lang, 'agent', 'contracts.own') });
      await expect(own).toContainText(t(lang, 'agent', 'contracts.fromUpline', { upline: 'demoagent' }));
      await expect(own).toContainText(t(lang, 'agent', 'contracts.status.active'));
      await other.close();

      // The demo agent's page now shows the sub-agent's contract in force.
      await page.reload();
      await expect(
        panel
          .locator('.contract-downlines > li')
          .filter({ hasText: downline })
          .getByText(t(lang, 'agent', 'contracts.status.active'), { exact: true }),
      ).toBeVisible();
    });

    test('the sub-agent with a daily salary since two weeks sees its settlements and the salary in its income', async ({ page }) => {
      await agentLogin(page, lang, 'dt_a13');
      const panel = page.locator('.agent-panel');
      await choose(page, lang, 'dailyWages');
      const records = panel.getByRole('region', { name: t(lang, 'agent', 'contracts.records') });
      await records.getByRole('button', { name: t(lang, 'common', 'range.lastDays', { days: 30 }), exact: true }).click();
      await expect(records.locator('.wl-table tbody tr').nth(5)).toBeVisible();
      await choose(page, lang, 'income');
      await expect(
        panel
          .locator('.wl-table tbody tr')
          .filter({ hasText: t(lang, 'agent', 'income.kinds.salary') })
          .first(),
      ).toBeVisible();
    });
  });
}

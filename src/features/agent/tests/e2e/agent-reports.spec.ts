/**
 * The agent's reports (issue 13) in a real browser, on the demo agent's seeded team: the overview
 * with its figures and chart over 7 and 30 days, a CSV export saved in the page's language, team
 * betting with a member filter whose error shows under the field, user loss ranked, team
 * transactions, my income and the announcements for agents. English on the phone, Spanish on the desktop; axe once, on the desktop.
 */
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly } from '../../../../../tests/e2e-support/i18n.ts';
import { expect, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { agentLogin, agentMenu } from './agent-menu.ts';

for (const { lang } of LANGS) {
  test.describe(`agent reports in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test("the demo agent reads its team's figures, exports them, and filters its team's bets", async ({ page }, testInfo) => {
      await agentLogin(page, lang, 'demoagent');
      const { item, choose } = agentMenu(page, lang);
      const panel = page.locator('.agent-panel');

      // Overview: members and figures of the seeded team, labelled demo, with the chart.
      await choose('teamOverview');
      await expect(panel.getByRole('heading', { level: 2, name: t(lang, 'agent', 'overview.title') })).toBeVisible();
      await expect(panel.locator('.demo-note')).toBeVisible();
      await panel.getByRole('button', { name: t(lang, 'common', 'range.lastDays', { days: 30 }), exact: true }).click();
      const members = panel.getByRole('region', { name: t(lang, 'agent', 'overview.members') });
      const whole = members.getByRole('row', { name: new RegExp(t(lang, 'agent', 'overview.all')) });
      await expect(whole.locator('td').first()).not.toHaveText('0');
      await expect(panel.getByRole('img', { name: new RegExp(t(lang, 'agent', 'overview.chartLabel').slice(0, 12)) }).locator('canvas')).toBeVisible();
      if (axeOnce('desktop', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page);

      // The CSV: every day of the period and a total, headings in the page's language.
      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: t(lang, 'agent', 'reports.export') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = (await readFile((await file.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(csv[0]!.split(',')[0]).toBe(t(lang, 'agent', 'csv.day'));
      expect(csv.at(-1)!.split(',')[0]).toBe(t(lang, 'agent', 'csv.total'));
      expect(csv.length).toBeGreaterThanOrEqual(30);

      // Team betting: a name outside the team is refused under its field; the team's rounds list.
      await choose('teamBetting');
      const user = panel.getByLabel(t(lang, 'agent', 'reports.username'));
      await user.fill('nobody_in_this_team');
      await panel.getByRole('button', { name: t(lang, 'agent', 'reports.filter') }).click();
      await expect(panel.locator('.filter .field-error')).toHaveText(t(lang, 'errors', 'agent.member.unknown'));
      await user.fill('');
      await panel.getByRole('button', { name: t(lang, 'agent', 'reports.filter') }).click();
      await expect(panel.locator('.filter .field-error')).toHaveCount(0);
      await expect(panel.locator('.wl-table tbody tr').first()).toBeVisible();
      await expect(panel.locator('.agent-totals')).not.toBeEmpty();

      // User loss: ranked from 1.
      await choose('userLoss');
      await expect(panel.locator('.wl-table tbody tr').first().locator('td').first()).toHaveText('1');

      // Team transactions and my income over 30 days.
      await choose('teamTransactions');
      await panel.getByRole('button', { name: t(lang, 'common', 'range.lastDays', { days: 30 }), exact: true }).click();
      await expect(panel.locator('.wl-table tbody tr').first()).toBeVisible();
      await choose('income');
      await panel.getByRole('button', { name: t(lang, 'common', 'range.lastDays', { days: 30 }), exact: true }).click();
      // Transfers from the team, and (issue 14) the demo agent's daily salaries settled at start.
      for (const kind of ['transfer', 'salary']) {
        await expect(
          panel
            .locator('.wl-table tbody tr')
            .filter({ hasText: t(lang, 'agent', `income.kinds.${kind}`) })
            .first(),
        ).toBeVisible();
      }

      // Announcements for agents: the operator's (here the seeded demo ones), in the page's language.
      await choose('announcement');
      await expect(panel.locator('.agent-notices article').first()).toContainText(lang === 'en' ? 'demo notice' : 'aviso de demostración');

      // The last section is remembered.
      await page.reload();
      await expect(item('announcement')).toHaveAttribute('aria-current', 'page');
    });

    test('on a phone the menu is collapsed, and a tap brings the chosen section into view and collapses it again', async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'phone', 'the phone layout');
      await agentLogin(page, lang, 'demoagent');
      const { toggle, item } = agentMenu(page, lang);
      const panel = page.locator('.agent-panel');
      // The first screen shows the section, not seventeen menu entries.
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(item('userLoss')).toBeHidden();
      await expect(panel.getByRole('heading', { level: 2 })).toBeInViewport();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await item('customerService').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('phone-menu-open.png') });
      await item('customerService').click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toContainText(t(lang, 'auth', 'agent.items.customerService'));
      const heading = panel.getByRole('heading', { level: 2, name: t(lang, 'auth', 'agent.items.customerService') });
      await expect(heading).toBeInViewport();
      await expect(panel).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath('phone-menu-chosen.png') });
    });
  });
}

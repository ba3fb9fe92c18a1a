/**
 * One clock (issue 26, item 7): the header, the lottery's draw times, the records of the member
 * centre and the back office's logins all show the brand's time, labelled with the same GMT
 * offset as the header clock. Desktop, in English (the formats are the kernel's, unit-tested in
 * both languages).
 */
import { at, createUser, expect, signIn, submitLogin, test } from '../../../../tests/e2e-support/accounts.ts';
import { expectOneClock } from '../../../../tests/e2e-support/clock.ts';
import { adjust } from '../../../../tests/e2e-support/wallet.ts';

test.describe('one clock', () => {
  test('every time on the pages of a player and an agent carries the header clock zone', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'desktop');
    const agent = await createUser({ type: 'agent' });
    const user = await createUser({ upline: agent.username });
    await adjust(user.username, '30');
    await signIn(page, 'en', user.username, user.password, '/lottery?gameCode=SSC1');
    await expect(page.locator('.lt-drawat')).toContainText(/\d:\d\d/);
    const { zone, times } = await expectOneClock(page);
    expect(times.length).toBeGreaterThan(0);
    // The brand's zone (the demo brand is Mexico City's), not the machine's.
    expect(zone).toBe('GMT-6');

    await page.goto(at('en', '/member?page=transactions'));
    await expect(page.locator('table tbody tr').first()).toContainText(/\d:\d\d/);
    expect((await expectOneClock(page)).times.length).toBeGreaterThan(0);

    await page.goto(at('en', '/member?page=account'));
    await expect(page.getByText(/\d:\d\d/).first()).toBeVisible();
    await expectOneClock(page);

    // The back office: the member's last login in the agent's team.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(at('en', '/agent'));
    await submitLogin(page, 'en', agent.username, agent.password);
    await expect(page).toHaveURL(/\/agentHome$/, { timeout: 15_000 });
    await page
      .locator('nav')
      .getByRole('button', { name: /Team management/ })
      .click();
    await expect(page.locator('.agent-table tbody tr').first()).toContainText(/\d:\d\d/);
    expect((await expectOneClock(page, { zone })).times.length).toBeGreaterThan(0);
  });
});

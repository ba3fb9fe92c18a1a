/**
 * The wallet's screens pass axe (no serious or critical violation): the header with the balance,
 * every page of the member-centre overlay (with content: an order, a paid withdrawal with its
 * 'not received' form), the sandbox provider's page. The overlay is a labelled modal dialog whose
 * first stop is its close button. axe checks each screen once (AXE_LANG): here on the phone, in
 * English; the member page under the overlay is checked whole on the desktop, in Spanish, by
 * src/features/accounts/tests/e2e/accounts-a11y.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { AXE_LANG, onProject, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, approveWithdrawal, headerBalance, memberCentre, openCentrePage, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';

const PAGES = ['wallet', 'deposit', 'withdrawal', 'upline', 'betting', 'transactions', 'profit', 'bonus'];

/** axe with the overlay open: the page under it is covered, so only the overlay's layers count. */
async function axeOverlay(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });
}

/** Waits until the open page has loaded what it shows. */
async function settled(page: Page, lang: Lang): Promise<void> {
  await expect(memberCentre(page, lang).getByText(wt(lang, 'common.loading'))).toHaveCount(0);
}

test.describe(`wallet accessibility on the phone in ${AXE_LANG.phone.toUpperCase()}`, () => {
  onProject('phone');
  const lang = AXE_LANG.phone;
  test('the header wallet, every member-centre page and the sandbox page pass axe', async ({ page }) => {
    test.setTimeout(240_000);
    // The upline page shows its form to a player with an upline.
    const agent = await createUser({ type: 'agent' });
    const member = await createUser({ upline: agent.username });
    await adjust(member.username, '80');
    await signIn(page, lang, member.username, member.password, '/member');
    await expect(headerBalance(page, lang, usd(lang, '80'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: ['.site-header'] });

    await page.goto(at(lang, '/member?page=wallet'));
    const centre = memberCentre(page, lang);
    await expect(centre).toHaveAttribute('aria-modal', 'true');
    const firstStop = await centre.evaluate((box) => box.querySelector('button, a[href], input, select')?.getAttribute('aria-label'));
    expect(firstStop, 'the close button comes first').toBe(t(lang, 'auth', 'close'));
    for (const name of PAGES) {
      await openCentrePage(page, lang, name);
      await settled(page, lang);
      await axeOverlay(page);
    }

    // A deposit order, through the sandbox page.
    await openCentrePage(page, lang, 'deposit');
    await centre.getByRole('textbox', { name: wt(lang, 'deposit.amount', { currency: 'USD' }) }).fill('25');
    await centre.getByRole('button', { name: wt(lang, 'deposit.submit'), exact: true }).click();
    await expect(page.getByRole('button', { name: wt(lang, 'sandbox.pay'), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: wt(lang, 'sandbox.pay'), exact: true }).click();
    await expect(centre.getByRole('table')).toBeVisible({ timeout: 15_000 });
    await axeOverlay(page);

    // A paid withdrawal with its 'not received' form open.
    await openCentrePage(page, lang, 'withdrawal');
    await centre.getByRole('textbox', { name: wt(lang, 'common.amount') }).fill('15');
    await centre.getByRole('button', { name: wt(lang, 'withdrawal.submit'), exact: true }).click();
    const card = centre.getByRole('listitem').filter({ hasText: usd(lang, '15') });
    await expect(card).toContainText(wt(lang, 'withdrawal.status.pending'));
    await approveWithdrawal((await card.locator('dd.wl-mono').textContent())!.trim());
    await centre.getByRole('button', { name: wt(lang, 'common.refresh'), exact: true }).click();
    await card.getByRole('button', { name: wt(lang, 'withdrawal.notReceived'), exact: true }).click();
    await expect(card.getByRole('form')).toBeVisible();
    await axeOverlay(page);
  });
});

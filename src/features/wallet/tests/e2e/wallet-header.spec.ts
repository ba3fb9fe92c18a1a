/**
 * The header's wallet (spec 2.4, 4 Balance display), in English and Spanish: the balance with its
 * currency symbol and 2 decimals; the hide/show toggle, remembered after a reload; the refresh
 * button that spins while the new balance loads; the balance opening the member centre on the
 * page selected last (spec 2.1); and a trial account, which has no wallet, told to get a real one. English on the
 * phone, Spanish on the desktop.
 */
import { englishOnPhoneSpanishOnDesktop, LANGS } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, dialog, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, headerBalance, memberCentre, openCentrePage, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';

for (const { lang } of LANGS) {
  test.describe(`header wallet in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);
    test('the balance can be hidden until shown again, even after a reload, and refreshes with a spinning button', async ({ page }) => {
      const player = await createUser();
      await adjust(player.username, '12.5');
      await signIn(page, lang, player.username, player.password);
      await expect(headerBalance(page, lang, usd(lang, '12.5'))).toBeVisible();

      const mask = page.getByRole('button', { name: wt(lang, 'header.hide'), exact: true });
      await expect(mask).toHaveAttribute('aria-pressed', 'false');
      await mask.click();
      await expect(mask).toHaveAttribute('aria-pressed', 'true');
      const hidden = headerBalance(page, lang, wt(lang, 'header.hidden'));
      await expect(hidden).toHaveText(/\$\*{4}/);
      await expect(page.getByText(usd(lang, '12.5'))).toHaveCount(0);

      await page.reload();
      await expect(hidden, 'the choice is remembered').toBeVisible();
      await mask.click();
      await expect(headerBalance(page, lang, usd(lang, '12.5'))).toBeVisible();

      // Money arrives elsewhere; the refresh button fetches it, spinning until the answer comes.
      await adjust(player.username, '7.25');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/wps/v2/wallets/balance', async (route) => {
        await held;
        await route.continue();
      });
      const refresh = page.getByRole('button', { name: wt(lang, 'header.refresh'), exact: true });
      await refresh.click();
      await expect(refresh).toHaveAttribute('aria-busy', 'true');
      await expect(refresh.locator('svg')).toHaveClass(/wl-spinning/);
      await expect(headerBalance(page, lang, usd(lang, '12.5')), 'the old balance stays until the new one arrives').toBeVisible();
      release();
      await expect(headerBalance(page, lang, usd(lang, '19.75'))).toBeVisible();
      await expect(refresh).not.toHaveAttribute('aria-busy', 'true');
      await page.unroute('**/wps/v2/wallets/balance');

      // Thousands, in the brand's regional format: Mexico's Spanish groups them as English does (issue 17).
      await adjust(player.username, '1101.75');
      await refresh.click();
      await expect(headerBalance(page, lang, '$1,121.50')).toBeVisible();
      expect(usd(lang, '1121.5')).toBe('$1,121.50');
    });

    test('the balance opens the member centre on the page selected last, and the avatar menu opens Deposit and Withdraw', async ({ page }) => {
      const player = await createUser();
      await signIn(page, lang, player.username, player.password);
      const centre = memberCentre(page, lang);
      const close = centre.getByRole('button', { name: t(lang, 'auth', 'close') });

      await headerBalance(page, lang, usd(lang, '0')).click();
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.wallet') })).toBeVisible();
      await openCentrePage(page, lang, 'betting');
      await expect(centre.getByText(wt(lang, 'betting.empty'))).toBeVisible();
      await close.click();
      await expect(centre).toBeHidden();

      await headerBalance(page, lang, usd(lang, '0')).click();
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.betting') }), 'the remembered page').toBeVisible();
      await close.click();

      const avatar = page.getByRole('button', { name: t(lang, 'auth', 'menu.open', { name: player.username }) });
      const avatarMenu = page.locator(`[id="${await avatar.getAttribute('aria-controls')}"]`);
      await avatar.click();
      await avatarMenu.getByRole('link', { name: t(lang, 'auth', 'menu.withdraw'), exact: true }).click();
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.withdrawal') })).toBeVisible();
      await close.click();
      await avatar.click();
      await avatarMenu.getByRole('link', { name: t(lang, 'auth', 'menu.deposit'), exact: true }).click();
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.deposit') })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(at(lang, '/'));
    });

    test('a trial account has no balance, and its deposit shortcut and member-centre addresses ask for a real account', async ({ page }) => {
      await page.goto(at(lang, '/login'));
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.freePlay') }).click();
      await expect(popup).toBeHidden({ timeout: 15_000 });
      const depositLink = page.getByRole('link', { name: wt(lang, 'header.deposit'), exact: true });
      await expect(depositLink).toBeVisible();
      await expect(page.getByRole('button', { name: wt(lang, 'header.refresh') })).toHaveCount(0);

      const refusal = page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });
      await depositLink.click();
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await refusal.getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') }).click();
      await expect(memberCentre(page, lang)).toHaveCount(0);

      await page.goto(at(lang, '/member?page=withdrawal'));
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await expect(memberCentre(page, lang)).toHaveCount(0);
    });
  });
}

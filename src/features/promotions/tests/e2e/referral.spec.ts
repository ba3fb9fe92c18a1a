/**
 * Invite friends in a real browser (issue 15): a player finds Invite in the account menu, the
 * referral page with the invite link (the player's code in registration's referralCode) and code;
 * a friend registers with that link from another address, deposits 20.00 and plays 100.00; the player sees the
 * friend rewarded and claims the reward in the reward centre. English on the phone, Spanish on
 * the desktop; axe once, on the desktop. The rules (cap, same address, races, agents) are proven by the API
 * tests (tests/api/referral.test.ts).
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { closeAnnouncements } from '../../../../../tests/e2e-support/fixtures.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, addressFor, at, createUser, dialog, expect, signIn, newUsername, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { callApi, playValidBets } from '../../../../../tests/e2e-support/play.ts';
import { adjust, memberCentre, pageTitle, usd } from '../../../../../tests/e2e-support/wallet.ts';

const rt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `referral.${key}`, values);

for (const { lang } of LANGS) {
  test.describe(`invite friends in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a player shares the invite link; a friend deposits and plays; both are rewarded and the player claims', async ({ page, browser }, info) => {
      test.setTimeout(120_000);
      const player = await createUser();
      await signIn(page, lang, player.username, player.password);
      await accountButton(page, lang, player.username).click();
      await page
        .locator('.user-dropdown')
        .getByRole('link', { name: t(lang, 'auth', 'menu.invite'), exact: true })
        .click();

      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('link', { name: pageTitle(lang, 'referral'), exact: true })).toHaveAttribute('aria-current', 'page');
      const origin = new URL(page.url()).origin;
      await expect(centre.getByRole('textbox', { name: rt(lang, 'link'), exact: true })).toHaveValue(`${origin}${at(lang, '/register')}?referralCode=${player.affiliateCode}`);
      await expect(centre.getByRole('textbox', { name: rt(lang, 'code'), exact: true })).toHaveValue(player.affiliateCode);
      await centre.getByRole('button', { name: rt(lang, 'copyCode'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: rt(lang, 'copied') })).toBeVisible();
      await expect(centre.getByText(rt(lang, 'none'))).toBeVisible();
      await expect(centre.getByText(rt(lang, 'ofCap', { count: 0, cap: 20 }))).toBeVisible();
      if (axeOnce('desktop', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      // The friend opens the invite link from another address and registers.
      const link = await centre.getByRole('textbox', { name: rt(lang, 'link'), exact: true }).inputValue();
      const away = await browser.newContext({ ...info.project.use, extraHTTPHeaders: { 'X-Forwarded-For': addressFor(info, 'friend') } });
      await closeAnnouncements(away);
      const friendPage = await away.newPage();
      await friendPage.goto(link);
      const popup = dialog(friendPage, t(lang, 'auth', 'register.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'register.byUsername') }).click();
      const friend = newUsername('fr');
      await popup.locator('input[name="username"]').fill(friend);
      await popup.locator('input[name="password"]').fill('abc123');
      await popup.locator('input[name="confirmPassword"]').fill('abc123');
      await popup.locator('button[type="submit"]', { hasText: t(lang, 'auth', 'register.submit') }).click();
      await expect(accountButton(friendPage, lang, friend)).toBeVisible({ timeout: 15_000 });

      // Listed at once, on the way.
      await page.goto(at(lang, '/member?page=referral'));
      await expect(centre.getByRole('row').filter({ hasText: rt(lang, 'states.pending') })).toContainText(rt(lang, 'notYet'));

      // The friend deposits 20.00 and plays 100.00.
      await adjust(friend, '200');
      const order = await callApi<{ orderId: string }>(friendPage, '/wps/wallet/deposit', { method: 'POST', body: { amount: '20.00', channel: 'SANDBOX_CARD', idempotencyKey: crypto.randomUUID() } });
      expect(order.success, JSON.stringify(order)).toBe(true);
      const paid = await callApi(friendPage, '/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.value.orderId, outcome: 'paid' } });
      expect(paid.success, JSON.stringify(paid)).toBe(true);
      await playValidBets(friendPage, 100, 150);
      await away.close();

      // The page decides the friend when the player opens it again: rewarded, its reward waiting.
      await page.goto(at(lang, '/member?page=referral'));
      const row = centre.getByRole('row').filter({ hasText: rt(lang, 'states.rewarded') });
      await expect(row).toBeVisible();
      await expect(row).toContainText(rt(lang, 'progress', { done: usd(lang, '100'), target: usd(lang, '100') }));
      await expect(centre.getByText(rt(lang, 'ofCap', { count: 1, cap: 20 }))).toBeVisible();
      await centre.getByRole('link', { name: rt(lang, 'claim', { count: 1 }), exact: true }).click();
      await expect(centre.getByRole('heading', { level: 3 })).toHaveText(pageTitle(lang, 'rewards'));
      const item = centre.getByRole('listitem').filter({ hasText: t(lang, 'promotions', 'rewards.kinds.referral') });
      await expect(item).toContainText(usd(lang, '10'));
      await item.getByRole('button').first().click();
      await expect(centre.getByText(t(lang, 'promotions', 'rewards.claimedWager', { amount: usd(lang, '10'), turnover: usd(lang, '30') }))).toBeVisible();
    });
  });
}

/**
 * Missions in a real browser (issue 32): a member opens the member centre's missions, sees the
 * daily deposit mission at 0 of 100.00 with the time until it resets, deposits 100.00 (the
 * sandbox payment), sees the step reached with the red badge, claims it on the page (5.00 with 1x
 * wagering) and sees it claimed; the reward centre lists it claimed. English on the phone, Spanish
 * on the desktop; axe once, on the phone. The weekly leaderboard above it moves the member onto the
 * board once they have played 20.00. Counting, periods, the job and refusals are proven by
 * the API tests (tests/api/missions.test.ts).
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { callApi, playValidBets } from '../../../../../tests/e2e-support/play.ts';
import { centreWord, memberCentre, pageTitle, usd } from '../../../../../tests/e2e-support/wallet.ts';

const mt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `missions.${key}`, values);
const lt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `leaderboard.${key}`, values);
const BOARD = { en: 'Weekly wager race (demo)', es: 'Carrera de apuestas semanal (demo)' } as const;
const TITLE = { en: 'Daily deposit (demo)', es: 'Depósito del día (demo)' } as const;

for (const { lang } of LANGS) {
  test.describe(`missions in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a member completes the daily deposit mission and claims its reward', async ({ page }, info) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password, '/member?page=missions');
      const centre = memberCentre(page, lang);
      const menu = centre.getByRole('navigation', { name: centreWord(lang, 'menu') });
      await expect(menu.getByRole('link', { name: pageTitle(lang, 'missions'), exact: true })).toHaveAttribute('aria-current', 'page');

      const card = centre.getByRole('listitem').filter({ has: page.getByText(TITLE[lang], { exact: true }) });
      const bar = card.getByRole('progressbar', { name: mt(lang, 'progressLabel', { title: TITLE[lang] }) });
      await expect(bar).toHaveAttribute('aria-valuenow', '0');
      await expect(bar).toHaveAttribute('aria-valuetext', mt(lang, 'progress', { done: usd(lang, '0'), target: usd(lang, '100') }));
      await expect(card.getByText(mt(lang, 'periods.D'), { exact: true })).toBeVisible();
      await expect(card.getByText(new RegExp(mt(lang, 'resetsIn', { time: '' }).trim()))).toBeVisible();
      await expect(card.getByText(mt(lang, 'state.open'), { exact: true })).toBeVisible();
      // The weekly leaderboard above the missions: not on it before a bet.
      const board = centre.getByRole('region', { name: lt(lang, 'heading', { title: BOARD[lang] }) });
      await expect(board.getByText(lt(lang, 'notRanked', { min: usd(lang, '10') }))).toBeVisible();
      if (axeOnce('phone', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      // A deposit of 100.00 through the sandbox payment.
      const order = await callApi<{ orderId: string }>(page, '/wps/wallet/deposit', { method: 'POST', body: { amount: '100.00', channel: 'SANDBOX_CARD', idempotencyKey: crypto.randomUUID() } });
      expect(order.success, JSON.stringify(order)).toBe(true);
      const paid = await callApi(page, '/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.value.orderId, outcome: 'paid' } });
      expect(paid.success, JSON.stringify(paid)).toBe(true);
      // And 20.00 of slot spins, which the leaderboard ranks.
      await playValidBets(page, 20, 50);

      // Opened again: the step reached, the menu's red badge counts it, with any other reward the
      // spins earned (a 10x win of the week's big-win mission comes by chance): as the server counts them.
      await expect(async () => {
        const summary = await callApi<{ claimable: number; missions: { title: string; state: string }[] }>(page, '/wps/relay/MCSFE_getMissionSummaryDetails');
        expect(summary.value.missions.find((m) => m.title === TITLE[lang])?.state).toBe('claimable');
        await page.goto(at(lang, '/member?page=missions'));
        await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 3_000 });
        await expect(menu.locator('a[href$="page=missions"] .mc-badge')).toHaveText(new RegExp(`^\\D*${summary.value.claimable}$`), { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      // The member's rank moved onto the board at once.
      const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const [before, after] = lt(lang, 'yourRank', { rank: '@', score: usd(lang, '20') }).split('@') as [string, string];
      const rank = new RegExp(`${escape(before)}\\d+${escape(after)}`);
      await expect(board.getByText(rank)).toBeVisible();
      await card.getByRole('button', { name: mt(lang, 'claimNamed', { prize: usd(lang, '5'), title: TITLE[lang] }) }).click();
      await expect(centre.getByRole('status').filter({ hasText: mt(lang, 'claimedWager', { amount: usd(lang, '5'), turnover: usd(lang, '5') }) })).toBeVisible();
      await expect(card.getByText(mt(lang, 'state.claimed'), { exact: true })).toBeVisible();

      // The reward centre lists it, claimed.
      await centre.getByRole('link', { name: mt(lang, 'toRewards'), exact: true }).click();
      await expect(centre.getByRole('heading', { level: 3 })).toHaveText(pageTitle(lang, 'rewards'));
      const item = centre.getByRole('listitem').filter({ hasText: TITLE[lang] });
      await expect(item).toContainText(t(lang, 'promotions', 'rewards.status.claimed'));
    });
  });
}

/**
 * Daily free spins in a real browser (issue 15): a member claims today's spins in the reward
 * centre, opens the slot of the day from there, plays all ten spins without any money (the game
 * page counts them down on its spin button and says where the winnings went), and the reward
 * centre then says today's spins are played. English on the phone, Spanish on the desktop; axe on
 * the game page with its free-spins banner, once, on the phone. Grants, replays, races and expiry: the API tests.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { pt } from '../../../../../tests/e2e-support/play.ts';
import { memberCentre, usd } from '../../../../../tests/e2e-support/wallet.ts';

const ft = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `freeSpins.${key}`, values);

for (const { lang } of LANGS) {
  test.describe(`daily free spins in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a member claims the day’s free spins, plays them all in the slot of the day with no money, and sees them done', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await signIn(page, lang, user.username, user.password, '/member?page=rewards');
      const centre = memberCentre(page, lang);
      const block = centre.locator('section.rw-freespins');
      await expect(block.getByText(ft(lang, 'slotOfDay'))).toBeVisible();
      const gameName = (await block.locator('.rw-fs-game strong').textContent())!;
      await block.getByRole('button', { name: ft(lang, 'claim', { spins: 10 }), exact: true }).click();
      await expect(block.getByRole('status')).toContainText(gameName);
      await expect(block.getByTestId('free-spins-left')).toHaveText(ft(lang, 'left', { left: 10, spins: 10, winnings: usd(lang, '0') }));

      const [game] = await Promise.all([page.context().waitForEvent('page'), block.getByRole('button', { name: ft(lang, 'play', { game: gameName }), exact: true }).click()]);
      await expect(game.getByRole('heading', { level: 1 })).toContainText(gameName);
      await expect(game.getByTestId('free-spins')).toContainText(pt(lang, 'free.banner', { left: 10, spins: 10 }));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, '0.00'));
      if (axeOnce('phone', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(game);
      for (let left = 10; left >= 1; left--) {
        const button = game.getByRole('button', { name: pt(lang, 'free.spin', { left }), exact: true });
        await button.click();
        if (left > 1) await expect(game.getByRole('button', { name: pt(lang, 'free.spin', { left: left - 1 }), exact: true })).toBeEnabled({ timeout: 15_000 });
      }
      await expect(game.getByTestId('free-spins-ended')).toBeVisible({ timeout: 15_000 });
      await expect(game.getByRole('button', { name: pt(lang, 'spin'), exact: true })).toBeEnabled();
      // Nothing was staked: the game wallet still holds nothing; every round is marked free.
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, '0.00'));
      await expect(game.locator('.pl-history tbody tr .pl-free-tag')).toHaveCount(10);
      await game.close();

      await page.goto(at(lang, '/member?page=rewards'));
      await expect(block.getByText(ft(lang, 'done', { winnings: '#' }).split('#')[0]!)).toBeVisible();
    });
  });
}

/**
 * Favourites end to end (spec 2.13, 4 Favourites, 5, 9), in English and Spanish: a visitor's
 * heart opens the login popup; a player's heart is a toggle (aria-pressed) throttled to one
 * action a second, the game shows in the home section and on /favorite, and removing it there
 * takes the tile away at once and leaves the empty state.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, dialog, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';

for (const { lang } of LANGS) {
  test.describe(`favourites in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a visitor who clicks a heart gets the login popup', async ({ page }) => {
      await page.goto(at(lang, '/rng'));
      const name = (await page.locator('article.tile .name a').first().textContent())!.trim();
      const heart = page.getByRole('link', { name: t(lang, 'lobby', 'addFavourite', { name }), exact: true });
      await heart.click();
      await expect(dialog(page, t(lang, 'auth', 'login.title')).locator('input[name="username"]')).toBeVisible();
    });

    test('a player favourites a game on a category page, finds it on /favorite and removes it', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      // The home section stays hidden while the player has no favourite.
      await expect(page.locator('[data-fav-list="section"]')).toBeHidden();

      await page.goto(at(lang, '/rng'));
      const name = (await page.locator('article.tile .name a').first().textContent())!.trim();
      const add = page.getByRole('button', { name: t(lang, 'lobby', 'addFavourite', { name }), exact: true });
      await expect(add).toHaveAttribute('aria-pressed', 'false');
      // Two clicks within a second: the first adds, the second is dropped by the throttle.
      await add.dblclick();
      const remove = page.getByRole('button', { name: t(lang, 'lobby', 'removeFavourite', { name }), exact: true });
      await expect(remove).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(1_200);
      await expect(remove).toHaveAttribute('aria-pressed', 'true');

      // The home page's favourite section fills once logged in.
      await page.goto(at(lang, '/'));
      const section = page.getByRole('region', { name: t(lang, 'lobby', 'favourites.section') });
      await expect(section.locator('article.tile .name')).toHaveText([name]);

      // The navigation's Favourites item now leads to /favorite.
      await page
        .locator('.main-nav')
        .getByRole('link', { name: t(lang, 'nav', 'favorite'), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/favorite')}$`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'lobby', 'favourites.title') })).toBeVisible();
      const tiles = page.locator('[data-fav-list="page"] article.tile');
      await expect(tiles.locator('.name')).toHaveText([name]);

      await expectNoSeriousA11yViolations(page);

      await tiles.getByRole('button', { name: t(lang, 'lobby', 'removeFavourite', { name }), exact: true }).click();
      await expect(tiles).toHaveCount(0);
      await expect(page.getByText(t(lang, 'lobby', 'favourites.empty'))).toBeVisible();

      await page.reload();
      await expect(page.getByText(t(lang, 'lobby', 'favourites.empty'))).toBeVisible();
      await expect(tiles).toHaveCount(0);
    });

    test('a trial account may browse but is told a real account is needed to favourite', async ({ page }) => {
      await page.goto(at(lang, '/login'));
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.freePlay') }).click();
      await expect(popup).toBeHidden({ timeout: 15_000 });
      await page.goto(at(lang, '/rng'));
      const name = (await page.locator('article.tile .name a').first().textContent())!.trim();
      const heart = page.getByRole('button', { name: t(lang, 'lobby', 'addFavourite', { name }), exact: true });
      await heart.click();
      const refusal = page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });
      await expect(refusal).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await refusal.getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') }).click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
    });
  });
}

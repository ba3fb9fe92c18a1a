/**
 * Game launch end to end (spec 2.13, 4 Game launch, 6), in English and Spanish, in the spec's
 * order: a visitor's Play opens the login popup; a trial account is told a real account is
 * needed; a player's Play opens a new window at the game's address (and Demo too); a blocked
 * window and a refused launch are said in a dialog; a vendor item without a category page opens
 * the vendor popup; /recent needs a login, starts empty and lists a launched game; Play on a PVP
 * game asks for a room first and the game then offers only that room's stakes, while its Demo
 * launches without one. axe finds no serious violation on /recent, in the vendor popup and in
 * the room picker.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, dialog, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import type { Lang } from '../../../../../tests/e2e-support/i18n.ts';

/** The first slot tile on /rng and its name. */
async function firstSlot(page: Page, lang: Lang) {
  await page.goto(at(lang, '/rng'));
  const tile = page.locator('article.tile').first();
  const name = (await tile.locator('.name').textContent())!.trim();
  return { tile, name };
}

/** A PVP game (not a vendor item) from the API, and its tile on /pvp. */
async function pvpGame(page: Page, lang: Lang) {
  const res = await page.request.get('/wps/relay/GCSGAME_gameList?gameType=PVP&pageSize=5');
  const body = (await res.json()) as { value: { games: { nodeId: number; isGame: string; gameName: string }[] } };
  const game = body.value.games.find((g) => g.isGame === 'GAME');
  expect(game, 'a PVP game in the catalogue').toBeTruthy();
  await page.goto(at(lang, '/pvp'));
  const tile = page.locator(`article.tile[data-node-id="${game!.nodeId}"]`).first();
  const name = (await tile.locator('.name').textContent())!.trim();
  return { tile, name, nodeId: game!.nodeId };
}

/** The calls that launch a game: real money (launchGame) and the free demo (GCS_gameTrialLaunch). */
const LAUNCH_CALLS = /\/wps\/(game\/launchGame|relay\/GCS_gameTrialLaunch)\?/;

const refusal = (page: Page, lang: Lang) => page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });

for (const { lang } of LANGS) {
  test.describe(`game launch in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a visitor who clicks Play gets the login popup; /recent sends a visitor to log in', async ({ page }) => {
      const { tile, name } = await firstSlot(page, lang);
      await tile.getByRole('link', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click();
      await expect(dialog(page, t(lang, 'auth', 'login.title')).locator('input[name="username"]')).toBeVisible();
      await page.goto(at(lang, '/recent'));
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/login')}$`));
    });

    test("a visitor plays a game's free demo without an account", async ({ page }) => {
      const { tile, name } = await firstSlot(page, lang);
      const [game] = await Promise.all([page.context().waitForEvent('page'), tile.getByRole('link', { name: t(lang, 'lobby', 'demoNamed', { name }), exact: true }).click()]);
      await game.waitForURL(/\/play\?launch=[A-Za-z0-9_-]{43}$/);
      expect(new URL(game.url()).pathname).toBe(at(lang, '/play'));
      await expect(game.getByRole('note').filter({ hasText: t(lang, 'play', 'demoBanner') })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      const before = await balance.textContent();
      const spin = game.getByRole('button', { name: t(lang, 'play', 'spin'), exact: true });
      for (let i = 0; i < 10 && (await balance.textContent()) === before; i++) {
        await spin.click();
        await expect(spin).toBeEnabled({ timeout: 15_000 });
      }
      await expect(balance).not.toHaveText(before!);
      // No login was asked for, and none happened.
      await expect(dialog(page, t(lang, 'auth', 'login.title'))).toBeHidden();
      await game.close();
    });

    test('a trial account is refused a launch before anything opens', async ({ page }) => {
      await page.goto(at(lang, '/login'));
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await popup.getByRole('button', { name: t(lang, 'auth', 'login.freePlay') }).click();
      await expect(popup).toBeHidden({ timeout: 15_000 });
      const { tile, name } = await firstSlot(page, lang);
      let opened = 0;
      page.context().on('page', () => opened++);
      await tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click();
      await expect(refusal(page, lang)).toContainText(t(lang, 'auth', 'in_need_true_account'));
      await refusal(page, lang)
        .getByRole('button', { name: t(lang, 'auth', 'in_increase_submit') })
        .click();
      expect(opened).toBe(0);
      // Its free demo plays, with play money.
      const [demo] = await Promise.all([page.context().waitForEvent('page'), tile.getByRole('button', { name: t(lang, 'lobby', 'demoNamed', { name }), exact: true }).click()]);
      await demo.waitForURL(/\/play\?launch=/);
      await expect(demo.getByRole('note').filter({ hasText: t(lang, 'play', 'demoBanner') })).toBeVisible();
      await demo.close();
    });

    test('a player launches a game in a new window and finds it on /recent', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);

      // /recent starts empty.
      await page.goto(at(lang, '/recent'));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'lobby', 'recent.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'lobby', 'recent.empty'))).toBeVisible();
      await expect(page.locator('.main-nav a[data-nav="RECENT"]')).toHaveAttribute('aria-current', 'page');

      const { tile, name } = await firstSlot(page, lang);
      const launches: URL[] = [];
      page.on('request', (r) => LAUNCH_CALLS.test(r.url()) && launches.push(new URL(r.url())));
      const [game] = await Promise.all([page.context().waitForEvent('page'), tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click()]);
      await game.waitForURL(/\/play\?launch=[A-Za-z0-9_-]{43}$/);
      expect(new URL(game.url()).pathname).toBe(at(lang, '/play'));
      expect(launches[0]!.searchParams.get('accountType')).toBe('1');
      expect(launches[0]!.searchParams.get('nodeId')).toBe(await tile.getAttribute('data-node-id'));
      await game.close();

      // The free demo launches with accountType 0.
      const demo = tile.getByRole('button', { name: t(lang, 'lobby', 'demoNamed', { name }), exact: true });
      const [demoGame] = await Promise.all([page.context().waitForEvent('page'), demo.click()]);
      await demoGame.waitForURL(/\/play\?launch=/);
      expect(launches[1]!.pathname, 'a demo is asked of the trial launch').toBe('/wps/relay/GCS_gameTrialLaunch');
      expect(launches[1]!.searchParams.get('accountType')).toBe('0');
      await demoGame.close();

      // The navigation's Recent item now leads to /recent, which lists the game.
      await page
        .locator('.main-nav')
        .getByRole('link', { name: t(lang, 'nav', 'recent'), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/recent')}$`));
      const recent = page.locator('[data-recent-list] article.tile');
      await expect(recent.locator('.name')).toHaveText([name]);
      await expectNoSeriousA11yViolations(page);
    });

    test('a blocked window and a refused launch are said in a dialog', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      // The browser blocks the window: window.open answers null (in this tab, which holds the session).
      await page.addInitScript(() => {
        if (sessionStorage.getItem('e2e.blockPopups') === '1') window.open = () => null;
      });
      await page.evaluate(() => sessionStorage.setItem('e2e.blockPopups', '1'));
      const { tile, name } = await firstSlot(page, lang);
      const play = tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true });
      await play.click();
      const blocked = page.getByRole('alertdialog').filter({ hasText: t(lang, 'lobby', 'launch.popupBlocked') });
      await expect(blocked).toBeVisible();
      await blocked.getByRole('button').first().click();
      await expect(blocked).toBeHidden();

      // A refusal (a vendor under maintenance): the blank window closes, the message shows.
      await page.evaluate(() => sessionStorage.removeItem('e2e.blockPopups'));
      const message = lang === 'en' ? 'The game is under maintenance' : 'El juego está en mantenimiento';
      await page.route('**/wps/game/launchGame?*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, value: null, message, errorCode: 'game.maintenance' }) }),
      );
      const second = await firstSlot(page, lang);
      const [blank] = await Promise.all([page.context().waitForEvent('page'), second.tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name: second.name }), exact: true }).click()]);
      await expect(page.getByRole('alertdialog').filter({ hasText: message })).toBeVisible();
      await expect.poll(() => blank.isClosed()).toBe(true);
    });

    test('a vendor item without a category page opens the vendor popup', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password, '/sports');
      const vendorTile = page.locator('article.tile[data-is-game="VASSALAGE"]').first();
      const itemName = (await vendorTile.locator('.name').textContent())!.trim();
      const vendorName = (await vendorTile.locator('.vendor').textContent())!.trim();
      await vendorTile.getByRole('button', { name: t(lang, 'lobby', 'openVendorNamed', { name: itemName }), exact: true }).click();
      const popup = dialog(page, vendorName);
      await expect(popup).toBeVisible();
      await expect(popup.locator('button, input, a[href]').first()).toHaveAccessibleName(t(lang, 'lobby', 'close'));
      const tiles = popup.locator('article.tile');
      await expect(tiles.first()).toBeVisible();
      // Every game listed is the vendor's, and the vendor's own lobby item is left out.
      for (const v of await tiles.locator('.vendor').allTextContents()) expect(v.trim()).toBe(vendorName);
      await expect(popup.locator('article.tile[data-is-game="VASSALAGE"]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });
      await popup.getByRole('button', { name: t(lang, 'lobby', 'close') }).click();
      await expect(popup).toBeHidden();
    });

    test('Play on a PVP game asks for a room; the game offers only its stakes; Demo needs none', async ({ page }) => {
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      const { tile, name, nodeId } = await pvpGame(page, lang);
      const launches: URL[] = [];
      page.on('request', (r) => LAUNCH_CALLS.test(r.url()) && launches.push(new URL(r.url())));
      let opened = 0;
      page.context().on('page', () => opened++);

      const [rooms] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/wps/relay/GLS2_roomList')),
        tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click(),
      ]);
      const { value } = (await rooms.json()) as { value: { list: { roomId: string; roomName: string; minBet: string; maxBet: string }[] } };
      const picker = dialog(page, t(lang, 'lobby', 'rooms.title', { name }));
      await expect(picker).toBeVisible();
      await expect(picker.locator('button, input, a[href]').first()).toHaveAccessibleName(t(lang, 'lobby', 'close'));
      const buttons = picker.getByRole('list', { name: t(lang, 'lobby', 'rooms.list', { name }) }).getByRole('button');
      await expect(buttons).toHaveCount(4);
      expect(value.list).toHaveLength(4);
      // Name and stakes in the page's language ('0.20 – 0.40', '0,20 – 0,40').
      const room = value.list[1]!;
      const written = (a: string) => (lang === 'es' ? a.replace('.', ',') : a);
      await expect(buttons.nth(1)).toContainText(room.roomName);
      await expect(buttons.nth(1)).toContainText(`${written(room.minBet)} – ${written(room.maxBet)}`);
      expect(opened).toBe(0);
      expect(launches).toHaveLength(0);
      await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      const [game] = await Promise.all([page.context().waitForEvent('page'), buttons.nth(1).click()]);
      await game.waitForURL(/\/play\?launch=[A-Za-z0-9_-]{43}$/);
      await expect(picker).toBeHidden();
      expect(launches[0]!.searchParams.get('roomId')).toBe(room.roomId);
      expect(launches[0]!.searchParams.get('accountType')).toBe('1');
      expect(launches[0]!.searchParams.get('nodeId')).toBe(String(nodeId));
      // The game session offers only that room's stakes.
      const token = new URL(game.url()).searchParams.get('launch')!;
      const state = (await (await page.request.get(`/wps/sandbox/game/state?launch=${token}`)).json()) as { value: { rules: { bets: string[] } } };
      const bets = state.value.rules.bets;
      expect(bets[0]).toBe(room.minBet);
      expect(bets.at(-1)).toBe(room.maxBet);
      await game.close();

      // The free demo launches without a room, with no picker.
      const [demoGame] = await Promise.all([page.context().waitForEvent('page'), tile.getByRole('button', { name: t(lang, 'lobby', 'demoNamed', { name }), exact: true }).click()]);
      await demoGame.waitForURL(/\/play\?launch=/);
      expect(launches[1]!.searchParams.get('accountType')).toBe('0');
      expect(launches[1]!.searchParams.has('roomId')).toBe(false);
      await expect(picker).toBeHidden();
      await demoGame.close();
    });
  });
}

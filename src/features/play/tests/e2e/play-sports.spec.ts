/**
 * The sports book end to end (issue 34), in English and Spanish: a player opens a sports game of
 * the catalogue and finds the book (fixtures with prices, the sandbox said), puts two fixtures'
 * prices on the slip as a parlay, is told under the field when the stake is missing, places it
 * and sees it open in My bets; the fixtures end (the sandbox's `sports finish-now`, not waited
 * for), and the parlay shows settled with what the book paid, the balance with it, and a result
 * checked from its published seed. On a phone, a cockfight single: the least stake said under the
 * field, the bet placed with a decimal comma in Spanish, nothing scrolling sideways. axe checks
 * the book once.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, pt } from '../../../../../tests/e2e-support/play.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { sportBookOf, type FixtureView, type SportBetView, type SportBook } from '../../contract/sports.ts';

/** The first game of the seeded catalogue of `gameType` that opens `book`. */
async function findBookGame(page: Page, gameType: string, book: SportBook) {
  const list = await callApi<{ games: { nodeId: number; gameName: string; isGame: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=${gameType}&pageSize=50`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  // A vendor's lobby is not a game (it lists the vendor's games).
  const found = list.value.games.find((g) => g.isGame === 'GAME' && sportBookOf({ gameType, gameName: g.gameName }) === book);
  expect(found, `a ${book} game`).toBeTruthy();
  return found!;
}

type Book = { fixtures: FixtureView[]; bets: SportBetView[]; balance: string };
const readBook = async (page: Page, launch: string) => {
  const b = await callApi<Book>(page, `/wps/sandbox/sports/book?launch=${launch}`);
  expect(b.success, JSON.stringify(b)).toBe(true);
  return b.value;
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A price button of a fixture: its accessible name is the selection and its price as shown, then the market. */
const priceButton = (game: Page, f: FixtureView, selection: string, market: string) =>
  game.locator(`[data-fixture="${f.id}"]`).getByRole('button', { name: new RegExp(`^${escape(selection)} \\d+[.,]\\d\\d, ${escape(market)},`) });
const noSideScroll = (game: Page) => game.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const { lang } of LANGS) {
  test.describe(`the sports book in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a parlay of two fixtures: placed from the slip, open in My bets, settled when the fixtures end, a result checked', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '500');
      await signIn(page, lang, user.username, user.password);
      const g = await findBookGame(page, 'SPORTS', 'sports');
      const { gameUrl, launch } = await launchFunded(page, g.nodeId, '200.00');
      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 2, name: pt(lang, 'sports.books.sports') })).toBeVisible();
      await expect(game.getByRole('note').filter({ hasText: pt(lang, 'sports.sandboxNote') })).toBeVisible();

      // Two football fixtures still taking bets, kicking off the latest (so they do not kick off mid-test).
      const before = await readBook(page, launch);
      const open = before.fixtures.filter((f) => f.status === 'open' && f.sport === 'football');
      const [f1, f2] = open.slice(-2);
      const market = pt(lang, 'sports.markets.1x2');
      await priceButton(game, f1!, f1!.home, market).click();
      await priceButton(game, f2!, f2!.away, market).click();
      await expect(priceButton(game, f1!, f1!.home, market)).toHaveAttribute('aria-pressed', 'true');
      const slip = game.getByRole('complementary', { name: new RegExp(pt(lang, 'sports.slip.title')) });
      await expect(slip.getByRole('listitem')).toHaveCount(2);
      await slip.getByRole('radio', { name: pt(lang, 'sports.slip.parlay') }).check();

      // No stake: said under the field.
      await slip.getByRole('button', { name: pt(lang, 'sports.slip.place') }).click();
      const stake = slip.getByLabel(pt(lang, 'sports.slip.stake'), { exact: true });
      await expect(stake).toHaveAttribute('aria-invalid', 'true');
      await expect(slip.getByText(pt(lang, 'sports.words.stakeRequired'))).toBeVisible();
      await expect(stake).toBeFocused();
      await stake.fill('10');
      await slip.getByRole('button', { name: pt(lang, 'sports.slip.place') }).click();
      await expect(slip.getByRole('status')).toHaveText(pt(lang, 'sports.words.placed'));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, '190.00'));

      // Open in My bets.
      await game.getByRole('button', { name: pt(lang, 'sports.views.betsOpen', { count: 1 }) }).click();
      const mine = game.locator('.sb-bet').first();
      await expect(mine).toContainText(pt(lang, 'sports.bets.parlay', { count: 2 }));
      await expect(mine).toContainText(pt(lang, 'sports.bets.status.open'));
      await expectNoSeriousA11yViolations(game);

      // The fixtures end now; the page reads the book again (it would within 15 s by itself).
      for (const f of [f1!, f2!]) expect(await ops('sports', 'finish-now', '--fixture', String(f.id))).toContain(`Fixture ${f.id} finished now`);
      const after = await readBook(page, launch);
      const parlay = after.bets[0]!;
      expect(parlay.status).toBe('settled');
      await game.reload();
      await game.getByRole('button', { name: pt(lang, 'sports.views.bets'), exact: true }).click();
      await expect(game.locator('.sb-bet').first()).toContainText(pt(lang, 'sports.bets.status.settled'));
      await expect(game.getByTestId('bet-returned').first()).toContainText(usd(lang, parlay.win!));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, after.balance));

      // A result, checked from its published seed.
      await game.getByRole('button', { name: pt(lang, 'sports.views.results') }).click();
      const result = game.locator(`.sb-result[data-fixture="${f1!.id}"]`);
      await result.getByRole('button', { name: pt(lang, 'sports.result.verify') }).click();
      const finished = (await callApi<{ results: FixtureView[] }>(page, `/wps/sandbox/sports/book?launch=${launch}`)).value.results.find((f) => f.id === f1!.id)!;
      await expect(result.getByRole('status')).toHaveText(pt(lang, 'sports.result.verified', { home: finished.drawn!.home, away: finished.drawn!.away }));
    });

    test('a cockfight single on a phone: the least stake said under the field, then placed', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '200');
      await signIn(page, lang, user.username, user.password);
      const g = await findBookGame(page, 'COCKFIGHT', 'cockfight');
      const { gameUrl, launch, chip } = await launchFunded(page, g.nodeId, '100.00');
      const game = await context.newPage();
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 2, name: pt(lang, 'sports.books.cockfight') })).toBeVisible();
      const f = (await readBook(page, launch)).fixtures.filter((x) => x.status === 'open').at(-1)!;
      const meron = pt(lang, 'sports.selections.meron', { side: f.home });
      await priceButton(game, f, meron, pt(lang, 'sports.markets.fight')).click();
      const slip = game.getByRole('complementary', { name: new RegExp(pt(lang, 'sports.slip.title')) });
      const stake = slip.getByLabel(pt(lang, 'sports.slip.stake'), { exact: true });
      await stake.fill(lang === 'es' ? '0,50' : '0.50');
      await slip.getByRole('button', { name: pt(lang, 'sports.slip.place') }).click();
      await expect(slip.getByText(pt(lang, 'sports.words.stakeMin', { min: usd(lang, chip.toFixed(2)) }))).toBeVisible();
      await stake.fill(lang === 'es' ? `${chip},00` : `${chip}.00`);
      await slip.getByRole('button', { name: pt(lang, 'sports.slip.place') }).click();
      await expect(slip.getByRole('status')).toHaveText(pt(lang, 'sports.words.placed'));
      expect(await noSideScroll(game)).toBe(true);
      await game.getByRole('button', { name: pt(lang, 'sports.views.betsOpen', { count: 1 }) }).click();
      await expect(game.locator('.sb-bet').first()).toContainText(meron);
      expect(await noSideScroll(game)).toBe(true);
    });
  });
}

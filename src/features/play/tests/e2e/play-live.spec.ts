/**
 * Live tables end to end (issue 34, live casino), in English and Spanish: two players at one live
 * baccarat table (two browsers): one bets on the banker while the round takes bets, the other sees
 * the bet counted, the draw (made at once by the sandbox's `live draw-now`, not waited for) shows
 * the same coup to both with the big road, and the bettor is paid by the rules; the round's verify
 * page recomputes the coup. On a phone, a live roulette takes a bet on red, the numbers road grows
 * and nothing scrolls sideways. axe checks the live table page once.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, openLiveWindow, pt, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { liveTableOf, type LiveTableView } from '../../contract/live.ts';
import { pocketColour, tableOutcome } from '../../contract/tables.ts';

/** The first live game of the seeded catalogue with `name` that plays as a shared table. */
async function findLiveTable(page: Page, name: string) {
  const list = await callApi<{ games: { nodeId: number; gameName: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=LIVE&gameName=${encodeURIComponent(name)}&pageSize=50`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  const found = list.value.games.find((g) => liveTableOf({ gameType: 'LIVE', gameName: g.gameName }));
  expect(found, `a live ${name} table`).toBeTruthy();
  return found!;
}

const openWindow = (page: Page, launch: string, nodeId: number) => openLiveWindow(page, launch, String(nodeId));

const liveBar = (game: Page) => game.getByTestId('live-bar');
const bettors = (lang: Lang, count: number) => pt(lang, count === 1 ? 'table.live.bettors_one' : 'table.live.bettors_other', { count });

for (const { lang } of LANGS) {
  test.describe(`live tables in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('two players at one live baccarat table: a bet counted for both, one draw for both, paid by the rules, verified', async ({ page, context, browser }) => {
      test.setTimeout(150_000);
      const [player, watcher] = await Promise.all([createUser(), createUser()]);
      await adjust(player.username, '1000');
      await signIn(page, lang, player.username, player.password);
      const table = await findLiveTable(page, 'Baccarat');
      const { gameUrl, launch, chip } = await launchFunded(page, table.nodeId, '500.00');
      const $ = (n: number) => usd(lang, n.toFixed(2));

      // The second player, in a browser of their own, watches the same table.
      const other = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const otherPage = await other.newPage();
      await signIn(otherPage, lang, watcher.username, watcher.password);
      const watching = await launchFunded(otherPage, table.nodeId);
      const watch = await other.newPage();
      await watch.goto(watching.gameUrl);

      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: table.gameName })).toBeVisible();
      await expect(liveBar(game)).toContainText(pt(lang, 'table.live.badge'));
      await expect(liveBar(watch)).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText($(500));

      const roundNo = await openWindow(game, launch, table.nodeId);
      await expect(liveBar(game)).toHaveAttribute('data-phase', 'betting');
      await expect(liveBar(game)).toHaveAttribute('data-round', String(roundNo));
      await expect(liveBar(watch)).toHaveAttribute('data-round', String(roundNo));
      // Two of the smallest chips on the banker, then the bets placed.
      await game.getByRole('button', { name: pt(lang, 'table.spots.banker'), exact: true }).click();
      await game.getByRole('button', { name: pt(lang, 'table.staked', { spot: pt(lang, 'table.spots.banker'), amount: $(chip) }), exact: true }).click();
      await game.getByTestId('table-deal').click();
      await expect(game.getByTestId('live-placed')).toHaveText(pt(lang, 'table.total', { amount: $(2 * chip) }));
      await expect(balance).toHaveText($(500 - 2 * chip));
      // The watcher's table counts the bet, and the bettor's own bets stay until the next round.
      await expect(watch.getByTestId('live-bettors')).toContainText(bettors(lang, 1));
      await expect(game.getByTestId('table-deal')).toBeDisabled();

      // The draw, without waiting for the window to close: both tables show the same coup.
      expect(await ops('live', 'draw-now', '--table', String(table.nodeId))).toMatch(new RegExp(`^Table ${table.nodeId} round ${roundNo} drawn now: `));
      await expect(game.getByTestId('table-hands')).toBeVisible();
      await expect(watch.getByTestId('table-hands')).toHaveText((await game.getByTestId('table-hands').textContent())!);
      // Both see the same roads (a tie alone still marks the big road's first cell).
      await expect(game.locator('.tb-bigroad li').first()).toBeVisible();
      const beads = await game.locator('.tb-road li').count();
      expect(beads).toBeGreaterThan(0);
      await expect(watch.locator('.tb-road li')).toHaveCount(beads);
      await expect(watch.locator('.tb-bigroad li')).toHaveCount(await game.locator('.tb-bigroad li').count());

      // Paid by the rules: the banker's 0.95 to 1, the stake back on a tie.
      const s = await callApi<{ table: LiveTableView }>(page, `/wps/sandbox/live/state?launch=${launch}`);
      expect(s.value.table.last?.roundNo).toBe(roundNo);
      const o = tableOutcome({ kind: 'baccarat' }, s.value.table.last!.stops!);
      const win = o.kind === 'baccarat' && o.winner === 'banker' ? 2 * chip * 1.95 : o.kind === 'baccarat' && o.winner === 'tie' ? 2 * chip : 0;
      await expect(game.getByTestId('play-win')).toHaveText(win > 0 ? $(win) : pt(lang, 'noWin'));
      await expect(balance).toHaveText($(500 - 2 * chip + win));
      const rows = game.locator('.pl-history tbody tr');
      await expect(rows).toHaveCount(1);
      await expectNoSeriousA11yViolations(game);

      // The round's verify page recomputes the coup from its revealed seed.
      const verify = await openVerify(rows.first(), lang);
      await expect(verify.getByTestId('verify-stops')).toHaveText(s.value.table.last!.stops!.join(', '));
      await other.close();
    });

    test('a live roulette on a phone takes a bet on red, and its numbers road grows', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const table = await findLiveTable(page, 'Roulette');
      const { gameUrl, launch, chip } = await launchFunded(page, table.nodeId, '100.00');
      const game = await context.newPage();
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(liveBar(game)).toBeVisible();
      const roundNo = await openWindow(game, launch, table.nodeId);
      await expect(liveBar(game)).toHaveAttribute('data-round', String(roundNo));
      await game.getByRole('button', { name: pt(lang, 'table.spots.red'), exact: true }).click();
      await game.getByTestId('table-deal').click();
      await expect(game.getByTestId('live-placed')).toBeVisible();
      const before = await game.locator('.tb-last-numbers li').count();
      await ops('live', 'draw-now', '--table', String(table.nodeId));
      await expect(game.locator('.tb-last-numbers li')).toHaveCount(before + 1);
      const pocket = Number(await game.getByTestId('table-pocket').first().textContent());
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, (100 + (pocketColour(pocket) === 'red' ? chip : -chip)).toFixed(2)));
      // The next round opens after the result's time; nothing on the phone scrolls sideways.
      await expect(liveBar(game)).toHaveAttribute('data-phase', 'result');
      expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test('a live andar bahar table on a phone takes a bet on andar; the deal shows the joker and both piles, paid by the rules', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const table = await findLiveTable(page, 'Andar Bahar');
      const { gameUrl, launch, chip } = await launchFunded(page, table.nodeId, '100.00');
      const game = await context.newPage();
      // On a phone: a long pile of cards wraps, nothing scrolls sideways.
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(liveBar(game)).toBeVisible();
      const roundNo = await openWindow(game, launch, table.nodeId);
      await expect(liveBar(game)).toHaveAttribute('data-round', String(roundNo));
      await game.getByRole('button', { name: pt(lang, 'table.spots.andar'), exact: true }).click();
      await game.getByTestId('table-deal').click();
      await expect(game.getByTestId('live-placed')).toBeVisible();
      const roads = await game.locator('.tb-road li').count();
      expect(await ops('live', 'draw-now', '--table', String(table.nodeId))).toMatch(new RegExp(`^Table ${table.nodeId} round ${roundNo} drawn now: `));
      const s = await callApi<{ table: LiveTableView }>(page, `/wps/sandbox/live/state?launch=${launch}`);
      expect(s.value.table.last?.roundNo).toBe(roundNo);
      const o = tableOutcome({ kind: 'andarBahar' }, s.value.table.last!.stops!);
      const andar = o.kind === 'andarBahar' && o.winner === 'andar';
      // The balance settles with this round; the table then shows its deal, and the roads grow by it.
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (100 + (andar ? chip * 0.9 : -chip)).toFixed(2)));
      await expect(game.getByTestId('table-hands')).toContainText(pt(lang, andar ? 'table.winner.andar' : 'table.winner.bahar'));
      await expect(game.getByTestId('table-hands').getByRole('img')).toHaveCount(1 + (o.kind === 'andarBahar' ? o.andar.length + o.bahar.length : 0));
      await expect(game.locator('.tb-road li')).toHaveCount(roads + 1);
      expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

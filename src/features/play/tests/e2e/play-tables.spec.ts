/**
 * Table games end to end (issue 34, RNG tables), in English and Spanish: a player bets real money
 * on a European roulette (chips on red and on a number, the cloth and the total as the page shows
 * them), the wheel's pocket pays exactly what the rules say and the balance follows; after
 * rotating the seed, the history's Verify link recomputes the same pocket. On a phone, a demo
 * baccarat deals coups with the bets kept on the table, and the bead road and the history grow by
 * one a coup. A fish game takes shots at a shark, each hit paid twenty times the stake. axe
 * checks the table page, the fish page and the verify page of a table round.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, pt, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { pocketColour } from '../../contract/tables.ts';

/** The first RNG game of the seeded catalogue whose name has `name`, launched as the lobby does. */
async function launchTable(page: Page, name: string, accountType: '0' | '1', gameType = 'RNG') {
  const list = await callApi<{ games: { nodeId: number; gameName: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=${gameType}${name ? `&gameName=${encodeURIComponent(name)}` : ''}`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  const found = list.value.games[0]!;
  const launched = await callApi<{ content: { game_url: string } }>(page, `/wps/game/launchGame?nodeId=${found.nodeId}&accountType=${accountType}`);
  expect(launched.success, JSON.stringify(launched)).toBe(true);
  return { gameUrl: launched.value.content.game_url, gameName: found.gameName };
}

const money = (text: string | null) =>
  Number(
    (text ?? '')
      .replace(/[^\d,.-]/g, '')
      .replace(/,(\d{2})$/, '.$1')
      .replace(/,/g, ''),
  );

for (const { lang } of LANGS) {
  test.describe(`table games in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a roulette round for real money pays by the rules, and its verify page shows the same pocket', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const { gameUrl, gameName } = await launchTable(page, 'European Roulette', '1');
      const launch = new URL(gameUrl).searchParams.get('launch')!;
      const state = await callApi<{ wallet: { kind: string; vendor: string } | null; rules: { kind: string; bets: string[] } }>(page, `/wps/sandbox/game/state?launch=${launch}`);
      expect(state.value.rules.kind).toBe('roulette');
      if (state.value.wallet?.kind === 'game') {
        const moved = await callApi(page, '/wps/relay/GCS_walletTransfer', {
          method: 'POST',
          body: { from: 'MAIN', to: state.value.wallet.vendor, amount: '60.00', idempotencyKey: crypto.randomUUID() },
        });
        expect(moved.success, JSON.stringify(moved)).toBe(true);
      }
      const chip = state.value.rules.bets[0]!;

      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '60.00'));
      await expect(game.getByRole('radio', { name: pt(lang, 'table.chip', { amount: usd(lang, chip) }) })).toHaveAttribute('aria-checked', 'true');
      const deal = game.getByTestId('table-deal');
      await expect(deal).toBeDisabled();

      // Two chips on red, one on 17.
      await game.getByRole('button', { name: pt(lang, 'table.spots.red'), exact: true }).click();
      await game.getByRole('button', { name: pt(lang, 'table.staked', { spot: pt(lang, 'table.spots.red'), amount: usd(lang, chip) }), exact: true }).click();
      await game.getByRole('button', { name: pt(lang, 'table.spots.straight', { n: 17 }), exact: true }).click();
      const stake = Number(chip) * 3;
      await expect(game.getByTestId('table-total')).toHaveText(pt(lang, 'table.total', { amount: usd(lang, stake.toFixed(2)) }));

      await deal.click();
      const pocket = Number(await game.getByTestId('table-pocket').first().textContent());
      const win = (pocketColour(pocket) === 'red' ? 2 * 2 * Number(chip) : 0) + (pocket === 17 ? 36 * Number(chip) : 0);
      await expect(game.getByTestId('play-win')).toHaveText(win > 0 ? usd(lang, win.toFixed(2)) : pt(lang, 'noWin'));
      await expect(balance).toHaveText(usd(lang, (60 - stake + win).toFixed(2)));
      await expect(game.getByTestId('table-returns')).toContainText(
        pocketColour(pocket) === 'red'
          ? pt(lang, 'table.returned', { spot: pt(lang, 'table.spots.red'), amount: usd(lang, (4 * Number(chip)).toFixed(2)) })
          : pt(lang, 'table.lost', { spot: pt(lang, 'table.spots.red') }),
      );
      // The bets stay on the cloth for the next round.
      await expect(game.getByTestId('table-total')).toHaveText(pt(lang, 'table.total', { amount: usd(lang, stake.toFixed(2)) }));
      const rows = game.locator('.pl-history tbody tr');
      await expect(rows).toHaveCount(1);
      expect(money(await rows.first().locator('td').nth(1).textContent())).toBe(stake);
      await expectNoSeriousA11yViolations(game);

      // Rotating the seed reveals it; the round's Verify link recomputes the same pocket.
      await game.getByRole('button', { name: pt(lang, 'fairness.rotate') }).click();
      await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
      const verify = await openVerify(rows.first(), lang);
      await expect(verify.getByTestId('verify-table').getByTestId('table-pocket')).toHaveText(String(pocket));
      await expect(verify.getByTestId('verify-stops')).toHaveText(String(pocket));
      await expectNoSeriousA11yViolations(verify);
    });

    test('a demo baccarat on a phone deals coup after coup with the bets kept, and the bead road grows', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      const { gameUrl } = await launchTable(page, 'Baccarat', '0');
      const game = await context.newPage();
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(game.getByRole('note').filter({ hasText: pt(lang, 'demoBanner') })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '2000.00'));
      await game.getByRole('button', { name: pt(lang, 'table.spots.player'), exact: true }).click();
      await game.getByRole('button', { name: pt(lang, 'table.spots.tie'), exact: true }).click();
      const deal = game.getByTestId('table-deal');
      for (let coup = 1; coup <= 3; coup++) {
        await deal.click();
        await expect(game.locator('.pl-history tbody tr')).toHaveCount(coup);
        await expect(game.locator('.tb-road li')).toHaveCount(coup);
      }
      await expect(game.getByTestId('table-hands')).toContainText(pt(lang, 'table.spots.banker'));
      // No sideways scrolling on a phone.
      expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Clearing the bets leaves nothing to deal.
      await game.getByRole('button', { name: pt(lang, 'table.clear') }).click();
      await expect(deal).toBeDisabled();
      await expect(game.getByTestId('table-total')).toHaveText(pt(lang, 'table.noBets'));
    });

    test('a fish game for real money: shots at a shark, each hit paid twenty times the stake, each shot in the history', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const { gameUrl, gameName } = await launchTable(page, '', '1', 'FISH');
      const launch = new URL(gameUrl).searchParams.get('launch')!;
      const state = await callApi<{ wallet: { kind: string; vendor: string } | null; rules: { kind: string; bets: string[] } }>(page, `/wps/sandbox/game/state?launch=${launch}`);
      expect(state.value.rules.kind).toBe('fish');
      if (state.value.wallet?.kind === 'game') {
        const moved = await callApi(page, '/wps/relay/GCS_walletTransfer', {
          method: 'POST',
          body: { from: 'MAIN', to: state.value.wallet.vendor, amount: '50.00', idempotencyKey: crypto.randomUUID() },
        });
        expect(moved.success, JSON.stringify(moved)).toBe(true);
      }
      const chip = Number(state.value.rules.bets[0]);
      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
      await expect(game.getByRole('img', { name: pt(lang, 'table.fish.tank') })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '50.00'));
      // The cannon's stakes are one radio group: the arrow keys choose, the focus follows.
      const stakes = game.getByRole('radiogroup', { name: pt(lang, 'table.fish.cannon') }).getByRole('radio');
      await stakes.first().focus();
      await game.keyboard.press('ArrowRight');
      await expect(stakes.nth(1)).toHaveAttribute('aria-checked', 'true');
      await expect(stakes.nth(1)).toBeFocused();
      await game.keyboard.press('ArrowLeft');
      await expect(stakes.first()).toHaveAttribute('aria-checked', 'true');
      const shark = game.getByRole('button', { name: pt(lang, 'table.fish.shoot', { fish: pt(lang, 'table.fish.names.shark'), multiple: 20 }) });
      let expected = 50;
      for (let shot = 1; shot <= 3; shot++) {
        await shark.click();
        await expect(game.locator('.pl-history tbody tr')).toHaveCount(shot);
        const win = money(await game.locator('.pl-history tbody tr').first().locator('td').nth(2).textContent());
        expect([0, 20 * chip]).toContain(win);
        expected += win - chip;
        await expect(balance).toHaveText(usd(lang, expected.toFixed(2)));
        await expect(game.getByTestId('fish-result')).toContainText(
          win > 0
            ? pt(lang, 'table.fish.hit', { fish: pt(lang, 'table.fish.names.shark'), amount: usd(lang, win.toFixed(2)) })
            : pt(lang, 'table.fish.miss', { fish: pt(lang, 'table.fish.names.shark') }),
        );
      }
      await expectNoSeriousA11yViolations(game);
    });

    test('a sic bo round for real money: three dice thrown, each bet paid by the rules', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const list = await callApi<{ games: { nodeId: number; gameName: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${encodeURIComponent('Sic Bo')}`);
      const { nodeId, gameName } = list.value.games[0]!;
      const { gameUrl, chip } = await launchFunded(page, nodeId, '50.00');
      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
      await game.getByRole('button', { name: pt(lang, 'table.spots.big'), exact: true }).click();
      await game.getByRole('button', { name: pt(lang, 'table.spots.total', { n: 11 }), exact: true }).click();
      await game.getByTestId('table-deal').click();
      const dice = game.getByTestId('table-dice').getByRole('img');
      await expect(dice).toHaveCount(3);
      const thrown = await dice.evaluateAll((els) => els.map((e) => Number(/(\d)\D*$/.exec(e.getAttribute('aria-label') ?? '')?.[1])));
      const total = thrown.reduce((a, b) => a + b, 0);
      const triple = thrown[0] === thrown[1] && thrown[1] === thrown[2];
      const win = (!triple && total >= 11 ? 2 * chip : 0) + (total === 11 ? 7 * chip : 0);
      await expect(game.getByTestId('play-win')).toHaveText(win > 0 ? usd(lang, win.toFixed(2)) : pt(lang, 'noWin'));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (50 - 2 * chip + win).toFixed(2)));
      await expectNoSeriousA11yViolations(game);
    });
  });
}

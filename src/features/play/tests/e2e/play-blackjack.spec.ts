/**
 * Blackjack end to end (issue 34, RNG tables): a player deals a hand for real money, plays it out
 * with the moves the table offers (insurance declined, a double when offered, then standing), and
 * the balance follows the hand's stake and return as the server settled it; after rotating the
 * seed, the history's Verify link replays the same hand from the seeds and the hand's moves. On a
 * phone, a demo hand is dealt and stood on with the keyboard, in the other language. axe checks
 * the table with a hand in play and the verify page of a hand.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, pt, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';

/** The first blackjack game of the seeded catalogue. */
async function blackjackGame(page: Page) {
  const list = await callApi<{ games: { nodeId: number; gameName: string; isGame?: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${encodeURIComponent('Blackjack')}`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  return list.value.games.find((g) => /\bBlackjack\b/.test(g.gameName) && g.isGame !== 'VASSALAGE')!;
}

/** A demo of it, launched as the lobby does. */
async function launchDemo(page: Page) {
  const found = await blackjackGame(page);
  const launched = await callApi<{ content: { game_url: string } }>(page, `/wps/game/launchGame?nodeId=${found.nodeId}&accountType=0`);
  expect(launched.success, JSON.stringify(launched)).toBe(true);
  return { gameUrl: launched.value.content.game_url, gameName: found.gameName };
}

interface Hand {
  roundId: string;
  bet: string;
  win: string;
  open?: boolean;
  table: { blackjack: { actions: string[]; hands: { result: string | null }[] } };
}

/** Plays the hand on the page out: no insurance, a double when first offered, then stand. Answers the moves made. */
async function playOut(game: Page, lang: 'en' | 'es') {
  const moves = game.getByRole('group', { name: pt(lang, 'blackjack.actionsLabel') });
  let doubled = false;
  for (let i = 0; i < 12; i++) {
    await expect(game.locator('[data-action]').first()).toBeVisible();
    if (!(await moves.isVisible())) return;
    const buttons = moves.locator('[data-action]');
    const offered = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-action')));
    const pick = offered.includes('noInsurance') ? 'noInsurance' : !doubled && offered.includes('double') ? 'double' : 'stand';
    if (pick === 'double') doubled = true;
    const step = await game.getByTestId('bj-status').textContent();
    await moves.locator(`[data-action="${pick}"]`).click();
    // The answer came back: the status changed, or the hand ended.
    await expect.poll(async () => (await moves.isVisible()) === false || (await game.getByTestId('bj-status').textContent()) !== step).toBe(true);
  }
}

for (const { lang } of LANGS) {
  test.describe(`blackjack in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a hand for real money is dealt, played out and settled as the server says, and its verify page replays it', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const { nodeId, gameName } = await blackjackGame(page);
      const { gameUrl, launch, chip: least } = await launchFunded(page, nodeId, '60.00');
      const chip = least.toFixed(2);

      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '60.00'));
      await expect(game.getByText(pt(lang, 'blackjack.empty'))).toBeVisible();
      await game.getByRole('button', { name: pt(lang, 'blackjack.deal', { amount: usd(lang, chip) }) }).click();
      // The dealer's hole card lies face down while the hand is played (unless the deal ended it).
      await expect(game.getByTestId('bj-hand')).toHaveCount(1);
      const dealt = game.getByRole('group', { name: pt(lang, 'blackjack.actionsLabel') });
      if (await dealt.isVisible()) {
        await expect(game.getByRole('img', { name: pt(lang, 'blackjack.hidden') })).toBeVisible();
        await expectNoSeriousA11yViolations(game);
      }
      await playOut(game, lang);
      await expect(game.getByText(pt(lang, 'blackjack.lastHand', { bet: '', win: '' }).split(':')[0]!)).toBeVisible();

      // The page shows what the server settled: the hand's stake and return, and the balance after.
      const after = await callApi<{ history: Hand[] }>(page, `/wps/sandbox/game/state?launch=${launch}`);
      const hand = after.value.history[0]!;
      expect(hand.open).toBeUndefined();
      expect(hand.table.blackjack.hands.every((h) => h.result !== null)).toBe(true);
      await expect(balance).toHaveText(usd(lang, (60 - Number(hand.bet) + Number(hand.win)).toFixed(2)));
      await expect(game.getByText(pt(lang, 'blackjack.lastHand', { bet: usd(lang, hand.bet), win: usd(lang, hand.win) }))).toBeVisible();
      const rows = game.locator('.pl-history tbody tr');
      await expect(rows).toHaveCount(1);

      // Rotating the seed reveals it; the hand's Verify link replays the same cards.
      await game.getByRole('button', { name: pt(lang, 'fairness.rotate') }).click();
      await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
      const verify = await openVerify(rows.first(), lang);
      expect(new URL(verify.url()).searchParams.get('actions')).toBe(hand.table.blackjack.actions.join(','));
      await expect(verify.getByTestId('verify-table')).toContainText(pt(lang, 'blackjack.dealer'));
      await expectNoSeriousA11yViolations(verify);
    });

    test('a demo hand on a phone is dealt and stood on with the keyboard, and fits the screen', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      const { gameUrl } = await launchDemo(page);
      const game = await context.newPage();
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(game.getByRole('note').filter({ hasText: pt(lang, 'demoBanner') })).toBeVisible();
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, '2000.00'));
      // A bigger stake from the chips, with the arrow keys.
      const chips = game.getByRole('radiogroup', { name: pt(lang, 'blackjack.stakeLabel') }).getByRole('radio');
      await chips.first().focus();
      await game.keyboard.press('ArrowRight');
      await expect(chips.nth(1)).toHaveAttribute('aria-checked', 'true');
      const deal = game.locator('[data-action="deal"]');
      await deal.focus();
      await game.keyboard.press('Enter');
      const moves = game.getByRole('group', { name: pt(lang, 'blackjack.actionsLabel') });
      await expect(game.getByTestId('bj-hand')).toHaveCount(1);
      for (let i = 0; i < 4 && (await moves.isVisible()); i++) {
        const status = await game.getByTestId('bj-status').textContent();
        await moves.locator('[data-action="noInsurance"], [data-action="stand"]').first().focus();
        await game.keyboard.press('Enter');
        await expect.poll(async () => !(await moves.isVisible()) || (await game.getByTestId('bj-status').textContent()) !== status).toBe(true);
      }
      await expect(moves).toBeHidden();
      await expect(game.getByTestId('bj-status')).toContainText(pt(lang, 'blackjack.over', { dealer: '' }).split(':')[0]!);
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1);
      expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

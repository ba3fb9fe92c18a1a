/**
 * PVP rooms end to end (issue 34, contract/rooms.ts), in English and Spanish. Two players in one
 * bull-bull room (two browsers): each joins the round with a stake, each sees the other seated,
 * the deal (made at once by the sandbox's `live draw-now`, not waited for) shows both the same
 * hands with the best one marked, and each balance is what the rules pay; the round's verify page
 * deals the same cards from the revealed seed. On a phone, a lone Teen Patti player plays the
 * house's seat, and nothing scrolls sideways. axe checks the room page once.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, openLiveWindow, pt, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import type { LiveTableView } from '../../contract/live.ts';
import { roomGameOf, roomResult, seatsOfRound } from '../../contract/rooms.ts';

/** The first PVP game of the seeded catalogue named `name` that plays as a room. */
async function findRoomGame(page: Page, name: string) {
  const list = await callApi<{ games: { nodeId: number; gameName: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=PVP&gameName=${encodeURIComponent(name)}&pageSize=50`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  const found = list.value.games.find((g) => roomGameOf({ gameType: 'PVP', gameName: g.gameName }));
  expect(found, `a ${name} room game`).toBeTruthy();
  return found!;
}

const liveBar = (game: Page) => game.getByTestId('live-bar');
const seat = (game: Page, n: number) => game.locator(`[data-testid="room-seat"][data-seat="${n}"]`);

for (const { lang } of LANGS) {
  test.describe(`PVP rooms in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('two players in one bull-bull room: seated together, one deal for both, paid by the rules, verified', async ({ page, context, browser }) => {
      test.setTimeout(150_000);
      const [first, second] = await Promise.all([createUser(), createUser()]);
      await Promise.all([adjust(first.username, '500'), adjust(second.username, '500')]);
      await signIn(page, lang, first.username, first.password);
      const g = await findRoomGame(page, 'Niu Niu');
      const roomId = `${g.nodeId}-r1`;
      const mine = await launchFunded(page, g.nodeId, '200.00', roomId);
      const $ = (minor: bigint) => usd(lang, (Number(minor) / 100).toFixed(2));

      const other = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const otherPage = await other.newPage();
      await signIn(otherPage, lang, second.username, second.password);
      const theirs = await launchFunded(otherPage, g.nodeId, '200.00', roomId);
      const them = await other.newPage();
      await them.goto(theirs.gameUrl);

      const game = await context.newPage();
      await game.goto(mine.gameUrl);
      await expect(game.getByRole('heading', { level: 1, name: g.gameName })).toBeVisible();
      await expect(liveBar(game)).toContainText(t(lang, 'games', 'room.r1'));
      await expect(liveBar(them)).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '200.00'));

      const roundNo = await openLiveWindow(game, mine.launch, roomId);
      await expect(liveBar(game)).toHaveAttribute('data-round', String(roundNo));
      await expect(liveBar(them)).toHaveAttribute('data-round', String(roundNo));
      // The first player joins with the room's second stake; the other sees the seat taken.
      const stakes = (await callApi<{ rules: { bets: string[] } }>(page, `/wps/sandbox/game/state?launch=${mine.launch}`)).value.rules.bets;
      const stakeA = stakes[stakes.length > 1 ? 1 : 0]!;
      await game.getByRole('radio', { name: pt(lang, 'table.chip', { amount: usd(lang, stakeA) }) }).click();
      await game.getByRole('button', { name: pt(lang, 'room.join', { amount: usd(lang, stakeA) }) }).click();
      await expect(game.getByTestId('room-note')).toContainText(pt(lang, 'room.seated', { n: 1, amount: usd(lang, stakeA) }));
      await expect(seat(game, 1)).toContainText(pt(lang, 'room.you'));
      await expect(seat(them, 1)).toContainText(pt(lang, 'room.player'));
      await expect(seat(them, 1)).toContainText(usd(lang, stakeA));
      // The second joins with the smallest stake, by the keyboard.
      const join = them.getByRole('button', { name: pt(lang, 'room.join', { amount: usd(lang, stakes[0]!) }) });
      await join.focus();
      await them.keyboard.press('Enter');
      await expect(seat(them, 2)).toContainText(pt(lang, 'room.you'));
      await expect(seat(game, 2)).toContainText(pt(lang, 'room.player'));
      await expect(liveBar(game).getByTestId('live-bettors')).toContainText(pt(lang, 'room.bettors_other', { count: 2 }));
      await expect(game.getByRole('button', { name: pt(lang, 'room.join', { amount: usd(lang, stakeA) }) })).toHaveAttribute('aria-disabled', 'true');

      // The deal, without waiting for the window to close: both see the same two hands.
      expect(await ops('live', 'draw-now', '--table', roomId)).toMatch(new RegExp(`^Table ${roomId} round ${roundNo} drawn now: `));
      const deal = game.getByTestId('room-deal');
      await expect(deal).toHaveAttribute('data-round', String(roundNo));
      await expect(deal.getByTestId('room-hand')).toHaveCount(2);
      await expect(them.getByTestId('room-deal').getByTestId('room-hand-name')).toHaveText(await deal.getByTestId('room-hand-name').allTextContents());
      await expect(deal.locator('.rm-hand.is-winner')).toHaveCount(1);

      // Paid by the rules.
      const s = await callApi<{ table: LiveTableView }>(page, `/wps/sandbox/live/state?launch=${mine.launch}`);
      const last = s.value.table.last!;
      expect(last.roundNo).toBe(roundNo);
      const minor = (x: string) => BigInt(Math.round(Number(x) * 100));
      const result = roomResult(
        'bullBull',
        last.stops!,
        seatsOfRound([
          { seat: 1, stake: minor(stakeA) },
          { seat: 2, stake: minor(stakes[0]!) },
        ]),
      );
      await expect(balance).toHaveText($(20_000n - minor(stakeA) + result.seats[0]!.returned));
      await expect(them.getByTestId('play-balance')).toHaveText($(20_000n - minor(stakes[0]!) + result.seats[1]!.returned));
      await expect(game.getByTestId('room-mine')).toBeVisible();
      const rows = game.locator('.pl-history tbody tr');
      await expect(rows).toHaveCount(1);
      await expectNoSeriousA11yViolations(game);

      // The verify page deals the same cards from the revealed seed.
      const verify = await openVerify(rows.first(), lang);
      await expect(verify.getByTestId('verify-room').getByTestId('room-hand')).toHaveCount(5);
      const names = await deal.getByTestId('room-hand-name').allTextContents();
      const verified = await verify.getByTestId('verify-room').getByTestId('room-hand-name').allTextContents();
      expect([verified[0], verified[1]]).toEqual(names);
      await other.close();
    });

    test('a lone Teen Patti player on a phone plays the house seat, and the room fits the screen', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const g = await findRoomGame(page, 'Teen Patti');
      const roomId = `${g.nodeId}-r2`;
      const { gameUrl, launch, chip } = await launchFunded(page, g.nodeId, '100.00', roomId);
      const game = await context.newPage();
      await game.setViewportSize({ width: 390, height: 844 });
      await game.goto(gameUrl);
      await expect(liveBar(game)).toContainText(t(lang, 'games', 'room.r2'));
      const roundNo = await openLiveWindow(game, launch, roomId);
      await expect(liveBar(game)).toHaveAttribute('data-round', String(roundNo));
      await game.getByRole('button', { name: pt(lang, 'room.join', { amount: usd(lang, chip.toFixed(2)) }) }).click();
      await expect(game.getByTestId('room-note')).toContainText(pt(lang, 'room.houseNote'));
      await ops('live', 'draw-now', '--table', roomId);
      const deal = game.getByTestId('room-deal');
      await expect(deal).toHaveAttribute('data-round', String(roundNo));
      await expect(deal.getByTestId('room-hand')).toHaveCount(2);
      await expect(deal.locator('[data-seat="2"]')).toContainText(pt(lang, 'room.house'));
      const won = (await deal.locator('[data-seat="1"]').getAttribute('class'))!.includes('is-winner');
      const commission = Math.ceil(chip * 5) / 100;
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (won ? 100 + chip - commission : 100 - chip).toFixed(2)));
      expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

/**
 * Crash and keno games end to end (issue 34, the crash lane and keno), in English and Spanish: on a desktop a player
 * bets real money with a cash-out target, watches the flight climb, and is paid the stake times
 * the target exactly when the round's point (read back from the server) reached it; after rotating
 * the seed the verify page shows the same crash point. On a phone with reduced motion, a target
 * typed wrong gets its message under the field, a target typed with a decimal comma plays, and
 * the page fits the screen. A keno ticket on a phone: three numbers picked on the board, twenty
 * drawn and marked, paid by the paytable of three picks. A dice roll at a 40% chance over the
 * line, set from the keyboard, paid ×2.42 when it falls in the range. A plinko ball at high risk
 * falls row by row and is paid its bucket. axe checks the game pages and the verify page.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { LANGS, flowInOneLanguage, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launchFunded, pt, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { crashPoint, KENO_PAYS, PLINKO_PAYS } from '../../contract/tables.ts';

/**
 * A new member with 100.00 who opens the first RNG game named `name` (any variant) with `amount`
 * in its wallet, in a page of its own: on a phone if asked, with motion if asked (the suite runs
 * with reduced motion: playwright.config.ts).
 */
async function openGame(page: Page, context: BrowserContext, lang: Lang, name: string, amount: string, o: { phone?: boolean; motion?: boolean } = {}) {
  const user = await createUser();
  await adjust(user.username, '100');
  await signIn(page, lang, user.username, user.password);
  const { nodeId, gameName } = await crashGame(page, name);
  const { gameUrl, launch, chip } = await launchFunded(page, nodeId, amount);
  const game = await context.newPage();
  if (o.phone) await game.setViewportSize({ width: 390, height: 844 });
  await game.emulateMedia({ reducedMotion: o.motion ? 'no-preference' : 'reduce' });
  await game.goto(gameUrl);
  await expect(game.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
  return { game, launch, chip };
}

/** The first RNG game of the seeded catalogue named `name` (any variant). */
async function crashGame(page: Page, name: string) {
  const list = await callApi<{ games: { nodeId: number; gameName: string }[] }>(page, `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${encodeURIComponent(name)}`);
  expect(list.success, JSON.stringify(list)).toBe(true);
  return list.value.games.find((g) => g.gameName.startsWith(name))!;
}

/** The member's last round of the game, as the server has it: its crash point and win. */
async function lastRound(page: Page, launch: string) {
  const s = await callApi<{ history: { stops: number[]; win: string; table: { bets: { spot: string }[] } }[] }>(page, `/wps/sandbox/game/state?launch=${launch}`);
  const r = s.value.history[0]!;
  return { point: crashPoint(r.stops[0]!), win: Number(r.win), spot: r.table.bets[0]!.spot };
}

/** A multiplier in hundredths as the page writes it in the language. */
const times = (lang: string, hundredths: number) => `×${(hundredths / 100).toFixed(2).replace('.', lang === 'es' ? ',' : '.')}`;

for (const { lang } of LANGS) {
  test.describe(`crash and keno games in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a crash round for real money flies to its point and pays the target when the point reaches it, verified after', async ({ page, context }) => {
      test.setTimeout(120_000);
      const { game, launch, chip } = await openGame(page, context, lang, 'Aviator', '50.00', { motion: true });
      await expect(game.getByRole('img', { name: pt(lang, 'table.crash.sky') })).toBeVisible();
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '50.00'));
      const multiplier = game.getByTestId('crash-multiplier');
      await expect(multiplier).toHaveText(times(lang, 100));

      // Rounds at x1.50 until one has flown for more than 2.3 s (a point above x2.00, about 1 round in 2).
      const preset = game.getByRole('button', { name: pt(lang, 'table.crash.preset', { target: times(lang, 150).slice(1) }) });
      await preset.click();
      await expect(preset).toHaveAttribute('aria-pressed', 'true');
      let expected = 50;
      let flown = false;
      const rows = game.locator('.pl-history tbody tr');
      for (let round = 1; round <= 15 && !flown; round++) {
        await game.getByTestId('crash-bet').click();
        await expect(rows).toHaveCount(round);
        // The page just after the answer: still in flight for any point above x1.00.
        const early = { bet: await game.getByTestId('crash-bet').textContent(), multiplier: await multiplier.textContent(), road: await game.getByTestId('crash-road').getByRole('listitem').count() };
        const r = await lastRound(game, launch);
        expect(r.spot).toBe('x150');
        expect(r.win).toBe(r.point >= 150 ? 1.5 * chip : 0);
        expected += r.win - chip;
        if (r.point > 200) {
          // Climbing, the bet waiting for it, the road not showing the point yet.
          expect(early.bet).toBe(pt(lang, 'table.crash.flying'));
          expect(early.multiplier).not.toBe(times(lang, r.point));
          expect(early.road).toBe(Math.min(round - 1, 12));
          flown = true;
        }
        await expect(multiplier).toHaveText(times(lang, r.point), { timeout: 15_000 });
        await expect(game.getByTestId('crash-result')).toContainText(
          r.win > 0
            ? pt(lang, 'table.crash.cashedOut', { target: times(lang, 150).slice(1), amount: usd(lang, r.win.toFixed(2)) })
            : pt(lang, 'table.crash.missed', { point: times(lang, r.point).slice(1), target: times(lang, 150).slice(1) }),
        );
        await expect(balance).toHaveText(usd(lang, expected.toFixed(2)));
        // The road shows the last twelve.
        await expect(game.getByTestId('crash-road').getByRole('listitem')).toHaveCount(Math.min(round, 12));
      }
      expect(flown, 'a round above x2.00 in 15').toBe(true);
      await expectNoSeriousA11yViolations(game);

      // Rotating the seed reveals it; the last round's Verify link shows the same crash point.
      const last = await lastRound(game, launch);
      await game.getByRole('button', { name: pt(lang, 'fairness.rotate') }).click();
      await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
      const verify = await openVerify(rows.first(), lang);
      await expect(verify.getByTestId('verify-table').getByTestId('crash-point')).toHaveText(times(lang, last.point));
      await expectNoSeriousA11yViolations(verify);
    });

    test('a keno ticket on a phone: picks on the board, 20 numbers drawn, paid by the paytable of the picks', async ({ page, context }) => {
      test.setTimeout(90_000);
      const { game, launch, chip } = await openGame(page, context, lang, 'Keno', '20.00', { phone: true });
      const board = game.getByRole('group', { name: pt(lang, 'table.keno.board') });
      await expect(board.getByRole('button')).toHaveCount(80);
      // No picks: said, nothing bet.
      await game.getByTestId('keno-bet').click();
      await expect(game.getByRole('alert').filter({ hasText: pt(lang, 'table.keno.pickFirst') })).toBeVisible();
      for (const n of [7, 15, 80]) await board.getByRole('button', { name: String(n), exact: true }).click();
      await expect(board.getByRole('button', { name: '15', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(game.getByTestId('keno-count')).toHaveText(pt(lang, 'table.keno.picked', { count: 3 }));
      await expect(game.getByTestId('keno-paytable').getByRole('row')).toHaveCount(1 + Object.keys(KENO_PAYS[3]!).length);
      await game.getByTestId('keno-bet').click();
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1);
      const s = await callApi<{ history: { stops: number[]; win: string; table: { bets: { spot: string }[] } }[] }>(game, `/wps/sandbox/game/state?launch=${launch}`);
      const r = s.value.history[0]!;
      expect(r.table.bets[0]!.spot).toBe('k071580');
      const hits = [7, 15, 80].filter((n) => r.stops.includes(n)).length;
      const win = (chip * (KENO_PAYS[3]![hits] ?? 0)) / 10;
      expect(Number(r.win)).toBe(win);
      await expect(game.getByTestId('keno-result')).toContainText(pt(lang, 'table.keno.hits', { hits, count: 3 }));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (20 - chip + win).toFixed(2)));
      // The 20 numbers drawn are marked on the board; the picks stay for the next ticket.
      for (const n of r.stops) await expect(board.getByRole('button', { name: pt(lang, 'table.keno.numberDrawn', { n }), exact: true })).toBeVisible();
      await expect(game.getByTestId('keno-count')).toHaveText(pt(lang, 'table.keno.picked', { count: 3 }));
      expect(await game.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(game);
    });

    test('on a phone with reduced motion: a wrong target is said under the field, a decimal comma plays, the page fits', async ({ page, context }) => {
      test.setTimeout(90_000);
      const { game, launch, chip } = await openGame(page, context, lang, 'Rocket', '20.00', { phone: true });
      const target = game.getByRole('textbox', { name: pt(lang, 'table.crash.target'), exact: true });
      await target.fill('1');
      await game.getByTestId('crash-bet').click();
      await expect(target).toHaveAttribute('aria-invalid', 'true');
      await expect(target).toBeFocused();
      await expect(game.getByText(pt(lang, 'table.crash.targetInvalid'))).toBeVisible();
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(0);
      // Typing clears the message; 1,25 (or 1.25) is x1.25.
      await target.fill(lang === 'es' ? '1,25' : '1.25');
      await expect(game.getByText(pt(lang, 'table.crash.targetInvalid'))).toHaveCount(0);
      await target.press('Enter');
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1);
      const r = await lastRound(game, launch);
      expect(r.spot).toBe('x125');
      expect(r.win).toBe(r.point >= 125 ? 1.25 * chip : 0);
      // No flight with reduced motion: the point at once.
      await expect(game.getByTestId('crash-multiplier')).toHaveText(times(lang, r.point));
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (20 - chip + r.win).toFixed(2)));
      expect(await game.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(game);
    });
    test('a dice roll: a chance set on the slider and a side, paid by the multiple when the roll falls in the range', async ({ page, context }) => {
      test.setTimeout(90_000);
      const { game, launch, chip } = await openGame(page, context, lang, 'Dice', '20.00');
      // The keyboard moves the chance: 50% less ten steps is 40%.
      const slider = game.getByRole('slider', { name: new RegExp(pt(lang, 'table.diceGame.chance')) });
      await slider.focus();
      for (let i = 0; i < 10; i++) await game.keyboard.press('ArrowLeft');
      await expect(slider).toHaveValue('40');
      const over = game.getByRole('button', { name: pt(lang, 'table.diceGame.over', { line: lang === 'es' ? '60,00' : '60.00' }) });
      await over.click();
      await expect(over).toHaveAttribute('aria-pressed', 'true');
      await expect(game.getByTestId('dice-pays')).toHaveText(pt(lang, 'table.diceGame.pays', { x: lang === 'es' ? '2,42' : '2.42' }));
      await game.getByTestId('dice-bet').click();
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1);
      const s = await callApi<{ history: { stops: number[]; win: string; table: { bets: { spot: string }[] } }[] }>(game, `/wps/sandbox/game/state?launch=${launch}`);
      const r = s.value.history[0]!;
      expect(r.table.bets[0]!.spot).toBe('o40');
      const win = r.stops[0]! >= 6_000 ? 2.42 * chip : 0;
      expect(Number(r.win)).toBeCloseTo(win, 2);
      const rolled = (r.stops[0]! / 100)
        .toFixed(2)
        .padStart(5, '0')
        .replace('.', lang === 'es' ? ',' : '.');
      await expect(game.getByTestId('dice-rolled')).toHaveText(rolled);
      await expect(game.getByTestId('dice-result')).toContainText(rolled);
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (20 - chip + win).toFixed(2)));
      await expectNoSeriousA11yViolations(game);
    });
    test('a plinko ball falls row by row into its bucket, paid at the risk chosen', async ({ page, context }) => {
      test.setTimeout(90_000);
      const { game, launch, chip } = await openGame(page, context, lang, 'Plinko', '20.00', { motion: true });
      const high = game.getByRole('button', { name: pt(lang, 'table.spots.highRisk'), exact: true });
      await high.click();
      await expect(high).toHaveAttribute('aria-pressed', 'true');
      await expect(
        game
          .getByRole('list', { name: pt(lang, 'table.plinko.buckets') })
          .getByRole('listitem')
          .first(),
      ).toHaveText('×170');
      // Just after the answer (the fall takes 12 x 140 ms): the drop waits, nothing is said or marked before the landing.
      await Promise.all([game.waitForResponse((res) => res.url().includes('/wps/sandbox/game/table')), game.getByTestId('plinko-drop').click()]);
      const early = { drop: await game.getByTestId('plinko-drop').textContent(), said: await game.getByTestId('plinko-result').textContent(), marked: await game.getByTestId('plinko-landed').count() };
      expect(early).toEqual({ drop: pt(lang, 'table.plinko.dropping'), said: '', marked: 0 });
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1);
      const s = await callApi<{ history: { stops: number[]; win: string; table: { bets: { spot: string }[] } }[] }>(game, `/wps/sandbox/game/state?launch=${launch}`);
      const r = s.value.history[0]!;
      expect(r.table.bets[0]!.spot).toBe('highRisk');
      const bucket = r.stops.reduce((a, b) => a + b, 0);
      const win = (chip * PLINKO_PAYS.highRisk[bucket]!) / 10;
      expect(Number(r.win)).toBeCloseTo(win, 2);
      await expect(game.getByTestId('plinko-landed')).toBeVisible();
      await expect(game.getByTestId('plinko-result')).toContainText(
        pt(lang, 'table.plinko.landed', { bucket: bucket + 1, x: String(PLINKO_PAYS.highRisk[bucket]! / 10).replace('.', lang === 'es' ? ',' : '.') }),
      );
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, (20 - chip + win).toFixed(2)));
      await expectNoSeriousA11yViolations(game);
    });
  });
}

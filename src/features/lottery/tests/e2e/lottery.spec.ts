/**
 * The lottery in a real browser (issue 16). A player opens the Vietnamese lottery from its tile,
 * moves money into its game wallet, fills a slip (a number on the grid, a quick pick, bulk entry)
 * and buys it; the tickets wait for their draw (English on the phone, Spanish on the desktop, axe
 * on the page once, on the desktop). A player buys ten one-digit tickets on the one-minute SSC, sees the draw (made at
 * once by the sandbox's `lottery draw-now`, not waited for), is paid for the winning one, verifies
 * the draw and finds the tickets in the betting record (desktop). The schedule, settlement,
 * refusals and races: the API tests.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { adjust, memberCentre, usd } from '../../../../../tests/e2e-support/wallet.ts';
import { pt } from '../../../../../tests/e2e-support/play.ts';
import type { Page } from '@playwright/test';

const lt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'lottery', key, values);
/** A bet type's name ('vnNorth.lo2' is betTypes.vnNorth.lo2 in the catalogue). */
const betName = (lang: Lang, code: string) => lt(lang, `betTypes.${code}.name`);

/** Moves `amount` from the main wallet into the game's wallet with the page's wallet line. */
async function moveIn(page: Page, lang: Lang, amount: string) {
  const wallet = page.getByTestId('game-wallet');
  await wallet.getByLabel(pt(lang, 'wallet.move')).fill(amount);
  await wallet.getByRole('button', { name: pt(lang, 'wallet.submit'), exact: true }).click();
  await expect(wallet.getByTestId('game-wallet-balance')).toHaveText(usd(lang, `${amount}.00`));
}

for (const { lang } of LANGS) {
  test.describe(`the lottery in ${lang.toUpperCase()}`, () => {
    test('a player opens the VN lottery from its tile, moves money in, fills a slip by grid, quick pick and bulk entry, and buys it', async ({ page }, info) => {
      test.skip(info.project.name === 'phone' ? lang !== 'en' : lang !== 'es', 'English on the phone, Spanish on the desktop');
      // The northern draw takes no tickets from 18:00 to its draw at 18:15 (Vietnam's time, the
      // suite's real clock): then the southern one, whose window is closed two hours earlier, is played.
      const vnTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
      const north = !(vnTime >= '17:57' && vnTime < '18:16');
      const game = north ? { code: 'VN_NORTH', family: 'vnNorth', tile: 'Northern VN Lottery', win: '7.20' } : { code: 'VN_SOUTH', family: 'vnSouth', tile: 'Southern VN Lottery', win: '10.80' };
      const user = await createUser();
      await adjust(user.username, '50');
      await signIn(page, lang, user.username, user.password, '/lott');
      await page.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name: game.tile }), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/vnLottery')}\\?gameCode=${game.code}$`));
      await expect(page.getByRole('heading', { level: 2, name: lt(lang, `games.${game.code}`) })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(lt(lang, `games.${game.code}`)), pressed: true })).toBeVisible();
      await moveIn(page, lang, '20');

      // Lô 2 digits: 07 on the grid at 2.00; a quick pick; then two more by bulk entry.
      const board = page.locator('.lt-board');
      await board.getByRole('radio', { name: betName(lang, `${game.family}.lo2`) }).check();
      await board.getByLabel(lt(lang, 'board.stake')).fill('2');
      await board.getByRole('button', { name: '07', exact: true }).click();
      await expect(board.getByTestId('potential-win')).toHaveText(usd(lang, game.win));
      await board.getByRole('button', { name: lt(lang, 'board.add') }).click();
      await board.getByRole('button', { name: lt(lang, 'board.quickPick') }).click();
      await board.getByRole('button', { name: lt(lang, 'board.add') }).click();
      await board.getByText(lt(lang, 'board.bulk')).click();
      await board.getByLabel(lt(lang, 'board.bulkHint')).fill('11, 99 5');
      await board.getByRole('button', { name: lt(lang, 'board.bulkAdd') }).click();
      await expect(board.getByRole('alert')).toHaveText(lt(lang, 'board.bulkBad', { n: 2 }));
      await board.getByLabel(lt(lang, 'board.bulkHint')).fill('11, 99');
      await board.getByRole('button', { name: lt(lang, 'board.bulkAdd') }).click();
      const slip = page.locator('.lt-slip');
      await expect(slip.locator('.lt-slip-item')).toHaveCount(4);
      await expect(slip.getByTestId('slip-total')).toHaveText(usd(lang, '8.00'));
      await slip.getByRole('button', { name: lt(lang, 'slip.remove', { n: 2 }) }).click();
      await expect(slip.getByTestId('slip-total')).toHaveText(usd(lang, '6.00'));
      await slip.getByRole('button', { name: lt(lang, 'slip.place') }).click();
      await expect(slip.getByRole('status')).toContainText(lt(lang, 'slip.placed', { count: 3, drawNo: '#', total: '#' }).split('#')[0]!);
      await expect(page.getByTestId('game-wallet-balance')).toHaveText(usd(lang, '14.00'));
      const tickets = page.getByTestId('lottery-tickets');
      await expect(tickets.locator('.lt-ticket.is-open')).toHaveCount(3);
      await expect(tickets).toContainText('07');
      if (info.project.name !== 'brand-sol' && axeOnce('desktop', info.project.name, lang)) await expectNoSeriousA11yViolations(page);
    });

    test('a player buys ten one-digit tickets on the one-minute SSC, sees the draw, is paid, verifies it and finds it in the betting record', async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop' || lang !== 'en', 'one long flow: English on the desktop');
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '30');
      // The page's clock is Playwright's (flowing as the real one until the draw, below).
      await page.clock.install();
      await signIn(page, lang, user.username, user.password, '/lottery?gameCode=SSC1');
      await expect(page.getByRole('heading', { level: 2, name: lt(lang, 'games.SSC1') })).toBeVisible();
      await moveIn(page, lang, '10');
      const board = page.locator('.lt-board');
      // Wait for a draw with at least 15 seconds of betting left, so the slip makes it.
      await expect(async () => {
        const left = (await page.getByTestId('lottery-countdown').textContent()) ?? '00:00';
        const [m, s] = left.split(':').map(Number);
        expect(m! * 60 + s!).toBeGreaterThan(15);
      }).toPass({ timeout: 40_000 });
      // One ticket per digit at the first position: exactly one wins 9.8 x 1.00.
      await board.getByRole('radio', { name: betName(lang, 'ssc.position') }).check();
      await board.getByLabel(lt(lang, 'board.position')).selectOption({ label: lt(lang, 'board.sscPosition', { n: 1 }) });
      await board.getByText(lt(lang, 'board.bulk')).click();
      await board.getByLabel(lt(lang, 'board.bulkHint')).fill('0,1,2,3,4,5,6,7,8,9');
      await board.getByRole('button', { name: lt(lang, 'board.bulkAdd') }).click();
      const slip = page.locator('.lt-slip');
      await expect(slip.getByTestId('slip-total')).toHaveText(usd(lang, '10.00'));
      await slip.getByRole('button', { name: lt(lang, 'slip.place') }).click();
      await expect(page.getByTestId('game-wallet-balance')).toHaveText(usd(lang, '0.00'));
      const tickets = page.getByTestId('lottery-tickets');
      await expect(tickets.locator('.lt-ticket.is-open')).toHaveCount(10);

      // The draw, without waiting for its minute to end: the sandbox's operator command draws it now
      // (the draw on schedule is the job's, tested in src/features/lottery/tests/api/draws.test.ts),
      // and the page's clock runs past the draw's time, when the page looks for it. One ticket is paid.
      expect(await ops('lottery', 'draw-now', '--game', 'SSC1')).toMatch(/^SSC1 \d+ drawn now: \d( \d){4}$/);
      await page.clock.fastForward('01:05');
      await expect(tickets.locator('.lt-ticket.is-won')).toHaveCount(1);
      await expect(tickets.locator('.lt-ticket.is-lost')).toHaveCount(9);
      await expect(tickets.locator('.lt-ticket.is-won')).toContainText(usd(lang, '9.80'));
      await expect(page.getByTestId('game-wallet-balance')).toHaveText(usd(lang, '9.80'), { timeout: 15_000 });

      // The draw verifies from its revealed seed.
      const results = page.getByTestId('lottery-results');
      const first = results.locator('.lt-result').first();
      await first.getByRole('button', { name: new RegExp(lt(lang, 'results.verify', { drawNo: '' }).trim()) }).click();
      await expect(first.getByTestId('verify-numbers')).toHaveText(lt(lang, 'results.numbersOk'));
      await expect(first.getByText(lt(lang, 'results.hashOk'))).toBeVisible();

      // The betting record lists the ten tickets as rounds of the game.
      await page.goto(at(lang, '/member?page=betting'));
      const centre = memberCentre(page, lang);
      await expect(centre.getByText(/SSC 1 Min \d{12}/).first()).toBeVisible();
    });
  });
}

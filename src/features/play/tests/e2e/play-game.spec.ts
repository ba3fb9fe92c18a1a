/**
 * Playing a sandbox game end to end (issue 5), in English and Spanish: a player launches a game
 * for real money (launchGame with the session token, as the lobby does); the game page opened
 * in a tab without the session links to the transfer page, the one opened from the site moves
 * money from the main wallet into the game's wallet (this brand keeps game wallets) with its own
 * form after a spin is refused for want of money, spins until the balance changes, and finds the new balance in the site's header, the round in
 * the game's history and in the member centre's betting record; after rotating the seed, the
 * history's Verify link recomputes the same round, and the rest is brought back to the main wallet. A demo launch shows the DEMO label and leaves
 * the wallet untouched. An ended session is told so. axe checks /play and /play/verify.
 */
import type { Page } from '@playwright/test';
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, headerBalance, memberCentre, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launch, pt, spinButton, openVerify } from '../../../../../tests/e2e-support/play.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';

/** The member's wallets: the sum the header shows. */
async function sumBalance(page: Page): Promise<string> {
  const answer = await callApi<{ sumBalance: number }>(page, '/wps/v2/wallets/balance');
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  expect(typeof answer.value.sumBalance).toBe('number');
  return answer.value.sumBalance.toFixed(2);
}

/** The symbol names of a reels group, reel by reel (cell labels start with the symbol's name). */
async function symbolsOf(page: Page, groupName: string): Promise<string[]> {
  const labels = await page
    .getByRole('group', { name: groupName, exact: true })
    .getByRole('img')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.split(',')[0]!.trim());
}

for (const { lang } of LANGS) {
  test.describe(`playing a game in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a player plays for real money: balance, history, betting record and verify agree', async ({ page, context }) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await signIn(page, lang, user.username, user.password);
      const gameUrl = await launch(page, '1');
      // Absolute, on the address the player reached the site at (the e2e server's own).
      expect(gameUrl.startsWith(new URL(at(lang, '/play?launch='), page.url()).href), gameUrl).toBe(true);

      const state = await callApi<{ game: { vassalage: string; gameName: string; vendorName: string } }>(page, `/wps/sandbox/game/state?launch=${gameUrl.split('launch=')[1]}`);
      expect(state.success).toBe(true);
      const vendor = state.value.game.vendorName;

      // A tab without the member's session (another browser, a pasted address) links to the transfer page.
      const elsewhere = await context.newPage();
      await elsewhere.goto(gameUrl);
      const toTransfer = elsewhere.getByRole('link', { name: new RegExp(`^${pt(lang, 'wallet.transferPage')}`) });
      await expect(toTransfer).toHaveAttribute('href', at(lang, '/member?page=wallet'));
      await expect(toTransfer).toHaveAttribute('target', '_blank');
      await expect(elsewhere.getByLabel(pt(lang, 'wallet.move'), { exact: true })).toHaveCount(0);
      await elsewhere.close();

      // Opened from the site (window.open, as the lobby does), the game's tab has the session.
      const [game] = await Promise.all([context.waitForEvent('page'), page.evaluate((url) => void window.open(url, '_blank'), gameUrl)]);
      await expect(game.getByRole('heading', { level: 1, name: state.value.game.gameName })).toBeVisible();
      await expect(game.getByText(pt(lang, 'demoBanner'))).toHaveCount(0);
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '0.00'));
      await expect(game.getByTestId('game-wallet-balance')).toHaveText(usd(lang, '0.00'));
      await expect(game.getByTestId('main-wallet-balance')).toHaveText(usd(lang, '100.00'));

      // The game wallet is empty: the spin is refused and the move-money form takes focus.
      const amount = game.getByLabel(pt(lang, 'wallet.move'), { exact: true });
      await spinButton(game, lang).click();
      await expect(game.getByRole('alert').filter({ hasText: pt(lang, 'wallet.insufficient', { vendor }) })).toBeVisible();
      await expect(amount).toBeFocused();

      // Checked in the browser first, then moved with the member's session.
      const move = game.getByRole('button', { name: pt(lang, 'wallet.submit'), exact: true });
      await amount.fill('abc');
      await move.click();
      await expect(game.getByText(pt(lang, 'wallet.amountInvalid', { example: lang === 'es' ? '25,00' : '25.00' }))).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await amount.fill('500');
      await move.click();
      await expect(game.getByText(pt(lang, 'wallet.notEnough', { amount: usd(lang, '100.00') }))).toBeVisible();
      await game.getByRole('button', { name: pt(lang, 'wallet.maxLabel') }).click();
      await expect(amount).toHaveValue(lang === 'es' ? '100,00' : '100.00');
      await amount.fill(lang === 'es' ? '30,00' : '30.00');
      await move.click();
      await expect(game.getByRole('status').filter({ hasText: pt(lang, 'wallet.moved', { amount: usd(lang, '30.00'), vendor, balance: usd(lang, '30.00') }) })).toBeVisible();
      await expect(balance).toHaveText(usd(lang, '30.00'));
      await expect(game.getByTestId('main-wallet-balance')).toHaveText(usd(lang, '70.00'));
      await expect(amount).toHaveValue('');

      // Spin until the balance moves (a win of exactly the bet leaves it as it was).
      const spin = spinButton(game, lang);
      for (let i = 0; i < 10 && (await balance.textContent()) === usd(lang, '30.00'); i++) {
        await spin.click();
        await expect(spin).toBeEnabled({ timeout: 15_000 });
      }
      await expect(balance).not.toHaveText(usd(lang, '30.00'));
      // The result is announced (aria-live) in words.
      await expect(game.locator('.pl-result[aria-live="polite"]')).toHaveText(/\S/);

      // The round is in the history, newest first.
      const rows = game.locator('.pl-history tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      const firstWin = (await rows.first().locator('td').nth(2).textContent())!.trim();
      await expect(rows.first().locator('td').nth(1)).toHaveText(/\d/);
      const shown = await symbolsOf(game, pt(lang, 'reels'));

      // The site's header shows the new sum after a reload.
      const sum = await sumBalance(page);
      expect(sum).not.toBe('100.00');
      await page.reload();
      await expect(headerBalance(page, lang, usd(lang, sum))).toBeVisible();

      // The betting record lists the game's rounds.
      await page.goto(at(lang, '/member?page=betting'));
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.betting') })).toBeVisible();
      await expect(centre.getByText(state.value.game.gameName).first()).toBeVisible();

      // Rotating the seed reveals it; the newest round's Verify link recomputes the same result.
      await game.getByRole('button', { name: pt(lang, 'fairness.rotate') }).click();
      await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
      const verify = await openVerify(rows.first(), lang);
      await expect(verify.getByTestId('verify-win')).toHaveText(firstWin);
      expect(await symbolsOf(verify, pt(lang, 'verify.grid'))).toEqual(shown);

      // The rest of the game wallet goes back to the main wallet.
      const left = await balance.textContent();
      await game.getByRole('button', { name: pt(lang, 'wallet.bringBack'), exact: true }).click();
      await expect(game.getByRole('status').filter({ hasText: pt(lang, 'wallet.broughtBack', { amount: left!, balance: usd(lang, sum) }) })).toBeVisible();
      await expect(balance).toHaveText(usd(lang, '0.00'));
      await expect(game.getByTestId('main-wallet-balance')).toHaveText(usd(lang, sum));
      expect(await sumBalance(page)).toBe(sum);

      await expectNoSeriousA11yViolations(game);
      await expectNoSeriousA11yViolations(verify);
    });

    test('demo play is labelled and leaves the wallet untouched', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '25');
      await signIn(page, lang, user.username, user.password);
      await expect(headerBalance(page, lang, usd(lang, '25.00'))).toBeVisible();
      // A client's backUrl on this site is the game's way back (another site's would be dropped).
      const gameUrl = await launch(page, '0', `&backUrl=${encodeURIComponent(new URL(at(lang, '/rng'), page.url()).href)}`);

      const game = await context.newPage();
      await game.goto(gameUrl);
      await expect(game.getByRole('note').filter({ hasText: pt(lang, 'demoBanner') })).toBeVisible();
      await expect(game.getByText(pt(lang, 'demoBalance'), { exact: true })).toBeVisible();
      await expect(game.getByRole('link', { name: pt(lang, 'toLobby') })).toHaveAttribute('href', at(lang, '/rng'));
      const balance = game.getByTestId('play-balance');
      const before = await balance.textContent();
      const spin = spinButton(game, lang);
      for (let i = 0; i < 10 && (await balance.textContent()) === before; i++) {
        await spin.click();
        await expect(spin).toBeEnabled({ timeout: 15_000 });
      }
      await expect(balance).not.toHaveText(before!);
      await expect(game.locator('.pl-history tbody tr').first()).toBeVisible();

      expect(await sumBalance(page)).toBe('25.00');
      await page.reload();
      await expect(headerBalance(page, lang, usd(lang, '25.00'))).toBeVisible();
      await expectNoSeriousA11yViolations(game);
    });

    test('a spin whose answer is lost is retried with the same key and played once', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await signIn(page, lang, user.username, user.password);
      const game = await context.newPage();
      await game.goto(await launch(page, '0'));
      const rows = game.locator('.pl-history tbody tr');
      const spin = spinButton(game, lang);
      await expect(spin).toBeEnabled();
      const before = await rows.count();

      // The first spin reaches the server, but its answer never comes back.
      const keys: string[] = [];
      let lose = true;
      await game.route('**/wps/sandbox/game/spin', async (route) => {
        keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
        if (lose) {
          lose = false;
          await route.fetch();
          await route.abort('failed');
        } else await route.continue();
      });
      await spin.click();
      await expect(game.getByRole('alert')).toContainText(pt(lang, 'network'));
      const retry = game.getByRole('button', { name: pt(lang, 'retrySpin'), exact: true });
      await retry.click();
      await expect(game.getByRole('button', { name: pt(lang, 'spin'), exact: true })).toBeEnabled({ timeout: 15_000 });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      // One round played, not two; the next spin takes a new key.
      await expect(rows).toHaveCount(before + 1);
      await game.getByRole('button', { name: pt(lang, 'spin'), exact: true }).click();
      await expect(rows).toHaveCount(before + 2);
      expect(keys[2]).not.toBe(keys[0]);
    });

    test('an unknown or missing launch token says the session has ended', async ({ page }) => {
      await page.goto(at(lang, `/play?launch=${'A'.repeat(43)}`));
      await expect(page.getByRole('alert')).toContainText(pt(lang, 'ended'));
      await expect(page.getByRole('link', { name: pt(lang, 'toLobby') })).toHaveAttribute('href', at(lang, '/'));
      await page.goto(at(lang, '/play'));
      await expect(page.getByRole('alert')).toContainText(pt(lang, 'ended'));
      await expectNoSeriousA11yViolations(page);
    });

    test('the verify page checks its fields and explains the algorithm', async ({ page }) => {
      await page.goto(at(lang, '/play/verify?nodeId=1&clientSeed=abc&nonce=x'));
      await expect(page.getByRole('heading', { level: 1, name: pt(lang, 'verify.title') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: pt(lang, 'verify.algorithm.title') })).toBeVisible();
      await expect(page.getByLabel(pt(lang, 'verify.clientSeed'))).toHaveValue('abc');
      await page.getByRole('button', { name: pt(lang, 'verify.submit') }).click();
      await expect(page.getByLabel(pt(lang, 'verify.serverSeed'), { exact: true })).toBeFocused();
      await expect(page.getByText(pt(lang, 'verify.required'))).toBeVisible();
      await expect(page.getByText(pt(lang, 'verify.invalid'))).toBeVisible();
      // A seed that is not the committed one: the hash does not match.
      await page.getByLabel(pt(lang, 'verify.serverSeed'), { exact: true }).fill('a'.repeat(64));
      await page.getByLabel(pt(lang, 'verify.serverSeedHash')).fill('b'.repeat(64));
      await page.getByLabel(pt(lang, 'verify.nonce'), { exact: true }).fill('3');
      await page.getByRole('button', { name: pt(lang, 'verify.submit') }).click();
      await expect(page.getByTestId('hash-verdict')).toHaveText(pt(lang, 'verify.hashBad'));
      await expect(page.getByTestId('verify-win')).toHaveText(pt(lang, 'verify.noBet'));
      await expectNoSeriousA11yViolations(page);
    });

    test('a game opened from its tile offers the main wallet, plays its first spin with the money moved in, and gives the rest back on leaving (issue 17)', async ({ page, context }) => {
      test.setTimeout(90_000);
      const user = await createUser();
      await adjust(user.username, '40');
      await signIn(page, lang, user.username, user.password, '/rng');
      const tile = page.locator('.tile[data-node-id]').first();
      const name = (await tile.locator('.name').textContent())!.trim();
      const [game] = await Promise.all([context.waitForEvent('page'), tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click()]);
      await expect(game.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 15_000 });
      const vendor = (await game.locator('.pl-title .muted').textContent())!.trim().slice(pt(lang, 'vendor', { vendor: '' }).length);

      // The game wallet cannot pay a bet: the page offers the brand's default amount (the demo
      // brand's gameTransferAmount, 20.00), already filled in, never the main wallet's whole 40.00.
      await expect(game.getByTestId('game-wallet-prompt')).toHaveText(pt(lang, 'wallet.prompt', { vendor, main: usd(lang, '40.00') }));
      const amount = game.getByLabel(pt(lang, 'wallet.move'), { exact: true });
      // (Both brand locales, en-US and es-MX, write a decimal point.)
      await expect(amount).toHaveValue('20.00');
      await expect(amount).toBeFocused();
      await amount.fill('25');
      await game.getByRole('button', { name: pt(lang, 'wallet.submit'), exact: true }).click();
      await expect(game.getByRole('status').filter({ hasText: pt(lang, 'wallet.comesBack', { vendor }) })).toBeVisible();
      await expect(game.getByTestId('game-wallet-prompt')).toHaveCount(0);
      const balance = game.getByTestId('play-balance');
      await expect(balance).toHaveText(usd(lang, '25.00'));

      // The first spin plays with it; the site's header (the other tab) shows the same money at once.
      const spin = spinButton(game, lang);
      await spin.click();
      await expect(game.locator('.pl-history tbody tr')).toHaveCount(1, { timeout: 15_000 });
      await expect(spin).toBeEnabled();
      const sum = await sumBalance(page);
      await expect(headerBalance(page, lang, usd(lang, sum))).toBeVisible();

      // Leaving the game brings its wallet back to the main wallet, and the site says so.
      const left = (await balance.textContent())!.trim();
      await game.close({ runBeforeUnload: true });
      await expect(page.getByRole('alertdialog')).toContainText(t(lang, 'wallet', 'header.broughtBack', { amount: left, vendor }));
      await expect(async () => {
        const wallets = await callApi<{ balance: { accountTypeName: string; availBalance: number }[] }>(page, '/wps/v2/wallets/balance');
        const main = wallets.value.balance.find((b) => b.accountTypeName === 'MAIN')!.availBalance.toFixed(2);
        expect(main).toBe(sum);
      }).toPass({ timeout: 10_000 });

      // Opened again, the game offers the amount the player moved last time (25.00), at most the main wallet.
      const [again] = await Promise.all([context.waitForEvent('page'), tile.getByRole('button', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true }).click()]);
      await expect(again.getByTestId('game-wallet-prompt')).toBeVisible({ timeout: 15_000 });
      await expect(again.getByLabel(pt(lang, 'wallet.move'), { exact: true })).toHaveValue(Math.min(25, Number(sum)).toFixed(2));
      await again.close();
    });
  });
}

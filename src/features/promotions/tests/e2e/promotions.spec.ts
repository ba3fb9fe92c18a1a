/**
 * Promotions end to end (issue 15): a new member joins the newbie bonus on the promotions page,
 * makes a first deposit through the sandbox, finds the bonus with its wagering in bonus details
 * and the promotion issued, is told how much is left to bet when asking for a withdrawal, plays a
 * few spins and sees the turnover done grow and the amount left shrink; the
 * reward centre shows an operator's reward with a red count and pays it on a claim; a bonus code
 * is refused under its field when wrong and pays when right; the weekly raffle shows the member's
 * tickets and its sealed seed; an application for the comeback bonus waits, then is approved by
 * an operator. One flow per language, alternating
 * (tests/e2e-support/i18n.ts).
 */
import { LANGS, flowInOneLanguage, text, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { centreWord, memberCentre, pageTitle, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { launch, pt, spinButton } from '../../../../../tests/e2e-support/play.ts';

const ct = (lang: Lang, key: string) => text(lang, 'content', `promotions.${key}`);

for (const { lang } of LANGS) {
  test.describe(`promotions in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);

    test('a new member joins the newbie bonus, deposits, gets the bonus with its wagering, is held back from withdrawing and plays part of it', async ({ page }) => {
      test.setTimeout(90_000);
      // The page shows a visitor how the newbie bonus starts.
      await page.goto(at(lang, '/promotions'));
      const card = page.locator('li.promo[id="5"]');
      await expect(card.locator('[data-promo-status]')).toHaveText(ct(lang, 'statuses.join'));

      const player = await createUser();
      await signIn(page, lang, player.username, player.password, '/promotions');
      const joinButton = card.getByRole('button', { name: ct(lang, 'joinAction'), exact: true });
      await expect(joinButton).toBeVisible();
      await expect(card.locator('.visitor-only')).toBeHidden();
      await expectNoSeriousA11yViolations(page);
      await joinButton.click();
      await expect(card.getByRole('status')).toHaveText(ct(lang, 'joined'));
      await expect(card.locator('[data-promo-status]')).toHaveText(ct(lang, 'statuses.inProcess'));

      // The first deposit, through the sandbox's page.
      await page.goto(at(lang, '/member?page=deposit'));
      const centre = memberCentre(page, lang);
      await centre.getByRole('textbox', { name: wt(lang, 'deposit.amount', { currency: 'USD' }) }).fill('50');
      await centre.getByRole('button', { name: wt(lang, 'deposit.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/pay/sandbox')}\\?order=`));
      await page.getByRole('button', { name: wt(lang, 'sandbox.pay'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'deposit.status.paid') })).toBeVisible({ timeout: 15_000 });

      // The bonus arrives (the engine hears the deposit within a second or two).
      const title = lang === 'en' ? 'Newbie bonus 100%' : 'Bono de bienvenida 100%';
      await expect(async () => {
        await page.goto(at(lang, '/member?page=bonus'));
        await expect(centre.getByRole('listitem').filter({ hasText: title })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      const bonus = centre.getByRole('listitem').filter({ hasText: title });
      await expect(bonus).toContainText(wt(lang, 'bonus.status.active'));
      await expect(bonus).toContainText(wt(lang, 'bonus.progress', { done: usd(lang, '0'), required: usd(lang, '1000') }));
      await expect(bonus).toContainText(wt(lang, 'bonus.maxBet', { amount: usd(lang, '5') }));

      // The promotion now says issued, with the way to the bonus.
      await page.goto(at(lang, '/promotions'));
      await expect(card.locator('[data-promo-status]')).toHaveText(ct(lang, 'statuses.issued'));
      await expect(card.getByRole('link', { name: ct(lang, 'bonusLink') })).toBeVisible();

      // A withdrawal waits for the wagering.
      await page.goto(at(lang, '/member?page=withdrawal'));
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'withdrawal.wagering', { amount: usd(lang, '1000') }) })).toBeVisible();

      // Part of the wagering played: money moved into a sandbox slot's game wallet, three spins at its smallest bet.
      const gameUrl = await launch(page, '1');
      const [game] = await Promise.all([page.context().waitForEvent('page'), page.evaluate((url) => void window.open(url, '_blank'), gameUrl)]);
      await game.getByLabel(pt(lang, 'wallet.move'), { exact: true }).fill('20');
      await game.getByRole('button', { name: pt(lang, 'wallet.submit'), exact: true }).click();
      await expect(game.getByTestId('play-balance')).toHaveText(usd(lang, '20.00'));
      const spin = spinButton(game, lang);
      for (let i = 0; i < 3; i++) {
        await spin.click();
        await expect(spin).toBeEnabled({ timeout: 15_000 });
      }
      await game.close();
      await page.goto(at(lang, '/member?page=bonus'));
      await expect(bonus).toContainText(wt(lang, 'bonus.status.active'));
      await expect(bonus).not.toContainText(wt(lang, 'bonus.progress', { done: usd(lang, '0'), required: usd(lang, '1000') }));
      await expect(bonus.getByRole('progressbar')).not.toHaveAttribute('aria-valuetext', wt(lang, 'bonus.progress', { done: usd(lang, '0'), required: usd(lang, '1000') }));
      // Still short of it: the withdrawal still waits, for less.
      await page.goto(at(lang, '/member?page=withdrawal'));
      const stillWaits = centre.getByRole('status').filter({ hasText: wt(lang, 'withdrawal.wagering', { amount: '#' }).split('#')[0]! });
      await expect(stillWaits).toBeVisible();
      await expect(stillWaits).not.toContainText(usd(lang, '1000'));
    });

    test('the reward centre shows what may be claimed with a red count, pays a claim at once, signs in for the day and takes a bonus code', async ({ page }) => {
      const player = await createUser();
      const granted = await ops('reward', 'grant', '--username', player.username, '--amount', '12.50', '--title', 'Welcome gift', '--title-es', 'Regalo de bienvenida');
      expect(granted).toContain('claimable');
      await signIn(page, lang, player.username, player.password, '/member?page=rewards');
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'rewards') })).toBeVisible();
      const menuLink = centre.getByRole('navigation', { name: centreWord(lang, 'menu') }).getByRole('link', { name: new RegExp(pageTitle(lang, 'rewards')) });
      await expect(menuLink.locator('.mc-badge')).toHaveText(/1/);
      const title = lang === 'en' ? 'Welcome gift' : 'Regalo de bienvenida';
      const card = centre.getByRole('listitem').filter({ hasText: title });
      await expect(card).toContainText(text(lang, 'promotions', 'rewards.status.claimable'));
      await expectNoSeriousA11yViolations(page);
      await card.getByRole('button', { name: text(lang, 'promotions', 'rewards.claimNamed').replace('{{title}}', title) }).click();
      await expect(centre.getByRole('status').filter({ hasText: text(lang, 'promotions', 'rewards.claimed').replace('{{amount}}', usd(lang, '12.50')) })).toBeVisible();
      await expect(card).toContainText(text(lang, 'promotions', 'rewards.status.claimed'));
      await expect(menuLink.locator('.mc-badge')).toHaveCount(0);

      // The daily sign-in: today's reward joins the list; the button says it is done.
      await centre.getByRole('button', { name: text(lang, 'promotions', 'rewards.signinButton'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: text(lang, 'promotions', 'rewards.signinDone').replace('{{amount}}', usd(lang, '0.50')) })).toBeVisible();
      await expect(centre.getByRole('button', { name: text(lang, 'promotions', 'rewards.signedToday'), exact: true })).toBeDisabled();
      const signinTitle = lang === 'en' ? 'Daily sign-in' : 'Registro diario';
      await expect(
        centre
          .getByRole('listitem')
          .filter({ hasText: signinTitle })
          .filter({ has: page.getByRole('button') }),
      ).toContainText(text(lang, 'promotions', 'rewards.status.claimable'));
      await expect(menuLink.locator('.mc-badge')).toHaveText(/1/);

      // The weekly raffle: no ticket yet, and this week's sealed seed shown before its draw.
      const raffle = centre.getByRole('region', { name: lang === 'en' ? 'Weekly raffle' : 'Sorteo semanal' });
      await expect(raffle).toContainText(text(lang, 'promotions', 'raffle.tickets').replace('{{count}}', '0'));
      await expect(raffle).toContainText(text(lang, 'promotions', 'raffle.sealed'));
      await expect(raffle.locator('.wl-mono')).toHaveText(/^[0-9a-f]{64}$/);

      // A bonus code: a wrong one is refused under the field, the right one pays at once.
      const codeField = centre.getByRole('textbox', { name: text(lang, 'promotions', 'rewards.codeLabel') });
      const apply = centre.getByRole('button', { name: text(lang, 'promotions', 'rewards.codeApply'), exact: true });
      await codeField.fill('NOSUCHCODE');
      await apply.click();
      await expect(centre.getByText(text(lang, 'errors', 'promotion.code.unknown'))).toBeVisible();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await codeField.fill('lucky10');
      await apply.click();
      const codeTitle = lang === 'en' ? 'Bonus code LUCKY10' : 'Código de bono LUCKY10';
      await expect(centre.getByRole('status').filter({ hasText: codeTitle })).toContainText(usd(lang, '50'));
      await page.goto(at(lang, '/member?page=bonus'));
      await expect(centre.getByRole('listitem').filter({ hasText: codeTitle })).toContainText(wt(lang, 'bonus.status.active'));
    });

    test('a member applies for the comeback bonus; once an operator approves it the promotion says issued', async ({ page }) => {
      const player = await createUser();
      await signIn(page, lang, player.username, player.password, '/promotions');
      const card = page.locator('li.promo[id="10"]');
      await card.getByRole('button', { name: ct(lang, 'applyAction'), exact: true }).click();
      await expect(card.getByRole('status')).toHaveText(ct(lang, 'applied'));
      await expect(card.locator('[data-promo-status]')).toHaveText(ct(lang, 'statuses.applying'));
      expect(await ops('promotion', 'approve', '--username', player.username, '--id', '10')).toContain('Approved');
      await page.reload();
      await expect(card.locator('[data-promo-status]')).toHaveText(ct(lang, 'statuses.issued'));
      await expect(card.getByRole('link', { name: ct(lang, 'bonusLink'), exact: true })).toBeVisible();
    });
  });
}

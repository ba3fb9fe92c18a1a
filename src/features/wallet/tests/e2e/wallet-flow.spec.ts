/**
 * The wallet issue's 'done when', end to end in English and Spanish: a player deposits through
 * the sandbox provider's page, sees the balance in the header, moves money to a game wallet and
 * back, requests a withdrawal, the operator pays it out (`npm run ops -- withdrawals approve`),
 * the player confirms it was received, and every step shows in the account record. Declining on
 * the sandbox page credits nothing. A player with an agent above sends money to that upline.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, approveWithdrawal, headerBalance, memberCentre, openCentrePage, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';
import type { Lang } from '../../../../../tests/e2e-support/i18n.ts';

/** The promotions' words on the deposit page (their slot), and the demo brand's newbie bonus (id 5). */
const prt = (lang: Lang, key: string, values: Record<string, string> = {}) => t(lang, 'promotions', `deposit.${key}`, values);
const NEWBIE: Record<Lang, string> = { en: 'Newbie bonus 100%', es: 'Bono de bienvenida 100%' };

for (const { lang } of LANGS) {
  test.describe(`wallet in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a player deposits through the sandbox, transfers, withdraws, confirms the payout, and every step shows in the account record', async ({ page }) => {
      test.setTimeout(150_000);
      const player = await createUser();
      await signIn(page, lang, player.username, player.password);
      await expect(headerBalance(page, lang, usd(lang, '0'))).toBeVisible();

      // The header's deposit shortcut opens the member centre in place, on its deposit page.
      await page.getByRole('link', { name: wt(lang, 'header.deposit'), exact: true }).click();
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.deposit') })).toBeVisible();
      expect(new URL(page.url()).pathname, 'the overlay opened over the page').toBe(at(lang, '/'));

      // Amounts are checked under the field before anything is sent.
      const amount = centre.getByRole('textbox', { name: wt(lang, 'deposit.amount', { currency: 'USD' }) });
      const deposit = centre.getByRole('button', { name: wt(lang, 'deposit.submit'), exact: true });
      await deposit.click();
      await expect(centre.getByText(wt(lang, 'amount.required'), { exact: true })).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      // Spanish pages write (and accept) a decimal comma.
      const decimal = (text: string) => (lang === 'es' ? text.replace('.', ',') : text);
      await amount.fill(decimal('2.50'));
      await deposit.click();
      await expect(centre.getByText(wt(lang, 'amount.min', { min: usd(lang, '5') }), { exact: true })).toBeVisible();
      await amount.fill(decimal('10.125'));
      await deposit.click();
      await expect(centre.getByText(wt(lang, 'amount.decimals'), { exact: true })).toBeVisible();

      // Before the first deposit, the page says which promotions it can still start: the newbie
      // bonus needs Join first, or this deposit closes it (audit 11).
      const offer = centre.getByRole('listitem').filter({ hasText: prt(lang, 'join', { title: NEWBIE[lang] }) });
      await expect(offer.getByRole('button', { name: prt(lang, 'joinNamed', { title: NEWBIE[lang] }) })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('deposit-offers.png') });

      // The order opens the sandbox provider's page, in the player's language.
      await amount.fill('250');
      await deposit.click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/pay/sandbox')}\\?order=`));
      await expect(page.getByRole('heading', { level: 1, name: wt(lang, 'sandbox.heading') })).toBeVisible();
      await expect(page.getByRole('note')).toHaveText(wt(lang, 'sandbox.warning'));
      await expect(page.getByText(`${usd(lang, '250').slice(1)} USD`, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: wt(lang, 'sandbox.pay'), exact: true }).click();

      // Back in the member centre: the order is paid and the header shows the money.
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/member')}\\?page=deposit&order=`), { timeout: 15_000 });
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'deposit.status.paid') })).toBeVisible();
      await expect(headerBalance(page, lang, usd(lang, '250'))).toBeVisible();
      // The deposit's result says the promotion it closed, and why.
      await expect(centre.getByRole('alert')).toHaveText(prt(lang, 'missed.notJoined', { title: NEWBIE[lang], deposit: usd(lang, '250') }));
      await expect(centre.getByRole('button', { name: prt(lang, 'joinNamed', { title: NEWBIE[lang] }) })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('deposit-missed.png') });

      // Main wallet to a game wallet, then everything back.
      await openCentrePage(page, lang, 'wallet');
      expect(new URL(page.url()).searchParams.get('page'), 'on /member the address follows the page').toBe('wallet');
      const gameSelect = centre.getByRole('combobox', { name: wt(lang, 'wallet.gameWallet') });
      const game = (await gameSelect.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')).replace(/ \(.*\)$/, '');
      await centre.getByRole('textbox', { name: wt(lang, 'common.amount') }).fill('30');
      await centre.getByRole('button', { name: wt(lang, 'wallet.submit'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'wallet.movedIn', { amount: usd(lang, '30'), game }) })).toBeVisible();
      const mainWallet = centre.locator('.wl-summary > div').filter({ hasText: wt(lang, 'wallet.main') });
      await expect(mainWallet).toContainText(usd(lang, '220'));
      await expect(centre.getByRole('listitem').filter({ hasText: game })).toContainText(usd(lang, '30'));
      await expect(headerBalance(page, lang, usd(lang, '250')), 'the header shows the sum of all wallets').toBeVisible();
      await centre.getByRole('button', { name: wt(lang, 'wallet.allBack') }).click();
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'wallet.allBackDone') })).toBeVisible();
      await expect(mainWallet).toContainText(usd(lang, '250'));

      // A withdrawal holds the amount at once.
      await openCentrePage(page, lang, 'withdrawal');
      await centre.getByRole('textbox', { name: wt(lang, 'common.amount') }).fill('20');
      await centre.getByRole('button', { name: wt(lang, 'withdrawal.submit'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'withdrawal.requested', { amount: usd(lang, '20') }) })).toBeVisible();
      const card = centre.getByRole('listitem').filter({ hasText: usd(lang, '20') });
      await expect(card).toContainText(wt(lang, 'withdrawal.status.pending'));
      await expect(headerBalance(page, lang, usd(lang, '230'))).toBeVisible();
      const id = (await card.locator('dd.wl-mono').textContent())?.trim() ?? '';
      expect(id).not.toBe('');

      // The operator pays it out; the player confirms it arrived.
      await approveWithdrawal(id);
      await centre.getByRole('button', { name: wt(lang, 'common.refresh'), exact: true }).click();
      await expect(card).toContainText(wt(lang, 'withdrawal.status.paid'));
      await card.getByRole('button', { name: wt(lang, 'withdrawal.received'), exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: wt(lang, 'withdrawal.confirmTitle') });
      await expect(confirm).toContainText(wt(lang, 'withdrawal.confirmReceivedText', { amount: usd(lang, '20') }));
      await confirm.getByRole('button', { name: wt(lang, 'withdrawal.received'), exact: true }).click();
      await expect(card).toContainText(wt(lang, 'withdrawal.status.received'));

      // Every step is in the account record.
      await openCentrePage(page, lang, 'transactions');
      const table = centre.getByRole('table');
      await expect(table).toBeVisible();
      for (const kind of ['deposit', 'wallet_transfer', 'withdrawal_hold', 'withdrawal_payout']) {
        await expect(
          table
            .getByRole('row')
            .filter({ hasText: wt(lang, `transactions.kinds.${kind}`) })
            .first(),
        ).toBeVisible();
      }
      await expect(table.getByRole('row').filter({ hasText: wt(lang, 'transactions.kinds.deposit') })).toContainText(`+${usd(lang, '250')}`);
      // Wallet transfers name their wallets, not their codes (MAIN, a vendor's code, all).
      await expect(
        table
          .getByRole('row')
          .filter({ hasText: `${wt(lang, 'wallet.main')} → ${game}` })
          .first(),
      ).toBeVisible();
      await expect(
        table
          .getByRole('row')
          .filter({ hasText: `${wt(lang, 'transactions.allGameWallets')} → ${wt(lang, 'wallet.main')}` })
          .first(),
      ).toBeVisible();
      await expect(table).not.toContainText('MAIN');

      // Closing the overlay leaves the member page, without the page in its address.
      await centre.getByRole('button', { name: t(lang, 'auth', 'close') }).click();
      await expect(centre).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/member')}$`));
    });

    test('declining on the sandbox page credits nothing and the order shows as failed', async ({ page }) => {
      const player = await createUser();
      await signIn(page, lang, player.username, player.password, '/member?page=deposit');
      const centre = memberCentre(page, lang);
      // Join from the deposit page itself: the offer then says this deposit earns it.
      await centre.getByRole('button', { name: prt(lang, 'joinNamed', { title: NEWBIE[lang] }) }).click();
      await expect(centre.getByText(prt(lang, 'ready', { title: NEWBIE[lang] }), { exact: true })).toBeVisible();
      await expect(centre.getByRole('status').filter({ hasText: prt(lang, 'joined', { title: NEWBIE[lang] }) })).toBeVisible();
      await centre.getByRole('textbox', { name: wt(lang, 'deposit.amount', { currency: 'USD' }) }).fill('40');
      await centre.getByRole('button', { name: wt(lang, 'deposit.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/pay/sandbox')}\\?order=`));
      const sandboxUrl = page.url();
      await page.getByRole('button', { name: wt(lang, 'sandbox.decline'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/member')}\\?page=deposit&order=`), { timeout: 15_000 });
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'deposit.status.failed') })).toBeVisible();
      await expect(headerBalance(page, lang, usd(lang, '0'))).toBeVisible();

      // The provider's page of a settled order offers nothing more to pay.
      await page.goto(sandboxUrl);
      await expect(page.getByText(wt(lang, 'sandbox.notPending'))).toBeVisible();
      await expect(page.getByRole('button', { name: wt(lang, 'sandbox.pay'), exact: true })).toHaveCount(0);
    });

    test('a player sends money to the upline agent once it is confirmed, and the account record shows it', async ({ page }, testInfo) => {
      const agent = await createUser({ type: 'agent' });
      const player = await createUser({ upline: agent.username });
      await adjust(player.username, '50');
      await signIn(page, lang, player.username, player.password, '/member?page=upline');
      const centre = memberCentre(page, lang);
      await expect(centre.locator('.wl-summary')).toContainText(agent.username);
      const amount = centre.getByRole('textbox', { name: wt(lang, 'common.amount') });
      const send = centre.getByRole('button', { name: wt(lang, 'upline.submit'), exact: true });
      await amount.fill('60');
      await send.click();
      await expect(centre.getByText(wt(lang, 'upline.notEnough', { amount: usd(lang, '50') }), { exact: true })).toBeVisible();
      await amount.fill(lang === 'es' ? '12,5' : '12.5');
      // Nothing leaves before the player confirms the amount and the recipient; Cancel sends nothing.
      const confirm = page.getByRole('alertdialog', { name: wt(lang, 'upline.confirmTitle') });
      await send.click();
      await expect(confirm).toContainText(wt(lang, 'upline.confirmText', { amount: usd(lang, '12.5'), upline: agent.username }));
      await page.screenshot({ path: testInfo.outputPath('upline-confirm.png') });
      await confirm.getByRole('button', { name: t(lang, 'auth', 'cancel'), exact: true }).click();
      await expect(confirm).toHaveCount(0);
      await expect(headerBalance(page, lang, usd(lang, '50'))).toBeVisible();
      await expect(centre.getByRole('status').filter({ hasText: agent.username })).toHaveCount(0);
      await send.click();
      await confirm.getByRole('button', { name: wt(lang, 'upline.confirm'), exact: true }).click();
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'upline.done', { amount: usd(lang, '12.5'), upline: agent.username }) })).toBeVisible();
      await expect(headerBalance(page, lang, usd(lang, '37.5'))).toBeVisible();
      await openCentrePage(page, lang, 'transactions');
      await expect(
        centre
          .getByRole('table')
          .getByRole('row')
          .filter({ hasText: wt(lang, 'transactions.kinds.upline_transfer') }),
      ).toContainText(`-${usd(lang, '12.5')}`);
    });
  });
}

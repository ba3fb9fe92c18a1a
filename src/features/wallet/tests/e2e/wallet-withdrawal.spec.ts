/**
 * Withdrawal confirmation (spec 3, 4, 5, 9), in English and Spanish: a payout that did not arrive
 * is reported with the amount that did and a proof image; the browser refuses an image that is
 * not png or jpg or is over 5 MB, and an amount that is not less than the payout, before sending.
 * The withdrawal page is reachable by its address, /member?page=withdrawal.
 */
import { LANGS, flowInOneLanguage } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, approveWithdrawal, memberCentre, TINY_PNG, usd, wt } from '../../../../../tests/e2e-support/wallet.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { text } from '../../../../../tests/e2e-support/i18n.ts';

for (const { lang } of LANGS) {
  test.describe(`withdrawals in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a payout not received is reported with the amount received and a png proof, checked in the browser first', async ({ page }) => {
      test.setTimeout(120_000);
      const player = await createUser();
      await adjust(player.username, '100');
      await signIn(page, lang, player.username, player.password, '/member?page=withdrawal');
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.withdrawal') })).toBeVisible();
      await expect(centre.locator('.wl-summary > div').filter({ hasText: wt(lang, 'withdrawal.available') })).toContainText(usd(lang, '100'));

      // More than is available is refused under the field.
      const amount = centre.getByRole('textbox', { name: wt(lang, 'common.amount') });
      const request = centre.getByRole('button', { name: wt(lang, 'withdrawal.submit'), exact: true });
      await amount.fill('150');
      await request.click();
      await expect(centre.getByText(wt(lang, 'withdrawal.notEnough', { amount: usd(lang, '100') }), { exact: true })).toBeVisible();
      await amount.fill('40');
      await request.click();
      const card = centre.getByRole('listitem').filter({ hasText: usd(lang, '40') });
      await expect(card).toContainText(wt(lang, 'withdrawal.status.pending'));
      const id = (await card.locator('dd.wl-mono').textContent())?.trim() ?? '';
      await approveWithdrawal(id);
      await centre.getByRole('button', { name: wt(lang, 'common.refresh'), exact: true }).click();
      await expect(card).toContainText(wt(lang, 'withdrawal.status.paid'));

      await card.getByRole('button', { name: wt(lang, 'withdrawal.notReceived'), exact: true }).click();
      const form = card.getByRole('form', { name: wt(lang, 'withdrawal.notReceivedTitle') });
      const received = form.getByRole('textbox', { name: wt(lang, 'withdrawal.receivedAmount') });
      const file = form.getByLabel(wt(lang, 'withdrawal.proof'));
      const send = form.getByRole('button', { name: wt(lang, 'withdrawal.sendNotReceived'), exact: true });

      // Nothing is sent without a proof, with an amount that is not less than the payout, or with a wrong picture.
      await received.fill('40');
      await send.click();
      await expect(form.getByText(wt(lang, 'withdrawal.receivedLess', { amount: usd(lang, '40') }), { exact: true })).toBeVisible();
      await expect(form.getByText(wt(lang, 'withdrawal.proofRequired'), { exact: true })).toBeVisible();
      await file.setInputFiles({ name: 'proof.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(form.getByText(wt(lang, 'withdrawal.proofType'), { exact: true })).toBeVisible();
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
      await file.setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: big });
      await expect(form.getByText(wt(lang, 'withdrawal.proofSize'), { exact: true })).toBeVisible();

      await file.setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect(form.getByRole('img', { name: wt(lang, 'withdrawal.proofPreview', { name: 'statement.png' }) })).toBeVisible();
      await received.fill('10');
      await send.click();

      await expect(card).toContainText(wt(lang, 'withdrawal.status.disputed'));
      await expect(
        card
          .locator('div')
          .filter({ hasText: wt(lang, 'withdrawal.receivedAmount') })
          .last(),
      ).toContainText(usd(lang, '10'));
      await expect(
        card
          .locator('div')
          .filter({ hasText: wt(lang, 'withdrawal.remainingAmount') })
          .last(),
      ).toContainText(usd(lang, '30'));
      await expect(card.getByRole('button', { name: wt(lang, 'withdrawal.received'), exact: true })).toHaveCount(0);
    });

    test('a bonus being wagered holds withdrawals back, says how much is left, and can be forfeited', async ({ page }) => {
      const player = await createUser();
      await adjust(player.username, '100');
      const granted = await ops('bonus', 'grant', '--username', player.username, '--amount', '25.00', '--turnover', '200.00', '--title', 'E2E bonus', '--title-es', 'Bono E2E', '--live-weight', '20');
      expect(granted).toContain('paid to');
      await signIn(page, lang, player.username, player.password, '/member?page=withdrawal');
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('status').filter({ hasText: wt(lang, 'withdrawal.wagering', { amount: usd(lang, '200') }) })).toBeVisible();

      // Asked anyway, the server refuses it with the turnover left.
      await centre.getByRole('textbox', { name: wt(lang, 'common.amount') }).fill('10');
      await centre.getByRole('button', { name: wt(lang, 'withdrawal.submit'), exact: true }).click();
      await expect(page.getByText(text(lang, 'errors', 'wallet.withdrawal.wagering').replace('{{remaining}}', '200.00'))).toBeVisible();
      await page.keyboard.press('Escape');

      // The bonus with its progress, then forfeited.
      await centre.getByRole('button', { name: wt(lang, 'withdrawal.wageringLink') }).click();
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.bonus') })).toBeVisible();
      const card = centre.getByRole('listitem').filter({ hasText: lang === 'en' ? 'E2E bonus' : 'Bono E2E' });
      await expect(card).toContainText(wt(lang, 'bonus.status.active'));
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      await expect(card).toContainText(wt(lang, 'bonus.progress', { done: usd(lang, '0'), required: usd(lang, '200') }));
      await expect(card).toContainText(wt(lang, 'bonus.weight', { category: wt(lang, 'bonus.categories.LIVE'), percent: 20 }));
      await card.getByRole('button', { name: wt(lang, 'bonus.forfeit'), exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: wt(lang, 'bonus.forfeitTitle') });
      await confirm.getByRole('button', { name: wt(lang, 'bonus.forfeit'), exact: true }).click();
      await expect(centre.getByText(wt(lang, 'bonus.forfeited', { amount: usd(lang, '25') }))).toBeVisible();
      await expect(card).toContainText(wt(lang, 'bonus.status.forfeited'));

      // Withdrawals are open again.
      await page.goto(at(lang, '/member?page=withdrawal'));
      await expect(centre.getByRole('heading', { level: 3, name: wt(lang, 'centre.pages.withdrawal') })).toBeVisible();
      await expect(centre.getByText(wt(lang, 'withdrawal.wageringLink'))).toHaveCount(0);
      await centre.getByRole('textbox', { name: wt(lang, 'common.amount') }).fill('10');
      await centre.getByRole('button', { name: wt(lang, 'withdrawal.submit'), exact: true }).click();
      await expect(centre.getByRole('listitem').filter({ hasText: usd(lang, '10') })).toContainText(wt(lang, 'withdrawal.status.pending'));
    });
  });
}

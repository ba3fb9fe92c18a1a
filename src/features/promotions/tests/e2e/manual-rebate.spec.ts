/**
 * Manual rebate in a real browser (issue 36): a member opens the member centre's Manual rebate,
 * sees nothing to claim yet (Claim waits for the minimum, said under the button), plays 100.00
 * of slots, sees the slots' 1.20% at 1.20 claimable, claims it into the main wallet and finds it in
 * the history. English on the phone, Spanish on the desktop; axe once, on the phone. The
 * arithmetic, the concurrency and the overlap with the daily rebate are the API tests'
 * (tests/api/manual-rebate.test.ts).
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, englishOnPhoneSpanishOnDesktop, LANGS, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { playValidBets } from '../../../../../tests/e2e-support/play.ts';
import { adjust, memberCentre, pageTitle, usd } from '../../../../../tests/e2e-support/wallet.ts';

const rt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'promotions', `rebate.${key}`, values);

for (const { lang } of LANGS) {
  test.describe(`manual rebate in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);

    test("a member claims the rebate of today's slots", async ({ page }, info) => {
      const user = await createUser();
      await adjust(user.username, '200');
      await signIn(page, lang, user.username, user.password, '/member?page=rebate');
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'rebate') })).toBeVisible();
      await expect(centre.getByText(rt(lang, 'noBets'))).toBeVisible();
      const claim = centre.getByRole('button', { name: rt(lang, 'claimNow'), exact: true });
      await expect(claim).toBeDisabled();
      await expect(centre.getByText(rt(lang, 'notYet', { min: usd(lang, '1') }))).toBeVisible();

      await playValidBets(page, 100, 150);
      await page.goto(at(lang, '/member?page=rebate'));
      const slots = centre.getByRole('row').filter({ hasText: t(lang, 'common', 'cat.RNG') });
      await expect(slots).toContainText(usd(lang, '1.2'));
      if (axeOnce('phone', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { include: ['[role="dialog"]'] });
      const ready = centre.getByRole('button', { name: new RegExp(`^${rt(lang, 'claim', { amount: '' }).trim()}`) });
      await expect(ready).toBeEnabled();
      await ready.click();
      await expect(centre.getByRole('status').filter({ hasText: rt(lang, 'paid', { amount: usd(lang, '1.2') }) })).toBeVisible();
      const history = centre.getByRole('region', { name: rt(lang, 'history') });
      await expect(history.getByRole('row').nth(1)).toContainText(usd(lang, '1.2'));
      await expect(centre.getByRole('button', { name: rt(lang, 'claimNow'), exact: true })).toBeDisabled();
    });
  });
}

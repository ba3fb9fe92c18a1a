/**
 * The points mall in a real browser (issue 32): a visitor sees the items with a login link; a
 * member given 1,000 points (by the operator's command) redeems the $5 bonus with their password
 * (a wrong one refused under the field), converts 100 points to $1.00, spends the rest on free spins
 * (a Play button for their slot), and finds the redemptions in
 * the redeem history and on the member centre's points page. English on the phone, Spanish on the desktop; axe once, on the desktop.
 * Stock, limits, refusals and the ledger are proven by the API tests (tests/api/points.test.ts).
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, LANGS, phoneInEnglishOnly, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, signIn, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { ops } from '../../../../../tests/e2e-support/server.ts';
import { memberCentre, pageTitle, usd } from '../../../../../tests/e2e-support/wallet.ts';

const pt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'points', key, values);
const BONUS = { en: '$5 bonus (demo)', es: 'Bono de $5 (demo)' } as const;
const SPINS = { en: '10 free spins (demo)', es: '10 giros gratis (demo)' } as const;

for (const { lang } of LANGS) {
  test.describe(`points mall in ${lang.toUpperCase()}`, () => {
    phoneInEnglishOnly(lang);
    test.beforeEach(({}, info) => {
      test.skip(info.project.name === 'desktop' && lang === 'en', 'English runs on the phone; Spanish on the desktop');
    });

    test('a member redeems a bonus and converts points with their password', async ({ page }, info) => {
      await page.goto(at(lang, '/pointMall'));
      await expect(page.getByRole('heading', { level: 1, name: pt(lang, 'title') })).toBeVisible();
      const item = page.getByRole('listitem').filter({ has: page.getByText(BONUS[lang], { exact: true }) });
      await expect(item.getByRole('link', { name: pt(lang, 'loginToRedeem') })).toBeVisible();

      const user = await createUser();
      const granted = await ops('points', 'grant', '--username', user.username, '--points', '1000', '--reason', 'e2e test points');
      expect(granted).toContain('Granted 1000 points');
      await signIn(page, lang, user.username, user.password, '/pointMall');
      const mine = page.getByRole('region', { name: pt(lang, 'yourPoints') });
      // 1,000 or 1000 (Spanish in Mexico groups from five digits in some ICU versions, not in others).
      const [before, after] = pt(lang, 'pointsCount', { count: '@' }).split('@') as [string, string];
      await expect(mine.getByText(new RegExp(`^${before}1\\D?000${after}$`))).toBeVisible();
      if (axeOnce('desktop', info.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.cs-widget'] });

      // Redeem: a wrong password is refused under its field; the right one pays the bonus.
      await item.getByRole('button', { name: pt(lang, 'redeemNamed', { title: BONUS[lang] }) }).click();
      const password = item.getByLabel(pt(lang, 'loginPassword'));
      await password.fill('wrong-password-1');
      await item.getByRole('button', { name: pt(lang, 'confirm', { points: 500 }) }).click();
      await expect(item.getByRole('alert')).toHaveText(t(lang, 'errors', 'wallet.paymentPassword.incorrect'));
      await password.fill(user.password);
      await item.getByRole('button', { name: pt(lang, 'confirm', { points: 500 }) }).click();
      await expect(page.getByRole('status').filter({ hasText: pt(lang, 'redeemed', { title: BONUS[lang], points: 500 }) })).toBeVisible();

      // Convert 100 points to $1.00.
      const convert = page.getByRole('form', { name: pt(lang, 'convertTitle') });
      await convert.getByLabel(pt(lang, 'convertPoints')).fill('100');
      await convert.getByLabel(pt(lang, 'loginPassword')).fill(user.password);
      await convert.getByRole('button', { name: pt(lang, 'convertButton') }).click();
      await expect(page.getByRole('status').filter({ hasText: pt(lang, 'converted', { money: usd(lang, '1'), points: 400 }) })).toBeVisible();

      // The last 400 points buy 10 free spins, ready to play at once.
      const spins = page.getByRole('listitem').filter({ has: page.getByText(SPINS[lang], { exact: true }) });
      await spins.getByRole('button', { name: pt(lang, 'redeemNamed', { title: SPINS[lang] }) }).click();
      await spins.getByLabel(pt(lang, 'loginPassword')).fill(user.password);
      await spins.getByRole('button', { name: pt(lang, 'confirm', { points: 400 }) }).click();
      const done = page.getByRole('status').filter({ hasText: pt(lang, 'redeemed', { title: SPINS[lang], points: 0 }) });
      await expect(done.getByRole('button', { name: new RegExp(`^${pt(lang, 'play', { game: '' })}.+`) })).toBeVisible();

      // The redeem history lists both, done.
      const history = page.getByRole('region', { name: pt(lang, 'historyTitle') });
      await expect(history.getByRole('row').filter({ hasText: BONUS[lang] })).toContainText(pt(lang, 'statuses.done'));
      await expect(history.getByRole('row').filter({ hasText: SPINS[lang] })).toContainText(pt(lang, 'statuses.done'));

      // The member centre's points page: the points now, their details and the same history.
      await page.goto(at(lang, '/member?page=points'));
      const centre = memberCentre(page, lang);
      await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'points') })).toBeVisible();
      await expect(centre.getByText(pt(lang, 'pointsCount', { count: 0 }), { exact: true })).toBeVisible();
      await expect(centre.getByRole('region', { name: pt(lang, 'detailsTitle') })).toContainText(pt(lang, 'typeNames.grant'));
      await expect(centre.getByRole('region', { name: pt(lang, 'historyTitle') })).toContainText(BONUS[lang]);
    });
  });
}

/**
 * Player protection in the browser (issue 28), in English and Spanish, phone and desktop: a
 * player sets a deposit limit (a bad amount is refused under the field) and hits it on the deposit
 * page; sets a wager limit and hits it on a spin; the reality check appears over the game at its
 * interval (the page's clock moved on) and "Stop playing" ends the game; a break logs the player
 * out at once and the next login is refused with its end; the header's session clock counts from
 * login. axe checks the page and the dialog.
 */
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, flowInOneLanguage, LANGS, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, createUser, expect, loginAs, openLogin, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { adjust, memberCentre, pageTitle, wt } from '../../../../../tests/e2e-support/wallet.ts';
import { callApi, launch, pt, spinButton } from '../../../../../tests/e2e-support/play.ts';
import type { Page } from '@playwright/test';

const rg = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'protection', key, values);
const err = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'errors', `protection.${key}`, values);

/** Opens the responsible-gaming page of the member centre and waits for it. */
async function openProtection(page: Page, lang: Lang) {
  await page.goto(at(lang, '/member?page=protection'));
  const centre = memberCentre(page, lang);
  await expect(centre.getByRole('heading', { level: 3, name: pageTitle(lang, 'protection') })).toBeVisible();
  await expect(centre.getByRole('heading', { name: rg(lang, 'limits.title') })).toBeVisible();
  return centre;
}

/** Saves a limit through the page's form. */
async function saveLimit(page: Page, lang: Lang, kind: string, period: string, amount: string) {
  const centre = memberCentre(page, lang);
  await centre.getByLabel(rg(lang, 'limits.kind'), { exact: true }).selectOption(kind);
  await centre.getByLabel(rg(lang, 'limits.period'), { exact: true }).selectOption(period);
  const field = centre.getByRole('textbox', { name: new RegExp(`^${rg(lang, 'limits.amount')}`) });
  await field.fill(amount);
  await centre.getByRole('button', { name: rg(lang, 'limits.save'), exact: true }).click();
  return field;
}

for (const { lang } of LANGS) {
  test.describe(`player protection in ${lang.toUpperCase()}`, () => {
    flowInOneLanguage(lang);
    test('a deposit limit and a wager limit hold on the deposit page and on a spin', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '100');
      await loginAs(page, lang, user.username, user.password);
      // The header's session clock counts from this login (the demo brand shows it).
      await expect(page.getByRole('timer', { name: new RegExp(`^${rg(lang, 'sessionClock', { time: '' })}0:0\\d:\\d\\d$`) })).toBeVisible();
      const centre = await openProtection(page, lang);
      await expect(centre.getByText(rg(lang, 'limits.none'))).toBeVisible();
      if (axeOnce('desktop', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      // A bad amount is refused under its field, in the page's language.
      const field = await saveLimit(page, lang, 'deposit', 'day', 'abc');
      await expect(centre.getByText(err(lang, 'limit.amount'), { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await saveLimit(page, lang, 'deposit', 'day', '20');
      await expect(centre.getByRole('status').filter({ hasText: rg(lang, 'limits.set') })).toBeVisible();
      await expect(centre.getByText(`${rg(lang, 'limits.kinds.deposit')} · ${rg(lang, 'limits.periods.day')}`)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('protection-page.png') });

      // The deposit page refuses 50, and says what is left today.
      await page.goto(at(lang, '/member?page=deposit'));
      const amount = centre.getByRole('textbox', { name: wt(lang, 'deposit.amount', { currency: 'USD' }) });
      await amount.fill('50');
      await centre.getByRole('button', { name: wt(lang, 'deposit.submit'), exact: true }).click();
      const refused = page.getByRole('alertdialog').filter({ hasText: err(lang, 'limit.deposit.day', { left: '$20.00' }) });
      await expect(refused).toBeVisible();
      await refused.getByRole('button').click();

      // A wager limit of one cent: the first spin is refused, and nothing is taken.
      await openProtection(page, lang);
      await saveLimit(page, lang, 'wager', 'day', lang === 'es' ? '0,01' : '0.01');
      await expect(centre.getByRole('status').filter({ hasText: rg(lang, 'limits.set') })).toBeVisible();
      const gameUrl = await launch(page, '1');
      const state = await callApi<{ game: { vassalage: string } }>(page, `/wps/sandbox/game/state?launch=${gameUrl.split('launch=')[1]}`);
      const moved = await callApi(page, '/wps/relay/GCS_walletTransfer', { method: 'POST', body: { from: 'MAIN', to: state.value.game.vassalage, amount: '10', idempotencyKey: `e2e-${Date.now()}` } });
      expect(moved.success, JSON.stringify(moved)).toBe(true);
      await page.goto(gameUrl);
      await spinButton(page, lang).click();
      await expect(page.getByRole('alert').filter({ hasText: err(lang, 'limit.wager.day', { left: '$0.01' }).split('.')[0]! })).toBeVisible();
    });

    test('the reality check appears over the game at its interval, and a break logs the player out', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const user = await createUser();
      await adjust(user.username, '50');
      await page.clock.install();
      await loginAs(page, lang, user.username, user.password);
      const centre = await openProtection(page, lang);
      await centre.getByRole('button', { name: rg(lang, 'reality.every', { minutes: 15 }), exact: true }).click();
      await expect(centre.getByRole('button', { name: rg(lang, 'reality.every', { minutes: 15 }), exact: true })).toHaveAttribute('aria-pressed', 'true');

      const gameUrl = await launch(page, '1');
      // The game asks for the interval as it opens; the clock moves on once it has the answer.
      const asked = page.waitForResponse((r) => r.url().includes('/wps/sandbox/game/reality'));
      await page.goto(gameUrl);
      await expect(spinButton(page, lang)).toBeVisible();
      await asked;
      await page.clock.fastForward('15:00');
      const check = page.getByRole('dialog', { name: pt(lang, 'reality.title') });
      await expect(check).toBeVisible();
      await expect(check.getByText(pt(lang, 'reality.wagered'))).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('reality-check.png') });
      if (axeOnce('desktop', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page);
      await check.getByRole('button', { name: pt(lang, 'reality.continue') }).click();
      await expect(check).toBeHidden();
      await page.clock.fastForward('15:00');
      await expect(check).toBeVisible();
      await check.getByRole('button', { name: pt(lang, 'reality.stop') }).click();
      await expect(page.getByText(pt(lang, 'ended'))).toBeVisible();

      // A break of 24 hours: confirmed, the player is logged out at once, and the login is refused.
      // (The page's clock back to the real time: a signed login from half an hour ahead is refused as stale.)
      await page.clock.setSystemTime(Date.now());
      await openProtection(page, lang);
      await centre.getByRole('button', { name: rg(lang, 'timeout.submit'), exact: true }).click();
      await page
        .getByRole('alertdialog', { name: rg(lang, 'timeout.confirmTitle') })
        .getByRole('button', { name: rg(lang, 'timeout.submit'), exact: true })
        .click();
      await expect(page).toHaveURL((u) => u.pathname.replace(/\/$/, '') === at(lang, '/').replace(/\/$/, ''));
      await openLogin(page, lang);
      await submitLogin(page, lang, user.username, user.password);
      await expect(page.getByText(new RegExp(err(lang, 'blocked.timeout').split('{{')[0]!))).toBeVisible();
    });
  });
}

/**
 * The popups of spec 2.8 and the accounts pages: a popup is a labelled modal dialog whose first
 * stop is its labelled close button, closes only through it (not Escape, not a click outside),
 * keeps focus inside, gives focus back and restores the page's scroll (English on the phone,
 * Spanish on the desktop);
 * axe finds no serious or critical violation on any of them, each checked once, on the phone in
 * English or on the desktop in Spanish (AXE_LANG). The home page loads no React until it is needed.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { AXE_LANG, axeOnce, englishOnPhoneSpanishOnDesktop, LANGS, onProject, text } from '../../../../../tests/e2e-support/i18n.ts';
import { accountButton, at, createUser, dialog, expect, openLogin, submitLogin, t, test } from '../../../../../tests/e2e-support/accounts.ts';

/** axe on the page with a popup open: the rest of the page is covered, so only the popup layers count. */
async function axePopup(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });
}

for (const { lang } of LANGS) {
  test.describe(`the login popup in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);
    test('the login popup is a labelled modal: close button first, Escape and outside clicks do not close it, focus and scroll come back', async ({ page }, testInfo) => {
      await page.goto(at(lang, '/'));
      await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
      const opener = page.getByRole('link', { name: text(lang, 'layout', 'login'), exact: true });
      await opener.focus();
      // Focusing the sticky header's link may scroll a little; what counts is the position at opening.
      const y = await page.evaluate(() => Math.round(window.scrollY));
      expect(y).toBeGreaterThan(200);
      await page.keyboard.press('Enter');
      const popup = dialog(page, t(lang, 'auth', 'login.title'));
      await expect(popup).toBeVisible();
      await expect(popup).toHaveAttribute('aria-modal', 'true');
      await expect(popup.locator('input[name="username"]'), 'the first field has focus').toBeFocused();
      expect(new URL(page.url()).pathname, 'the popup opened in place').toBe(at(lang, '/'));

      // Close comes first in tab order and is labelled.
      const close = popup.getByRole('button', { name: t(lang, 'auth', 'close') });
      const firstStop = await popup.evaluate((box) => box.querySelector('button, a[href], input, select')?.getAttribute('aria-label'));
      expect(firstStop).toBe(t(lang, 'auth', 'close'));
      // Shift+Tab from the first stop wraps to the last, Tab from the last to the first: focus stays inside.
      await close.focus();
      await page.keyboard.press('Shift+Tab');
      expect(await popup.evaluate((box) => box.contains(document.activeElement) && document.activeElement !== box.querySelector('button'))).toBe(true);
      await page.keyboard.press('Tab');
      await expect(close).toBeFocused();

      await page.keyboard.press('Escape');
      await page.mouse.click(5, 300);
      await expect(popup, 'Escape and a click outside leave it open').toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).position), 'page scroll is frozen').toBe('fixed');

      // axe once: the login popup on the phone (its other states are read on the desktop below).
      if (axeOnce('phone', testInfo.project.name, lang)) await axePopup(page);

      // Draggable by its title bar.
      const before = (await popup.boundingBox())!;
      const bar = (await popup.locator('.popup-head').boundingBox())!;
      await page.mouse.move(bar.x + 12, bar.y + bar.height / 2);
      await page.mouse.down();
      await page.mouse.move(bar.x + 42, bar.y + bar.height / 2 + 24, { steps: 5 });
      await page.mouse.up();
      const after = (await popup.boundingBox())!;
      expect([Math.round(after.x - before.x), Math.round(after.y - before.y)], 'the popup moved with the pointer').toEqual([30, 24]);

      await close.click();
      await expect(popup).toBeHidden();
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { message: 'the scroll position comes back' }).toBe(y);
      await expect(opener, 'focus returns to the opener').toBeFocused();
    });
  });
}

test.describe(`popups and the member page on the desktop in ${AXE_LANG.desktop.toUpperCase()}`, () => {
  onProject('desktop');
  const lang = AXE_LANG.desktop;

  test('the sms login, registration and forgot-password popups pass axe', async ({ page }) => {
    await openLogin(page, lang);
    const login = dialog(page, t(lang, 'auth', 'login.title'));
    await login.getByRole('button', { name: t(lang, 'auth', 'login.bySms') }).click();
    await login.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
    await expect(login.locator('.field-error').first()).toBeVisible();
    await axePopup(page);

    await login
      .locator('.popup-tabs')
      .getByRole('button', { name: t(lang, 'auth', 'login.tabRegister') })
      .click();
    const register = dialog(page, t(lang, 'auth', 'register.title'));
    await expect(register.locator('input[name="mobileNum"]')).toBeVisible();
    await register.locator('button[type="submit"]', { hasText: t(lang, 'auth', 'register.submit') }).click();
    await expect(register.locator('.field-error').first()).toBeVisible();
    await axePopup(page);
    await register.getByRole('button', { name: t(lang, 'auth', 'register.byUsername') }).click();
    await axePopup(page);

    await register.getByRole('button', { name: t(lang, 'auth', 'register.forgot') }).click();
    const forget = dialog(page, t(lang, 'auth', 'forget.title'));
    await expect(forget.locator('input[name="mobileNum"]')).toBeVisible();
    await axePopup(page);
    await forget.getByRole('button', { name: t(lang, 'auth', 'forget.byEmail') }).click();
    await forget.getByRole('button', { name: t(lang, 'auth', 'forget.sendEmail') }).click();
    await expect(forget.locator('.field-error').first()).toBeVisible();
    await axePopup(page);
  });

  test('the after-login, change-password and sign-out prompts, the header menu and the member page pass axe', async ({ page }) => {
    // Six axe scans, one of them of a whole page: near a minute on a loaded 2-core machine.
    test.slow();
    const user = await createUser({ keepPassword: false });
    await openLogin(page, lang);
    await submitLogin(page, lang, user.username, user.password);
    const change = dialog(page, t(lang, 'auth', 'changePassword.title'));
    await expect(change).toBeVisible();
    await axePopup(page);
    await change.locator('input[name="newPassword"]').fill('Axe123456');
    await change.locator('input[name="confirmNewPassword"]').fill('Axe123456');
    await change.getByRole('button', { name: t(lang, 'auth', 'changePassword.submit') }).click();
    const done = page.getByRole('alertdialog');
    await expect(done).toBeVisible();
    await axePopup(page);
    // The confirmation closes by itself after a few seconds; axe may outlast it.
    await done
      .getByRole('button', { name: t(lang, 'auth', 'confirm') })
      .click({ timeout: 1000 })
      .catch(() => {});
    await expect(done).toBeHidden();

    await accountButton(page, lang, user.username).click();
    await expect(page.getByRole('button', { name: t(lang, 'auth', 'menu.copyId') })).toBeVisible();
    await page.getByRole('button', { name: t(lang, 'auth', 'menu.copyId') }).click();
    await expect(page.getByRole('status').filter({ hasText: t(lang, 'auth', 'menu.copied') })).toBeVisible();
    // The menu is in the header; the home page under it is checked in src/app/tests/e2e/visitor-pages.spec.ts.
    await expectNoSeriousA11yViolations(page, { include: ['.site-header'] });

    await page.getByRole('button', { name: t(lang, 'auth', 'menu.signOut') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axePopup(page);
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t(lang, 'auth', 'cancel') })
      .click();

    await page.goto(at(lang, '/member'));
    await expect(page.getByRole('heading', { name: t(lang, 'auth', 'member.account') })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe(`the agent pages on the phone in ${AXE_LANG.phone.toUpperCase()}`, () => {
  onProject('phone');
  const lang = AXE_LANG.phone;

  test('the agent pages pass axe', async ({ page }) => {
    const agent = await createUser({ type: 'agent' });
    await page.goto(at(lang, '/agent'));
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await submitLogin(page, lang, agent.username, agent.password);
    await expect(page).toHaveURL(new RegExp(`${at(lang, '/agentHome')}$`), { timeout: 15_000 });
    await expect(page.locator('.agent-identity')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('the home page loads no React before it is needed, and the popup code on demand', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((s) => /\/mount\.|\/client\.|react/i.test(s)),
    'no shell before interaction',
  ).toEqual([]);
  await page.getByRole('link', { name: text('en', 'layout', 'login'), exact: true }).click();
  await expect(dialog(page, t('en', 'auth', 'login.title'))).toBeVisible();
  expect(
    scripts.some((s) => /\/mount\./.test(s)),
    'the shell loaded on demand',
  ).toBe(true);
});

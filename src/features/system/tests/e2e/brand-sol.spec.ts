/**
 * The second demo brand (brands/sol.json) on the same build as the first, started with BRAND=sol
 * and nothing else (playwright.config.ts): Spanish only, soles (PEN), one wallet, and other flags
 * (no sms login, no free play, no mobile registration, no password reset by sms, e-mail required).
 * A smoke test: the brand file alone changes what visitors see and what the server accepts.
 */
import { devices } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { accountButton, dialog, expect, newUsername, t, test } from '../../../../../tests/e2e-support/accounts.ts';
import { closeAnnouncements } from '../../../../../tests/e2e-support/fixtures.ts';

test.describe('the second demo brand', () => {
  test('offers Spanish only: / leads to /es with its name, and no English anywhere', async ({ page, request }) => {
    const first = await request.get('/rng?x=1', { maxRedirects: 0 });
    expect(first.status()).toBe(302);
    expect(first.headers().location).toBe('/es/rng?x=1');
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/?$/);
    await expect(page).toHaveTitle(/Sol Demo/);
    // The demo notices and banners name the brand they were seeded for.
    expect(await page.locator('body').innerText()).not.toContain('Lucky Demo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('a[data-lang]')).toHaveCount(1);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(0);
    const status = (await (await request.get('/wps/system/status')).json()).value.info;
    expect(status).toMatchObject({ merchantCode: 'SOLDEMO', brandName: 'Sol Demo', currency: 'PEN', currencySymbol: 'S/', languages: ['es'] });
    await expectNoSeriousA11yViolations(page);
    // Its own help and promotions (the content seed, filled with its name and minimum age of 21).
    await page.goto('/es/help');
    const help = await page.locator('main').innerText();
    expect(help).not.toContain('Lucky Demo');
    expect(help).toContain('Sol Demo');
    await expect(page.locator('#term')).toContainText('21 años');
    await page.goto('/es/promotions');
    expect(await page.locator('main').innerText()).not.toContain('Lucky Demo');
  });

  test('its flags hold on the page and on the server', async ({ page, request }) => {
    await page.goto('/es/login');
    const login = dialog(page, t('es', 'auth', 'login.title'));
    await expect(login.locator('input[name="username"]')).toBeVisible();
    await expect(login.getByRole('button', { name: t('es', 'auth', 'login.freePlay') })).toHaveCount(0);
    await expect(login.getByText(t('es', 'auth', 'login.bySms'), { exact: true })).toHaveCount(0);
    const freePlay = await request.post('/wps/session/login/freeplay', { data: {}, headers: { merchant: 'SOLDEMO', language: 'ES' } });
    expect(freePlay.status()).toBe(403);
    expect((await freePlay.json()).message).toBe('El juego gratuito no está disponible');
    const sms = await request.post('/wps/verification/sms/register', { data: { mobileNo: '912345678', countryDialingCode: '51' }, headers: { merchant: 'SOLDEMO', language: 'ES' } });
    expect((await sms.json()).errorCode).toBe('sms.not.allowed');
  });

  test('a visitor registers with the e-mail the brand requires, and the header counts in soles', async ({ page }) => {
    await page.goto('/es/register');
    const popup = dialog(page, t('es', 'auth', 'register.title'));
    await expect(popup.getByRole('button', { name: t('es', 'auth', 'register.byMobile') })).toHaveCount(0);
    const name = newUsername('sol');
    await popup.locator('input[name="username"]').fill(name);
    await popup.locator('input[name="password"]').fill('Sol12345');
    await popup.locator('input[name="confirmPassword"]').fill('Sol12345');
    // This brand's minimum age is 21: the terms say so.
    await expect(popup.getByRole('checkbox', { name: new RegExp(t('es', 'auth', 'register.terms', { age: 21 })) })).toBeChecked();
    await popup.locator('button[type="submit"]', { hasText: t('es', 'auth', 'register.submit') }).click();
    // The e-mail and the birthday are required by this brand: the two fields left empty are refused inline.
    await expect(popup.locator('.field-error')).toHaveCount(2);
    await expect(popup.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.locator('input[name="birthday"]')).toHaveAttribute('aria-invalid', 'true');
    await popup.locator('input[name="email"]').fill(`${name}@example.com`);
    // Twenty and a half: refused under the field, with the brand's age.
    const year = new Date().getFullYear();
    await popup.locator('input[name="birthday"]').fill(`${year - 20}-06-01`);
    await popup.locator('button[type="submit"]', { hasText: t('es', 'auth', 'register.submit') }).click();
    const ageError = t('es', 'accounts', 'validation.age').replaceAll('(min)', '21');
    await expect(popup.locator('.field-error')).toHaveText([ageError]);
    await popup.locator('input[name="birthday"]').fill(`${year - 30}-06-01`);
    await popup.locator('button[type="submit"]', { hasText: t('es', 'auth', 'register.submit') }).click();
    await expect(popup).toBeHidden({ timeout: 15_000 });
    await expect(accountButton(page, 'es', name)).toBeVisible();
    await expect(page.getByRole('button', { name: /S\/\s?0\.00/ })).toBeVisible();
  });

  test('fits a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
    await closeAnnouncements(context);
    const page = await context.newPage();
    await page.goto('/es');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

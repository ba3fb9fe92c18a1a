/**
 * The language rules for a visitor landing on / (audit item 14; spec 4, language change): a
 * browser that prefers es-MX is offered the Spanish site, in Spanish; following the offer shows
 * the Spanish page with the Mexican operator licence in the footer, and the choice is kept; an
 * English browser is offered nothing, and 'No, thanks' is remembered too.
 */
import { expect, test } from '../../../../tests/e2e-support/fixtures.ts';

test.describe('a browser that prefers es-MX', () => {
  test.use({ locale: 'es-MX' });

  test('is offered the Spanish site on /, and its Spanish pages show the Mexican licence', async ({ page }) => {
    await page.goto('/');
    const offer = page.getByRole('complementary', { name: 'Idioma' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Este sitio también está en español.');
    await offer.getByRole('link', { name: 'Ver en español' }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('En México, operado por');
    await expect(footer).toContainText('Curazao');
    expect(await page.evaluate(() => localStorage.getItem('currentLanguage'))).toBe('es');
    // On the Spanish site nothing more is offered; back on an English page, Spanish (the choice) is.
    await expect(page.locator('aside[data-offer]:visible')).toHaveCount(0);
    await page.goto('/help');
    await expect(page.getByRole('complementary', { name: 'Idioma' })).toBeVisible();
    await page.screenshot({ path: 'test-results/language-offer-es-footer.png', fullPage: false });
  });

  test("'No, thanks' keeps the English page and stops the offer", async ({ page }) => {
    await page.goto('/');
    const offer = page.getByRole('complementary', { name: 'Idioma' });
    await offer.getByRole('button', { name: 'No, gracias' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.locator('aside[data-offer]:visible')).toHaveCount(0);
  });
});

test.describe('a browser that prefers English', () => {
  test.use({ locale: 'en-US' });

  test('is offered no other language on /, and the English footer has no Mexican licence', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('Curaçao');
    await expect(page.locator('aside[data-offer]:visible')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).not.toContainText('México');
  });
});

/**
 * The search modal end to end (spec 2.6, 2.8, 4 Search, 5, 9), in English and Spanish: the
 * 'Find your game' bar opens a labelled popup whose close button comes first; typing is trimmed
 * and searched 500 ms after the last keystroke, in pages of 32; More appends the next page;
 * clearing empties the list and shows the first page of all games again; no match shows the
 * empty state, a failed load an error with retry; a visitor's Play asks for a login above the
 * search. axe finds no serious violation in the modal (checked once, on the phone).
 */
import type { Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../../../tests/e2e-support/a11y.ts';
import { axeOnce, englishOnPhoneSpanishOnDesktop, LANGS, text, type Lang } from '../../../../../tests/e2e-support/i18n.ts';
import { at, dialog, expect, t, test } from '../../../../../tests/e2e-support/accounts.ts';

/** The gameList calls the page makes, with the time each was sent. */
function watchSearches(page: Page): { url: URL; at: number }[] {
  const calls: { url: URL; at: number }[] = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/wps/relay/GCSGAME_gameList')) calls.push({ url: new URL(r.url()), at: Date.now() });
  });
  return calls;
}

/** The status line of `key` with any count: '199 games match “drag”'. */
function counted(lang: Lang, key: string, query = ''): RegExp {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = text(lang, 'lobby', key).replace('{{query}}', query).split('{{count}}');
  return new RegExp(`^${parts.map(escape).join('\\d[\\d.,]*')}$`);
}

for (const { lang } of LANGS) {
  test.describe(`search modal in ${lang.toUpperCase()}`, () => {
    englishOnPhoneSpanishOnDesktop(lang);
    test('typing is debounced and trimmed, More appends, clearing reloads, no match is said', async ({ page }) => {
      const calls = watchSearches(page);
      await page.goto(at(lang, '/'));
      await page.getByRole('searchbox', { name: t(lang, 'nav', 'findYourGame') }).click();
      const modal = dialog(page, t(lang, 'lobby', 'search.title'));
      await expect(modal).toBeVisible();
      // Popup semantics: the labelled close button is the first stop; the field has the focus.
      await expect(modal.locator('button, input, a[href]').first()).toHaveAccessibleName(t(lang, 'lobby', 'close'));
      const field = modal.getByRole('searchbox', { name: t(lang, 'lobby', 'search.label') });
      await expect(field).toBeFocused();
      const tiles = modal.locator('article.tile');
      // It opens on the first page of all games.
      await expect(tiles).toHaveCount(32);
      expect(calls.at(-1)!.url.searchParams.get('gameName')).toBeNull();
      expect(calls.at(-1)!.url.searchParams.get('pageSize')).toBe('32');

      const before = calls.length;
      // Times taken in the page: the last change of the field, and when the search was sent.
      await field.evaluate((el) => el.addEventListener('input', () => ((window as unknown as { lastInput: number }).lastInput = performance.now())));
      await field.pressSequentially('  drag ', { delay: 120 });
      await expect(modal.getByRole('status')).toHaveText(counted(lang, 'search.countFor', 'drag'), { timeout: 10_000 });
      const searches = calls.slice(before);
      // Fewer calls than keystrokes (one, unless the loaded machine paused the typing for longer
      // than the debounce), the last for the trimmed name, half a second after the last keystroke.
      const names = searches.map((c) => c.url.searchParams.get('gameName'));
      expect(names.length).toBeLessThan('  drag '.length);
      expect(names.at(-1)).toBe('drag');
      expect(
        names.every((n) => n !== null && 'drag'.startsWith(n)),
        JSON.stringify(names),
      ).toBe(true);
      const waited = await page.evaluate(() => {
        const sent = performance.getEntriesByType('resource').find((e) => e.name.includes('gameName=drag'))!;
        return sent.startTime - (window as unknown as { lastInput: number }).lastInput;
      });
      expect(waited).toBeGreaterThanOrEqual(480);
      expect(searches.at(-1)!.url.searchParams.get('pageNo')).toBe('1');
      await expect(tiles).toHaveCount(32);
      for (const name of await tiles.locator('.name').allTextContents()) expect(name.toLowerCase()).toContain('drag');

      // More appends the next page of the same name.
      await modal.getByRole('button', { name: t(lang, 'lobby', 'more'), exact: true }).click();
      await expect(tiles).toHaveCount(64);
      expect(calls.at(-1)!.url.searchParams.get('gameName')).toBe('drag');
      expect(calls.at(-1)!.url.searchParams.get('pageNo')).toBe('2');

      // Clearing empties the list and reloads the first page of all games.
      await field.fill('');
      await expect(tiles).toHaveCount(32);
      expect(calls.at(-1)!.url.searchParams.get('gameName')).toBeNull();
      await expect(modal.getByRole('status')).toHaveText(counted(lang, 'search.count'));

      // No match: the empty state.
      await field.fill('zzqqxxyy');
      await expect(modal.getByText(t(lang, 'lobby', 'search.emptyFor', { query: 'zzqqxxyy' }))).toBeVisible();
      await expect(tiles).toHaveCount(0);

      // The close button closes it and gives the focus back to the bar.
      await modal.getByRole('button', { name: t(lang, 'lobby', 'close') }).click();
      await expect(modal).toBeHidden();
    });

    test('a failed search says so and retries; a visitor who clicks Play gets the login popup', async ({ page }, testInfo) => {
      await page.route('**/wps/relay/GCSGAME_gameList?*gameName=baccarat*', (route) => route.abort('failed'), { times: 1 });
      await page.goto(at(lang, '/rng'));
      const bar = page.getByRole('searchbox', { name: t(lang, 'nav', 'findYourGame') });
      // Typing into the bar opens the modal with what was typed.
      await bar.click();
      const modal = dialog(page, t(lang, 'lobby', 'search.title'));
      const field = modal.getByRole('searchbox', { name: t(lang, 'lobby', 'search.label') });
      await field.fill('baccarat');
      const alert = modal.getByRole('alert');
      await expect(alert).toBeVisible({ timeout: 10_000 });
      await alert.getByRole('button', { name: t(lang, 'lobby', 'search.retry') }).click();
      await expect(alert).toBeHidden();
      const tiles = modal.locator('article.tile');
      await expect(tiles.first()).toBeVisible();

      if (axeOnce('phone', testInfo.project.name, lang)) await expectNoSeriousA11yViolations(page, { exclude: ['.site-header', '.frame', '.cs-widget'] });

      const name = (await tiles.first().locator('.name').textContent())!.trim();
      await tiles
        .first()
        .getByRole('link', { name: t(lang, 'lobby', 'playNamed', { name }), exact: true })
        .click();
      const login = dialog(page, t(lang, 'auth', 'login.title'));
      await expect(login.locator('input[name="username"]')).toBeVisible();
      // The search is still there under the login popup.
      await expect(modal).toBeAttached();
    });

    test('without the modal the bar still submits to /all', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(at(lang, '/'));
      await page.getByRole('searchbox', { name: t(lang, 'nav', 'findYourGame') }).fill('dragon');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/all')}\\?gameName=dragon$`));
      await expect(page.locator('article.tile').first()).toBeVisible();
      await context.close();
    });
  });
}

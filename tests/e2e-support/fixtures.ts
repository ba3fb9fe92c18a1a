/**
 * Playwright's test with what every e2e spec shares: the home page's announcement popup (spec
 * 2.8) stays closed, as if closed earlier in the session, so that it covers no page a test is
 * about; a test about the popup turns it on with `test.use({ announcements: true })`.
 */
import { test as base, type BrowserContext, type TestInfo } from '@playwright/test';

/** Session storage flags of src/features/home/islands/announce.ts (POPUP_CLOSED_KEY). */
const CLOSED_FLAGS = ['announcePopupClosed.member', 'announcePopupClosed.visitor'];

/** Keeps the announcement popup closed in a context a test makes itself (browser.newContext). */
export async function closeAnnouncements(context: BrowserContext): Promise<void> {
  await context.addInitScript((flags: string[]) => flags.forEach((f) => window.sessionStorage.setItem(f, '1')), CLOSED_FLAGS);
}

/**
 * The flags are set on the test's own context as it is made, not by an automatic fixture: an
 * automatic fixture that needs the context made a browser context for every test, even one that
 * skips itself in a beforeEach hook before using a page (1-2 s each on a loaded 2-core machine).
 */
export const test = base.extend<{ announcements: boolean }>({
  announcements: [false, { option: true }],
  context: async ({ context, announcements }, use, testInfo) => {
    if (!announcements) await closeAnnouncements(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) await screenshotPages(context, testInfo);
  },
});

/**
 * A failed test leaves a screenshot of each page of its context in test-results/ (as
 * test-failed-N.png, attached to the test). Playwright's own `screenshot: 'only-on-failure'`
 * shoots every page of every test before closing its context, in case the test fails later,
 * and throws the pictures away when it passes: 0.9 s a test on a quiet 2-core machine, 2-3 s
 * under load, for pictures of passing tests (playwright.config.ts turns it off).
 */
async function screenshotPages(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  let n = 0;
  for (const page of context.pages()) {
    const path = testInfo.outputPath(`test-failed-${++n}.png`);
    // Listed as Playwright lists its own (attach() would keep a second copy of the file).
    if (await page.screenshot({ path, timeout: 5_000 }).catch(() => null)) testInfo.attachments.push({ name: 'screenshot', path, contentType: 'image/png' });
  }
}

export { expect } from '@playwright/test';

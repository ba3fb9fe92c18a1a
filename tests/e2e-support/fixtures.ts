/**
 * Playwright's test with what every e2e spec shares: the home page's announcement popup (spec
 * 2.8) stays closed, as if closed earlier in the session, so that it covers no page a test is
 * about; a test about the popup turns it on with `test.use({ announcements: true })`.
 */
import { test as base, type BrowserContext } from '@playwright/test';

/** Session storage flags of src/features/home/islands/announce.ts (POPUP_CLOSED_KEY). */
const CLOSED_FLAGS = ['announcePopupClosed.member', 'announcePopupClosed.visitor'];

/** Keeps the announcement popup closed in a context a test makes itself (browser.newContext). */
export async function closeAnnouncements(context: BrowserContext): Promise<void> {
  await context.addInitScript((flags: string[]) => flags.forEach((f) => window.sessionStorage.setItem(f, '1')), CLOSED_FLAGS);
}

export const test = base.extend<{ announcements: boolean; quietAnnouncements: void }>({
  announcements: [false, { option: true }],
  quietAnnouncements: [
    async ({ context, announcements }, use) => {
      if (!announcements) await closeAnnouncements(context);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/** Collects what a page reports as errors, so that a test can require there were none. */
import type { Page } from '@playwright/test';

/**
 * Starts listening on `page`; read `.errors` after the page has been used. Console warnings count
 * too (issue 17: a page should log none, as the Swiper Loop Warning did).
 */
export function watchConsoleErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`console ${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A navigation away cancels requests still under way; that is not the page's fault.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { errors };
}

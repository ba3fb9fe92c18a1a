/**
 * One clock (issue 26, item 7): every time of day a page shows is in the brand's zone and says
 * so. `expectOneClock` reads the header clock's GMT label (or is given it, on pages without one) and checks that each time of day in
 * the page's visible text (h:mm, with or without seconds or AM/PM) is followed by the same label.
 * Durations (countdowns) are marked `data-duration` and left out, as is the header clock itself
 * (its label stands beside it).
 */
import { expect, type Page } from '@playwright/test';

export async function expectOneClock(page: Page, pageWithoutClock?: { zone: string }): Promise<{ zone: string; times: string[] }> {
  // The back office has no header: its times carry the zone the site's clock shows.
  const zone = pageWithoutClock?.zone ?? (await page.locator('header [data-tz]').first().textContent())?.trim() ?? '';
  expect(zone, 'the header clock names its zone').toMatch(/^GMT[+-]\d{1,2}(:\d{2})?$/);
  const found = await page.evaluate(() => {
    const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?(?:[AaPp]\.?\s?[Mm]\.?))?/g;
    const out: { time: string; context: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript, [data-duration], [data-clock], [hidden], [aria-hidden="true"]')) continue;
      if (!el.checkVisibility?.()) continue;
      const text = n.textContent ?? '';
      // The element's whole text: a label may sit in a sibling text node of the same element.
      const context = el.textContent ?? '';
      for (const m of text.matchAll(TIME)) out.push({ time: m[0], context: context.replace(/\s+/g, ' ').trim().slice(0, 160) });
    }
    return out;
  });
  const unlabelled = found.filter((f) => !f.context.includes(zone));
  expect(unlabelled, `times on ${page.url()} without ${zone}`).toEqual([]);
  return { zone, times: found.map((f) => f.time) };
}

/** Accessibility checks with axe-core: the suite fails on any serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.x A and AA rules, which is what the pages promise. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and fails listing every serious or critical violation.
 * `include` limits it to the parts under test when the page around them is checked elsewhere
 * (axe's time grows with the elements it checks: the home page's thousands take seconds);
 * `exclude` leaves out layers a popup covers.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string[]; exclude?: string[] } = {}): Promise<void> {
  // A popup still fading in has its colours mid-way: axe then measures a contrast no one reads
  // (a loaded CI machine caught the login popup so). Let running transitions and animations end.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // Only violations are wanted; skipping the detail of passes keeps axe faster on big pages.
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}`)
        .join('\n')}`,
  );
  expect(report, `axe found serious violations on ${page.url()}`).toEqual([]);
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pagerItems } from '../pager.ts';

describe('pagerItems (spec 9: page range 5, 1 margin page)', () => {
  it('shows every page when they fit', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps 5 pages around the current one and one page at each end', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    // A single hidden page is shown rather than a gap.
    expect(pagerItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
  });
  it('always shows the current, first and last pages, in order, with no page twice and no gap of one page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), (total, cur) => {
        const current = Math.min(cur, total);
        const items = pagerItems(current, total);
        const pages = items.filter((i): i is number => i !== 'gap');
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages[pages.length - 1]).toBe(total);
        for (let i = 1; i < pages.length; i++) expect(pages[i]!).toBeGreaterThan(pages[i - 1]!);
        items.forEach((it, i) => {
          if (it !== 'gap') return;
          expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
        });
        // Never wider than margin + range + margin numbers with two gaps (a filled gap takes a gap's place).
        expect(items.length).toBeLessThanOrEqual(9);
      }),
    );
  });
});

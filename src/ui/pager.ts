/**
 * Which page buttons a pager shows (spec 9: the announcement popup shows a range of 5 pages
 * around the current one and 1 margin page at each end), as react-paginate's pageRangeDisplayed
 * and marginPagesDisplayed do. A gap hides two or more pages; a single hidden page is shown
 * instead, since its number takes no more room than the gap's mark.
 */
export type PagerItem = number | 'gap';

/** Pages are 1-based; `current` is clamped into 1..total. */
export function pagerItems(current: number, total: number, range = 5, margin = 1): PagerItem[] {
  if (total <= 0) return [];
  const cur = Math.min(Math.max(1, current), total);
  const start = Math.max(1, Math.min(cur - Math.floor((range - 1) / 2), total - range + 1));
  const end = Math.min(total, start + range - 1);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const out: PagerItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(p - 1);
    else if (prev !== undefined && p - prev > 2) out.push('gap');
    out.push(p);
  });
  return out;
}

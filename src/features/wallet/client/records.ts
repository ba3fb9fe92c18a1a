/**
 * The record lists' filters as stores (islands/records.tsx renders them): a list's period and
 * page (spec 9: the last 7 days at first, back to page 1 when the period changes) and a paged
 * list's page. The period picker's own state is the UI kit's (src/ui/stores/range-picker.ts).
 */
import { atom, map } from 'nanostores';
import { lastDays, type DayRange } from '../../../ui/ranges.ts';

/** A record list's period (the last 7 days up to `today` at first) and page. */
export function createRecordFilter(today: string) {
  const $filter = map<{ range: DayRange; page: number }>({ range: lastDays(today, 7), page: 1 });
  return {
    $filter,
    /** A new period starts again at page 1. */
    setRange: (range: DayRange) => $filter.set({ range, page: 1 }),
    setPage: (page: number) => $filter.set({ ...$filter.get(), page }),
  };
}

/** A paged list's page (a list without a period: orders, withdrawals). */
export function createRecordPage() {
  const $page = atom(1);
  return { $page, setPage: (page: number) => $page.set(page) };
}

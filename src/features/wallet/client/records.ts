/**
 * The record lists' filters as stores (the components of islands/records.tsx render them): a
 * list's period and page (spec 9: the last 7 days at first, back to page 1 when the period
 * changes), a paged list's page, and the period picker's own state (the chosen window, the dates
 * as typed, why typed dates are refused).
 */
import { atom, map } from 'nanostores';
import { checkRange, lastDays, shiftRange, type DayRange, type RangeSpan } from '../islands/format.ts';

/** Why dates typed in the picker are refused (checkRange of islands/format.ts). */
export type RangeProblem = NonNullable<ReturnType<typeof checkRange>>;

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

export interface RangePickerView {
  /** The window the previous and next buttons move by. */
  span: RangeSpan;
  /** The dates as typed (they follow the period shown). */
  draft: DayRange;
  problem: RangeProblem | null;
}

/**
 * The period picker: 7 or 30 days, previous and next, or two dates. Each step answers the period
 * to show (null: none, the typed dates are refused); the picker's owner keeps the period.
 */
export function createRangePicker(shown: DayRange) {
  const $picker = map<RangePickerView>({ span: 7, draft: shown, problem: null });
  const set = (patch: Partial<RangePickerView>) => $picker.set({ ...$picker.get(), ...patch });
  return {
    $picker,
    /** The last `span` days up to `today`. */
    pick(span: RangeSpan, today: string): DayRange {
      set({ span, problem: null });
      return lastDays(today, span);
    },
    /** The window before (-1) or after (1) the period `shown`, never past `today`. */
    shift(shown: DayRange, dir: -1 | 1, today: string): DayRange {
      set({ problem: null });
      return shiftRange(shown, $picker.get().span, dir, today);
    },
    /** Dates as typed: the period to show, or null when they are refused (the problem is kept). */
    type(draft: DayRange, today: string): DayRange | null {
      const problem = checkRange(draft, today);
      set({ draft, problem });
      return problem ? null : draft;
    },
    /** The period shown changed (a window chosen): the dates follow it. */
    follow: (shown: DayRange) => set({ draft: shown }),
  };
}

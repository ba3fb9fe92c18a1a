/**
 * The period picker's own state as a store (RangeFilter.tsx renders it): the chosen window, the
 * dates as typed (they follow the period shown), and why typed dates are refused.
 */
import { map } from 'nanostores';
import { checkRange, lastDays, shiftRange, type DayRange, type RangeProblem, type RangeSpan } from '../ranges.ts';

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

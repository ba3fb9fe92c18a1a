/**
 * The period picker's pure parts (src/ui/ranges.ts, src/ui/stores/range-picker.ts) and the list's
 * dates (src/ui/dates.ts): the record filters of the wallet and the agent's reports use them.
 */
import { describe, expect, it } from 'vitest';
import { dateTime, dayLabel } from '../dates.ts';
import { checkRange, lastDays, shiftRange } from '../ranges.ts';
import { createRangePicker } from '../stores/range-picker.ts';

describe('the record filters’ periods', () => {
  it('step back and forth by 7 or 30 days, never past today', () => {
    const today = '2026-03-15';
    const week = lastDays(today, 7);
    expect(week).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    const before = shiftRange(week, 7, -1, today);
    expect(before).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(shiftRange(before, 7, 1, today)).toEqual(week);
    expect(shiftRange(week, 7, 1, today), 'the next window stops at today').toEqual(week);
    expect(shiftRange(lastDays(today, 30), 30, -1, today)).toEqual({ from: '2026-01-15', to: '2026-02-13' });
  });

  it('refuse a reversed range, one ending after today and one longer than 31 days', () => {
    const today = '2026-03-15';
    expect(checkRange({ from: '2026-03-10', to: '2026-03-01' }, today)).toBe('order');
    expect(checkRange({ from: '2026-03-10', to: '2026-03-16' }, today)).toBe('future');
    expect(checkRange({ from: '2026-02-01', to: '2026-03-04' }, today)).toBe('tooLong');
    expect(checkRange({ from: '2026-02-01', to: '2026-03-03' }, today)).toBeNull();
    expect(checkRange({ from: '', to: '2026-03-03' }, today)).toBe('order');
  });
});

describe('the period picker', () => {
  it('moves by the chosen window, and refuses typed dates in the wrong order or too far apart', () => {
    const shown = { from: '2026-03-09', to: '2026-03-15' };
    const p = createRangePicker(shown);
    expect(p.pick(30, '2026-03-15')).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    // The window chosen last (30 days) is the step.
    expect(p.shift(shown, -1, '2026-03-15')).toEqual({ from: '2026-02-07', to: '2026-03-08' });
    expect(p.type({ from: '2026-03-10', to: '2026-03-01' }, '2026-03-15')).toBeNull();
    expect(p.$picker.get()).toMatchObject({ problem: 'order', draft: { from: '2026-03-10', to: '2026-03-01' } });
    expect(p.type({ from: '2026-01-01', to: '2026-03-01' }, '2026-03-15')).toBeNull();
    expect(p.$picker.get().problem).toBe('tooLong');
    expect(p.type({ from: '2026-03-01', to: '2026-03-02' }, '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(p.$picker.get().problem).toBeNull();
    p.follow(shown);
    expect(p.$picker.get().draft).toEqual(shown);
  });
});

describe('dates in a list', () => {
  it('write a calendar day as its language does, whatever the zone', () => {
    expect(dayLabel('2026-03-15', 'en')).toBe('Mar 15, 2026');
    expect(dayLabel('2026-01-01', 'en'), 'no zone moves a day to the one before').toBe('Jan 1, 2026');
  });

  it('write an instant with its GMT offset (UTC for a page without a brand zone)', () => {
    // ICU puts a narrow no-break space before AM.
    expect(dateTime(Date.UTC(2026, 10, 27, 9, 27), 'en').replace(/\s/g, ' ')).toBe('Nov 27, 2026, 9:27 AM GMT+0');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { formatWeeklyHours, hoursAt } from '../hours.ts';
import { setIntlLocales } from '../intl.ts';

afterEach(() => setIntlLocales({}, 'UTC'));

describe('weekly hours', () => {
  const agentSupport = { fromDay: 1, toDay: 5, opens: '12:00', closes: '21:00' };

  it('writes the days in the reader language', () => {
    setIntlLocales({}, 'America/Mexico_City');
    expect(formatWeeklyHours(agentSupport, 'en')).toBe('Mon–Fri 12:00–21:00 GMT-6');
    expect(formatWeeklyHours(agentSupport, 'es')).toBe('lun–vie 12:00–21:00 GMT-6');
  });

  it('names a single day once', () => {
    setIntlLocales({}, 'UTC');
    expect(formatWeeklyHours({ fromDay: 7, toDay: 7, opens: '09:00', closes: '12:00' }, 'en')).toBe('Sun 09:00–12:00 GMT+0');
  });
});

describe('whether the hours are open', () => {
  const zone = 'America/Mexico_City';
  const weekdays = { fromDay: 1, toDay: 5, opens: '12:00', closes: '21:00' };
  // 2026-11-30 is a Monday; Mexico City is UTC-6.
  const at = (iso: string) => Date.parse(iso);

  it('is open inside the hours of an open day, in the zone', () => {
    expect(hoursAt(weekdays, at('2026-11-30T18:00:00Z'), zone)).toEqual({ open: true, nextOpen: null });
    expect(hoursAt(weekdays, at('2026-11-30T17:59:59Z'), zone).open).toBe(false);
    expect(hoursAt(weekdays, at('2026-12-01T03:00:00Z'), zone).open).toBe(false);
  });

  it('says when they open next: later today, tomorrow, or after the weekend', () => {
    expect(hoursAt(weekdays, at('2026-11-30T15:00:00Z'), zone).nextOpen).toBe(at('2026-11-30T18:00:00Z'));
    expect(hoursAt(weekdays, at('2026-12-01T04:00:00Z'), zone).nextOpen).toBe(at('2026-12-01T18:00:00Z'));
    // Friday night (Dec 4, 22:00 local) and Saturday wait for Monday.
    expect(hoursAt(weekdays, at('2026-12-05T04:00:00Z'), zone).nextOpen).toBe(at('2026-12-07T18:00:00Z'));
    expect(hoursAt(weekdays, at('2026-12-05T20:00:00Z'), zone).nextOpen).toBe(at('2026-12-07T18:00:00Z'));
  });

  it('runs past midnight when they close before they open, from the day they open', () => {
    const nights = { fromDay: 5, toDay: 6, opens: '22:00', closes: '02:00' };
    // Friday (Dec 4) 23:00 and Saturday 01:00 local are open; Saturday 03:00 is not; Sunday 01:00 (Saturday night's) is; Monday 01:00 is not.
    expect(hoursAt(nights, at('2026-12-05T05:00:00Z'), zone).open).toBe(true);
    expect(hoursAt(nights, at('2026-12-05T07:00:00Z'), zone).open).toBe(true);
    expect(hoursAt(nights, at('2026-12-05T09:00:00Z'), zone).open).toBe(false);
    expect(hoursAt(nights, at('2026-12-06T07:00:00Z'), zone).open).toBe(true);
    expect(hoursAt(nights, at('2026-12-07T07:00:00Z'), zone).open).toBe(false);
  });
});

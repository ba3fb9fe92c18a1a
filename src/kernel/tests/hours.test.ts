import { afterEach, describe, expect, it } from 'vitest';
import { formatWeeklyHours } from '../hours.ts';
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

/**
 * The reports' pure rules and the back office's own formats (client/report-logic.ts,
 * client/format.ts): the filters a query carries, where a failure shows, an export's row count,
 * rates, settlement periods and the colour of a result.
 */
import { describe, expect, it } from 'vitest';
import { percent, periodLabel, plClass } from '../client/format.ts';
import { csvDataRows, fieldIssue, nonEmpty } from '../client/report-logic.ts';

describe('the reports', () => {
  it('sends only the filters that say something', () => {
    expect(nonEmpty({ username: '', category: ' ', vendor: 'PG', kind: 'all' })).toEqual({ vendor: 'PG', kind: 'all' });
  });

  it('tells a member outside the team under its field, and anything else over the list', () => {
    expect(fieldIssue('Not in your team', 'agent.member.unknown')).toEqual({ field: 'Not in your team', list: null });
    expect(fieldIssue('Network link is abnormal', 'network')).toEqual({ field: null, list: 'Network link is abnormal' });
    expect(fieldIssue(null, null)).toEqual({ field: null, list: null });
  });

  it("counts an export's data rows: not the headings, nor the overview's total line", () => {
    expect(csvDataRows('Time,Member\r\n1,a\r\n2,b\r\n', 'bets')).toBe(2);
    expect(csvDataRows('Day,Bets\r\n2026-03-09,3\r\n2026-03-10,1\r\nTotal,4\r\n', 'overview')).toBe(2);
    expect(csvDataRows('Time,Member\r\n', 'income')).toBe(0);
    expect(csvDataRows('', 'overview')).toBe(0);
  });
});

describe("the back office's formats", () => {
  it('writes rates in percent with up to two decimals', () => {
    expect(percent(1.5, 'en')).toBe('1.5 %');
    expect(percent(0.125, 'en')).toBe('0.13 %');
  });

  it('writes a day-long period as its day, a longer one as its first and last day', () => {
    const tz = 'America/Mexico_City';
    expect(periodLabel(Date.UTC(2026, 2, 9, 6), Date.UTC(2026, 2, 10, 6), 'en', tz)).toBe('Mar 9, 2026');
    expect(periodLabel(Date.UTC(2026, 2, 9, 6), Date.UTC(2026, 2, 16, 6), 'en', tz)).toBe('Mar 9, 2026 – Mar 15, 2026');
  });

  it("writes a shorter period as its day and hours on the brand's clock, saying which", () => {
    const label = periodLabel(Date.UTC(2026, 2, 9, 15), Date.UTC(2026, 2, 9, 16), 'en', 'America/Mexico_City');
    expect(label.replace(/\s/g, ' ')).toBe('Mar 9, 2026 9:00 AM–10:00 AM GMT-6');
  });

  it('colours a loss and a win, and not zero', () => {
    expect([plClass(-1), plClass(2), plClass(0)]).toEqual(['neg', 'pos', undefined]);
  });
});

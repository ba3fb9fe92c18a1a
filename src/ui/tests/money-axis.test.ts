/**
 * The overview chart's money axis (src/ui/money-axis.ts): every tick in the reports' one money
 * format, and an axis wide enough for its widest tick, so that no tick loses its currency symbol
 * at the canvas' edge (the axis read "$0.00" beside "2,000.00" when it was a fixed 70 px).
 */
import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { formatMoney } from '../../kernel/money.ts';
import { moneyAxis } from '../money-axis.ts';

const money = (n: number) => formatMoney(n.toFixed(2), 'en', '$');
/** About 12px system-ui: 7 px a character. */
const measure = (text: string) => text.length * 7;
const chart = { axes: [{}, { font: ['12px system-ui', 12] }] } as unknown as uPlot;

describe('the money axis', () => {
  const axis = moneyAxis(money, measure);
  const labels = (axis.values as (u: uPlot, ticks: number[], i: number, space: number, incr: number) => string[])(chart, [-1_500, 0, 2_000, 12_000], 1, 40, 500);
  const size = (values: string[]) => (typeof axis.size === 'function' ? axis.size(chart, values, 1, 0) : (axis.size ?? 0));

  it('writes every tick in one format: the symbol, grouping and two decimals', () => {
    expect(labels).toEqual(['-$1,500.00', '$0.00', '$2,000.00', '$12,000.00']);
  });

  it('is as wide as its widest tick, its tick and the gap before it', () => {
    const room = size(labels) - (axis.ticks?.size ?? 0) - (axis.gap ?? 0);
    expect(room).toBeGreaterThanOrEqual(measure('$12,000.00'));
    expect(size(['$0.00'])).toBeLessThan(size(labels));
  });
});

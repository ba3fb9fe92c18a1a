/**
 * The CSV cells of the reports' exports (server/export.ts): a number stays a number, a negative
 * one too, so an agent's sums work; text that a spreadsheet would run as a formula is defused.
 */
import { describe, expect, it } from 'vitest';
import { csv } from '../server/export.ts';

const cells = (row: unknown[]) =>
  csv(
    row.map(() => 'h'),
    [row],
  )
    .replace(/^\uFEFF/, '')
    .split('\r\n')[1];

describe('CSV cells', () => {
  it('leaves plain numbers, negative ones included, as numbers', () => {
    expect(cells(['-3.00', '3.00', -3, '-0.50', '12', '-1250.75'])).toBe('-3.00,3.00,-3,-0.50,12,-1250.75');
  });

  it('defuses text that starts with = + - @ a tab or a carriage return, negative-looking formulas included', () => {
    expect(cells(['=SUM(A1:A9)', '+1+2', '-3+cmd', '@x', '\tx', '\rx', '-', '-3.00e5'])).toBe(`'=SUM(A1:A9),'+1+2,'-3+cmd,'@x,'\tx,"'\rx",'-,'-3.00e5`);
  });

  it('quotes a cell with a separator, a quote or a line break', () => {
    expect(cells(['a,b', 'say "hi"', 'x\ny'])).toBe('"a,b","say ""hi""","x\ny"');
  });
});

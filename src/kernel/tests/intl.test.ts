/**
 * Numbers, money and dates in the brand's regional locale (issue 17): Spanish for Mexico writes
 * $1,121.50 where Spain writes $1121,50; a language the brand does not map writes as itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { intlLocale, setIntlLocales } from '../intl.ts';
import { decimalSeparator, formatMoney } from '../money.ts';
import { readFileSync } from 'node:fs';
import { parseBrandFile } from '../brand/schema.ts';

afterEach(() => setIntlLocales({}));

describe('regional locales', () => {
  it('write money as the brand region does', () => {
    setIntlLocales({});
    expect(formatMoney('1121.5', 'es', '$')).toBe('$1121,50');
    setIntlLocales({ es: 'es-MX', en: 'en-US' });
    expect(intlLocale('es')).toBe('es-MX');
    expect(intlLocale('pt')).toBe('pt');
    expect(formatMoney('1121.5', 'es', '$')).toBe('$1,121.50');
    expect(formatMoney('20000', 'es', '$')).toBe('$20,000.00');
    expect(formatMoney('-1234567.5', 'en', '$')).toBe('-$1,234,567.50');
    expect(decimalSeparator('es')).toBe('.');
    expect(new Intl.DateTimeFormat(intlLocale('es'), { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 26))).toBe('26 nov 2026');
  });

  it('are checked in the brand file', () => {
    const demo = JSON.parse(readFileSync(new URL('../../../brands/demo.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(parseBrandFile(demo, 'demo').intlLocales).toEqual({ en: 'en-US', es: 'es-MX' });
    expect(() => parseBrandFile({ ...demo, intlLocales: { es: 'not a locale!' } }, 'demo')).toThrow(/intlLocales/);
    expect(() => parseBrandFile({ ...demo, intlLocales: { xx: 'es-MX' } }, 'demo')).toThrow(/intlLocales/);
  });
});

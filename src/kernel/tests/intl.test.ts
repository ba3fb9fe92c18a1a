/**
 * Numbers, money and dates in the brand's regional locale (issue 17): Spanish for Mexico writes
 * $1,121.50 where Spain writes $1121,50; a language the brand does not map writes as itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { brandTimeZone, clockText, formatDateTime, formatTime, gmtLabel, intlLocale, setIntlLocales } from '../intl.ts';
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

describe('one clock', () => {
  afterEach(() => setIntlLocales({}, 'UTC'));

  it('writes every time in the brand zone with its GMT offset', () => {
    setIntlLocales({ es: 'es-MX', en: 'en-US' }, 'America/Mexico_City');
    const ms = Date.UTC(2026, 10, 27, 11, 15, 7);
    expect(brandTimeZone()).toBe('America/Mexico_City');
    expect(gmtLabel(ms)).toBe('GMT-6');
    expect(formatTime(ms, 'en')).toBe('5:15 AM GMT-6');
    expect(formatDateTime(ms, 'en')).toBe('Nov 27, 2026, 5:15 AM GMT-6');
    expect(formatDateTime(ms, 'es', { seconds: true })).toMatch(/^27 nov 2026, 5:15:07 a\.\s?m\. GMT-6$/);
    expect(clockText(ms)).toEqual({ time: '05:15:07', zone: 'GMT-6' });
  });

  it('follows a zone across its daylight-saving change and names UTC as GMT+0', () => {
    setIntlLocales({}, 'America/New_York');
    expect(gmtLabel(Date.UTC(2026, 6, 1))).toBe('GMT-4');
    expect(gmtLabel(Date.UTC(2026, 11, 1))).toBe('GMT-5');
    expect(gmtLabel(0, 'Asia/Kolkata')).toBe('GMT+5:30');
    setIntlLocales({}, 'UTC');
    expect(clockText(Date.UTC(2026, 0, 1, 23, 59, 59))).toEqual({ time: '23:59:59', zone: 'GMT+0' });
  });
});

/**
 * The betting board writes a bet type's pay as the page's locale writes numbers (audit item 14):
 * Spanish follows the brand's region (es-MX for the demo brand: 'Paga 9.8x', beside '$9.80'),
 * and no lottery or wallet catalogue writes a decimal number itself, where a translator's habit
 * ('9,8', '25,50') would disagree with the brand's locale.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BET_TYPES } from '../server/engine/bets.ts';
import { betLabel, paysText, type BetTypeLabels } from '../bet-labels.ts';
import { setIntlLocales } from '../../../kernel/intl.ts';
import { LOCALES } from '../../../kernel/locales.ts';

const catalogue = (lang: string, path: string) => JSON.parse(readFileSync(new URL(path.replace('<lang>', lang), import.meta.url), 'utf8')) as Record<string, unknown>;
const lottery = (lang: string) => catalogue(lang, '../i18n/<lang>/lottery.json');
const pay = (code: string) => BET_TYPES.get(code)!.pay;

afterEach(() => setIntlLocales({ es: 'es-MX' }));

describe("the board's pays", () => {
  it('are written as the brand writes Spanish: es-MX says 9.8x, as Spain would say 9,8x', () => {
    setIntlLocales({ es: 'es-MX' });
    const es = lottery('es').betTypes as BetTypeLabels;
    expect(betLabel(es, 'ssc.position', pay('ssc.position'), 'es').help).toBe('El dígito en la posición elegida. Paga 9.8x.');
    expect(betLabel(es, 'ssc.sumBigSmall', pay('ssc.sumBigSmall'), 'es').help).toMatch(/Paga 1\.96x\.$/);
    expect(betLabel(es, 'ssc.front3', pay('ssc.front3'), 'es').help).toMatch(/Paga 980x\.$/);
    setIntlLocales({ es: 'es-ES' });
    expect(paysText(9800, 'es')).toBe('9,8');
    expect(paysText(1_960, 'en')).toBe('1.96');
  });

  it('come from the engine, for every bet type whose help names its pay', () => {
    for (const { code } of LOCALES) {
      const labels = lottery(code).betTypes as BetTypeLabels;
      for (const [family, types] of Object.entries(labels)) {
        for (const [name, words] of Object.entries(types)) {
          if (!words.help.includes('{{pays}}')) continue;
          expect(BET_TYPES.get(`${family}.${name}`)?.pay, `${code} ${family}.${name}`).toBeGreaterThan(0);
          expect(betLabel(labels, `${family}.${name}`, pay(`${family}.${name}`), code).help).not.toMatch(/\{\{|\}\}/);
        }
      }
    }
  });
});

describe('catalogues', () => {
  const strings = (x: unknown, at = ''): [string, string][] =>
    typeof x === 'string' ? [[at, x]] : x && typeof x === 'object' ? Object.entries(x).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k)) : [];

  it('of the lottery and the wallet write no decimal number themselves: it comes through {{placeholders}}, formatted', () => {
    for (const { code } of LOCALES) {
      for (const path of ['../i18n/<lang>/lottery.json', '../../wallet/i18n/<lang>/wallet.json']) {
        const literal = strings(catalogue(code, path)).filter(([, s]) => /\d[.,]\d/.test(s));
        expect(literal, `${code} ${path}`).toEqual([]);
      }
    }
  });
});

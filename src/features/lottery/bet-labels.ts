/**
 * A bet type's words on the betting board: its name, and its help with the pay filled in as the
 * page's language writes numbers (audit item 14: the Spanish board said 'Paga 9,8x' beside
 * '$9.80'; the brand writes Spanish as es-MX, so it is 'Paga 9.8x'). Browser-safe.
 */
import { intlLocale } from '../../kernel/intl.ts';
import { fill } from '../../kernel/i18n/browser.ts';

/** The `betTypes` part of the lottery catalogue: family, then bet type, then its name and help. */
export type BetTypeLabels = Record<string, Record<string, { name: string; help: string }>>;

/**
 * A pay in thousandths of the stake (the engine's `pay`: 9800) as a multiple in `lang`'s locale.
 * @example paysText(9800, 'es') // '9.8' (demo brand, es-MX); '9,8' where Spanish is es-ES
 */
export function paysText(payMilli: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 3 }).format(payMilli / 1000);
}

/**
 * A bet type's name and help ('vnNorth.lo2' is betTypes.vnNorth.lo2 in the catalogue), its
 * `{{pays}}` filled from the bet type's pay when the board knows it.
 * @example betLabel(L.betTypes, 'ssc.position', 9800, 'en').help // 'The digit at the chosen position. Pays 9.8x.'
 */
export function betLabel(labels: BetTypeLabels, code: string, payMilli: number | undefined, lang: string): { name: string; help: string } {
  const [family = '', name = ''] = code.split('.');
  const words = labels[family]?.[name];
  if (!words) return { name: code, help: '' };
  return { name: words.name, help: fill(words.help, { pays: payMilli === undefined ? undefined : paysText(payMilli, lang) }) };
}

/**
 * The wallet's words, which the record pieces read, and their stylesheet (the member centre's
 * sheet, where the record lists' look lives): the reports and contract pages show nothing until
 * both are here. Loaded once per language for every frame of the page.
 */
import { map } from 'nanostores';
import { loadWalletLabels } from '../../wallet/client.ts';
import { addStylesheet } from '../../../ui/stylesheets.ts';

export type WalletWords = Awaited<ReturnType<typeof loadWalletLabels>>;
type Lang = Parameters<typeof loadWalletLabels>[0];

/** The words by language, once they and the stylesheet have arrived. */
export const $reportWords = map<Record<string, WalletWords>>({});

/** Loads the words of `lang` and adds `stylesheet` (both once). */
export function loadReportWords(lang: Lang, stylesheet: string): Promise<void> {
  return Promise.all([loadWalletLabels(lang), addStylesheet(stylesheet)]).then(([words]) => {
    if ($reportWords.get()[lang] !== words) $reportWords.setKey(lang, words);
  });
}

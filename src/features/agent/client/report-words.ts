/**
 * The UI kit's words, which the record pieces read (src/ui/words.tsx), and their stylesheet (the
 * member centre's sheet, where the record lists' look lives): the reports and contract pages show
 * nothing until both are here. Loaded once per language for every frame of the page.
 */
import { map } from 'nanostores';
import { addStylesheet } from '../../../ui/stylesheets.ts';
import { loadUiWords, type UiWords } from '../../../ui/words.tsx';

/** The words by language, once they and the stylesheet have arrived. */
export const $reportWords = map<Record<string, UiWords>>({});

/** Loads the words of `lang` and adds `stylesheet` (both once). */
export function loadReportWords(lang: string, stylesheet: string): Promise<void> {
  return Promise.all([loadUiWords(lang), addStylesheet(stylesheet)]).then(([words]) => {
    if ($reportWords.get()[lang] !== words) $reportWords.setKey(lang, words);
  });
}

/** Customer service's words in the browser (its catalogue, loaded on demand). */
import { useEffect, useState } from 'react';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type supportCatalogue from '../i18n/en/support.json';

export type SupportLabels = typeof supportCatalogue;
const catalogue = lazyCatalogue(import.meta.glob<SupportLabels>('../i18n/*/support.json', { import: 'default' }));

/** The catalogue of `lang` (one request per page). */
export function loadSupportLabels(lang: string): Promise<SupportLabels> {
  return catalogue.load(lang);
}

export function useSupportLabels(lang: string): SupportLabels | undefined {
  const [l, setL] = useState<SupportLabels | undefined>(() => catalogue.loaded(lang));
  useEffect(() => {
    if (!l) void catalogue.load(lang).then(setL);
  }, [lang, l]);
  return l;
}

/** The promotions' words in the browser (their catalogue, loaded on demand). */
import { useEffect, useState } from 'react';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type promotionsCatalogue from '../i18n/en/promotions.json';

export type PromotionLabels = typeof promotionsCatalogue;
const catalogue = lazyCatalogue(import.meta.glob<PromotionLabels>('../i18n/*/promotions.json', { import: 'default' }));

/** The catalogue of `lang` (one request per page). */
export function loadPromotionLabels(lang: string): Promise<PromotionLabels> {
  return catalogue.load(lang);
}

export function usePromotionLabels(lang: string): PromotionLabels | undefined {
  const [l, setL] = useState<PromotionLabels | undefined>(() => catalogue.loaded(lang));
  useEffect(() => {
    if (!l) void catalogue.load(lang).then(setL);
  }, [lang, l]);
  return l;
}

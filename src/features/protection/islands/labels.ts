/** The protection's words in the browser (its catalogue, loaded on demand). */
import { useEffect, useState } from 'react';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type protectionCatalogue from '../i18n/en/protection.json';

export type ProtectionLabels = typeof protectionCatalogue;
const catalogue = lazyCatalogue(import.meta.glob<ProtectionLabels>('../i18n/*/protection.json', { import: 'default' }));

/** The catalogue of `lang` (one request per page). */
export function loadProtectionLabels(lang: string): Promise<ProtectionLabels> {
  return catalogue.load(lang);
}

export function useProtectionLabels(lang: string): ProtectionLabels | undefined {
  const [l, setL] = useState<ProtectionLabels | undefined>(() => catalogue.loaded(lang));
  useEffect(() => {
    if (!l) void catalogue.load(lang).then(setL);
  }, [lang, l]);
  return l;
}

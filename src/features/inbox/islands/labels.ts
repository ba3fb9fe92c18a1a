/** The inbox's words in the browser (its catalogue, loaded on demand). */
import { useEffect, useState } from 'react';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import type inboxCatalogue from '../i18n/en/inbox.json';

export type InboxLabels = typeof inboxCatalogue;
const catalogue = lazyCatalogue(import.meta.glob<InboxLabels>('../i18n/*/inbox.json', { import: 'default' }));

/** The catalogue of `lang` (one request per page). */
export function loadInboxLabels(lang: string): Promise<InboxLabels> {
  return catalogue.load(lang);
}

export function useInboxLabels(lang: string): InboxLabels | undefined {
  const [l, setL] = useState<InboxLabels | undefined>(() => catalogue.loaded(lang));
  useEffect(() => {
    if (!l) void catalogue.load(lang).then(setL);
  }, [lang, l]);
  return l;
}

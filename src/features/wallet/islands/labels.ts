/**
 * The wallet's strings, loaded like the shell's (src/shell/labels.tsx): the page
 * language's `wallet` catalogue as a chunk of its own, only once a logged-in header or the member
 * centre needs it, so that no cached page carries them.
 */
import { useEffect, useState } from 'react';
import type enWallet from '../i18n/en/wallet.json';
import type { Lang } from '../../../shell/labels.tsx';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';

export type WalletLabels = typeof enWallet;

const catalogue = lazyCatalogue(import.meta.glob<WalletLabels>('../i18n/*/wallet.json', { import: 'default' }));

/** The `wallet` catalogue of `lang` (one request per page). */
export function loadWalletLabels(lang: Lang): Promise<WalletLabels> {
  return catalogue.load(lang);
}

/** The `wallet` catalogue of `lang`, or null until it has arrived. */
export function useWalletLabels(lang: Lang): WalletLabels | null {
  const [labels, setLabels] = useState<WalletLabels | null>(() => catalogue.loaded(lang) ?? null);
  useEffect(() => {
    if (labels) return;
    let live = true;
    void loadWalletLabels(lang)
      .then((w) => live && setLabels(w))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [lang, labels]);
  return labels;
}

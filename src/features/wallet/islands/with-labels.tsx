/** Member-centre pages inside the wallet's strings and the UI kit's. */
import type { ComponentType } from 'react';
import { useLabels } from '../../../shell/labels.tsx';
import { UiWordsContext, useLoadedUiWords } from '../../../ui/words.tsx';
import { useWalletLabels } from './labels.ts';
import { WalletLabelsContext } from './ui.tsx';

/**
 * A wallet member-centre page inside the wallet's strings and the UI kit's (its pagers, period
 * pickers and load states: src/ui/words.tsx); both are loaded with the menu's names (shell.tsx),
 * so in place before the page renders.
 */
export function withWalletLabels(Page: ComponentType): ComponentType {
  return function WalletCentrePage() {
    const { lang } = useLabels();
    const w = useWalletLabels(lang);
    const words = useLoadedUiWords(lang);
    return w && words ? (
      <UiWordsContext.Provider value={words}>
        <WalletLabelsContext.Provider value={w}>
          <Page />
        </WalletLabelsContext.Provider>
      </UiWordsContext.Provider>
    ) : null;
  };
}

/** Member-centre pages inside the wallet's strings. */
import type { ComponentType } from 'react';
import { useLabels } from '../../../shell/labels.tsx';
import { useWalletLabels } from './labels.ts';
import { WalletLabelsContext } from './ui.tsx';

/**
 * A member-centre page inside the wallet's strings, which the wallet's pages and its shared parts
 * (amounts, pagers, record tables: wallet/client.ts) read; loaded with the menu's names, so in
 * place before the page renders. Other features wrap their pages that use those parts too.
 */
export function withWalletLabels(Page: ComponentType): ComponentType {
  return function WalletCentrePage() {
    const w = useWalletLabels(useLabels().lang);
    return w ? (
      <WalletLabelsContext.Provider value={w}>
        <Page />
      </WalletLabelsContext.Provider>
    ) : null;
  };
}

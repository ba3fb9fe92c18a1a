/**
 * What the wallet puts in the member-centre overlay (src/shell/member-centre): its pages, their
 * strings and the context they read them from. The overlay loads this module on its first
 * opening, beside its own chunk, so a page that never opens the overlay loads none of it.
 */
import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import BettingPage from './pages/BettingPage.tsx';
import BonusPage from './pages/BonusPage.tsx';
import DepositPage from './pages/DepositPage.tsx';
import ProfitPage from './pages/ProfitPage.tsx';
import TransactionsPage from './pages/TransactionsPage.tsx';
import UplinePage from './pages/UplinePage.tsx';
import WalletPage from './pages/WalletPage.tsx';
import WithdrawalPage from './pages/WithdrawalPage.tsx';

export { loadWalletLabels, type WalletLabels } from './labels.ts';
export { WalletLabelsContext } from './ui.tsx';

export const PAGES: Partial<Record<MemberCentrePage, ComponentType>> = {
  wallet: WalletPage,
  deposit: DepositPage,
  withdrawal: WithdrawalPage,
  upline: UplinePage,
  betting: BettingPage,
  transactions: TransactionsPage,
  profit: ProfitPage,
  bonus: BonusPage,
};

/**
 * What the wallet puts in the member-centre overlay (src/shell/member-centre): its pages, each
 * with the wallet's strings around it. The overlay loads this module on its
 * first opening, beside its own chunk, so a page that never opens the overlay loads none of it.
 */
import type { ComponentType } from 'react';
import type { CentreModule } from '../../../shell/parts.ts';
import BettingPage from './pages/BettingPage.tsx';
import BonusPage from './pages/BonusPage.tsx';
import DepositPage from './pages/DepositPage.tsx';
import ProfitPage from './pages/ProfitPage.tsx';
import TransactionsPage from './pages/TransactionsPage.tsx';
import UplinePage from './pages/UplinePage.tsx';
import WalletPage from './pages/WalletPage.tsx';
import WithdrawalPage from './pages/WithdrawalPage.tsx';
import { withWalletLabels } from './with-labels.tsx';

const PAGES: Record<string, ComponentType> = Object.fromEntries(
  Object.entries({
    wallet: WalletPage,
    deposit: DepositPage,
    withdrawal: WithdrawalPage,
    upline: UplinePage,
    betting: BettingPage,
    transactions: TransactionsPage,
    profit: ProfitPage,
    bonus: BonusPage,
  }).map(([name, Page]) => [name, withWalletLabels(Page)]),
);

export const centre: CentreModule = { PAGES };

/** What the promotions put in the member-centre overlay: the reward centre (spec 2.14), the referral page and the VIP page, and the deposit page's promotions (a slot of the wallet's page). */
import type { CentreModule } from '../../../shell/parts.ts';
import RewardCentre from './RewardCentre.tsx';
import ReferralPage from './ReferralPage.tsx';
import VipPage from './VipPage.tsx';
import DepositOffers from './DepositOffers.tsx';
import { withWalletLabels } from '../../wallet/client.ts';

export const centre: CentreModule = {
  // Their amounts and records are the wallet's parts, which read the wallet's words.
  PAGES: { rewards: withWalletLabels(RewardCentre), referral: withWalletLabels(ReferralPage), vip: withWalletLabels(VipPage) },
  SLOTS: { 'deposit.offers': DepositOffers },
};

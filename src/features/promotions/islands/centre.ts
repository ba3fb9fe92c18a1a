/** What the promotions put in the member-centre overlay: the reward centre (spec 2.14), the manual rebate, the missions, the referral page and the VIP page, and the deposit page's promotions (a slot of the wallet's page). */
import type { CentreModule } from '../../../shell/parts.ts';
import RewardCentre from './RewardCentre.tsx';
import ReferralPage from './ReferralPage.tsx';
import VipPage from './VipPage.tsx';
import MissionsPage from './MissionsPage.tsx';
import ManualRebatePage from './ManualRebatePage.tsx';
import DepositOffers from './DepositOffers.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { withUiWords } from '../../../ui/words.tsx';

/** The page's language, as the shell knows it. */
function useLang(): string {
  return useLabels().lang;
}

export const centre: CentreModule = {
  // The referral and VIP pages' lists are the UI kit's, which read its words (the kernel's `common`).
  PAGES: {
    rewards: RewardCentre,
    referral: withUiWords(ReferralPage, useLang),
    vip: withUiWords(VipPage, useLang),
    missions: withUiWords(MissionsPage, useLang),
    rebate: withUiWords(ManualRebatePage, useLang),
  },
  SLOTS: { 'deposit.offers': DepositOffers },
};

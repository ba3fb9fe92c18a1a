/** What the promotions put in the member-centre overlay: the reward centre (spec 2.14), the referral page and the VIP page, and the deposit page's promotions (a slot of the wallet's page). */
import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import RewardCentre from './RewardCentre.tsx';
import ReferralPage from './ReferralPage.tsx';
import VipPage from './VipPage.tsx';
import DepositOffers from './DepositOffers.tsx';
import type { CentreSlots } from '../../../shell/member-centre/slots.tsx';

export const PAGES: Partial<Record<MemberCentrePage, ComponentType>> = { rewards: RewardCentre, referral: ReferralPage, vip: VipPage };

export const SLOTS: CentreSlots = { 'deposit.offers': DepositOffers };

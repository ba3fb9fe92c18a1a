/** What the promotions put in the member-centre overlay: the reward centre (spec 2.14), the referral page and the VIP page. */
import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import RewardCentre from './RewardCentre.tsx';
import ReferralPage from './ReferralPage.tsx';
import VipPage from './VipPage.tsx';

export const PAGES: Partial<Record<MemberCentrePage, ComponentType>> = { rewards: RewardCentre, referral: ReferralPage, vip: VipPage };

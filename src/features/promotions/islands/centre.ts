/** What the promotions put in the member-centre overlay: the reward centre (spec 2.14) and the VIP page. */
import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import RewardCentre from './RewardCentre.tsx';
import VipPage from './VipPage.tsx';

export const PAGES: Partial<Record<MemberCentrePage, ComponentType>> = { rewards: RewardCentre, vip: VipPage };

/**
 * The promotions' browser face: how many rewards the member may claim (spec 3's
 * availablePromoCount), for the member centre's red badge; asked when the member centre opens and
 * set again by the reward centre after a claim. A trial account has none.
 */
import { atom } from 'nanostores';
import { lazy } from 'react';
import { missionSummary, rewardList } from './contract.ts';
import { $isTrial, $member, api } from '../accounts/client.ts';

export const $availableRewards = atom<number>(0);

/** Asks the server for the number of rewards to claim. */
export async function refreshRewards(): Promise<void> {
  if (!$member.get() || $isTrial.get()) {
    $availableRewards.set(0);
    return;
  }
  try {
    $availableRewards.set((await api().call(rewardList)).available);
  } catch {
    /* the badge keeps its last count */
  }
}

/** How many mission rewards the member may claim (the missions page's red badge). */
export const $claimableMissions = atom<number>(0);

/** Asks the server for the member's missions (which writes the rewards of steps reached) and keeps their count to claim. */
export async function refreshMissions(): Promise<void> {
  if (!$member.get() || $isTrial.get()) {
    $claimableMissions.set(0);
    return;
  }
  try {
    $claimableMissions.set((await api().call(missionSummary)).claimable);
  } catch {
    /* the badge keeps its last count */
  }
}

/** The reward centre page, loaded when first shown. */
export const RewardCentre = lazy(() => import('./islands/RewardCentre.tsx'));

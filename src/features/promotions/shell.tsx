/**
 * What the promotions put in the shell: their member-centre pages (spec 2.14): the reward centre
 * with the count of rewards to claim, the manual rebate while the brand offers it (players), missions with the count of their rewards to claim (while the brand runs missions), invite friends while the brand runs it (for players; agents
 * recruit with their team code), and the VIP level while the member has one.
 */
import { computed } from 'nanostores';
import type { CentreEntry, ShellParts } from '../../shell/parts.ts';
import { $isAgent, $member, $status } from '../accounts/client.ts';
import { $availableRewards, $claimableMissions, refreshMissions, refreshRewards } from './client.ts';
import { loadPromotionLabels } from './islands/labels.ts';
import { loadUiWords } from '../../ui/words.tsx';

const load = () => import('./islands/centre.ts').then((m) => m.centre);
const referralOn = computed([$isAgent, $status], (agent, status) => !agent && !!status?.info.availablePromo?.some((p) => p.code === 'REFERRAL' && p.enabled));
const vipOn = computed($member, (m) => !!m?.vip);
const missionsOn = computed($status, (status) => !!status?.info.availablePromo?.some((p) => p.code === 'MISSION' && p.enabled));
const rebateOn = computed([$isAgent, $status], (agent, status) => !agent && !!status?.info.availablePromo?.some((p) => p.code === 'REBATE' && p.enabled));

// The UI kit's words (the pages' lists) come with the menu's names, so a page opens in place.
const label = (page: 'rewards' | 'referral' | 'vip' | 'missions' | 'rebate') => async (lang: string) => (await Promise.all([loadPromotionLabels(lang), loadUiWords(lang)]))[0].centre.pages[page];

const centre: CentreEntry[] = [
  { page: 'rewards', order: 90, label: label('rewards'), load, badge: $availableRewards, onOpen: () => void refreshRewards() },
  { page: 'rebate', order: 125, label: label('rebate'), load, shown: rebateOn },
  { page: 'referral', order: 100, label: label('referral'), load, shown: referralOn },
  { page: 'missions', order: 105, label: label('missions'), load, shown: missionsOn, badge: $claimableMissions, onOpen: () => void refreshMissions() },
  { page: 'vip', order: 110, label: label('vip'), load, shown: vipOn },
];

export const shell: ShellParts = { centre };

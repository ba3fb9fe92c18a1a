/** What the points put in the shell (issue 32): the member centre's points page, for players while the brand runs points. */
import { computed } from 'nanostores';
import type { ShellParts } from '../../shell/parts.ts';
import { $isAgent, $status } from '../accounts/client.ts';
import { loadPointsLabels } from './islands/labels.ts';
import { loadUiWords } from '../../ui/words.tsx';

const shown = computed([$isAgent, $status], (agent, status) => !agent && !!status?.info.availablePromo?.some((p) => p.code === 'POINTS' && p.enabled));

export const shell: ShellParts = {
  centre: [
    {
      page: 'points',
      order: 95,
      label: async (lang) => (await Promise.all([loadPointsLabels(lang), loadUiWords(lang)]))[0].centre.pages.points,
      load: () => import('./islands/centre.ts').then((m) => m.centre),
      shown,
    },
  ],
};

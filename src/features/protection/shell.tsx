/** What player protection puts in the shell: the member centre's responsible-gaming page, and the reality check over a game. */
import type { ShellParts } from '../../shell/parts.ts';
import { loadProtectionLabels } from './islands/labels.ts';
import SessionClock from './islands/SessionClock.tsx';

export const shell: ShellParts = {
  header: [SessionClock],
  centre: [
    {
      page: 'protection',
      order: 200,
      label: async (lang) => (await loadProtectionLabels(lang)).centre.pages.protection,
      load: () => import('./islands/centre.ts').then((m) => m.centre),
    },
  ],
};

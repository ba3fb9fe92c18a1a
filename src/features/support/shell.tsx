/** What customer service puts in the shell: the member centre's feedback page (issue 31; the live chat comes next). */
import type { ShellParts } from '../../shell/parts.ts';
import { loadSupportLabels } from './islands/labels.ts';

export const shell: ShellParts = {
  centre: [
    {
      page: 'feedback',
      order: 130,
      label: async (lang) => (await loadSupportLabels(lang)).centre.feedback,
      load: () => import('./islands/centre.ts').then((m) => m.centre),
    },
  ],
};

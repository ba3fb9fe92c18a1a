/** What the inbox puts in the shell: the header's mail icon with its unread badge, and the member centre's platform messages page with the same count. */
import type { ShellParts } from '../../shell/parts.ts';
import MailIcon from './islands/MailIcon.tsx';
import { $unread } from './client.ts';
import { loadInboxLabels } from './islands/labels.ts';
import inboxCss from './islands/inbox.css?url';
import { addStylesheet } from '../../ui/stylesheets.ts';

void addStylesheet(inboxCss);

export const shell: ShellParts = {
  header: [MailIcon],
  centre: [
    {
      page: 'messages',
      order: 120,
      label: async (lang) => (await loadInboxLabels(lang)).centre.pages.messages,
      load: () => import('./islands/centre.ts').then((m) => m.centre),
      badge: $unread,
    },
  ],
};

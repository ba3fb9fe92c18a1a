/** What the inbox puts in the shell: the header's mail icon with its unread badge. */
import type { ShellParts } from '../../shell/parts.ts';
import MailIcon from './islands/MailIcon.tsx';
import inboxCss from './islands/inbox.css?url';
import { addStylesheet } from '../../ui/stylesheets.ts';

void addStylesheet(inboxCss);

export const shell: ShellParts = { header: [MailIcon] };

/** What customer service adds (issue 31): the feedback form and its answers, the live chat. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { supportCalls } from './contract.ts';
import { supportRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { supportSettings } from './server/settings.ts';
import { forwardUnread } from './server/chat.ts';

export const manifest: FeatureManifest = {
  name: 'support',
  calls: supportCalls,
  routes: supportRoutes,
  tables,
  settings: [supportSettings],
  jobs: [
    // Support's answers a member left unread go on as platform messages (each once, chat.ts).
    { name: 'support.chat-forward', everyMs: 60_000, atStart: true, run: (db, now) => forwardUnread(db, now) },
  ],
};

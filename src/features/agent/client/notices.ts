/** Announcements addressed to agents (the operator's), newest first: loaded when shown. */
import { onMount } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import { agentAnnouncementList } from '../contract.ts';
import { createLoad } from './load.ts';

/** The announcements in `lang` (the server answers in the page's language). */
export function createNotices(o: { client: () => ApiClient; lang: string }) {
  const list = createLoad((_lang: string) => o.client().call(agentAnnouncementList));
  onMount(list.$load, () => void list.load(o.lang));
  return { $notices: list.$load, retry: list.reload };
}

/**
 * What customer service adds to every page's first script (issue 31): the live chat's links
 * (data-live-chat: the service widget's and the side menu's LIVECHAT entry) open the
 * customer-service window rather than leaving the page; and once a member's shell has loaded, a
 * chat this browser had as a visitor joins the member's.
 */
import type { BootPart } from '../../shell/boot-parts.ts';

const VISITOR_KEY = 'chat.visitorKey';

export const boot: BootPart = {
  withShell: async () => {
    try {
      if (!localStorage.getItem(VISITOR_KEY)) return;
    } catch {
      return;
    }
    const { claimVisitorChat } = await import('./client/chat.ts');
    await claimVisitorChat().catch(() => undefined);
  },
  click: (a) => {
    if (!('liveChat' in a.dataset)) return false;
    void import('../../ui/live-chat.ts').then((m) => m.openLiveChat(a.href));
    return true;
  },
};

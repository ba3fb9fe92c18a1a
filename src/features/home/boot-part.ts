/**
 * What the home feature adds to the page's first script: the announcement popup for visitors
 * (spec 2.8, 4; members' opens with their session, the home feature's shell part), never over the
 * login or register popup of /login; and a notice of the marquee opens the notice popup in place
 * (spec 2.8), not /announce.
 */
import type { BootPart } from '../../shell/boot-parts.ts';

export const boot: BootPart = {
  onStart: ({ session, popup }) => {
    if (!session && !popup && document.getElementById('announce-config')) {
      void import('./islands/announce.ts').then((a) => a.announce('visitor'));
    }
  },
  click: (a) => {
    const notice = a.dataset.notice;
    if (!notice) return false;
    void import('./islands/announce.ts').then(
      async (n) => (await n.openNotice(Number(notice))) || window.location.assign(a.href),
      () => window.location.assign(a.href),
    );
    return true;
  },
};

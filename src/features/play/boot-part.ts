/**
 * What play adds to the page's first script:
 * - once the shell is there, the Play / Demo buttons and the launch rules, the /recent page, the
 *   search and vendor popups (the lobby's scripts);
 * - a free demo is for visitors too (issue 17): the game's window opens in the click itself (popup
 *   blockers allow only that) and the lobby's code, loaded then, sends it to the game;
 * - a visitor's Play asks for a login first: the game is remembered while the login popup opens
 *   (the shell's route popup), and once logged in the lobby offers it;
 * - the search bar ('Find your game', spec 2.6): its first focus loads the shell and the search
 *   modal, a click, typing or Enter opens the modal (without JavaScript the form submits to /all);
 * - the side menu's e-games button opens the e-game menu (spec 2.8), loading the lobby then.
 */
import type { BootPart } from '../../shell/boot-parts.ts';
import { PENDING_LAUNCH_KEY } from './client/pending-launch.ts';
import { playsSeamless } from './client/seamless.ts';
import { splitLocale } from '../../kernel/locales.ts';

const lobby = () => import('./islands/lobby/lobby.ts');

export const boot: BootPart = {
  withShell: () => lobby().then((l) => l.enhanceLobby()),
  onStart: ({ loadShell }) => {
    // The side menu's e-games button (everyone's: the menu is links to the e-games pages), shown now that a script runs.
    document.querySelectorAll<HTMLButtonElement>('[data-egame-menu]').forEach((b) => (b.hidden = false));
    document.addEventListener('click', (e) => {
      if (!(e.target as Element | null)?.closest?.('[data-egame-menu]')) return;
      void Promise.all([loadShell(), lobby()]).then(([, l]) => l.openEgameMenu());
    });
    const bar = document.querySelector<HTMLFormElement>('form[data-search-bar]');
    const input = bar?.querySelector<HTMLInputElement>('input');
    if (!bar || !input) return;
    const preload = () => Promise.all([loadShell(), lobby()]);
    const open = () =>
      preload().then(
        ([, l]) => {
          const initial = input.value;
          input.value = '';
          l.openSearch(initial);
        },
        () => bar.submit(),
      );
    input.addEventListener('focus', () => void preload().catch(() => undefined), { once: true });
    input.addEventListener('click', () => void open());
    input.addEventListener('input', () => input.value.trim() && void open());
    bar.addEventListener('submit', (e) => {
      e.preventDefault();
      void open();
    });
  },
  click: (a, { loadShell }) => {
    const tile = a.closest<HTMLElement>('.tile[data-node-id]');
    if (!tile) return false;
    if (a.dataset.launch === '0') {
      // A game the brand plays in the site's frame opens no window: the lobby goes to /seamless.
      const w = playsSeamless(tile.dataset.vassalage ?? '') ? null : window.open('', '_blank');
      // The shell too: it shows the dialog of a blocked window or a refusal.
      void loadShell();
      void lobby().then(
        (l) => l.launchGuestDemo(tile, w),
        () => w?.close(),
      );
      return true;
    }
    if (a.dataset.launch === '1' && splitLocale(a.pathname).path === '/login') {
      const name = tile.querySelector('.name')?.textContent?.trim() ?? '';
      try {
        sessionStorage.setItem(PENDING_LAUNCH_KEY, JSON.stringify({ nodeId: Number(tile.dataset.nodeId), vassalage: tile.dataset.vassalage ?? '', name, at: Date.now() }));
      } catch {
        /* storage unavailable: the login still opens */
      }
    }
    // Play goes on to the login popup (the shell's route popup).
    return false;
  },
};

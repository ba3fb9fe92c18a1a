/**
 * The page's first script for accounts, kept tiny so that a visitor's page loads no React until
 * it is needed (the home page's budget is 100 KB of JavaScript before any interaction). It loads
 * the shell (React, the session store, the popups) only when:
 * - a session token is present (the header's logged-in state, guarded pages);
 * - the page itself opens a popup (/login, /register, /forget render `data-open-popup`);
 * - a guarded page needs a session check (`data-guard`);
 * - the visitor follows a link to /login, /register or /forget: the popup opens in place;
 * - the visitor uses the search bar ('Find your game'): its first focus loads the shell and the
 *   search modal, a click, typing or Enter opens the modal (without JavaScript the bar's form
 *   submits to /all).
 */
import { hasSessionToken } from '../kernel/http/session-keys.ts';
import { localeOfHtmlLang, localePrefix, splitLocale } from '../kernel/locales.ts';

type RoutePopup = 'login' | 'register' | 'forget';
type Shell = typeof import('./mount.tsx');

/** Where a visitor's Play remembers its game while the login popup is open (read by the lobby, play/islands/lobby/lobby.ts). */
export const PENDING_LAUNCH_KEY = 'play.pendingLaunch';

const ROUTE_POPUPS: Record<string, RoutePopup> = { '/login': 'login', '/register': 'register', '/forget': 'forget' };

let shell: Promise<Shell> | null = null;
function loadShell(): Promise<Shell> {
  shell ??= import('./mount.tsx').then(async (m) => {
    await m.mountShell();
    // Favourite hearts become toggles once logged in (they share the shell's session store).
    void import('../features/games/islands/favourites.ts').then((f) => f.enhanceFavourites());
    // Play / Demo buttons and the launch rules, the /recent page, the search and vendor popups.
    void import('../features/play/islands/lobby/lobby.ts').then((l) => l.enhanceLobby());
    return m;
  });
  return shell;
}

/** '/es/login' -> '/login'. */
const unlocalized = (p: string) => splitLocale(p).path;
const prefix = localePrefix(localeOfHtmlLang(document.documentElement.lang));

const guard = document.querySelector<HTMLElement>('[data-guard]')?.dataset.guard;
const session = hasSessionToken();
if (guard && !session) {
  // Spec 2.2: a route that needs login sends a visitor with no stored token to /login (agent pages to /agent).
  window.location.replace(guard === 'agent' ? `${prefix}/agent` : `${prefix}/login`);
} else {
  if (session) {
    // Hides the Login / Sign-up links until the shell knows whether the token still works.
    document.documentElement.dataset.session = 'pending';
    void loadShell();
  }
  const initial = document.querySelector<HTMLElement>('[data-open-popup]')?.dataset.openPopup as RoutePopup | undefined;
  if (initial || guard || document.querySelector('[data-shell-page]')) {
    void loadShell().then((m) => initial && m.openRoutePopup(initial, true));
  }
  // The home page's announcement popup for visitors (spec 2.8, 4); members' opens with their
  // session (the home feature's shell part). Not over the login or register popup of /login.
  if (!session && !initial && document.getElementById('announce-config')) {
    void import('../features/home/islands/announce.ts').then((a) => a.announce('visitor'));
  }
}

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || (a.target && a.target !== '_self') || a.origin !== window.location.origin) return;
  // A free demo is for visitors too (issue 17): the game's window opens in the click itself
  // (popup blockers allow only that) and the lobby's code, loaded now, sends it to the game.
  const demoTile = a.dataset.launch === '0' ? a.closest<HTMLElement>('.tile[data-node-id]') : null;
  if (demoTile) {
    e.preventDefault();
    const w = window.open('', '_blank');
    // The shell too: it shows the dialog of a blocked window or a refusal.
    void loadShell();
    void import('../features/play/islands/lobby/lobby.ts').then(
      (l) => l.launchGuestDemo(demoTile, w),
      () => w?.close(),
    );
    return;
  }
  // A notice of the home page's marquee opens the notice popup in place (spec 2.8), not /announce.
  const notice = a.dataset.notice;
  if (notice) {
    e.preventDefault();
    void import('../features/home/islands/announce.ts').then(
      async (n) => (await n.openNotice(Number(notice))) || window.location.assign(a.href),
      () => window.location.assign(a.href),
    );
    return;
  }
  const popup = ROUTE_POPUPS[unlocalized(a.pathname)];
  if (!popup) return;
  e.preventDefault();
  // A visitor's Play asks for a login first; once logged in, the lobby offers that game (lobby.ts).
  const playTile = a.dataset.launch === '1' ? a.closest<HTMLElement>('.tile[data-node-id]') : null;
  if (playTile) {
    const name = playTile.querySelector('.name')?.textContent?.trim() ?? '';
    try {
      sessionStorage.setItem(PENDING_LAUNCH_KEY, JSON.stringify({ nodeId: Number(playTile.dataset.nodeId), vassalage: playTile.dataset.vassalage ?? '', name, at: Date.now() }));
    } catch {
      /* storage unavailable: the login still opens */
    }
  }
  void loadShell().then((m) => m.openRoutePopup(popup, false));
});

// The search bar opens the search modal (spec 2.6); the modal's code is loaded on first focus.
const bar = document.querySelector<HTMLFormElement>('form[data-search-bar]');
const barInput = bar?.querySelector<HTMLInputElement>('input');
if (bar && barInput) {
  const preload = () => Promise.all([loadShell(), import('../features/play/islands/lobby/lobby.ts')]);
  const open = () =>
    preload().then(
      ([, lobby]) => {
        const initial = barInput.value;
        barInput.value = '';
        lobby.openSearch(initial);
      },
      () => bar.submit(),
    );
  barInput.addEventListener('focus', () => void preload().catch(() => undefined), { once: true });
  barInput.addEventListener('click', () => void open());
  barInput.addEventListener('input', () => barInput.value.trim() && void open());
  bar.addEventListener('submit', (e) => {
    e.preventDefault();
    void open();
  });
}

/**
 * The page's first script for accounts, kept tiny so that a visitor's page loads no React until
 * it is needed (the home page's budget is 100 KB of JavaScript before any interaction). It loads
 * the shell (React, the session store, the popups) only when:
 * - a session token is present (the header's logged-in state, guarded pages);
 * - the page itself opens a popup (/login, /register, /forget render `data-open-popup`);
 * - a guarded page needs a session check (`data-guard`);
 * - the visitor follows a link to /login, /register or /forget: the popup opens in place.
 */
import { hasSessionToken } from '../../lib/client/session-keys.ts';

type RoutePopup = 'login' | 'register' | 'forget';
type Shell = typeof import('./mount.tsx');

const ROUTE_POPUPS: Record<string, RoutePopup> = { '/login': 'login', '/register': 'register', '/forget': 'forget' };

let shell: Promise<Shell> | null = null;
function loadShell(): Promise<Shell> {
  shell ??= import('./mount.tsx').then(async (m) => {
    await m.mountShell();
    // Favourite hearts become toggles once logged in (they share the shell's session store).
    void import('../lobby/favourites.ts').then((f) => f.enhanceFavourites());
    return m;
  });
  return shell;
}

/** '/es/login' -> '/login'. */
const unlocalized = (p: string) => p.replace(/^\/es(?=\/|$)/, '') || '/';
const prefix = document.documentElement.lang.startsWith('es') ? '/es' : '';

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
}

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || (a.target && a.target !== '_self') || a.origin !== window.location.origin) return;
  const popup = ROUTE_POPUPS[unlocalized(a.pathname)];
  if (!popup) return;
  e.preventDefault();
  void loadShell().then((m) => m.openRoutePopup(popup, false));
});

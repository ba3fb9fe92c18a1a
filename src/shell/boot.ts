/**
 * The page's first script for accounts, kept tiny so that a visitor's page loads no React until
 * it is needed (the home page's budget is 100 KB of JavaScript before any interaction). It loads
 * the shell (React, the session store, the popups) only when:
 * - a session token is present (the header's logged-in state, guarded pages);
 * - the page itself opens a popup (/login, /register, /forget render `data-open-popup`);
 * - a guarded page needs a session check (`data-guard`), or a page has a live part;
 * - the visitor follows a link to /login, /register or /forget: the popup opens in place;
 * - a feature's part asks for it (src/app/boot-parts.ts: the search bar, a demo's window, the
 *   favourite hearts and the lobby once the shell is there, the home page's announcement).
 * The features' parts are run here and named nowhere else in the shell.
 */
import { hasSessionToken } from '../kernel/http/session-keys.ts';
import { localeOfHtmlLang, localePrefix, splitLocale } from '../kernel/locales.ts';

import { BOOT_PARTS } from '../app/boot-parts.ts';
import type { BootContext } from './boot-parts.ts';

type RoutePopup = 'login' | 'register' | 'forget';
type Shell = typeof import('./mount.tsx');

const ROUTE_POPUPS: Record<string, RoutePopup> = { '/login': 'login', '/register': 'register', '/forget': 'forget' };

let shell: Promise<Shell> | null = null;
function loadShell(): Promise<Shell> {
  shell ??= import('./mount.tsx').then(async (m) => {
    await m.mountShell();
    // What the features do once the shell (and its session store) is there.
    for (const part of BOOT_PARTS) void part.withShell?.();
    return m;
  });
  return shell;
}

/** '/es/login' -> '/login'. */
const unlocalized = (p: string) => splitLocale(p).path;
const prefix = localePrefix(localeOfHtmlLang(document.documentElement.lang));

const guard = document.querySelector<HTMLElement>('[data-guard]')?.dataset.guard;
const session = hasSessionToken();
let context: BootContext = { session, popup: false, loadShell };
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
  context = { session, popup: !!initial, loadShell };
  for (const part of BOOT_PARTS) part.onStart?.(context);
}

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || (a.target && a.target !== '_self') || a.origin !== window.location.origin) return;
  // The features' parts first (a demo's window, a marquee notice, a visitor's Play).
  for (const part of BOOT_PARTS) {
    if (part.click?.(a, context)) {
      e.preventDefault();
      return;
    }
  }
  const popup = ROUTE_POPUPS[unlocalized(a.pathname)];
  if (!popup) return;
  e.preventDefault();
  void loadShell().then((m) => m.openRoutePopup(popup, false));
});

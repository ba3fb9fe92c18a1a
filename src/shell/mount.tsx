/**
 * Mounts the shell (loaded by boot.ts on demand): loads the page language's strings, starts the
 * session (spec 4 Start-up), keeps `<html data-session>` (pending, member or trial) in step with it for the CSS,
 * applies the guards of spec 2.2, and opens the popups the page or a link asks for.
 */
import { createRoot } from 'react-dom/client';
import { $isAgent, $isLogin, $isTrial, $sessionState, clearSession, startSession } from '../features/accounts/client.ts';
import { onSessionEnded } from '../kernel/http/client.ts';
import { openPopup, showDialog } from '../ui/stores/ui.ts';
import { notAvailable, onPopupRoute, refuseTrial } from '../features/accounts/client.ts';
import { loadLabels, localPath, pageLang, type Labels } from './labels.tsx';
import Shell from './Shell.tsx';
import shellCss from './shell.css?url';
import { addStylesheet, stylesheetsReady } from '../ui/stylesheets.ts';

void addStylesheet(shellCss);

let labels: Labels;
let ready: Promise<unknown>;

/** Renders the shell once and starts the session. */
export async function mountShell(): Promise<void> {
  // The shell's stylesheets (its own and its parts', added as their modules loaded) before anything shows.
  [labels] = await Promise.all([loadLabels(pageLang()), stylesheetsReady()]);
  const html = document.documentElement;
  // A trial account's session is 'trial', not 'member': pages show their guarded parts to members
  // only, so nothing of a guarded page renders behind the trial's refusal.
  const markSession = () => {
    const s = $sessionState.get();
    if (s === 'anonymous') delete html.dataset.session;
    else html.dataset.session = s !== 'member' ? 'pending' : $isTrial.get() ? 'trial' : 'member';
  };
  $sessionState.subscribe(markSession);
  $isTrial.subscribe(markSession);
  ready = startSession().catch(() => false);
  // Spec 8: a call refused because the session ended (30 idle minutes, a logout elsewhere, a
  // password changed) clears it here and says so; the player logs in again and stays on the page.
  // Once per session: every call the page still had running is refused the same way.
  let announced = false;
  $sessionState.subscribe((s) => {
    if (s === 'member') announced = false;
  });
  onSessionEnded((failure) => {
    if (announced) return;
    announced = true;
    clearSession();
    void showDialog({ kind: 'error', text: failure.message, confirmLabel: labels.auth.login.submit }).then((again) => again && openPopup('login', { stay: true }));
  });
  const host = document.createElement('div');
  host.id = 'shell-root';
  document.body.append(host);
  createRoot(host).render(<Shell labels={labels} />);
  await ready;
  applyGuards();
}

/** Spec 2.2 and 6: guarded pages need a session; agent pages an agent; trial accounts are refused the member centre. */
function applyGuards(): void {
  const guard = document.querySelector<HTMLElement>('[data-guard]')?.dataset.guard;
  const agentLogin = document.querySelector('[data-shell-page="agentLogin"]');
  if (agentLogin && $isAgent.get()) {
    window.location.replace(localPath(labels, '/agentHome'));
    return;
  }
  if (!guard) return;
  if (guard === 'agent' && !$isAgent.get()) {
    window.location.replace(localPath(labels, '/agent'));
  } else if (guard === 'member' && !$isLogin.get()) {
    window.location.replace(localPath(labels, '/login'));
  } else if (guard === 'member' && $isTrial.get()) {
    void refuseTrial(labels).then((left) => left || window.location.assign(localPath(labels, '/')));
  }
}

/**
 * Opens the popup of /login, /register or /forget: `fromRoute` when the page itself is that
 * route, otherwise a link was followed. A logged-in user gets no login popup: the route shows
 * the home page, and a link to an action needing an account is refused for a trial account
 * (spec 6) or said not to be available yet.
 */
export async function openRoutePopup(name: 'login' | 'register' | 'forget', fromRoute: boolean): Promise<void> {
  await ready;
  if (!$isLogin.get()) {
    openPopup(name);
    return;
  }
  if (fromRoute) {
    if (onPopupRoute()) history.replaceState(history.state, '', localPath(labels, '/'));
    return;
  }
  if ($isTrial.get()) await refuseTrial(labels);
  else if (name === 'login') await notAvailable(labels);
}

/**
 * What happens after the forms (spec 4 After login, 2.2 routes): the first-login action, the
 * forced password change, the after-login modal, going to / (or /agentHome from the agent page),
 * and the trial refusal of 6.
 */
import { splitLocale } from '../../../kernel/locales.ts';
import { beginSession, logout } from '../client/session.ts';
import { closePopup, openPopup, showDialog } from '../../../ui/stores/ui.ts';
import { localPath, type Labels } from '../../../shell/labels.tsx';

export { FIRST_LOGIN_KEY } from '../client/session.ts';

/** Pages that render the home page (the popup routes): going to / there needs no reload. */
const HOME_ROUTES = new Set(['/', '/login', '/register', '/forget']);

/** The page's path without its language prefix. */
export function routePath(): string {
  return splitLocale(window.location.pathname).path.replace(/(.)\/$/, '$1') || '/';
}

/** Is the page one of the popup routes (/login, /register, /forget)? */
export function onPopupRoute(): boolean {
  const p = routePath();
  return p !== '/' && HOME_ROUTES.has(p);
}

/**
 * Goes to the home page (spec 2.2: after login, registration or a password reset). The popup
 * routes already show the home page, so there only the address changes.
 */
export function goHome(labels: Pick<Labels, 'prefix'>): void {
  const home = localPath(labels, '/');
  if (HOME_ROUTES.has(routePath())) {
    if (routePath() !== '/') history.replaceState(history.state, '', home);
  } else {
    window.location.assign(home);
  }
}

export type { LoginOutcome } from '../client/login-flow.ts';
import type { LoginOutcome } from '../client/login-flow.ts';

/**
 * Spec 4 After login: keeps the session, runs the first-login action, then either the forced
 * change of password (weak default or expired; never after an sms login) or the after-login
 * modal. The agent page goes to /agentHome instead of the modal.
 */
export async function completeLogin(outcome: LoginOutcome, labels: Labels, stay = false): Promise<void> {
  const { login } = outcome;
  // The first-login flag is set by beginSession.
  await beginSession(login);
  if (login.passwordExpired && outcome.type !== 'sms') {
    openPopup('changePassword', { forced: true, oldPassword: outcome.password, agent: outcome.agent === true });
    return;
  }
  if (outcome.agent) {
    closePopup();
    window.location.assign(localPath(labels, '/agentHome'));
    return;
  }
  openPopup('afterLogin', {
    name: login.userName,
    firstTimeLogin: login.firstTimeLogin,
    lastLoginTime: login.lastLoginTime,
    lastLoginIp: login.lastLoginIp,
    stay,
  });
}

/**
 * Spec 6: a trial account is told a real account is needed (in_need_true_account; dismissed with
 * in_increase_submit), with the way forward (issue 17): Sign up ends the trial session and opens
 * the registration. Answers true when the player chose to sign up (the page is being left).
 */
export async function refuseTrial(labels: Labels): Promise<boolean> {
  const signUp = await showDialog({
    kind: 'confirm',
    title: labels.auth.in_popup_prompt,
    text: labels.auth.in_need_true_account,
    confirmLabel: labels.auth.register.submit,
    cancelLabel: labels.auth.in_increase_submit,
  });
  if (!signUp) return false;
  await logout();
  window.location.assign(localPath(labels, '/register'));
  return true;
}

/** Said of actions whose feature has not arrived yet, instead of a dead link or made-up data. */
export async function notAvailable(labels: Labels): Promise<void> {
  await showDialog({ kind: 'info', text: labels.auth.notAvailable });
}

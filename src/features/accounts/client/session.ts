/**
 * The browser's session (spec 3 Storage, 4 Login state and Start-up): the token lives in session
 * storage, member info in memory; isLogin, isAgent and isTrial derive from it. A token in the
 * address (?token=) or in session storage triggers a member-info load at start-up; logout clears
 * session storage.
 *
 * Remember-me keeps only the last username (and the sms login's mobile and dialing code) in
 * cookies of 24 hours. Never a password: not in a cookie, not in storage.
 */
import { atom, computed } from 'nanostores';
import { isAgentType, isTrialType, logout as logoutCall, memberInfo, memberLanguage, type LoginValue, type MemberInfo } from '../contract.ts';
import { localeOfHtmlLang } from '../../../kernel/locales.ts';
import { COOKIE_LIFE_MS } from '../../../kernel/constants.ts';
import { ApiFailure, pageApiClient, type ApiClient } from '../../../kernel/http/client.ts';
import { DEVICE_KEY, TOKEN_KEY } from '../../../kernel/http/session-keys.ts';

export const $token = atom<string | null>(null);
export const $member = atom<MemberInfo | null>(null);
/** anonymous: no token; loading: a token whose member info is on its way; member: logged in. */
export const $sessionState = atom<'anonymous' | 'loading' | 'member'>('anonymous');

/** Storing member info sets logged in (spec 4). */
export const $isLogin = computed($member, (m) => m !== null);
export const $isAgent = computed($member, (m) => m !== null && isAgentType(m.type));
export const $isTrial = computed($member, (m) => m !== null && isTrialType(m.type));

let client: ApiClient | null = null;
/** The page's API client (brand, language and token of this page). */
export function api(): ApiClient {
  client ??= pageApiClient();
  return client;
}

function pageConfig(): { merchant?: string; minimumAge?: number } {
  try {
    return JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { merchant?: string; minimumAge?: number };
  } catch {
    return {};
  }
}

/** The brand's merchant code, from the JSON the layout embeds. */
export function merchantCode(): string {
  return pageConfig().merchant ?? '';
}

/** The brand's minimum age (18 or 21), from the JSON the layout embeds. */
export function minimumAge(): number {
  return pageConfig().minimumAge ?? 18;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored token, if any. */
export function storedToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

/**
 * Start-up: takes a token from the address (then removes it from the address bar) or from
 * session storage and loads member info. Answers whether a session was found.
 */
export async function startSession(): Promise<boolean> {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage()?.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const token = storedToken();
  if (!token) {
    $sessionState.set('anonymous');
    return false;
  }
  $token.set(token);
  return (await loadMemberInfo()) !== null;
}

/**
 * Loads member info for the stored token. A refused token (401) ends the session; a network
 * failure keeps it (the next load may work) and answers null.
 */
export async function loadMemberInfo(): Promise<MemberInfo | null> {
  if (!storedToken()) {
    clearSession();
    return null;
  }
  if ($member.get() === null) $sessionState.set('loading');
  try {
    const info = await api().call(memberInfo);
    $member.set(info);
    $sessionState.set('member');
    syncLanguage(info);
    return info;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 401) clearSession();
    else if ($member.get() === null) $sessionState.set('anonymous');
    return null;
  }
}

/**
 * Spec 4: a language change updates the server. The page's language is the one the member is
 * reading; when it is not the one the server keeps for the member, the server is told (in the
 * background: the page does not wait, and a failure only means the next page tries again).
 */
function syncLanguage(info: MemberInfo): void {
  if (typeof document === 'undefined' || info.isTrial) return;
  const lang = localeOfHtmlLang(document.documentElement.lang);
  if (info.language === lang) return;
  void api()
    .call(memberLanguage, { body: { language: lang } })
    .then((v) => {
      const current = $member.get();
      if (current?.id === info.id) $member.set({ ...current, language: v.language });
    })
    .catch(() => undefined);
}

/** Session storage flag of the first-login action (spec 4): features that greet first logins read it. */
export const FIRST_LOGIN_KEY = 'firstTimeLogin';

/**
 * Keeps the token of a successful login, registration or free play, then loads member info. A
 * first login, which a registration's own session is, sets the first-login flag here, so that every
 * way in greets it (the first-login announcements, execution F), not only the login form.
 */
export async function beginSession(login: LoginValue): Promise<MemberInfo | null> {
  storage()?.setItem(TOKEN_KEY, login.token);
  if (login.firstTimeLogin) storage()?.setItem(FIRST_LOGIN_KEY, '1');
  $token.set(login.token);
  return loadMemberInfo();
}

/** Forgets the session in this tab: session storage is cleared (spec 4), flags reset. */
export function clearSession(): void {
  try {
    storage()?.clear();
  } catch {
    /* storage unavailable */
  }
  $token.set(null);
  $member.set(null);
  $sessionState.set('anonymous');
}

/** Ends the session on the server (best effort) and in the browser. */
export async function logout(): Promise<void> {
  if (storedToken()) {
    try {
      await api().call(logoutCall);
    } catch {
      /* the token is forgotten here anyway; the server expires it after 30 idle minutes */
    }
  }
  clearSession();
}

/** A UUID this browser keeps for logins (wire notes). */
export function loginDeviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

// ---- Remember me (spec 3 Storage, 4 Remember checkbox), without the password ----

export interface Remembered {
  username?: string;
  mobileNum?: string;
  countryDialingCode?: string;
}

const COOKIE_REMEMBER = 'loginRemember';
const COOKIE_SMS = 'loginTypeSms';
/** The username cookie is keyed by the brand's merchant code (spec: a brand-merchant login id). */
const usernameCookie = (merchant: string) => `loginId_${merchant}`;

function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const base = `${encodeURIComponent(name)}=${value === null ? '' : encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value === null ? `${base}; Max-Age=0${secure}` : `${base}; Max-Age=${COOKIE_LIFE_MS / 1000}${secure}`;
}

/** What the remember box kept, or null when it was not ticked. */
export function readRemembered(merchant: string): Remembered | null {
  if (readCookie(COOKIE_REMEMBER) !== '1') return null;
  const out: Remembered = {};
  const username = readCookie(usernameCookie(merchant));
  if (username) out.username = username;
  try {
    const sms = JSON.parse(readCookie(COOKIE_SMS) ?? 'null') as Remembered | null;
    if (sms?.mobileNum) out.mobileNum = String(sms.mobileNum);
    if (sms?.countryDialingCode) out.countryDialingCode = String(sms.countryDialingCode);
  } catch {
    /* a damaged cookie is ignored */
  }
  return out;
}

/**
 * Saves (remember ticked) or clears (not ticked) the last login's username, or the sms login's
 * mobile and dialing code, for 24 hours. The password is never saved.
 */
export function saveRemembered(merchant: string, remember: boolean, what: Remembered): void {
  if (!remember) {
    writeCookie(COOKIE_REMEMBER, null);
    writeCookie(usernameCookie(merchant), null);
    writeCookie(COOKIE_SMS, null);
    return;
  }
  writeCookie(COOKIE_REMEMBER, '1');
  if (what.username !== undefined) writeCookie(usernameCookie(merchant), what.username);
  if (what.mobileNum !== undefined) {
    writeCookie(COOKIE_SMS, JSON.stringify({ mobileNum: what.mobileNum, countryDialingCode: what.countryDialingCode ?? '' }));
  }
}

/**
 * Names under which the browser keeps session data (spec 3 Storage). Dependency-free, so that
 * the page's first script can look for a session without loading the API client.
 */

/** Session storage: the session token (the API client sends it as Authorization). */
export const TOKEN_KEY = 'token';

/** Local storage: a UUID this browser sends with logins (wire notes: loginDeviceId). */
export const DEVICE_KEY = 'loginDeviceId';

/** Is there a session token in this tab, or one handed over in the address (?token=)? */
export function hasSessionToken(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('token')) return true;
    return !!window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return false;
  }
}

/** The session token of this tab, or null (no session, or storage unavailable). */
export function storedToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

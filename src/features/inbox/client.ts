/**
 * The inbox's browser face: the unread count (a nanostore the header's mail icon, the member
 * centre's menu badge and the back office read) and its refresh. The count is asked when a member
 * session starts, every minute while the tab is visible, when the tab comes back, and after the
 * member reads or deletes (spec 2.4, 2.14: refreshed without a page load). A trial account loads
 * none (spec 6).
 */
import { atom } from 'nanostores';
import { lazy } from 'react';
import { unreadCount } from './contract.ts';
import { $isTrial, $member, api } from '../accounts/client.ts';

export const $unread = atom<number>(0);

let inFlight: Promise<void> | null = null;
/** Asks the server for the unread count (one call at a time). */
export function refreshUnread(): Promise<void> {
  if (!$member.get() || $isTrial.get()) {
    $unread.set(0);
    return Promise.resolve();
  }
  inFlight ??= api()
    .call(unreadCount)
    .then((n) => $unread.set(n))
    .catch(() => undefined)
    .finally(() => (inFlight = null));
  return inFlight;
}

/** The messages list (member centre, back office), loaded when first shown. */
export const MessagesList = lazy(() => import('./islands/MessagesList.tsx'));

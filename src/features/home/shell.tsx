/**
 * What the home feature puts in the shell: the members' announcement popup (spec 2.8 and 4).
 * A header part, so that it starts when a member is logged in (at page load or after logging
 * in); it waits for the shell's own popups (after-login, forced password change) to close.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ShellParts } from '../../shell/parts.ts';
import { $popup } from '../../ui/stores/ui.ts';
import { $isLogin, FIRST_LOGIN_KEY } from '../accounts/client.ts';
import { announce } from './islands/announce.ts';

function firstLogin(): boolean {
  try {
    return sessionStorage.getItem(FIRST_LOGIN_KEY) === '1';
  } catch {
    return false;
  }
}

function MemberAnnouncements() {
  const isLogin = useStore($isLogin);
  useEffect(() => {
    if (!isLogin || !document.getElementById('announce-config')) return;
    let started = false;
    const unsubscribe = $popup.subscribe((open) => {
      if (open || started) return;
      started = true;
      void announce('member', firstLogin());
    });
    return unsubscribe;
  }, [isLogin]);
  return null;
}

export const shell: ShellParts = { header: [MemberAnnouncements] };

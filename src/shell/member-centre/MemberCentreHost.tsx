/**
 * Where the member-centre overlay lives in the shell (spec 2.1, 2.14). Small and always loaded
 * with the shell; the overlay itself, its pages and the wallet strings are loaded the first time
 * it opens. It:
 * - opens the overlay for any link to `/member?page=<page>` of this site (avatar menu, header,
 *   the /member page's menu, the overlay's own menu) instead of following it;
 * - opens it on load when the address is `/member?page=<page>`, and on /member keeps the address
 *   in step with the selected page, so that a reload or a shared link shows the same page;
 * - refuses trial accounts with in_need_true_account (spec 6).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { $isTrial, $member } from '../../features/accounts/client.ts';
import { $memberCentre, closeMemberCentre, openMemberCentre } from './store.ts';
import { isMemberPage } from './entries.ts';
import { memberPageOfLink } from './pages.ts';
import { refuseTrial, routePath } from '../../features/accounts/client.ts';
import { useLabels } from '../labels.tsx';
import { $popup } from '../../ui/stores/ui.ts';
import { AFTER_LOGIN_PAGE_KEY } from './pages.ts';

// The overlay loads on its first opening; the features' pages it shows load with it (./entries.ts).
const MemberCentre = lazy(() => import('./MemberCentre.tsx'));

export default function MemberCentreHost() {
  const labels = useLabels();
  const page = useStore($memberCentre);
  const member = useStore($member);
  const isTrial = useStore($isTrial);
  const memberId = member?.id;

  // Links to a member-centre page open the overlay in place.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self')) return;
      const p = memberPageOfLink(a.href, window.location.origin, isMemberPage);
      if (!p || !$member.get()) return;
      e.preventDefault();
      if ($isTrial.get()) void refuseTrial(labels);
      else openMemberCentre(p);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [labels]);

  // The page's own address: /member?page=deposit opens the deposit page once the session is known.
  const [initial] = useState(() => (routePath() === '/member' ? new URLSearchParams(window.location.search).get('page') : null));
  useEffect(() => {
    if (memberId === undefined || isTrial) return;
    if (isMemberPage(initial)) openMemberCentre(initial);
  }, [memberId, isTrial, initial]);

  // A visitor who asked for a member-centre page before logging in (the announcement's
  // go-to-promotion) gets it once logged in, after the login's own popups have closed.
  useEffect(() => {
    if (memberId === undefined || isTrial) return;
    let wanted: string | null = null;
    try {
      wanted = sessionStorage.getItem(AFTER_LOGIN_PAGE_KEY);
    } catch {
      return;
    }
    if (!isMemberPage(wanted)) return;
    const target = wanted;
    let done = false;
    return $popup.subscribe((open) => {
      if (open || done) return;
      done = true;
      try {
        sessionStorage.removeItem(AFTER_LOGIN_PAGE_KEY);
      } catch {
        /* storage unavailable */
      }
      openMemberCentre(target);
    });
  }, [memberId, isTrial]);

  // On /member the address follows the overlay (from its first opening on).
  const shown = useRef(false);
  useEffect(() => {
    if (page) shown.current = true;
    if (routePath() !== '/member' || !shown.current) return;
    const url = new URL(window.location.href);
    if (page) url.searchParams.set('page', page);
    else url.searchParams.delete('page');
    // The order a payment page sent the player back with belongs to the deposit page only.
    if (page !== 'deposit') url.searchParams.delete('order');
    const next = url.pathname + url.search + url.hash;
    if (next !== window.location.pathname + window.location.search + window.location.hash) history.replaceState(history.state, '', next);
  }, [page]);

  // A session that ended or a trial account never keeps the overlay open.
  useEffect(() => {
    if (!page) return;
    if (!member) closeMemberCentre();
    else if (isTrial) {
      closeMemberCentre();
      void refuseTrial(labels);
    }
  }, [page, member, isTrial, labels]);

  if (!page || !member || isTrial) return null;
  return (
    <Suspense
      fallback={
        <div className="loader-layer" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{labels.auth.loading}</span>
        </div>
      }
    >
      <MemberCentre page={page} />
    </Suspense>
  );
}

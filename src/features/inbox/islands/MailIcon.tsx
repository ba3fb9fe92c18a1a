/**
 * The header's mail icon (spec 2.4): a link to the member centre's platform messages with a red
 * badge of the unread count; a portal into the header's auth slot, before the avatar. Keeps the
 * count fresh (client.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { $isTrial, $member } from '../../accounts/client.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { $unread, refreshUnread } from '../client.ts';
import { useInboxLabels } from './labels.ts';

const EVERY_MS = 60_000;

export default function MailIcon() {
  const labels = useLabels();
  const l = useInboxLabels(labels.lang);
  const member = useStore($member);
  const isTrial = useStore($isTrial);
  const unread = useStore($unread);
  const memberId = member?.id;

  useEffect(() => {
    if (memberId === undefined || isTrial) return;
    void refreshUnread();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnread();
    }, EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [memberId, isTrial]);

  const slot = typeof document !== 'undefined' ? document.querySelector<HTMLElement>('[data-auth-slot]') : null;
  if (!member || isTrial || !l || !slot) return null;
  const label = unread > 0 ? fill(l.mailLabelUnread, { count: unread }) : l.mailLabel;
  return createPortal(
    <a className="ib-mail" href={localPath(labels, '/member?page=messages')} aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3.5 6.5 12 13l8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span className="ib-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </a>,
    slot,
  );
}

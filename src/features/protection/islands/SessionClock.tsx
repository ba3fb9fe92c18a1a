/**
 * The header's session clock (issue 28; GLI-19): the time since this login, where the brand shows
 * it (the member info's `sessionSince`, null otherwise); a portal into the header's auth slot.
 * It ticks once a second but tells screen readers nothing on each tick (a timer, not a live region);
 * a duration, not a time of day (`data-duration`: the one-clock rule leaves it out).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { $isTrial, $member } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { useProtectionLabels } from './labels.ts';

/** h:mm:ss of a duration in ms. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

export default function SessionClock() {
  const labels = useLabels();
  const l = useProtectionLabels(labels.lang);
  const member = useStore($member);
  const isTrial = useStore($isTrial);
  const since = member?.sessionSince ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  const slot = typeof document !== 'undefined' ? document.querySelector<HTMLElement>('[data-auth-slot]') : null;
  if (since === null || isTrial || !l || !slot) return null;
  const text = elapsedText(now - since);
  return createPortal(
    <span
      role="timer"
      data-duration
      aria-label={fill(l.sessionClock, { time: text })}
      title={fill(l.sessionClock, { time: text })}
      style={{ order: -2, fontVariantNumeric: 'tabular-nums', fontSize: 13, color: 'var(--muted)', whiteSpace: 'nowrap' }}
    >
      {text}
    </span>,
    slot,
  );
}

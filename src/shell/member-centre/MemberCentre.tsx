/**
 * The member-centre overlay (spec 2.14): its menu and the selected page, over whatever page the
 * player is on. Like the popups of spec 2.8 it closes only through its close button (first in tab
 * order), freezes the page's scroll and keeps focus inside; the selected page is remembered for
 * the session (stores/memberCentre.ts). 'My account' is the /member page itself.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $isAgent, $member, $status } from '../../features/accounts/client.ts';
import { $unread } from '../../features/inbox/client.ts';
import { $availableRewards, refreshRewards } from '../../features/promotions/client.ts';
import { closeMemberCentre, MEMBER_PAGES, type MemberCentrePage } from './store.ts';
import { routePath } from '../../features/accounts/client.ts';
import { localPath, useLabels } from '../labels.tsx';
import { useModalLayer } from '../../ui/modal.ts';
import memberCentreCss from './member-centre.css?url';

import type * as WalletCentre from '../../features/wallet/islands/centre.ts';
import { addStylesheet } from '../../ui/stylesheets.ts';
import { CentreSlotsContext, type CentreSlots } from './slots.tsx';

void addStylesheet(memberCentreCss);

/** What features put in the overlay: their pages (src/features/<name>/islands/centre.ts), the wallet's strings, and parts of each other's pages (slots). */
export type CentreParts = typeof WalletCentre & { SLOTS: CentreSlots };

export default function MemberCentre({ page, parts }: { page: MemberCentrePage; parts: CentreParts }) {
  const { loadWalletLabels, WalletLabelsContext } = parts;
  const labels = useLabels();
  const [w, setW] = useState<Awaited<ReturnType<CentreParts['loadWalletLabels']>> | null>(null);
  useEffect(() => {
    void loadWalletLabels(labels.lang).then(setW);
  }, [labels.lang, loadWalletLabels]);
  if (!w) return null;
  return (
    <WalletLabelsContext.Provider value={w}>
      <CentreSlotsContext.Provider value={parts.SLOTS}>
        <Overlay page={page} w={w} parts={parts} />
      </CentreSlotsContext.Provider>
    </WalletLabelsContext.Provider>
  );
}

function Overlay({ page, w, parts }: { page: MemberCentrePage; w: Awaited<ReturnType<CentreParts['loadWalletLabels']>>; parts: CentreParts }) {
  const labels = useLabels();
  const member = useStore($member);
  const unread = useStore($unread);
  const rewards = useStore($availableRewards);
  const status = useStore($status);
  const isAgent = useStore($isAgent);
  // Invite friends while the brand runs it (spec 3's REFERRAL entry); agents recruit with their team code.
  const referralOn = !isAgent && !!status?.info.availablePromo?.some((p) => p.code === 'REFERRAL' && p.enabled);
  // The reward centre's badge: asked when the overlay opens.
  useEffect(() => void refreshRewards(), []);
  const layerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const first = useRef(true);
  useModalLayer(layerRef);

  // On a phone the menu scrolls sideways: keep the selected entry in sight.
  useEffect(() => {
    layerRef.current?.querySelector('.mc-nav [aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [page]);

  // A new page takes focus at its heading (not on first opening: the layer focuses its box).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    layerRef.current?.querySelector('.mc-main')?.scrollTo({ top: 0 });
  }, [page]);

  const Page = parts.PAGES[page] ?? (() => null);

  const onMemberPage = routePath() === '/member';
  return (
    <div ref={layerRef} className="mc-layer" data-modal-layer>
      <div className="mc" role="dialog" aria-modal="true" aria-labelledby={`${ids}-t`} tabIndex={-1} data-autofocus>
        <button type="button" className="popup-close mc-close" aria-label={labels.auth.close} title={labels.auth.close} onClick={closeMemberCentre}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="mc-head">
          <h2 id={`${ids}-t`}>{w.centre.title}</h2>
          {member && <span className="mc-who">{member.account}</span>}
        </div>
        <div className="mc-body">
          <nav className="mc-nav" aria-label={w.centre.menu}>
            <ul>
              <li>
                <a
                  href={localPath(labels, '/member')}
                  onClick={(e) => {
                    // On /member the account is the page under the overlay.
                    if (onMemberPage) {
                      e.preventDefault();
                      closeMemberCentre();
                    }
                  }}
                >
                  {w.centre.account}
                </a>
              </li>
              {MEMBER_PAGES.filter((p) => (p !== 'vip' || member?.vip) && (p !== 'referral' || referralOn)).map((p) => (
                <li key={p}>
                  <a href={localPath(labels, `/member?page=${p}`)} aria-current={p === page ? 'page' : undefined}>
                    {w.centre.pages[p]}
                    {p === 'messages' && unread > 0 && (
                      <span className="mc-badge">
                        <span className="sr-only">, </span>
                        {unread}
                      </span>
                    )}
                    {p === 'rewards' && rewards > 0 && (
                      <span className="mc-badge">
                        <span className="sr-only">, </span>
                        {rewards}
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <section className="mc-main" aria-labelledby={`${ids}-p`}>
            <h3 id={`${ids}-p`} ref={headingRef} tabIndex={-1} className="mc-page-title">
              {w.centre.pages[page]}
            </h3>
            <Page key={page} />
          </section>
        </div>
      </div>
    </div>
  );
}

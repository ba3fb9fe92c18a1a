/**
 * The member-centre overlay (spec 2.14): its menu and the selected page, over whatever page the
 * player is on. Like the popups of spec 2.8 it closes only through its close button (first in tab
 * order), freezes the page's scroll and keeps focus inside; the selected page is remembered for
 * the session (stores/memberCentre.ts). 'My account' is the /member page itself.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { $member } from '../../features/accounts/client.ts';
import { closeMemberCentre, type MemberCentrePage } from './store.ts';
import { routePath } from '../../features/accounts/client.ts';
import { localPath, useLabels } from '../labels.tsx';
import { useModalLayer } from '../../ui/modal.ts';
import memberCentreCss from './member-centre.css?url';
import { addStylesheet, stylesheetsReady } from '../../ui/stylesheets.ts';
import { CentreSlotsContext } from './slots.tsx';
import { CENTRE_ENTRIES, loadCentre, loadTitles, type LoadedCentre } from './entries.ts';
import { centreCatalogue, type CentreLabels } from './labels.ts';
import { useListed } from './listed.ts';

void addStylesheet(memberCentreCss);

export default function MemberCentre({ page }: { page: MemberCentrePage }) {
  const labels = useLabels();
  const [loaded, setLoaded] = useState<{ centre: LoadedCentre; titles: Record<string, string>; words: CentreLabels } | null>(null);
  useEffect(() => {
    let live = true;
    // The pages' stylesheets too (theirs and the UI kit's, added as their modules load), so nothing shows unstyled.
    void Promise.all([loadCentre().then(async (c) => (await stylesheetsReady(), c)), loadTitles(labels.lang), centreCatalogue.load(labels.lang)]).then(
      ([centre, titles, words]) => live && setLoaded({ centre, titles, words }),
    );
    return () => {
      live = false;
    };
  }, [labels.lang]);
  // What the entries ask for when the overlay opens (the reward centre's count).
  useEffect(() => CENTRE_ENTRIES.forEach((e) => e.onOpen?.()), []);
  if (!loaded) return null;
  return (
    <CentreSlotsContext.Provider value={loaded.centre.slots}>
      <Overlay page={page} centre={loaded.centre} titles={loaded.titles} words={loaded.words} />
    </CentreSlotsContext.Provider>
  );
}

const Nothing = () => null;

/** A count beside a menu entry (its store, read only where there is one). */
function Badge({ count }: { count: NonNullable<(typeof CENTRE_ENTRIES)[number]['badge']> }) {
  const n = useStore(count);
  return n > 0 ? (
    <span className="mc-badge">
      <span className="sr-only">, </span>
      {n}
    </span>
  ) : null;
}

function Overlay({ page, centre, titles, words }: { page: MemberCentrePage; centre: LoadedCentre; titles: Record<string, string>; words: CentreLabels }) {
  const labels = useLabels();
  const member = useStore($member);
  const listed = useListed();
  // A page no feature declares (an old remembered name) shows the first one.
  const shown = centre.pages[page] ? page : (listed[0]?.page ?? page);
  const Page: ComponentType = centre.pages[shown] ?? Nothing;
  const layerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const first = useRef(true);
  useModalLayer(layerRef);

  // On a phone the menu scrolls sideways: keep the selected entry in sight.
  useEffect(() => {
    layerRef.current?.querySelector('.mc-nav [aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shown]);

  // A new page takes focus at its heading (not on first opening: the layer focuses its box).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    layerRef.current?.querySelector('.mc-main')?.scrollTo({ top: 0 });
  }, [shown]);

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
          <h2 id={`${ids}-t`}>{words.title}</h2>
          {member && <span className="mc-who">{member.account}</span>}
        </div>
        <div className="mc-body">
          <nav className="mc-nav" aria-label={words.menu}>
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
                  {words.account}
                </a>
              </li>
              {listed.map((e) => (
                <li key={e.page}>
                  <a href={localPath(labels, `/member?page=${e.page}`)} aria-current={e.page === shown ? 'page' : undefined}>
                    {titles[e.page]}
                    {e.badge && <Badge count={e.badge} />}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <section className="mc-main" aria-labelledby={`${ids}-p`}>
            <h3 id={`${ids}-p`} ref={headingRef} tabIndex={-1} className="mc-page-title">
              {titles[shown]}
            </h3>
            <Page key={shown} />
          </section>
        </div>
      </div>
    </div>
  );
}

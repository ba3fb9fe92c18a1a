/**
 * The agent back office on /agentHome (spec 2.15; issue 13): the agent-centre menu in the spec's
 * order, the selected section remembered in this browser, and the sections — team management
 * (./team.tsx), register account (./register.tsx), the reports (./overview.tsx, ./reports.tsx),
 * the announcements (./notices.tsx), the contract pages and their popup (./contracts.tsx,
 * ./offers-popup.tsx), the inbox's messages and customer service (./service.tsx); the agent's
 * account record, deposit and withdrawal open the member centre's own pages. Sections not built
 * yet say so; none shows made-up data. The state is the back office's store
 * (client/back-office.ts); this renders the frame.
 */
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { api } from '../../accounts/client.ts';
import { MessagesList } from '../../inbox/client.ts';
import { useLabels } from '../../../shell/labels.tsx';
import { createBackOffice, type Profile } from '../client/back-office.ts';
import { agentCatalogue, type AgentLabels } from '../client/labels.ts';
import { CENTRE_PAGES, CONTRACT_SECTIONS, isContractSection, shown, type Section } from '../client/sections.ts';
import { ContractsPage } from './contracts.tsx';
import { ContractOffersPopup } from './offers-popup.tsx';
import { AgentNotices } from './notices.tsx';
import { TeamOverview } from './overview.tsx';
import { RegisterAccount } from './register.tsx';
import { ReportFrame } from './report-parts.tsx';
import { MyIncome, TeamBetting, TeamTransactions, UserLoss } from './reports.tsx';
import { CustomerService } from './service.tsx';
import { TeamManagement } from './team.tsx';

/** The report sections. */
const REPORT_VIEWS: Partial<Record<Section, ComponentType<{ a: AgentLabels; profile: Profile | null }>>> = {
  teamOverview: TeamOverview,
  teamBetting: TeamBetting,
  userLoss: UserLoss,
  teamTransactions: TeamTransactions,
  income: MyIncome,
};
/** The phone's width, where the menu collapses (AgentHomePage.astro's media query). */
const PHONE = '(max-width: 760px)';

export default function AgentApp() {
  const labels = useLabels();
  const [office] = useState(() => createBackOffice({ client: api, lang: labels.lang, labels: agentCatalogue }));
  const a = useStore(office.$labels);
  const profile = useStore(office.$profile);
  const section = useStore(office.$section);
  const teamVersion = useStore(office.$teamVersion);
  const chosen = useStore(office.$chosen);
  const menu = useStore(office.$menu);
  // On a phone the menu is collapsed behind a button naming the section; a choice collapses it
  // and brings the section into view (CSS shows the button only at the phone's width).
  const [menuOpen, setMenuOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const menuId = useId();
  useEffect(() => {
    const el = panel.current;
    if (!chosen || !el || !window.matchMedia(PHONE).matches) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [chosen]);
  const choose = (s: Section) => {
    setMenuOpen(false);
    office.choose(s);
  };
  if (!a) return <p className="muted">{labels.auth.loading}</p>;
  const items = labels.auth.agent.items as Record<string, string>;
  const Report = REPORT_VIEWS[section];
  return (
    <div className="agent-app">
      <ReportFrame>
        <ContractOffersPopup a={a} profile={profile} onDecided={office.teamChanged} />
      </ReportFrame>
      <nav aria-label={a.menuLabel} className="agent-nav" data-open={menuOpen ? 'true' : 'false'}>
        <button type="button" className="agent-nav-toggle" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((o) => !o)}>
          <span>{a.menuToggle}</span> <span className="agent-nav-current">{items[section]}</span>
        </button>
        <ul id={menuId}>
          {menu.map(([key, ready]) => (
            <li key={key}>
              <button type="button" aria-current={section === key ? 'page' : undefined} aria-haspopup={CENTRE_PAGES[key] ? 'dialog' : undefined} onClick={() => choose(key)}>
                <span>{items[key]}</span>
                {!ready && <span className="soon">{a.notYet}</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="agent-panel" aria-labelledby="agent-panel-title" ref={panel} tabIndex={-1}>
        {section === 'teamManagement' ? (
          <TeamManagement a={a} profile={profile} key={teamVersion} />
        ) : section === 'registerAccount' ? (
          <RegisterAccount a={a} profile={profile} onShowTeam={office.showTeam} />
        ) : section === 'announcement' ? (
          <ReportFrame>
            <AgentNotices a={a} profile={profile} title={items.announcement!} />
          </ReportFrame>
        ) : Report ? (
          <ReportFrame>
            <Report a={a} profile={profile} />
          </ReportFrame>
        ) : isContractSection(section) ? (
          shown(section, profile?.contractKinds) && (
            <ReportFrame>
              <ContractsPage a={a} profile={profile} kind={CONTRACT_SECTIONS[section]} title={items[section]!} key={section} />
            </ReportFrame>
          )
        ) : section === 'messages' ? (
          <>
            <h2 id="agent-panel-title">{items.messages}</h2>
            <Suspense fallback={<p className="muted">{labels.auth.loading}</p>}>
              <MessagesList />
            </Suspense>
          </>
        ) : section === 'customerService' ? (
          <CustomerService a={a} title={items.customerService!} />
        ) : (
          <>
            <h2 id="agent-panel-title">{items[section]}</h2>
            <p className="muted">{a.notYetText}</p>
          </>
        )}
      </section>
    </div>
  );
}

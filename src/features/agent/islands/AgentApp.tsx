/**
 * The agent back office on /agentHome (spec 2.15; issue 13): the agent-centre menu in the spec's
 * order, the selected section remembered in this browser, and the sections built so far — team
 * management (the team as a list and as a tree: a sub-agent opens its own team), register
 * account, and the reports (./reports.tsx: team overview, team betting, user loss, team
 * transactions, my income); the agent's account record, deposit and withdrawal open the member centre's own pages;
 * customer service lists the brand's channels. Sections not built yet say so; none shows
 * made-up data.
 */
import { Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { agentProfile, agentRegister, agentTeamMembers, type TeamMember, TEAM_SORTS } from '../contract.ts';
import { useStore } from '@nanostores/react';
import { $status, api, Field, loadStatus, PasswordField } from '../../accounts/client.ts';
import { openMemberCentre } from '../../../shell/member-centre/store.ts';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { amountText } from '../../wallet/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { FormError, readyToSend } from '../../../ui/form.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type agentCatalogue from '../i18n/en/agent.json';
import { AgentNotices, MyIncome, ReportFrame, TeamBetting, TeamOverview, TeamTransactions, UserLoss } from './reports.tsx';
import { CONTRACT_SECTIONS, ContractOffersPopup, ContractsPage } from './contracts.tsx';
import { MessagesList } from '../../inbox/client.ts';
import { formatDateTime } from '../../../kernel/intl.ts';

type AgentLabels = typeof agentCatalogue;
type Profile = ValueOf<typeof agentProfile>;
type TeamPage = ValueOf<typeof agentTeamMembers>;

const catalogue = lazyCatalogue(import.meta.glob<AgentLabels>('../i18n/*/agent.json', { import: 'default' }));

/** Spec 2.15, in its order; then the agent home's extras. `ready`: built (the rest say so). */
const SECTIONS = [
  ['announcement', true],
  ['teamOverview', true],
  ['registerAccount', true],
  ['teamManagement', true],
  ['teamBetting', true],
  ['userLoss', true],
  // Spec 2.16's team transactions, beside the other team reports.
  ['teamTransactions', true],
  ['income', true],
  ['accountDetails', true],
  // Spec 2.15: each only when the brand offers the kind (profile.contractKinds).
  ['dividend', true],
  ['dailyWages', true],
  ['hourlySalary', true],
  ['realTimeSalary', true],
  ['deposit', true],
  ['withdraw', true],
  ['messages', true],
  ['customerService', true],
] as const;
/**
 * Sections served by the member centre's own pages (the wallet's, in the shell's overlay), not
 * copies: the agent's account record, deposit and withdrawal.
 */
const CENTRE_PAGES: Partial<Record<Section, MemberCentrePage>> = { accountDetails: 'transactions', deposit: 'deposit', withdraw: 'withdrawal' };
type Section = (typeof SECTIONS)[number][0];
/** The report sections (./reports.tsx). */
const REPORT_VIEWS: Partial<Record<Section, typeof TeamOverview>> = {
  teamOverview: TeamOverview,
  teamBetting: TeamBetting,
  userLoss: UserLoss,
  teamTransactions: TeamTransactions,
  income: MyIncome,
};
/** The phone's width, where the menu collapses (AgentHomePage.astro's media query). */
const PHONE = '(max-width: 760px)';
/** Local storage: the section the agent last opened. */
export const AGENT_SECTION_KEY = 'agent.section';

function rememberedSection(): Section {
  try {
    const s = localStorage.getItem(AGENT_SECTION_KEY);
    if (SECTIONS.some(([k, ready]) => k === s && ready && !CENTRE_PAGES[k])) return s as Section;
  } catch {
    /* storage unavailable */
  }
  return 'teamManagement';
}

/** A menu entry shows unless it is a contract page of a kind the brand does not offer (or not known yet). */
function shown(key: Section, profile: Profile | null): boolean {
  if (!(key in CONTRACT_SECTIONS)) return true;
  return !!profile?.contractKinds[CONTRACT_SECTIONS[key as keyof typeof CONTRACT_SECTIONS]];
}

export default function AgentApp() {
  const labels = useLabels();
  const [a, setA] = useState<AgentLabels | undefined>(() => catalogue.loaded(labels.lang));
  const [profile, setProfile] = useState<Profile | null>(null);
  const [section, setSection] = useState<Section>(rememberedSection);
  const [teamKey, setTeamKey] = useState(0);
  // On a phone the menu is collapsed behind a button naming the section; a choice collapses it
  // and brings the section into view (CSS shows the button only at the phone's width).
  const [menuOpen, setMenuOpen] = useState(false);
  const [chosen, setChosen] = useState(0);
  const panel = useRef<HTMLElement>(null);
  const menuId = useId();
  useEffect(() => {
    const el = panel.current;
    if (!chosen || !el || !window.matchMedia(PHONE).matches) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [chosen]);
  useEffect(() => {
    if (!a) void catalogue.load(labels.lang).then(setA);
  }, [labels.lang, a]);
  useEffect(() => {
    void api()
      .call(agentProfile)
      .then(setProfile)
      .catch(() => undefined);
  }, [teamKey]);
  const choose = (s: Section) => {
    const centre = CENTRE_PAGES[s];
    // The member centre opens over the page; the section shown behind it stays as it was.
    setMenuOpen(false);
    if (centre) return openMemberCentre(centre);
    setSection(s);
    setChosen((n) => n + 1);
    try {
      localStorage.setItem(AGENT_SECTION_KEY, s);
    } catch {
      /* storage unavailable */
    }
  };
  if (!a) return <p className="muted">{labels.auth.loading}</p>;
  const items = labels.auth.agent.items as Record<string, string>;
  return (
    <div className="agent-app">
      <ReportFrame>
        <ContractOffersPopup a={a} profile={profile} onDecided={() => setTeamKey((k) => k + 1)} />
      </ReportFrame>
      <nav aria-label={a.menuLabel} className="agent-nav" data-open={menuOpen ? 'true' : 'false'}>
        <button type="button" className="agent-nav-toggle" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((o) => !o)}>
          <span>{a.menuToggle}</span>{' '}
          <span className="agent-nav-current">{items[section]}</span>
        </button>
        <ul id={menuId}>
          {SECTIONS.filter(([key]) => shown(key, profile)).map(([key, ready]) => (
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
          <TeamManagement a={a} profile={profile} key={teamKey} />
        ) : section === 'registerAccount' ? (
          <RegisterAccount
            a={a}
            profile={profile}
            onShowTeam={() => {
              setTeamKey((k) => k + 1);
              choose('teamManagement');
            }}
          />
        ) : section === 'announcement' ? (
          <ReportFrame>
            <AgentNotices a={a} profile={profile} title={items.announcement!} />
          </ReportFrame>
        ) : REPORT_VIEWS[section] ? (
          <ReportFrame>
            {(() => {
              const View = REPORT_VIEWS[section]!;
              return <View a={a} profile={profile} />;
            })()}
          </ReportFrame>
        ) : section in CONTRACT_SECTIONS ? (
          shown(section, profile) && (
            <ReportFrame>
              <ContractsPage a={a} profile={profile} kind={CONTRACT_SECTIONS[section as keyof typeof CONTRACT_SECTIONS]} title={items[section]!} key={section} />
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

/** The brand's customer-service channels (the status call's, as the site's service widget shows them). */
function CustomerService({ a, title }: { a: AgentLabels; title: string }) {
  const status = useStore($status);
  useEffect(() => void loadStatus().catch(() => undefined), []);
  if (!status)
    return (
      <p className="muted" role="status">
        {a.loading}
      </p>
    );
  const channels = status.info.customerService;
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      <p className="muted">{a.service.lead}</p>
      {channels.length ? (
        <ul className="agent-service">
          {channels.map((c) => (
            <li key={`${c.csType}:${c.path}`}>
              <a href={c.path} target="_blank" rel="noopener noreferrer">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{a.service.none}</p>
      )}
    </>
  );
}

interface TeamFilters {
  parentId?: number;
  scope: 'all' | 'direct';
  search: string;
  kind: 'all' | 'player' | 'agent';
  sort: (typeof TEAM_SORTS)[number];
  order: 'asc' | 'desc';
  pageNo: number;
}

function TeamManagement({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const labels = useLabels();
  const types = labels.auth.agent.types as Record<string, string>;
  const [f, setF] = useState<TeamFilters>({ scope: 'all', search: '', kind: 'all', sort: 'regDate', order: 'desc', pageNo: 1 });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState<TeamPage | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Only the newest request's answer is shown: a slow answer to an older filter never wins.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const mine = ++latest.current;
    setState('loading');
    try {
      const query = {
        ...(f.parentId ? { parentId: String(f.parentId) } : {}),
        scope: f.scope,
        kind: f.kind,
        sort: f.sort,
        order: f.order,
        pageNo: String(f.pageNo),
        pageSize: '20',
        ...(f.search ? { search: f.search } : {}),
      };
      const answer = await api().call(agentTeamMembers, { query });
      if (mine !== latest.current) return;
      setPage(answer);
      setState('ready');
    } catch (err) {
      if (mine !== latest.current) return;
      setError(err instanceof Error ? err.message : a.team.failed);
      setState('error');
    }
  }, [f, a]);
  useEffect(() => void load(), [load]);

  const set = (patch: Partial<TeamFilters>) => setF((old) => ({ ...old, pageNo: 1, ...patch }));
  const open = (m: { id: number }) => {
    set({ parentId: m.id });
    headingRef.current?.focus();
  };
  const when = (ms: number | null) =>
    ms === null ? a.team.never : formatDateTime(ms, labels.lang);
  const money = (n: number) => formatMoney(amountText(n), labels.lang, profile?.currencySymbol ?? '');
  const onSearch = (ev: FormEvent) => {
    ev.preventDefault();
    set({ search: typed.trim() });
  };
  const path = page?.path ?? [];
  const parent = path.at(-1);

  return (
    <>
      <h2 id="agent-panel-title" tabIndex={-1} ref={headingRef}>
        {a.team.title}
      </h2>
      <p className="muted">{a.team.lead}</p>
      {profile && <p className="agent-summary">{fill(a.team.summary, { team: profile.teamSize, direct: profile.directCount })}</p>}
      {path.length > 1 && (
        <nav aria-label={a.team.path} className="agent-path">
          <ol>
            {path.map((p, i) => (
              <li key={p.id}>
                {i < path.length - 1 ? (
                  <button type="button" className="link" onClick={() => set({ parentId: i === 0 ? undefined : p.id })}>
                    {p.username}
                  </button>
                ) : (
                  <span aria-current="location">{p.username}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <form className="agent-filters" role="search" onSubmit={onSearch}>
        <div className="filter">
          <label htmlFor="team-search">{a.team.search}</label>
          <span className="inline">
            <input id="team-search" type="search" value={typed} maxLength={64} onChange={(e) => setTyped(e.target.value)} />
            <button type="submit" className="btn btn-ghost btn-sm">
              {a.team.searchButton}
            </button>
          </span>
        </div>
        <Select id="team-kind" label={a.team.kind} value={f.kind} options={a.team.kinds} onChange={(v) => set({ kind: v as TeamFilters['kind'] })} />
        <Select id="team-scope" label={a.team.scope} value={f.scope} options={a.team.scopes} onChange={(v) => set({ scope: v as TeamFilters['scope'] })} />
        <Select id="team-sort" label={a.team.sort} value={f.sort} options={a.team.sorts} onChange={(v) => set({ sort: v as TeamFilters['sort'] })} />
        <Select id="team-order" label={a.team.order.desc + ' / ' + a.team.order.asc} value={f.order} options={a.team.order} onChange={(v) => set({ order: v as TeamFilters['order'] })} />
      </form>
      {state === 'error' ? (
        <div role="alert" className="agent-state">
          <p>{error || a.team.failed}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load()}>
            {a.team.retry}
          </button>
        </div>
      ) : state === 'loading' && !page ? (
        <p className="agent-state muted" role="status">
          {a.team.loading}
        </p>
      ) : page && page.content.length === 0 ? (
        <p className="agent-state muted">{a.team.empty}</p>
      ) : (
        page && (
          // Focusable, so that a keyboard can scroll a table wider than a phone.
          <div className="table-wrap" aria-busy={state === 'loading'} tabIndex={0} role="region" aria-label={parent ? `${a.team.path} ${parent.username}` : a.team.title}>
            <table className="agent-table">
              <caption className="sr-only">{parent ? `${a.team.path} ${parent.username}` : a.team.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{a.team.cols.username}</th>
                  <th scope="col">{a.team.cols.type}</th>
                  <th scope="col">{a.team.cols.level}</th>
                  <th scope="col">{a.team.cols.registered}</th>
                  <th scope="col">{a.team.cols.lastLogin}</th>
                  <th scope="col" className="num">
                    {a.team.cols.balance}
                  </th>
                  <th scope="col">{a.team.cols.status}</th>
                  <th scope="col" className="num">
                    {a.team.cols.teamSize}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.content.map((m: TeamMember) => (
                  <tr key={m.id}>
                    <th scope="row">
                      {m.isAgent && m.teamSize > 0 ? (
                        <button type="button" className="link" onClick={() => open(m)} aria-label={fill(a.team.openTeam, { name: m.username, count: m.teamSize })}>
                          {m.username}
                        </button>
                      ) : (
                        m.username
                      )}
                      {m.nickname && <span className="muted nick"> {m.nickname}</span>}
                    </th>
                    <td>{m.type === 0 ? a.register.types['0'] : (types[String(m.type)] ?? String(m.type))}</td>
                    <td>{m.level}</td>
                    <td>
                      {when(m.regDate)}
                      {m.registerIp && <span className="muted ip"> {m.registerIp}</span>}
                    </td>
                    <td>{when(m.lastLoginAt)}</td>
                    <td className="num">{money(m.balance)}</td>
                    <td>{(a.team.statuses as Record<string, string>)[m.status] ?? m.status}</td>
                    <td className="num">{m.teamSize}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {page && page.totalPages > 1 && (
        <nav className="agent-pager" aria-label={fill(a.team.page, { page: page.pageNum, pages: page.totalPages })}>
          <button type="button" className="btn btn-ghost btn-sm" disabled={f.pageNo <= 1} onClick={() => setF((o) => ({ ...o, pageNo: o.pageNo - 1 }))}>
            {a.team.prev}
          </button>
          <span>{fill(a.team.page, { page: page.pageNum, pages: page.totalPages })}</span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={f.pageNo >= page.totalPages} onClick={() => setF((o) => ({ ...o, pageNo: o.pageNo + 1 }))}>
            {a.team.next}
          </button>
        </nav>
      )}
      {page && <p className="muted agent-count">{fill(a.team.count, { count: page.totalCount })}</p>}
    </>
  );
}

function Select(p: { id: string; label: string; value: string; options: Record<string, string>; onChange: (v: string) => void }) {
  return (
    <div className="filter">
      <label htmlFor={p.id}>{p.label}</label>
      <select id={p.id} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {Object.entries(p.options).map(([k, v]) => (
          <option key={k} value={k}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

type RegisterField = 'username' | 'password' | 'confirmPassword' | 'nickname' | 'type';

function RegisterAccount({ a, profile, onShowTeam }: { a: AgentLabels; profile: Profile | null; onShowTeam: () => void }) {
  const labels = useLabels();
  const [values, setValues] = useState({ username: '', password: '', confirmPassword: '', nickname: '', type: '0' });
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const types = profile?.creatableTypes ?? [0];
  const set = (k: keyof typeof values) => (v: string) => setValues((o) => ({ ...o, [k]: v }));
  const required = (labels.accounts as { validation: { required: string } }).validation.required;

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    const found: Partial<Record<RegisterField, string>> = {};
    if (!values.username.trim()) found.username = required;
    if (!values.password) found.password = required;
    if (!values.confirmPassword) found.confirmPassword = required;
    if (!readyToSend(found, { form: formRef.current, setErrors, clearFormError: () => setFormError(null) })) return;
    setBusy(true);
    setDone(null);
    try {
      const made = await api().call(agentRegister, {
        body: {
          username: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          type: Number(values.type),
          ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
        },
      });
      setValues({ username: '', password: '', confirmPassword: '', nickname: '', type: values.type });
      setDone(fill(a.register.done, { username: made.username }));
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        readyToSend(err.fieldErrors as Partial<Record<RegisterField, string>>, { form: formRef.current, setErrors, clearFormError: () => setFormError(null) });
      } else if (err instanceof ApiFailure && err.errorCode === 'register.username.taken') {
        readyToSend({ username: err.message }, { form: formRef.current, setErrors, clearFormError: () => setFormError(null) });
      } else {
        setFormError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h2 id="agent-panel-title">{a.register.title}</h2>
      <p className="muted">{a.register.lead}</p>
      <form ref={formRef} className="auth-form agent-register" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="register-type">{a.register.type}</label>
          <div className="control">
            <select id="register-type" name="type" value={values.type} onChange={(e) => set('type')(e.target.value)}>
              {types.map((t) => (
                <option key={t} value={String(t)}>
                  {t === 0 ? a.register.types['0'] : a.register.types.agent}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field name="username" label={a.register.username} value={values.username} onChange={set('username')} error={errors.username} required maxLength={64} autoComplete="off" />
        <PasswordField name="password" label={a.register.password} value={values.password} onChange={set('password')} error={errors.password} autoComplete="new-password" />
        <PasswordField
          name="confirmPassword"
          label={a.register.confirmPassword}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <Field name="nickname" label={a.register.nickname} value={values.nickname} onChange={set('nickname')} error={errors.nickname} maxLength={64} />
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? a.register.busy : a.register.submit}
        </button>
        {done && (
          <p className="form-notice" role="status">
            {done}{' '}
            <button type="button" className="link" onClick={onShowTeam}>
              {a.register.showTeam}
            </button>
          </p>
        )}
      </form>
    </>
  );
}

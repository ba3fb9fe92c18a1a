/**
 * The console's sections (issue 29): the withdrawal queue (finance, two keys above the brand's
 * threshold), members (search, a member's page, ending sessions), staff (owners) and the audit log
 * (risk). Each reads its filters from the address (the store's $filters) and pages on the server.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  consoleAddStaff,
  consoleApproveWithdrawal,
  consoleAudit,
  consoleDashboard,
  consoleAdjust,
  consoleAdjustments,
  consoleDecideAdjustment,
  consoleCommands,
  consoleRunCommand,
  consoleMembers,
  consoleRejectWithdrawal,
  consoleStaff,
  consoleUpdateStaff,
  consoleWithdrawals,
  STAFF_ROLES,
  WITHDRAWAL_STATUSES,
  type ConsoleAdjustment,
  type ConsoleDashboard,
  type ConsoleAuditRow,
  type ConsoleMemberRow,
  type ConsoleStaffRow,
  type ConsoleWithdrawal,
  type StaffRole,
} from '../contract.ts';
import { words, type ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { describedBy, DownloadCsv, Field, fill, pageOf, Pager, Table, usePage, when, type Labels } from './parts.tsx';
import { MemberPage } from './member-page.tsx';
import { intlLocale } from '../../../kernel/intl.ts';

/** uPlot's chart, loaded only when a dashboard with days is shown. */
const DailyChart = lazy(() => import('../../../ui/DailyChart.tsx').then((m) => ({ default: m.DailyChart })));

interface Props {
  L: Labels;
  c: ConsoleState;
  lang: string;
}

export function Withdrawals({ L, c, lang }: Props) {
  const id = useId();
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const status = (WITHDRAWAL_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as (typeof WITHDRAWAL_STATUSES)[number]) : 'pending';
  const { data, reload } = usePage(
    () => c.run((api) => api.call(consoleWithdrawals, { query: { status, username: f.username || undefined, page: pageOf(f) } })),
    JSON.stringify([status, f.username, f.page]),
  );
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [username, setUsername] = useState(f.username ?? '');

  async function approve(w: ConsoleWithdrawal) {
    const r = await c.run(
      (api) => api.call(consoleApproveWithdrawal, { body: { id: w.id } }),
      (v) => fill(v.state === 'paid' ? L.withdrawals.paid : L.withdrawals.awaiting, { id: w.id }),
    );
    if (r) reload();
  }
  async function reject(e: FormEvent, w: ConsoleWithdrawal) {
    e.preventDefault();
    const r = await c.run(
      (api) => api.call(consoleRejectWithdrawal, { body: { id: w.id, reason } }),
      () => fill(L.withdrawals.rejected, { id: w.id }),
    );
    if (r) {
      setRejecting(null);
      setReason('');
      reload();
    }
  }

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{L.withdrawals.title}</h2>
        <DownloadCsv L={L} c={c} table="withdrawals" filters={{ status, username: f.username }} />
      </div>
      {me.twoKeysWithdrawalAbove !== null && <p className="muted">{fill(L.withdrawals.twoKeys, { amount: formatMoney(me.twoKeysWithdrawalAbove, lang, me.currencySymbol) })}</p>}
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ ...f, username, page: '' });
        }}
      >
        <Field id={`${id}-s`} label={L.withdrawals.status}>
          <select id={`${id}-s`} value={status} onChange={(e) => c.setFilters({ ...f, status: e.target.value, page: '' })}>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {L.withdrawals.statuses[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-u`} label={L.withdrawals.username}>
          <input id={`${id}-u`} value={username} onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn-ghost">
          {L.common.search}
        </button>
      </form>
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <>
          <Table
            caption={L.withdrawals.title}
            empty={L.common.empty}
            numeric={[2]}
            head={[L.withdrawals.id, L.withdrawals.member, L.withdrawals.amount, L.withdrawals.requested, L.withdrawals.payee, L.withdrawals.state, L.common.actions]}
            rows={data.items.map((w) => [
              <code key="id">{w.id}</code>,
              w.username,
              formatMoney(w.amount, lang, me.currencySymbol),
              when(w.requestedAt, lang),
              w.payeeName ?? '–',
              <span key="st">
                {L.withdrawals.statuses[w.status as keyof typeof L.withdrawals.statuses] ?? w.status}
                {w.firstKey && <span className="cs-sub">{fill(L.withdrawals.firstKeyBy, { name: w.firstKey.by })}</span>}
                {w.reviewedBy && <span className="cs-sub">{fill(L.withdrawals.reviewed, { name: w.reviewedBy })}</span>}
                {w.note && <span className="cs-sub">{w.note}</span>}
              </span>,
              w.status === 'pending' ? (
                rejecting === w.id ? (
                  <form key="rj" className="cs-inline" onSubmit={(e) => void reject(e, w)}>
                    <label htmlFor={`${id}-r-${w.id}`}>{L.withdrawals.reason}</label>
                    <input id={`${id}-r-${w.id}`} required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
                    <button type="submit" className="btn btn-sm btn-ghost">
                      {L.withdrawals.confirmReject}
                    </button>
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRejecting(null)}>
                      {L.common.cancel}
                    </button>
                  </form>
                ) : (
                  <span key="ac" className="cs-actions">
                    <button type="button" className="btn btn-sm btn-primary" onClick={() => void approve(w)} aria-label={`${w.firstKey ? L.withdrawals.secondKey : L.withdrawals.approve} ${w.id}`}>
                      {w.firstKey ? L.withdrawals.secondKey : L.withdrawals.approve}
                    </button>
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRejecting(w.id)} aria-label={`${L.withdrawals.reject} ${w.id}`}>
                      {L.withdrawals.reject}
                    </button>
                  </span>
                )
              ) : (
                ''
              ),
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}

export function Members({ L, c, lang }: Props) {
  const id = useId();
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const [q, setQ] = useState(f.q ?? '');
  const [upline, setUpline] = useState(f.upline ?? '');
  const { data } = usePage(() => c.run((api) => api.call(consoleMembers, { query: { q: f.q || undefined, upline: f.upline || undefined, page: pageOf(f) } })), JSON.stringify([f.q, f.upline, f.page]));
  const open = Number(f.id) || null;
  const sym = me.currencySymbol;
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{L.members.title}</h2>
        <DownloadCsv L={L} c={c} table="members" filters={{ q: f.q, upline: f.upline }} />
      </div>
      <form
        className="cs-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ q, upline, page: '' });
        }}
      >
        <Field id={`${id}-q`} label={L.members.search}>
          <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </Field>
        <Field id={`${id}-up`} label={L.members.upline}>
          <input id={`${id}-up`} value={upline} onChange={(e) => setUpline(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn-ghost">
          {L.common.search}
        </button>
      </form>
      {open && <MemberPage key={open} L={L} c={c} lang={lang} id={open} close={() => c.setFilters({ ...f, id: '' })} />}
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <>
          <Table
            caption={L.members.title}
            empty={L.common.empty}
            numeric={[4]}
            head={[L.members.username, L.members.status, L.members.contact, L.members.upline, L.members.balance, L.members.lastLogin, L.members.created]}
            rows={data.items.map((m: ConsoleMemberRow) => [
              <button key="o" type="button" className="link" onClick={() => c.setFilters({ ...f, id: String(m.id) })} aria-label={fill(L.members.open, { name: m.username })}>
                {m.username}
              </button>,
              `${L.members.statuses[m.status as keyof typeof L.members.statuses] ?? m.status}${m.isAgent ? ` · ${L.members.agent}` : ''}`,
              [m.mobile, m.email].filter(Boolean).join(' · ') || '–',
              m.upline ?? '–',
              formatMoney(m.balance, lang, sym),
              when(m.lastLoginAt, lang),
              when(m.createdAt, lang),
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}

export function Staff({ L, c, lang }: Props) {
  const id = useId();
  const me = useStore(c.$me)!;
  const [rows, setRows] = useState<ConsoleStaffRow[] | null>(null);
  const [tick, setTick] = useState(0);
  const [username, setUsername] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [added, setAdded] = useState<{ name: string; password: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void c.run((api) => api.call(consoleStaff)).then((v) => v && setRows(v.items));
  }, [c, tick]);
  const reload = () => setTick((t) => t + 1);

  async function add(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setAdded(null);
    try {
      const r = await c.client.call(consoleAddStaff, { body: { username, roles } });
      setAdded({ name: r.staff.username, password: r.temporaryPassword });
      setUsername('');
      setRoles([]);
      reload();
    } catch (err) {
      const fe = (err as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      setErrors(Object.keys(fe).length ? fe : { username: err instanceof Error ? err.message : String(err) });
    }
  }
  async function update(s: ConsoleStaffRow, change: { roles?: StaffRole[]; status?: 'active' | 'locked'; resetSecondFactor?: boolean }) {
    const r = await c.run(
      (api) => api.call(consoleUpdateStaff, { body: { id: s.id, ...change } }),
      () => L.staff.saved,
    );
    if (r) reload();
  }

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{L.staff.title}</h2>
      <form className="cs-add card" onSubmit={(e) => void add(e)} noValidate>
        <h3>{L.staff.add}</h3>
        <Field id={`${id}-u`} label={L.staff.username} error={errors.username}>
          <input id={`${id}-u`} value={username} onChange={(e) => setUsername(e.target.value)} aria-invalid={!!errors.username} />
        </Field>
        <fieldset className="cs-roles">
          <legend>{L.staff.roles}</legend>
          {STAFF_ROLES.map((r) => (
            <label key={r} className="cs-check">
              <input type="checkbox" checked={roles.includes(r)} onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))} />
              {L.roles[r]}
            </label>
          ))}
          {errors.roles && (
            <span className="field-error" role="alert">
              {errors.roles}
            </span>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {L.staff.add}
        </button>
        {added && (
          <p role="status" className="cs-added">
            {fill(L.staff.added, { name: added.name })} <code>{added.password}</code>
          </p>
        )}
      </form>
      {!rows ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={L.staff.title}
          empty={L.common.empty}
          head={[L.staff.username, L.staff.roles, L.staff.state, L.staff.app, L.staff.lastLogin, L.common.actions]}
          rows={rows.map((s) => [
            s.username,
            <StaffRoles key="r" L={L} s={s} save={(r) => void update(s, { roles: r })} />,
            s.status === 'active' ? L.staff.active : L.staff.locked,
            s.secondFactor ? L.staff.appOn : L.staff.appOff,
            when(s.lastLoginAt, lang),
            s.id === me.id ? (
              ''
            ) : (
              <span key="a" className="cs-actions">
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => void update(s, { status: s.status === 'active' ? 'locked' : 'active' })}>
                  {s.status === 'active' ? L.staff.lock : L.staff.unlock}
                </button>
                {s.secondFactor && (
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => void update(s, { resetSecondFactor: true })}>
                    {L.staff.resetApp}
                  </button>
                )}
              </span>
            ),
          ])}
        />
      )}
    </section>
  );
}

function StaffRoles({ L, s, save }: { L: Labels; s: ConsoleStaffRow; save: (roles: StaffRole[]) => void }) {
  const [roles, setRoles] = useState<StaffRole[]>(s.roles);
  const changed = roles.slice().sort().join() !== s.roles.slice().sort().join();
  return (
    <fieldset className="cs-roles compact">
      <legend className="sr-only">{`${L.staff.roles}: ${s.username}`}</legend>
      {STAFF_ROLES.map((r) => (
        <label key={r} className="cs-check">
          <input type="checkbox" checked={roles.includes(r)} onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))} />
          {L.roles[r]}
        </label>
      ))}
      {changed && roles.length > 0 && (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => save(roles)}>
          {L.staff.saveRoles}
        </button>
      )}
    </fieldset>
  );
}

export function Audit({ L, c, lang }: Props) {
  const id = useId();
  const f = useStore(c.$filters);
  const [actor, setActor] = useState(f.actor ?? '');
  const [command, setCommand] = useState(f.command ?? '');
  const { data } = usePage(
    () => c.run((api) => api.call(consoleAudit, { query: { actor: f.actor || undefined, command: f.command || undefined, page: pageOf(f) } })),
    JSON.stringify([f.actor, f.command, f.page]),
  );
  const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{L.audit.title}</h2>
        <DownloadCsv L={L} c={c} table="audit" filters={{ actor: f.actor, command: f.command }} />
      </div>
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ actor, command, page: '' });
        }}
      >
        <Field id={`${id}-a`} label={L.audit.actor}>
          <input id={`${id}-a`} value={actor} onChange={(e) => setActor(e.target.value)} />
        </Field>
        <Field id={`${id}-c`} label={L.audit.command}>
          <input id={`${id}-c`} value={command} onChange={(e) => setCommand(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn-ghost">
          {L.common.search}
        </button>
      </form>
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <>
          <Table
            caption={L.audit.title}
            empty={L.common.empty}
            head={[L.audit.at, L.audit.actor, L.audit.command, L.audit.ip, L.audit.change]}
            rows={data.items.map((a: ConsoleAuditRow) => [
              when(a.at, lang),
              a.actor,
              a.command,
              a.ip ?? '–',
              <details key="d">
                <summary>{show(a.args).slice(0, 60) || '–'}</summary>
                <dl className="cs-change">
                  <dt>{L.audit.before}</dt>
                  <dd>
                    <code>{show(a.before) || '–'}</code>
                  </dd>
                  <dt>{L.audit.after}</dt>
                  <dd>
                    <code>{show(a.after) || '–'}</code>
                  </dd>
                </dl>
              </details>,
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}

export function Commands({ L, c }: Props) {
  const id = useId();
  const [list, setList] = useState<{ name: string; usage: string }[] | null>(null);
  const [line, setLine] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; output: string } | null>(null);
  useEffect(() => {
    void c.run((api) => api.call(consoleCommands)).then((v) => v && setList(v.items));
  }, [c]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const argv = words(line);
    if (!argv.length) return;
    setAnswer(null);
    const r = await c.run((api) => api.call(consoleRunCommand, { body: { argv } }));
    if (r) setAnswer(r);
  }
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{L.commands.title}</h2>
      <p className="muted">{L.commands.intro}</p>
      <form className="cs-filters" onSubmit={(e) => void submit(e)}>
        <Field id={`${id}-l`} label={L.commands.line}>
          <input id={`${id}-l`} className="cs-command" value={line} onChange={(e) => setLine(e.target.value)} spellCheck={false} autoComplete="off" />
        </Field>
        <button type="submit" className="btn btn-primary">
          {L.commands.run}
        </button>
      </form>
      {answer && (
        <div role="status">
          <h3>{answer.ok ? L.commands.output : L.commands.failed}</h3>
          <pre className={`cs-output ${answer.ok ? '' : 'error'}`} tabIndex={0}>
            {answer.output}
          </pre>
        </div>
      )}
      <h3>{L.commands.usage}</h3>
      {!list ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <pre className="cs-usage" tabIndex={0} role="region" aria-label={L.commands.usage}>
          {list.map((x) => x.usage).join('\n')}
        </pre>
      )}
    </section>
  );
}

export function Adjustments({ L, c, lang }: Props) {
  const id = useId();
  const me = useStore(c.$me)!;
  const [rows, setRows] = useState<ConsoleAdjustment[] | null>(null);
  const [tick, setTick] = useState(0);
  const [form, setForm] = useState({ username: '', amount: '', reason: '' });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<{ field: 'username' | 'amount' | 'reason'; text: string } | null>(null);
  useEffect(() => {
    void c.run((api) => api.call(consoleAdjustments, { query: { status: 'pending' } })).then((v) => v && setRows(v.items));
  }, [c, tick]);
  const reload = () => setTick((t) => t + 1);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = await c.client.call(consoleAdjust, { body: { ...form, key } });
      c.$notice.set({
        kind: 'ok',
        text: r.state === 'done' ? fill(L.adjust.done, { name: form.username, balance: formatMoney(r.balance, lang, me.currencySymbol) }) : fill(L.adjust.awaiting, { name: form.username }),
      });
      setForm({ username: '', amount: '', reason: '' });
      setKey(crypto.randomUUID());
      reload();
    } catch (err) {
      const f = err as { errorCode?: string; fieldErrors?: Record<string, string>; message?: string };
      const field = f.fieldErrors && Object.keys(f.fieldErrors)[0];
      if (field === 'username' || field === 'amount' || field === 'reason') setError({ field, text: f.fieldErrors![field]! });
      else setError({ field: f.errorCode?.startsWith('console.member') ? 'username' : f.errorCode === 'wallet.adjust.reason' ? 'reason' : 'amount', text: f.message ?? String(err) });
    }
  }
  async function decide(a: ConsoleAdjustment, approve: boolean) {
    const r = await c.run(
      (api) => api.call(consoleDecideAdjustment, { body: { id: a.id, approve } }),
      (v) => fill(v.status === 'rejected' ? L.adjust.rejected : L.adjust.approved, { name: a.username }),
    );
    if (r) reload();
  }
  const field = (name: 'username' | 'amount' | 'reason', label: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} hint={hint} error={error?.field === name ? error.text : undefined}>
      <input
        id={`${id}-${name}`}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-invalid={error?.field === name}
        aria-describedby={describedBy(`${id}-${name}`, { hint: !!hint, error: error?.field === name ? error.text : undefined })}
      />
    </Field>
  );
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{L.adjust.title}</h2>
        <DownloadCsv L={L} c={c} table="adjustments" />
      </div>
      {me.twoKeysAdjustmentAbove !== null && <p className="muted">{fill(L.adjust.twoKeys, { amount: formatMoney(me.twoKeysAdjustmentAbove, lang, me.currencySymbol) })}</p>}
      <form className="cs-add card" onSubmit={(e) => void submit(e)} noValidate>
        {field('username', L.adjust.username)}
        {field('amount', L.adjust.amount, L.adjust.amountHint)}
        {field('reason', L.adjust.reason)}
        <button type="submit" className="btn btn-primary">
          {L.adjust.submit}
        </button>
      </form>
      <h3>{L.adjust.pending}</h3>
      {!rows ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={L.adjust.pending}
          empty={L.common.empty}
          numeric={[1]}
          head={[L.withdrawals.member, L.adjust.amount, L.adjust.reason, L.adjust.by, L.withdrawals.requested, L.common.actions]}
          rows={rows.map((a) => [
            a.username,
            formatMoney(a.amount, lang, me.currencySymbol),
            a.reason,
            a.requestedBy,
            when(a.requestedAt, lang),
            a.requestedBy === me.username ? (
              <span key="w" className="muted">
                {L.adjust.waitingOther}
              </span>
            ) : (
              <span key="a" className="cs-actions">
                <button type="button" className="btn btn-sm btn-primary" onClick={() => void decide(a, true)} aria-label={`${L.adjust.approve} ${a.username} ${a.amount}`}>
                  {L.adjust.approve}
                </button>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => void decide(a, false)} aria-label={`${L.adjust.reject} ${a.username} ${a.amount}`}>
                  {L.adjust.reject}
                </button>
              </span>
            ),
          ])}
        />
      )}
    </section>
  );
}

export function Dashboard({ L, c, lang }: Props) {
  const id = useId();
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const [from, setFrom] = useState(f.from ?? '');
  const [to, setTo] = useState(f.to ?? '');
  const [d, setD] = useState<ConsoleDashboard | null>(null);
  useEffect(() => {
    void c.run((api) => api.call(consoleDashboard, { query: { from: f.from || undefined, to: f.to || undefined } })).then((v) => v && setD(v));
  }, [c, f.from, f.to]);
  const D = L.dashboard;
  const m = (a: string) => formatMoney(a, lang, me.currencySymbol);
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{D.title}</h2>
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ from, to });
        }}
      >
        <Field id={`${id}-f`} label={D.from}>
          <input id={`${id}-f`} type="date" value={from || d?.from || ''} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id={`${id}-t`} label={D.to}>
          <input id={`${id}-t`} type="date" value={to || d?.to || ''} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <button type="submit" className="btn btn-ghost">
          {D.show}
        </button>
      </form>
      {!d ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <>
          <dl className="cs-kpis">
            {(
              [
                [D.deposits, `${m(d.totals.deposits)} · ${d.totals.depositCount}`],
                [D.withdrawals, `${m(d.totals.withdrawals)} · ${d.totals.withdrawalCount}`],
                [D.bets, m(d.totals.bets)],
                [D.wins, m(d.totals.wins)],
                [D.ggr, m(d.totals.ggr)],
                [D.bonusCost, m(d.totals.bonusCost)],
                [D.ngr, m(d.totals.ngr)],
                [D.active, String(d.totals.activePlayers)],
                [D.newPlayers, String(d.totals.newPlayers)],
                [D.pending, fill(D.count, { count: d.pendingWithdrawals.count, amount: m(d.pendingWithdrawals.amount) })],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <p className="muted">{D.note}</p>
          <h3>{D.daily}</h3>
          {d.days.length > 1 && (
            <Suspense fallback={<p className="muted">{D.chartLoading}</p>}>
              <DashboardChart d={d} L={L} lang={lang} money={m} />
            </Suspense>
          )}
          <Table
            caption={D.daily}
            empty={L.common.empty}
            numeric={[1, 2, 3, 4, 5, 6]}
            head={[D.day, D.deposits, D.withdrawals, D.bets, D.wins, D.ggr, D.active]}
            rows={d.days.map((x) => [x.day, m(x.deposits), m(x.withdrawals), m(x.bets), m(x.wins), m(x.ggr), String(x.active)])}
          />
          <h3>{D.byCategory}</h3>
          <Table
            caption={D.byCategory}
            empty={L.common.empty}
            numeric={[1, 2, 3]}
            head={[D.category, D.bets, D.wins, D.ggr]}
            rows={d.categories.map((x) => [x.category, m(x.bets), m(x.wins), m(x.ggr)])}
          />
          <h3>{D.byVendor}</h3>
          <Table
            caption={D.byVendor}
            empty={L.common.empty}
            numeric={[2, 3, 4, 5]}
            head={[D.vendor, D.category, D.bets, D.wins, D.ggr, D.players]}
            rows={d.vendors.map((x) => [x.vendor, x.category, m(x.bets), m(x.wins), m(x.ggr), String(x.players)])}
          />
        </>
      )}
    </section>
  );
}

/** The dashboard's deposits, withdrawals and GGR day by day (the table under it holds the same figures). */
function DashboardChart({ d, L, lang, money }: { d: ConsoleDashboard; L: Labels; lang: string; money: (a: string) => string }) {
  const D = L.dashboard;
  const days = useMemo(() => d.days.map((x) => x.day), [d]);
  const series = useMemo(
    () => [
      { label: D.deposits, values: d.days.map((x) => Number(x.deposits)), stroke: '#3b82f6' },
      { label: D.withdrawals, values: d.days.map((x) => Number(x.withdrawals)), stroke: '#f59e0b' },
      { label: D.ggr, values: d.days.map((x) => Number(x.ggr)), stroke: '#10b981' },
    ],
    [d, D],
  );
  const dayName = useMemo(() => {
    const f = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', month: 'short', day: 'numeric' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [lang]);
  return <DailyChart days={days} series={series} label={fill(D.chartLabel, { from: d.from, to: d.to })} loading={D.chartLoading} format={(n) => money(n.toFixed(2))} dayName={dayName} />;
}

/**
 * The console's deposits (issue 29, finance): every payment order with its provider's side (the
 * provider's reference, its callbacks and the last one's outcome), filtered by state and member in
 * the address, paged on the server, downloadable as CSV. Read-only: a deposit is credited by the
 * provider's signed callback; a payment that went astray is an adjustment.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { consoleDeposits, DEPOSIT_STATUSES, type ConsoleDeposit } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { DownloadCsv, Field, FilterSelect, pageOf, Pager, Table, usePage, when, type Labels } from './parts.tsx';

type Status = ConsoleDeposit['status'];

export function Deposits({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const status = (DEPOSIT_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as Status) : undefined;
  const [username, setUsername] = useState(f.username ?? '');
  const { data } = usePage(() => c.run((api) => api.call(consoleDeposits, { query: { status, username: f.username || undefined, page: pageOf(f) } })), JSON.stringify([status, f.username, f.page]));
  const D = L.deposits;
  const states = L.members.depositStatuses;
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{D.title}</h2>
        <DownloadCsv L={L} c={c} table="deposits" filters={{ status, username: f.username }} />
      </div>
      <p className="muted">{D.lead}</p>
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ ...f, username: username.trim(), page: '' });
        }}
      >
        <FilterSelect
          id={`${id}-s`}
          label={D.state}
          value={status ?? ''}
          any={L.common.any}
          options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: states[s] }))}
          onChange={(v) => c.setFilters({ ...f, status: v, page: '' })}
        />
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
            caption={D.title}
            empty={L.common.empty}
            numeric={[2]}
            head={[D.id, D.member, D.amount, D.channel, D.created, D.state, D.providerSide]}
            rows={data.items.map((o) => [
              <code key="id">{o.id}</code>,
              <a key="m" href={`?section=members&id=${o.memberId}`} onClick={(e) => (e.preventDefault(), c.open('members', { id: String(o.memberId) }))}>
                {o.username}
              </a>,
              formatMoney(o.amount, lang, me.currencySymbol),
              <span key="ch">
                {o.channel}
                <span className="cs-sub">{o.provider}</span>
              </span>,
              when(o.at, lang),
              <span key="st">
                {states[o.status]}
                {o.settledAt !== null && <span className="cs-sub">{when(o.settledAt, lang)}</span>}
              </span>,
              <span key="pv">
                {o.providerRef ? <code>{o.providerRef}</code> : '–'}
                <span className="cs-sub">{o.lastCallback ? `${o.callbacks} · ${D.outcomes[o.lastCallback as keyof typeof D.outcomes] ?? o.lastCallback}` : D.noCallback}</span>
              </span>,
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}

/**
 * The console's points-mall desk (issue 32; support and finance), on the engagement screen: every
 * redemption by state and member, goods waiting first, with the delivery address; a goods
 * redemption is moved on here: shipped (with a tracking note), done, or refused (with the reason
 * the member reads; its points and stock go back). Other items were given at once and only show.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { REDEMPTION_STATUSES } from '../../points/contract.ts';
import { consoleRedemptions, consoleRedemptionStatus, type ConsoleRedemption } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { Field, FilterSelect, fill, pageOf, Pager, Table, usePage, when, type Labels } from './parts.tsx';

type Status = ConsoleRedemption['status'];
type Move = 'shipped' | 'done' | 'refused';
/** The moves a goods redemption may take from each state (the server holds the same rule). */
const NEXT: Partial<Record<Status, Move[]>> = { pending: ['shipped', 'done', 'refused'], shipped: ['done', 'refused'] };

export function Redemptions({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const M = L.mall;
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const status = (REDEMPTION_STATUSES as readonly string[]).includes(f.rstatus ?? '') ? (f.rstatus as Status) : undefined;
  const [username, setUsername] = useState(f.rusername ?? '');
  const [editing, setEditing] = useState<{ id: number; to: Move } | null>(null);
  const [note, setNote] = useState('');
  const { data, reload } = usePage(
    () => c.run((api) => api.call(consoleRedemptions, { query: { status, username: f.rusername || undefined, page: pageOf({ page: f.rpage ?? '' }) } })),
    JSON.stringify([status, f.rusername, f.rpage]),
  );

  async function move(r: ConsoleRedemption, to: Move, e?: FormEvent) {
    e?.preventDefault();
    const done = await c.run(
      (api) => api.call(consoleRedemptionStatus, { body: { id: r.id, to, note: to === 'done' ? '' : note } }),
      () => fill(M.moved, { id: r.id, status: M.statuses[to] }),
    );
    if (done) {
      setEditing(null);
      setNote('');
      reload();
    }
  }

  const what = (r: ConsoleRedemption) =>
    r.amount !== null ? formatMoney(r.amount, lang, me.currencySymbol) : r.quantity !== null ? fill(M.quantity, { count: r.quantity, kind: M.kinds[r.kind] }) : M.kinds[r.kind];

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{M.title}</h2>
      <p className="muted">{M.lead}</p>
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ ...f, rusername: username.trim(), rpage: '' });
        }}
      >
        <FilterSelect
          id={`${id}-s`}
          label={M.state}
          value={status ?? ''}
          any={M.waitingFirst}
          options={REDEMPTION_STATUSES.map((s) => ({ value: s, label: M.statuses[s] }))}
          onChange={(v) => c.setFilters({ ...f, rstatus: v, rpage: '' })}
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
            caption={M.title}
            empty={M.none}
            numeric={[3]}
            head={[M.id, M.member, M.item, M.points, M.gives, M.sendTo, M.state, L.common.actions]}
            rows={data.items.map((r) => [
              <code key="id">{r.id}</code>,
              <a key="m" href={`?section=members&id=${r.memberId}`} onClick={(e) => (e.preventDefault(), c.open('members', { id: String(r.memberId) }))}>
                {r.username}
              </a>,
              <span key="it">
                {r.title}
                <span className="cs-sub">{when(r.createdAt, lang)}</span>
              </span>,
              r.points.toLocaleString(lang),
              what(r),
              r.address ? (
                <span key="ad">
                  {r.address.name} · {r.address.phone}
                  <span className="cs-sub">{r.address.address}</span>
                </span>
              ) : (
                '–'
              ),
              <span key="st">
                {M.statuses[r.status]}
                {r.note && <span className="cs-sub">{r.note}</span>}
              </span>,
              editing?.id === r.id ? (
                <form key="mv" className="cs-inline" onSubmit={(e) => void move(r, editing.to, e)}>
                  <label htmlFor={`${id}-n-${r.id}`}>{editing.to === 'refused' ? M.reason : M.tracking}</label>
                  <input id={`${id}-n-${r.id}`} maxLength={300} value={note} autoFocus onChange={(e) => setNote(e.target.value)} />
                  <button type="submit" className="btn btn-sm btn-primary">
                    {M.moves[editing.to]}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing(null)}>
                    {L.common.cancel}
                  </button>
                </form>
              ) : r.kind === 'goods' && NEXT[r.status] ? (
                <span key="ac" className="cs-actions">
                  {NEXT[r.status]!.map((to) => (
                    <button
                      key={to}
                      type="button"
                      className={`btn btn-sm ${to === 'refused' ? 'btn-ghost' : 'btn-primary'}`}
                      aria-label={`${M.moves[to]}: ${r.id}, ${r.username}`}
                      onClick={() => (to === 'done' ? void move(r, to) : (setNote(''), setEditing({ id: r.id, to })))}
                    >
                      {M.moves[to]}
                    </button>
                  ))}
                </span>
              ) : (
                '–'
              ),
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(n) => c.setFilters({ ...f, rpage: String(n) })} />
        </>
      )}
    </section>
  );
}

/**
 * Team management (spec 2.15; issue 13): the team as a list (search, players or sub-agents, all
 * levels or direct members, sorted, paged) and as a tree (a sub-agent opens its own team; the
 * path leads back), with its loading, empty and error states. The list is its store
 * (client/team.ts); this renders it.
 */
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { TeamMember } from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { formatDateTime, formatDay } from '../../../kernel/intl.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { amountText } from '../../wallet/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { Profile } from '../client/back-office.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createTeamList, type TeamFilters } from '../client/team.ts';

export function TeamManagement({ a, profile }: { a: AgentLabels; profile: Profile | null }) {
  const labels = useLabels();
  const types = labels.auth.agent.types as Record<string, string>;
  const [team] = useState(() => createTeamList({ client: api }));
  const f = useStore(team.$filters);
  const typed = useStore(team.$typed);
  const { data: page, error, loading } = useStore(team.$team);
  const path = useStore(team.$path);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const open = (m: { id: number }) => {
    void team.open(m.id);
    headingRef.current?.focus();
  };
  const when = (ms: number | null) => (ms === null ? a.team.never : formatDateTime(ms, labels.lang));
  const money = (n: number) => formatMoney(amountText(n), labels.lang, profile?.currencySymbol ?? '');
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
                  <button type="button" className="link" onClick={() => void team.up(i === 0 ? undefined : p.id)}>
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
      <form
        className="agent-filters"
        role="search"
        onSubmit={(ev) => {
          ev.preventDefault();
          void team.search();
        }}
      >
        <div className="filter">
          <label htmlFor="team-search">{a.team.search}</label>
          <span className="inline">
            <input id="team-search" type="search" value={typed} maxLength={64} onChange={(e) => team.type(e.target.value)} />
            <button type="submit" className="btn btn-ghost btn-sm">
              {a.team.searchButton}
            </button>
          </span>
        </div>
        <Select id="team-kind" label={a.team.kind} value={f.kind} options={a.team.kinds} onChange={(v) => void team.filter({ kind: v as TeamFilters['kind'] })} />
        <Select id="team-scope" label={a.team.scope} value={f.scope} options={a.team.scopes} onChange={(v) => void team.filter({ scope: v as TeamFilters['scope'] })} />
        <Select id="team-sort" label={a.team.sort} value={f.sort} options={a.team.sorts} onChange={(v) => void team.filter({ sort: v as TeamFilters['sort'] })} />
        <Select id="team-order" label={a.team.order.desc + ' / ' + a.team.order.asc} value={f.order} options={a.team.order} onChange={(v) => void team.filter({ order: v as TeamFilters['order'] })} />
      </form>
      {error !== null ? (
        <div role="alert" className="agent-state">
          <p>{error || a.team.failed}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void team.retry()}>
            {a.team.retry}
          </button>
        </div>
      ) : loading && !page ? (
        <p className="agent-state muted" role="status">
          {a.team.loading}
        </p>
      ) : page && page.content.length === 0 ? (
        <p className="agent-state muted">{a.team.empty}</p>
      ) : (
        page && (
          // Focusable, so that a keyboard can scroll a table wider than a phone.
          <div className="table-wrap" aria-busy={loading} tabIndex={0} role="region" aria-label={parent ? `${a.team.path} ${parent.username}` : a.team.title}>
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
                    <td>
                      {(a.team.statuses as Record<string, string>)[m.status] ?? m.status}
                      {m.protection && (
                        <span className="rg-state">
                          {' '}
                          {m.protection.until === null
                            ? a.team.protection[m.protection.state]
                            : fill(a.team.protection.until, { state: a.team.protection[m.protection.state], until: formatDay(m.protection.until, labels.lang) })}
                        </span>
                      )}
                    </td>
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
          <button type="button" className="btn btn-ghost btn-sm" disabled={f.pageNo <= 1} onClick={() => void team.turn(-1)}>
            {a.team.prev}
          </button>
          <span>{fill(a.team.page, { page: page.pageNum, pages: page.totalPages })}</span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={f.pageNo >= page.totalPages} onClick={() => void team.turn(1)}>
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

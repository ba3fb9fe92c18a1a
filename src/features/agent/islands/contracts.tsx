/**
 * The back office's contract pages (issue 14; spec 2.15): dividend records, daily wages, hourly
 * salary and real-time salary, each shown when the brand offers the kind. A page holds the
 * agent's own contract (and the request to end it), an offer from the upline to accept or reject,
 * the direct downline agents with their contracts and a form to offer or change one (the rules
 * enforced by the server, its refusals under the fields), the settlement records and past
 * contracts. The page's state is its store (client/contracts.ts); the card, the offer form, the
 * records and the consolidated popup are in their own files.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { agentContracts, ContractKindName } from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { RecordTable } from '../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../ui/loaded.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type { Profile } from '../client/back-office.ts';
import { createContractPage } from '../client/contracts.ts';
import { percent } from '../client/format.ts';
import type { AgentLabels } from '../client/labels.ts';
import { ContractCard } from './contract-card.tsx';
import { OfferForm } from './offer-form.tsx';
import { useLoaded } from './report-parts.tsx';
import { Settlements } from './settlements.tsx';

type Page = ValueOf<typeof agentContracts>;

/** A contract page: the agent's contract, an offer to decide, its downline agents, the records. */
export function ContractsPage({ a, profile, kind, title }: { a: AgentLabels; profile: Profile | null; kind: ContractKindName; title: string }) {
  const c = a.contracts;
  const { lang } = useLabels();
  const [page] = useState(() => createContractPage({ client: api, kind }));
  const data = useLoaded(page.$page, page.retry);
  const offering = useStore(page.$offering);
  const version = useStore(page.$version);
  const reload = page.changed;
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      <p className="muted">{(c.leads as Record<string, string>)[kind]}</p>
      <WhenLoaded loaded={data}>
        {(d: Page) => (
          <>
            <section aria-labelledby="contract-own">
              <h3 id="contract-own">{c.own}</h3>
              {d.own ? <ContractCard kind={kind} view={d.own} c={c} profile={profile} role="own" onChanged={reload} /> : <Empty>{c.noOwn}</Empty>}
            </section>
            {d.offer && (
              <section aria-labelledby="contract-offer">
                <h3 id="contract-offer">{c.offerWaiting}</h3>
                <ContractCard kind={kind} view={d.offer} c={c} profile={profile} role="offer" onChanged={reload} />
              </section>
            )}
            <section aria-labelledby="contract-downlines">
              <h3 id="contract-downlines">{c.downlines}</h3>
              {d.downlines.length === 0 ? (
                <Empty>{c.noDownlines}</Empty>
              ) : (
                <ul className="contract-downlines">
                  {d.downlines.map((x) => (
                    <li key={x.agentId}>
                      <div className="contract-downline-head">
                        <strong>{x.username}</strong>
                        <span>{x.active ? fill(c.rateLine, { rate: percent(x.active.rate, lang) }) : c.none}</span>
                        {x.offered && <span className="badge status-offered">{fill(c.offeredAt, { rate: String(x.offered.rate) })}</span>}
                        {d.own && offering !== x.agentId && (
                          <button type="button" className="btn btn-ghost btn-sm" onClick={() => page.offerTo(x.agentId)}>
                            {x.active ? c.change : c.offer}
                          </button>
                        )}
                      </div>
                      {offering === x.agentId && d.own && (
                        <OfferForm kind={kind} c={c} own={d.own} agentId={x.agentId} username={x.username} current={x.active} onDone={reload} onCancel={page.cancelOffer} />
                      )}
                      {x.active && <ContractCard kind={kind} view={x.active} c={c} profile={profile} role="given" onChanged={reload} />}
                    </li>
                  ))}
                </ul>
              )}
              {!d.own && d.downlines.length > 0 && <p className="muted">{c.offerNeedsOwn}</p>}
            </section>
            <Settlements a={a} profile={profile} kind={kind} key={version} />
            {d.history.length > 0 && (
              <section aria-labelledby="contract-history">
                <h3 id="contract-history">{c.history}</h3>
                <RecordTable
                  rows={d.history}
                  rowKey={(r) => r.id}
                  columns={[
                    { label: c.cols.agent, cell: (r) => r.agent },
                    { label: c.cols.from, cell: (r) => r.upline ?? c.house },
                    { label: c.cols.rate, cell: (r) => `${r.rate} %`, num: true },
                    {
                      label: c.cols.status,
                      cell: (r) => `${(c.status as Record<string, string>)[r.status] ?? r.status}${r.endReason ? ` · ${(c.reasons as Record<string, string>)[r.endReason] ?? r.endReason}` : ''}`,
                    },
                  ]}
                />
              </section>
            )}
          </>
        )}
      </WhenLoaded>
    </>
  );
}

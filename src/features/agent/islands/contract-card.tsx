/**
 * A contract as the contract pages and the consolidated popup show it (issue 14): who offers it,
 * its rate and state, its terms, and the buttons its state allows (client/offer-terms.ts
 * cardButtons); the steps are the card's store (client/contracts.ts).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ContractKindName, ContractView } from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { dateTime } from '../../../ui/dates.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { Profile } from '../client/back-office.ts';
import { createContractCard } from '../client/contracts.ts';
import { percent } from '../client/format.ts';
import type { AgentLabels } from '../client/labels.ts';
import { cardButtons, type CardRole } from '../client/offer-terms.ts';
import { useMoney } from './report-parts.tsx';
import listsCss from '../../../ui/lists.css?url';
import { addStylesheet } from '../../../ui/stylesheets.ts';

// The tiers are a record table of the UI kit's.
void addStylesheet(listsCss);

type C = AgentLabels['contracts'];

/** The terms of a contract as a small table (tiers) or a list (real-time salary). */
function TermsView({ kind, view, c, profile }: { kind: ContractKindName; view: ContractView; c: C; profile: Profile | null }) {
  const { lang } = useLabels();
  const money = useMoney(profile);
  const t = view.terms;
  if (kind === 'realtime') {
    return (
      <dl className="contract-terms">
        <dt>{c.fields.lossRate}</dt>
        <dd>{percent(t.lossRate ?? 0, lang)}</dd>
        <dt>{c.fields.winRate}</dt>
        <dd>{percent(t.winRate ?? 0, lang)}</dd>
        <dt>{c.fields.minSingleBet}</dt>
        <dd>{money(t.minSingleBet ?? 0)}</dd>
      </dl>
    );
  }
  return (
    <>
      <table className="wl-table contract-tiers">
        <caption className="sr-only">{c.tiers}</caption>
        <thead>
          <tr>
            <th scope="col">{c.fields.tier}</th>
            <th scope="col">{c.fields.minValidBet}</th>
            <th scope="col">{c.fields.minActive}</th>
            <th scope="col">{c.fields.minLoss}</th>
            <th scope="col">{c.fields.rate}</th>
          </tr>
        </thead>
        <tbody>
          {(t.tiers ?? []).map((x, i) => (
            <tr key={i}>
              <td data-label={c.fields.tier}>{i + 1}</td>
              <td data-label={c.fields.minValidBet} className="num">
                {money(x.minValidBet)}
              </td>
              <td data-label={c.fields.minActive} className="num">
                {x.minActive}
              </td>
              <td data-label={c.fields.minLoss} className="num">
                {money(x.minLoss)}
              </td>
              <td data-label={c.fields.rate} className="num">
                {percent(x.rate, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="contract-terms">
        <dt>{c.fields.periodicMinBet}</dt>
        <dd>{money(t.periodicMinBet ?? 0)}</dd>
        {kind === 'dividend' && (
          <>
            <dt>{c.fields.feeRate}</dt>
            <dd>{percent(t.feeRate ?? 0, lang)}</dd>
            <dt>{c.fields.period}</dt>
            <dd>{(c.periods as Record<string, string>)[t.period ?? 'M']}</dd>
            <dt>{c.fields.carry}</dt>
            <dd>{t.carry ? c.yes : c.no}</dd>
          </>
        )}
      </dl>
    </>
  );
}

/** One contract: who offers it, its rate and state, its terms, and the buttons its state allows. */
export function ContractCard(p: { kind: ContractKindName; view: ContractView; c: C; profile: Profile | null; role: CardRole; onChanged: (view: ContractView) => void }) {
  const { lang } = useLabels();
  const { view, c } = p;
  const [card] = useState(() => createContractCard({ client: api }));
  const { busy, error } = useStore(card.$card);
  const can = cardButtons(p.role, view);
  const decide = (action: 'accept' | 'reject') => card.decide(view.id, action, p.onChanged);
  const terminate = (action: 'request' | 'accept' | 'decline') => card.terminate(view.id, action, p.onChanged);
  return (
    <article className="contract-card" aria-label={fill(c.cardLabel, { id: view.id })}>
      <header>
        <strong>{view.upline === null ? c.fromHouse : fill(c.fromUpline, { upline: view.upline })}</strong>
        <span className={`badge status-${view.status}`}>{(c.status as Record<string, string>)[view.status] ?? view.status}</span>
        <span>{fill(c.rateLine, { rate: percent(view.rate, lang) })}</span>
      </header>
      <TermsView kind={p.kind} view={view} c={c} profile={p.profile} />
      <p className="muted">{view.startedAt ? fill(c.since, { time: dateTime(view.startedAt, lang) }) : view.expiresAt ? fill(c.expires, { time: dateTime(view.expiresAt, lang) }) : null}</p>
      {can.asked && <p className="notice">{can.asked === 'byYou' ? c.termination.askedByYou : c.termination.askedOfYou}</p>}
      <div className="contract-actions">
        {can.decide && (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void decide('accept')}>
              {c.accept}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void decide('reject')}>
              {c.reject}
            </button>
          </>
        )}
        {can.request && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void terminate('request')}>
            {c.termination.request}
          </button>
        )}
        {can.acceptEnd && (
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void terminate('accept')}>
            {c.termination.accept}
          </button>
        )}
        {can.cancelEnd && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void terminate('decline')}>
            {can.cancelEnd === 'withdraw' ? c.termination.withdraw : c.termination.decline}
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/**
 * The back office's contract pages (issue 14; spec 2.15): dividend records, daily wages, hourly
 * salary and real-time salary, each shown when the brand offers the kind. A page holds the
 * agent's own contract (and the request to end it), an offer from the upline to accept or reject,
 * the direct downline agents with their contracts and a form to offer or change one (the rules
 * enforced by the server, its refusals under the fields), and the settlement records. The
 * consolidated popup (ContractOffersPopup) lists offers waiting for an answer when the
 * consolidated call says so.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import {
  agentContractDecide,
  agentContractOffer,
  agentContracts,
  agentContractTermination,
  agentProfile,
  agentSettlements,
  consolidatedFunds,
  type ContractKindName,
  type ContractView,
  type TermsInput,
} from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { dateTime, Empty, Pager, RangeFilter, RecordTable, useLoad, WhenLoaded, type Column } from '../../wallet/client.ts';
import { useMoney, usePeriod } from './reports.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import type agentCatalogue from '../i18n/en/agent.json';
import { gmtLabel, intlLocale } from '../../../kernel/intl.ts';

type AgentLabels = typeof agentCatalogue;
type Profile = ValueOf<typeof agentProfile>;
type Page = ValueOf<typeof agentContracts>;
type C = AgentLabels['contracts'];

const PAGE_SIZE = 20;

const percent = (n: number, lang: string) => `${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(n)} %`;

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
function ContractCard(p: { kind: ContractKindName; view: ContractView; c: C; profile: Profile | null; role: 'own' | 'offer' | 'given'; onChanged: (view: ContractView) => void }) {
  const { lang } = useLabels();
  const { view, c } = p;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<ContractView>) => {
    setBusy(true);
    setError(null);
    try {
      p.onChanged(await run());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const decide = (action: 'accept' | 'reject') => act(() => api().call(agentContractDecide, { body: { id: view.id, action } }));
  const terminate = (action: 'request' | 'accept' | 'decline') => act(() => api().call(agentContractTermination, { body: { id: view.id, action } }));
  // Who asked to end it, seen from this page's agent: the holder is 'agent', the giver 'upline'.
  const mine = p.role === 'own' ? 'agent' : 'upline';
  const asked = view.terminationRequestedBy;
  return (
    <article className="contract-card" aria-label={fill(c.cardLabel, { id: view.id })}>
      <header>
        <strong>{view.upline === null ? c.fromHouse : fill(c.fromUpline, { upline: view.upline })}</strong>
        <span className={`badge status-${view.status}`}>{(c.status as Record<string, string>)[view.status] ?? view.status}</span>
        <span>{fill(c.rateLine, { rate: percent(view.rate, lang) })}</span>
      </header>
      <TermsView kind={p.kind} view={view} c={c} profile={p.profile} />
      <p className="muted">
        {view.startedAt
          ? fill(c.since, { time: dateTime(view.startedAt, lang) })
          : view.expiresAt
            ? fill(c.expires, { time: dateTime(view.expiresAt, lang) })
            : null}
      </p>
      {asked && <p className="notice">{asked === mine ? c.termination.askedByYou : c.termination.askedOfYou}</p>}
      <div className="contract-actions">
        {p.role === 'offer' && view.status === 'offered' && (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void decide('accept')}>
              {c.accept}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void decide('reject')}>
              {c.reject}
            </button>
          </>
        )}
        {p.role !== 'offer' && view.status === 'active' && view.upline !== null && (
          <>
            {!asked && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void terminate('request')}>
                {c.termination.request}
              </button>
            )}
            {asked && asked !== mine && (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void terminate('accept')}>
                {c.termination.accept}
              </button>
            )}
            {asked && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void terminate('decline')}>
                {asked === mine ? c.termination.withdraw : c.termination.decline}
              </button>
            )}
          </>
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

interface TierDraft {
  minValidBet: string;
  minActive: string;
  minLoss: string;
  rate: string;
}
const emptyTier = (): TierDraft => ({ minValidBet: '0', minActive: '0', minLoss: '0', rate: '' });
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

/** The form to offer (or change) a downline agent's contract; the server's refusals show under their fields. */
function OfferForm(p: { kind: ContractKindName; c: C; own: ContractView; agentId: number; username: string; current: ContractView | null; onDone: () => void; onCancel: () => void }) {
  const { c, kind } = p;
  const ids = useId();
  const base = p.current?.terms ?? p.own.terms;
  const [tiers, setTiers] = useState<TierDraft[]>(() =>
    (base.tiers ?? []).length
      ? base.tiers!.map((t) => ({ minValidBet: String(t.minValidBet), minActive: String(t.minActive), minLoss: String(t.minLoss), rate: p.current ? String(t.rate) : '' }))
      : [emptyTier()],
  );
  const [fields, setFields] = useState({
    periodicMinBet: String(base.periodicMinBet ?? 0),
    feeRate: String(base.feeRate ?? 0),
    carry: base.carry ?? false,
    lossRate: p.current ? String(base.lossRate ?? '') : '',
    winRate: p.current ? String(base.winRate ?? '') : '',
    minSingleBet: String(base.minSingleBet ?? 0),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const terms: TermsInput =
      kind === 'realtime'
        ? { lossRate: num(fields.lossRate), winRate: num(fields.winRate), minSingleBet: num(fields.minSingleBet) }
        : {
            tiers: tiers.map((t) => ({ minValidBet: num(t.minValidBet), minActive: num(t.minActive), minLoss: num(t.minLoss), rate: num(t.rate) })),
            periodicMinBet: num(fields.periodicMinBet),
            ...(kind === 'dividend' ? { feeRate: num(fields.feeRate), period: p.own.terms.period as 'D' | 'W' | 'H' | 'M', carry: fields.carry } : {}),
          };
    // Empty or non-numeric inputs are told here, before the call.
    const local: Record<string, string> = {};
    const check = (key: string, v: number | undefined) => {
      if (v === undefined || Number.isNaN(v)) local[key] = c.errors.number;
    };
    if (kind === 'realtime') {
      check('terms.lossRate', terms.lossRate);
      check('terms.winRate', terms.winRate);
      check('terms.minSingleBet', terms.minSingleBet);
    } else {
      terms.tiers!.forEach((t, i) => {
        check(`terms.tiers.${i}.minValidBet`, t.minValidBet);
        check(`terms.tiers.${i}.minActive`, t.minActive);
        check(`terms.tiers.${i}.minLoss`, t.minLoss);
        check(`terms.tiers.${i}.rate`, t.rate);
      });
      check('terms.periodicMinBet', terms.periodicMinBet);
    }
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    try {
      await api().call(agentContractOffer, { body: { agentId: p.agentId, kind, terms } });
      p.onDone();
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else setFormError(err instanceof Error ? err.message : String(err));
      if (err instanceof ApiFailure && err.errorCode !== 'request.invalid' && !Object.keys(err.fieldErrors).length) setFormError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const field = (key: string, label: string, value: string, onChange: (v: string) => void, hint?: string, ref?: Ref<HTMLInputElement>) => {
    const id = `${ids}-${key}`;
    const err = errors[key];
    return (
      <div className="field" key={key}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          ref={ref}
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={err ? true : undefined}
          aria-describedby={[err ? `${id}-err` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
        />
        {hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {err && (
          <p className="field-error" id={`${id}-err`}>
            {err}
          </p>
        )}
      </div>
    );
  };
  const max = fill(c.maxRate, { rate: String(p.own.rate) });
  return (
    <form className="contract-form" onSubmit={(e) => void submit(e)} noValidate aria-label={fill(c.offerTo, { username: p.username })}>
      <h3>{fill(p.current ? c.changeFor : c.offerTo, { username: p.username })}</h3>
      {kind === 'realtime' ? (
        <>
          {field('terms.lossRate', c.fields.lossRate, fields.lossRate, (v) => setFields({ ...fields, lossRate: v }), fill(c.maxOwn, { rate: String(p.own.terms.lossRate ?? 0) }), first)}
          {field('terms.winRate', c.fields.winRate, fields.winRate, (v) => setFields({ ...fields, winRate: v }), fill(c.maxOwn, { rate: String(p.own.terms.winRate ?? 0) }))}
          {field('terms.minSingleBet', c.fields.minSingleBet, fields.minSingleBet, (v) => setFields({ ...fields, minSingleBet: v }))}
        </>
      ) : (
        <>
          <fieldset>
            <legend>{c.tiers}</legend>
            {tiers.map((t, i) => (
              <div className="contract-tier" key={i} role="group" aria-label={fill(c.tierLabel, { n: i + 1 })}>
                {field(`terms.tiers.${i}.minValidBet`, c.fields.minValidBet, t.minValidBet, (v) => setTiers(tiers.map((x, j) => (j === i ? { ...x, minValidBet: v } : x))))}
                {field(`terms.tiers.${i}.minActive`, c.fields.minActive, t.minActive, (v) => setTiers(tiers.map((x, j) => (j === i ? { ...x, minActive: v } : x))))}
                {field(`terms.tiers.${i}.minLoss`, c.fields.minLoss, t.minLoss, (v) => setTiers(tiers.map((x, j) => (j === i ? { ...x, minLoss: v } : x))))}
                {field(`terms.tiers.${i}.rate`, c.fields.rate, t.rate, (v) => setTiers(tiers.map((x, j) => (j === i ? { ...x, rate: v } : x))), max, i === 0 ? first : undefined)}
                {tiers.length > 1 && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTiers(tiers.filter((_, j) => j !== i))}>
                    {fill(c.removeTier, { n: i + 1 })}
                  </button>
                )}
              </div>
            ))}
            {tiers.length < 10 && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTiers([...tiers, emptyTier()])}>
                {c.addTier}
              </button>
            )}
          </fieldset>
          {field('terms.periodicMinBet', c.fields.periodicMinBet, fields.periodicMinBet, (v) => setFields({ ...fields, periodicMinBet: v }))}
          {kind === 'dividend' && (
            <>
              {field('terms.feeRate', c.fields.feeRate, fields.feeRate, (v) => setFields({ ...fields, feeRate: v }))}
              <p className="muted">{fill(c.periodOwn, { period: (c.periods as Record<string, string>)[p.own.terms.period ?? 'M'] ?? '' })}</p>
              <label className="check">
                <input
                  type="checkbox"
                  checked={fields.carry}
                  onChange={(e) => setFields({ ...fields, carry: e.target.checked })}
                  aria-invalid={errors['terms.carry'] ? true : undefined}
                  aria-describedby={errors['terms.carry'] ? `${ids}-carry-err` : undefined}
                />{' '}
                {c.fields.carry}
              </label>
              {errors['terms.carry'] && (
                <p className="field-error" id={`${ids}-carry-err`}>
                  {errors['terms.carry']}
                </p>
              )}
            </>
          )}
        </>
      )}
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="contract-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? c.sending : c.send}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={p.onCancel}>
          {c.cancel}
        </button>
      </div>
    </form>
  );
}

/** Menu section keys of the contract pages, by kind. */
export const CONTRACT_SECTIONS = { dividend: 'dividend', dailyWages: 'daily', hourlySalary: 'hourly', realTimeSalary: 'realtime' } as const;

/** A contract page: the agent's contract, an offer to decide, its downline agents, the records. */
export function ContractsPage({ a, profile, kind, title }: { a: AgentLabels; profile: Profile | null; kind: ContractKindName; title: string }) {
  const c = a.contracts;
  const { lang } = useLabels();
  const [tick, setTick] = useState(0);
  const [offering, setOffering] = useState<number | null>(null);
  const data = useLoad(() => api().call(agentContracts, { query: { kind } }), `${kind}-${tick}`);
  const reload = () => {
    setOffering(null);
    setTick((n) => n + 1);
  };
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
                          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOffering(x.agentId)}>
                            {x.active ? c.change : c.offer}
                          </button>
                        )}
                      </div>
                      {offering === x.agentId && d.own && (
                        <OfferForm kind={kind} c={c} own={d.own} agentId={x.agentId} username={x.username} current={x.active} onDone={reload} onCancel={() => setOffering(null)} />
                      )}
                      {x.active && <ContractCard kind={kind} view={x.active} c={c} profile={profile} role="given" onChanged={reload} />}
                    </li>
                  ))}
                </ul>
              )}
              {!d.own && d.downlines.length > 0 && <p className="muted">{c.offerNeedsOwn}</p>}
            </section>
            <Settlements a={a} profile={profile} kind={kind} key={tick} />
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

/** A period as people say it: its day (or first and last day), or its day and hours when shorter. */
function periodLabel(start: number, end: number, lang: string, timeZone: string | undefined): string {
  const day = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone });
  if (end - start >= 23 * 3_600_000) {
    const first = day.format(start);
    const last = day.format(end - 1);
    return first === last ? first : `${first} – ${last}`;
  }
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', timeZone });
  // One clock: the hours are the brand's, and say so (src/kernel/intl.ts).
  return `${day.format(start)} ${time.format(start)}–${time.format(end)} ${gmtLabel(start, timeZone)}`;
}

/** The agent's settlement records of a kind (its period picker, totals and pages). */
function Settlements({ a, profile, kind }: { a: AgentLabels; profile: Profile | null; kind: ContractKindName }) {
  const c = a.contracts;
  const { lang } = useLabels();
  const money = useMoney(profile);
  const { range, setRange, page, setPage } = usePeriod();
  const query = { kind, from: range.from, to: range.to, pageNo: String(page), pageSize: String(PAGE_SIZE) };
  const data = useLoad(() => api().call(agentSettlements, { query }), JSON.stringify(query));
  const tz = profile?.timeZone;
  const columns: Column<ValueOf<typeof agentSettlements>['content'][number]>[] = [
    { label: c.cols.period, cell: (r) => `${periodLabel(r.periodStart, r.periodEnd, lang, tz)}${r.seq ? ` · ${fill(c.correction, { n: r.seq })}` : ''}` },
    { label: c.cols.validBet, cell: (r) => money(kind === 'realtime' ? (r.lostBet ?? 0) + (r.wonBet ?? 0) : r.validBet), num: true },
    ...(kind === 'dividend' ? [{ label: c.cols.base, cell: (r: { base: number | null }) => money(r.base ?? 0), num: true }] : []),
    { label: c.cols.active, cell: (r) => r.active, num: true },
    { label: c.cols.tier, cell: (r) => (kind === 'realtime' ? '' : r.tier || c.noTier) },
    { label: c.cols.rate, cell: (r) => (r.effectiveWinRate === null ? percent(r.effectiveRate, lang) : `${percent(r.effectiveRate, lang)} / ${percent(r.effectiveWinRate, lang)}`), num: true },
    { label: c.cols.gross, cell: (r) => money(r.gross), num: true },
    { label: c.cols.granted, cell: (r) => money(r.granted), num: true },
    { label: c.cols.paid, cell: (r) => money(r.amount), num: true },
  ];
  return (
    <section aria-labelledby="contract-records">
      <h3 id="contract-records">{c.records}</h3>
      <RangeFilter value={range} onChange={setRange} />
      <WhenLoaded loaded={data}>
        {(d) =>
          d.content.length === 0 ? (
            <Empty>{c.noRecords}</Empty>
          ) : (
            <>
              <p className="agent-totals">{fill(c.totals, { amount: money(d.totals.amount), validBet: money(d.totals.validBet) })}</p>
              <RecordTable rows={d.content} rowKey={(r) => r.id} columns={columns} />
              <Pager page={d.pageNum} pages={d.totalPages} count={d.totalCount} onPage={setPage} />
            </>
          )
        }
      </WhenLoaded>
    </section>
  );
}

/**
 * The consolidated popup: offers from the upline waiting for the agent's answer, when the
 * consolidated call's flags say one waits (a *req* flag of 2). Closes only by its close button;
 * page scroll is frozen while it is open.
 */
export function ContractOffersPopup({ a, profile, onDecided }: { a: AgentLabels; profile: Profile | null; onDecided: () => void }) {
  const c = a.contracts;
  const [offers, setOffers] = useState<ContractView[]>([]);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const load = () =>
    api()
      .call(consolidatedFunds)
      .then((v) => {
        const waiting = [v.dailysalreqtype, v.divtypereq, v.contracthoursalreq, v.realtimesalreqtype].some((f) => f === 2);
        setOffers(waiting ? v.offers : []);
        setOpen(waiting && v.offers.length > 0);
      })
      .catch(() => undefined);
  useEffect(() => void load(), []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (!open && d.open) d.close();
    return () => {
      document.documentElement.style.overflow = '';
    };
  }, [open]);
  if (!open) return null;
  const kinds = c.kinds as Record<string, string>;
  return (
    <dialog ref={dialog} className="contract-popup" aria-labelledby="contract-popup-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="contract-popup-title">{c.popupTitle}</h2>
      {offers.map((o) => (
        <section key={o.id} aria-label={kinds[o.kind]}>
          <h3>{kinds[o.kind]}</h3>
          <ContractCard
            kind={o.kind}
            view={o}
            c={c}
            profile={profile}
            role="offer"
            onChanged={(decided) => {
              // The popup stays until its close button; the decided offer shows its new state.
              setOffers((list) => list.map((x) => (x.id === decided.id ? decided : x)));
              onDecided();
            }}
          />
        </section>
      ))}
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => {
          setOpen(false);
          document.documentElement.style.overflow = '';
        }}
      >
        {c.close}
      </button>
    </dialog>
  );
}

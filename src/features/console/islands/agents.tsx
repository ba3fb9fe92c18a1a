/**
 * The console's agents screen (issue 29, agent managers): the contracts (filtered in the address,
 * paged on the server; an active one can be ended after a confirmation), a grant from the house
 * with its terms (tiers for daily, hourly and dividend contracts, rates for real-time ones), and
 * the settlements of a stream: its settled periods, and a dry run or a run of a closed period.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { consoleContracts, consoleEndContract, consoleGrantContract, consoleSettle, consoleSettlements } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { ConfirmButton, describedBy, DownloadCsv, Field, FilterSelect, fill, pageOf, Pager, Table, usePage, when, type Labels } from './parts.tsx';

interface Props {
  L: Labels;
  c: ConsoleState;
  lang: string;
}

const KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
const STATUSES = ['active', 'offered', 'ended', 'rejected', 'expired', 'withdrawn'] as const;

export function Agents(p: Props) {
  return (
    <>
      <Contracts {...p} />
      <Grant {...p} />
      <Settlements {...p} />
    </>
  );
}

function Contracts({ L, c, lang }: Props) {
  const id = useId();
  const A = L.agents;
  const f = useStore(c.$filters);
  const [agent, setAgent] = useState(f.agent ?? '');
  const [confirming, setConfirming] = useState<number | null>(null);
  const kind = (KINDS as readonly string[]).includes(f.kind ?? '') ? (f.kind as (typeof KINDS)[number]) : undefined;
  const status = (STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as (typeof STATUSES)[number]) : undefined;
  const { data, reload } = usePage(
    () => c.run((api) => api.call(consoleContracts, { query: { kind, status, agent: f.agent || undefined, page: pageOf(f) } })),
    JSON.stringify([kind, status, f.agent, f.page, f.granted]),
  );
  async function end(contractId: number) {
    const r = await c.run(
      (api) => api.call(consoleEndContract, { body: { id: contractId } }),
      () => fill(A.endedDone, { id: contractId }),
    );
    setConfirming(null);
    if (r) reload();
  }
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{A.contracts}</h2>
        <DownloadCsv L={L} c={c} table="contracts" filters={{ kind, status, agent: f.agent }} />
      </div>
      <form
        className="cs-filters"
        onSubmit={(e) => {
          e.preventDefault();
          c.setFilters({ ...f, agent: agent.trim(), page: '' });
        }}
      >
        <FilterSelect
          id={`${id}-k`}
          label={A.kind}
          value={kind ?? ''}
          any={L.common.any}
          options={KINDS.map((k) => ({ value: k, label: A.kinds[k] }))}
          onChange={(v) => c.setFilters({ ...f, kind: v, page: '' })}
        />
        <FilterSelect
          id={`${id}-s`}
          label={A.status}
          value={status ?? ''}
          any={L.common.any}
          options={STATUSES.map((s) => ({ value: s, label: A.statuses[s] }))}
          onChange={(v) => c.setFilters({ ...f, status: v, page: '' })}
        />
        <Field id={`${id}-a`} label={A.agent}>
          <input id={`${id}-a`} value={agent} onChange={(e) => setAgent(e.target.value)} />
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
            caption={A.contracts}
            empty={L.common.empty}
            numeric={[4]}
            head={[A.id, A.agent, A.from, A.kind, A.rate, A.status, A.started, L.common.actions]}
            rows={data.items.map((k) => [
              k.id,
              k.agent,
              k.upline ?? A.house,
              A.kinds[k.kind],
              `${k.rate.toFixed(2)}%`,
              <span key="st">
                {A.statuses[k.status as keyof typeof A.statuses] ?? k.status}
                {k.endReason && <span className="cs-sub">{A.endReasons[k.endReason as keyof typeof A.endReasons] ?? k.endReason}</span>}
              </span>,
              when(k.startedAt, lang),
              k.status !== 'active' ? (
                ''
              ) : confirming === k.id ? (
                <span key="cf" className="cs-inline" role="group" aria-label={fill(A.confirmEnd, { id: k.id, agent: k.agent })}>
                  <span>{fill(A.confirmEnd, { id: k.id, agent: k.agent })}</span>
                  {/* The confirmation takes the focus from the button it replaced. */}
                  <button type="button" className="btn btn-sm btn-primary" autoFocus onClick={() => void end(k.id)}>
                    {A.yesEnd}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(null)}>
                    {L.common.cancel}
                  </button>
                </span>
              ) : (
                <button key="end" type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(k.id)} aria-label={`${A.end} ${k.id}`}>
                  {A.end}
                </button>
              ),
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(n) => c.setFilters({ ...f, page: String(n) })} />
        </>
      )}
    </section>
  );
}

type Tier = { minValidBet: string; minActive: string; minLoss: string; rate: string };
const TIER: Tier = { minValidBet: '', minActive: '', minLoss: '', rate: '' };
const GRANT = {
  agent: '',
  kind: 'daily' as (typeof KINDS)[number],
  tiers: [TIER],
  periodicMinBet: '',
  feeRate: '',
  period: 'M' as 'D' | 'W' | 'H' | 'M',
  carry: false,
  lossRate: '',
  winRate: '',
  minSingleBet: '',
};
/** A number field's text as the call takes it: empty is left out (its default), anything else a number (a wrong one is refused under its field). */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

function Grant({ L, c }: Props) {
  const id = useId();
  const A = L.agents;
  const [form, setForm] = useState(GRANT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof GRANT>) => setForm({ ...form, ...patch });
  const setTier = (i: number, patch: Partial<Tier>) => set({ tiers: form.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const terms =
      form.kind === 'realtime'
        ? { lossRate: num(form.lossRate), winRate: num(form.winRate), minSingleBet: num(form.minSingleBet) }
        : {
            tiers: form.tiers.map((t) => ({ minValidBet: num(t.minValidBet), minActive: num(t.minActive), minLoss: num(t.minLoss), rate: num(t.rate) as number })),
            periodicMinBet: num(form.periodicMinBet),
            ...(form.kind === 'dividend' ? { feeRate: num(form.feeRate), period: form.period, carry: form.carry } : {}),
          };
    try {
      const r = await c.client.call(consoleGrantContract, { body: { agent: form.agent, kind: form.kind, terms } });
      c.$notice.set({ kind: 'ok', text: fill(A.granted, { id: r.id, agent: form.agent }) });
      setForm(GRANT);
      // The list above shows the new contract.
      c.setFilters({ ...c.$filters.get(), granted: String(r.id) });
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      setErrors(x.fieldErrors ?? {});
      c.$notice.set({ kind: 'error', text: x.message ?? String(err) });
    }
  }
  const input = (name: string, label: string, value: string, onChange: (v: string) => void, o: { hint?: string; inputMode?: 'decimal' | 'numeric' } = {}) => {
    const fid = `${id}-${name.replace(/\./g, '-')}`;
    return (
      <Field id={fid} label={label} error={errors[name]} hint={o.hint}>
        <input
          id={fid}
          inputMode={o.inputMode}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(fid, { hint: !!o.hint, error: errors[name] })}
        />
      </Field>
    );
  };
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{A.grant}</h2>
      <p className="muted">{A.grantLead}</p>
      <form className="card cs-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
        {input('agent', A.agent, form.agent, (v) => set({ agent: v }))}
        <Field id={`${id}-kind`} label={A.kind} error={errors.kind}>
          <select id={`${id}-kind`} value={form.kind} onChange={(e) => set({ kind: e.target.value as (typeof KINDS)[number] })}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {A.kinds[k]}
              </option>
            ))}
          </select>
        </Field>
        {form.kind === 'realtime' ? (
          <div className="cs-row">
            {input('terms.lossRate', A.lossRate, form.lossRate, (v) => set({ lossRate: v }), { inputMode: 'decimal' })}
            {input('terms.winRate', A.winRate, form.winRate, (v) => set({ winRate: v }), { inputMode: 'decimal' })}
            {input('terms.minSingleBet', A.minSingleBet, form.minSingleBet, (v) => set({ minSingleBet: v }), { inputMode: 'decimal' })}
          </div>
        ) : (
          <>
            <fieldset className="cs-fieldset">
              <legend>{A.tiers}</legend>
              {errors['terms.tiers'] && (
                <span className="field-error" role="alert">
                  {errors['terms.tiers']}
                </span>
              )}
              {form.tiers.map((t, i) => (
                <div key={i} className="cs-row" role="group" aria-label={fill(A.tier, { n: i + 1 })}>
                  {input(`terms.tiers.${i}.minValidBet`, fill(A.minValidBet, { n: i + 1 }), t.minValidBet, (v) => setTier(i, { minValidBet: v }), { inputMode: 'decimal' })}
                  {input(`terms.tiers.${i}.minActive`, fill(A.minActive, { n: i + 1 }), t.minActive, (v) => setTier(i, { minActive: v }), { inputMode: 'numeric' })}
                  {input(`terms.tiers.${i}.minLoss`, fill(A.minLoss, { n: i + 1 }), t.minLoss, (v) => setTier(i, { minLoss: v }), { inputMode: 'decimal' })}
                  {input(`terms.tiers.${i}.rate`, fill(A.tierRate, { n: i + 1 }), t.rate, (v) => setTier(i, { rate: v }), { inputMode: 'decimal' })}
                  {form.tiers.length > 1 && (
                    <button type="button" className="btn btn-sm btn-ghost cs-remove" onClick={() => set({ tiers: form.tiers.filter((_, j) => j !== i) })}>
                      {fill(A.removeTier, { n: i + 1 })}
                    </button>
                  )}
                </div>
              ))}
              {form.tiers.length < 10 && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => set({ tiers: [...form.tiers, TIER] })}>
                  {A.addTier}
                </button>
              )}
            </fieldset>
            <div className="cs-row">
              {input('terms.periodicMinBet', A.periodicMinBet, form.periodicMinBet, (v) => set({ periodicMinBet: v }), { inputMode: 'decimal' })}
              {form.kind === 'dividend' && input('terms.feeRate', A.feeRate, form.feeRate, (v) => set({ feeRate: v }), { inputMode: 'decimal' })}
              {form.kind === 'dividend' && (
                <Field id={`${id}-period`} label={A.period}>
                  <select id={`${id}-period`} value={form.period} onChange={(e) => set({ period: e.target.value as typeof form.period })}>
                    {(['D', 'W', 'H', 'M'] as const).map((p) => (
                      <option key={p} value={p}>
                        {A.periods[p]}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
            </div>
            {form.kind === 'dividend' && (
              <label className="cs-check">
                <input type="checkbox" checked={form.carry} onChange={(e) => set({ carry: e.target.checked })} />
                {A.carry}
              </label>
            )}
          </>
        )}
        <button type="submit" className="btn btn-primary">
          {A.grantSubmit}
        </button>
      </form>
    </section>
  );
}

/** `datetime-local` text of a time in the browser's zone, and back. */
const localText = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function Settlements({ L, c, lang }: Props) {
  const id = useId();
  const A = L.agents;
  const me = useStore(c.$me)!;
  const [stream, setStream] = useState('daily');
  const [data, setData] = useState<{ streams: string[]; items: { start: number; end: number; settledAt: number; corrections: number; lines: number; paid: string }[] } | null>(null);
  const [at, setAt] = useState(() => localText(Date.now() - 86_400_000));
  const [result, setResult] = useState<{
    period: string;
    lines: { contractId: number; agentId: number; validBet: string; tier: number; rate: number; due: string; settled: boolean; change: string }[] | null;
    outcome: string | null;
    corrections: number | null;
  } | null>(null);
  const [tick, setTick] = useState(0);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void c.run((api) => api.call(consoleSettlements, { query: { stream } })).then((r) => r && setData(r));
  }, [c, stream, tick]);
  const money = (v: string) => formatMoney(v, lang, me.currencySymbol);

  async function go(dryRun: boolean) {
    setError(undefined);
    try {
      const r = await c.client.call(consoleSettle, { body: { stream, at: new Date(at).getTime(), dryRun } });
      setResult(r);
      c.$notice.set({
        kind: 'ok',
        text: dryRun
          ? fill(A.dryDone, { period: r.period })
          : fill(r.outcome === 'already' ? A.correctedDone : A.runDone, { period: r.period, outcome: A.outcomes[r.outcome as keyof typeof A.outcomes] ?? r.outcome ?? '', count: r.corrections ?? 0 }),
      });
      if (!dryRun) setTick((t) => t + 1);
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      setError(x.fieldErrors?.at ?? x.fieldErrors?.stream ?? x.message);
      c.$notice.set({ kind: 'error', text: x.message ?? String(err) });
    }
  }
  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{A.settlements}</h2>
      <p className="muted">{A.settlementsLead}</p>
      <div className="cs-filters">
        <Field id={`${id}-st`} label={A.stream}>
          <select id={`${id}-st`} value={stream} onChange={(e) => (setStream(e.target.value), setResult(null))}>
            {(data?.streams ?? ['daily']).map((s) => (
              <option key={s} value={s}>
                {A.streams[s as keyof typeof A.streams] ?? s}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-at`} label={A.at} hint={A.atHint} error={error}>
          <input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} aria-invalid={!!error} aria-describedby={describedBy(`${id}-at`, { hint: true, error })} />
        </Field>
        <button type="button" className="btn btn-ghost" onClick={() => void go(true)}>
          {A.dryRun}
        </button>
        <ConfirmButton className="btn btn-primary" label={A.run} question={A.runQuestion} yes={A.run} no={L.common.cancel} onConfirm={() => void go(false)} />
      </div>
      {result?.lines && (
        <Table
          caption={fill(A.dryCaption, { period: result.period })}
          empty={A.nothingInForce}
          numeric={[2, 4, 5, 6]}
          head={[A.id, A.agentId, A.teamValidBet, A.tierNo, A.rate, A.due, A.change]}
          rows={result.lines.map((x) => [x.contractId, x.agentId, money(x.validBet), x.tier, `${x.rate.toFixed(2)}%`, money(x.due), x.settled ? money(x.change) : `${money(x.change)} (${A.toPay})`])}
        />
      )}
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={A.settled}
          empty={L.common.empty}
          numeric={[3, 4, 5]}
          head={[A.periodStart, A.periodEnd, A.settledAt, A.lines, A.paid, A.corrections]}
          rows={data.items.map((r) => [when(r.start, lang), when(r.end, lang), when(r.settledAt, lang), r.lines, money(r.paid), r.corrections])}
        />
      )}
    </section>
  );
}

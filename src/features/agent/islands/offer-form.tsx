/**
 * The form to offer (or change) a downline agent's contract (issue 14): its tiers or real-time
 * rates, with the agent's own rate as a hint; the server's refusals show under their fields.
 * The drafts and the sending are the form's store (client/offer-form.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { ContractKindName, ContractView } from '../contract.ts';
import { api } from '../../accounts/client.ts';
import { fill } from '../../../shell/labels.tsx';
import type { AgentLabels } from '../client/labels.ts';
import { createOfferForm } from '../client/offer-form.ts';
import { MAX_TIERS } from '../client/offer-terms.ts';

type C = AgentLabels['contracts'];

export function OfferForm(p: { kind: ContractKindName; c: C; own: ContractView; agentId: number; username: string; current: ContractView | null; onDone: () => void; onCancel: () => void }) {
  const { c, kind } = p;
  const ids = useId();
  const [form] = useState(() => createOfferForm({ client: api, kind, own: p.own, current: p.current, agentId: p.agentId, words: { number: c.errors.number } }));
  const { draft, errors, formError, busy } = useStore(form.$offer);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

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
    <form
      className="contract-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(p.onDone);
      }}
      noValidate
      aria-label={fill(c.offerTo, { username: p.username })}
    >
      <h3>{fill(p.current ? c.changeFor : c.offerTo, { username: p.username })}</h3>
      {kind === 'realtime' ? (
        <>
          {field('terms.lossRate', c.fields.lossRate, draft.lossRate, (v) => form.type('lossRate', v), fill(c.maxOwn, { rate: String(p.own.terms.lossRate ?? 0) }), first)}
          {field('terms.winRate', c.fields.winRate, draft.winRate, (v) => form.type('winRate', v), fill(c.maxOwn, { rate: String(p.own.terms.winRate ?? 0) }))}
          {field('terms.minSingleBet', c.fields.minSingleBet, draft.minSingleBet, (v) => form.type('minSingleBet', v))}
        </>
      ) : (
        <>
          <fieldset>
            <legend>{c.tiers}</legend>
            {draft.tiers.map((t, i) => (
              <div className="contract-tier" key={i} role="group" aria-label={fill(c.tierLabel, { n: i + 1 })}>
                {field(`terms.tiers.${i}.minValidBet`, c.fields.minValidBet, t.minValidBet, (v) => form.typeTier(i, 'minValidBet', v))}
                {field(`terms.tiers.${i}.minActive`, c.fields.minActive, t.minActive, (v) => form.typeTier(i, 'minActive', v))}
                {field(`terms.tiers.${i}.minLoss`, c.fields.minLoss, t.minLoss, (v) => form.typeTier(i, 'minLoss', v))}
                {field(`terms.tiers.${i}.rate`, c.fields.rate, t.rate, (v) => form.typeTier(i, 'rate', v), max, i === 0 ? first : undefined)}
                {draft.tiers.length > 1 && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => form.removeTier(i)}>
                    {fill(c.removeTier, { n: i + 1 })}
                  </button>
                )}
              </div>
            ))}
            {draft.tiers.length < MAX_TIERS && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => form.addTier()}>
                {c.addTier}
              </button>
            )}
          </fieldset>
          {field('terms.periodicMinBet', c.fields.periodicMinBet, draft.periodicMinBet, (v) => form.type('periodicMinBet', v))}
          {kind === 'dividend' && (
            <>
              {field('terms.feeRate', c.fields.feeRate, draft.feeRate, (v) => form.type('feeRate', v))}
              <p className="muted">{fill(c.periodOwn, { period: (c.periods as Record<string, string>)[p.own.terms.period ?? 'M'] ?? '' })}</p>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.carry}
                  onChange={(e) => form.setCarry(e.target.checked)}
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

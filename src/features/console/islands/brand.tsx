/**
 * The console's brand screen (issue 29): maintenance and region blocks (risk switches them), and
 * the white-label flags, registration rules and protocol profile (owners change them; risk reads
 * them). Every change reaches every process within a second; a refusal shows under its field.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { consoleBrand, consoleSaveBrand, consoleSetMaintenance, consoleSetRegions, type ConsoleBrand } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { ConfirmButton, describedBy, Field, fill, when, type Labels } from './parts.tsx';

type Rules = Pick<ConsoleBrand, 'flags' | 'register' | 'protocol'>;

/** `datetime-local` text of a time in the browser's zone, and back. */
const localText = (ms: number | null) => (ms === null ? '' : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
const fromLocal = (text: string) => (text ? new Date(text).getTime() : null);

export function Brand({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const me = useStore(c.$me)!;
  const owner = me.roles.includes('owner');
  const B = L.brand;
  const [data, setData] = useState<ConsoleBrand | null>(null);
  const [rules, setRules] = useState<Rules | null>(null);
  const [maint, setMaint] = useState({ end: '', notice: '' });
  const [regions, setRegions] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function show(b: ConsoleBrand) {
    setData(b);
    setRules({ flags: b.flags, register: b.register, protocol: b.protocol });
    setMaint({ end: localText(b.maintenance.end), notice: b.maintenance.notice ?? '' });
    setRegions(b.regions.join('\n'));
  }
  useEffect(() => {
    void c.run((api) => api.call(consoleBrand)).then((b) => b && show(b));
  }, [c]);

  async function send(work: () => Promise<ConsoleBrand>, ok: string) {
    setErrors({});
    try {
      show(await work());
      c.$notice.set({ kind: 'ok', text: ok });
    } catch (err) {
      const f = err as { fieldErrors?: Record<string, string>; message?: string };
      if (f.fieldErrors) setErrors(f.fieldErrors);
      c.$notice.set({ kind: 'error', text: f.message ?? String(err) });
    }
  }

  if (!data || !rules) return <p className="muted">{L.common.loading}</p>;

  function saveRules(e: FormEvent) {
    e.preventDefault();
    if (!data || !rules) return;
    const flags = Object.fromEntries(rules.flags.filter((f, i) => f.on !== data.flags[i]!.on).map((f) => [f.id, f.on]));
    const register = Object.fromEntries(
      rules.register
        .map((r, i) => [r, data.register[i]!] as const)
        .filter(([r, was]) => r.enabled !== was.enabled || r.required !== was.required || r.min !== was.min || r.max !== was.max)
        .map(([r]) => [r.field, { enabled: r.enabled, required: r.required, min: r.min, max: r.max }]),
    );
    void send(() => c.client.call(consoleSaveBrand, { body: { flags, register, protocol: rules.protocol !== data.protocol ? rules.protocol : undefined } }), B.saved);
  }
  const setRule = (i: number, patch: Partial<Rules['register'][number]>) => setRules({ ...rules, register: rules.register.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const m = data.maintenance;
  const startOrUpdate = () => void send(() => c.client.call(consoleSetMaintenance, { body: { on: true, end: fromLocal(maint.end), notice: maint.notice.trim() || null } }), B.maintenanceOn);
  const regionError = Object.entries(errors).find(([k]) => k.startsWith('cidrs.'))?.[1];

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{fill(B.title, { name: data.name })}</h2>
      <p className="muted">{B.lead}</p>

      <form
        className="card cs-form"
        aria-labelledby={`${id}-mh`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Starting it takes the whole site down: that asks first (ConfirmButton below); an update does not.
          if (m.on) startOrUpdate();
        }}
      >
        <h3 id={`${id}-mh`}>{B.maintenance}</h3>
        <p role="status">{m.on ? fill(m.end ? B.maintenanceUntil : B.maintenanceIsOn, { end: when(m.end, lang) }) : B.maintenanceIsOff}</p>
        <Field id={`${id}-end`} label={B.end} hint={B.endHint} error={errors.end}>
          <input
            id={`${id}-end`}
            type="datetime-local"
            value={maint.end}
            onChange={(e) => setMaint({ ...maint, end: e.target.value })}
            aria-invalid={!!errors.end}
            aria-describedby={describedBy(`${id}-end`, { hint: true, error: errors.end })}
          />
        </Field>
        <Field id={`${id}-notice`} label={B.notice} error={errors.notice}>
          <input id={`${id}-notice`} maxLength={300} value={maint.notice} onChange={(e) => setMaint({ ...maint, notice: e.target.value })} aria-invalid={!!errors.notice} />
        </Field>
        <div className="cs-actions">
          {m.on ? (
            <button type="submit" className="btn btn-primary">
              {B.maintenanceUpdate}
            </button>
          ) : (
            <ConfirmButton className="btn btn-primary" label={B.maintenanceStart} question={B.maintenanceQuestion} yes={B.maintenanceStart} no={L.common.cancel} onConfirm={startOrUpdate} />
          )}
          {m.on && (
            <button type="button" className="btn btn-ghost" onClick={() => void send(() => c.client.call(consoleSetMaintenance, { body: { on: false } }), B.maintenanceOff)}>
              {B.maintenanceStop}
            </button>
          )}
        </div>
      </form>

      <form
        className="card cs-form"
        aria-labelledby={`${id}-rh`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send(() => c.client.call(consoleSetRegions, { body: { cidrs: regions.split(/[\s,]+/).filter(Boolean) } }), B.regionsSaved);
        }}
      >
        <h3 id={`${id}-rh`}>{B.regions}</h3>
        <Field id={`${id}-cidrs`} label={B.cidrs} hint={B.cidrsHint} error={regionError}>
          <textarea
            id={`${id}-cidrs`}
            rows={4}
            value={regions}
            onChange={(e) => setRegions(e.target.value)}
            aria-invalid={!!regionError}
            aria-describedby={describedBy(`${id}-cidrs`, { hint: true, error: regionError })}
          />
        </Field>
        <button type="submit" className="btn btn-primary">
          {B.saveRegions}
        </button>
      </form>

      <form className="card cs-form" aria-labelledby={`${id}-fh`} noValidate onSubmit={saveRules}>
        <h3 id={`${id}-fh`}>{B.rules}</h3>
        {!owner && <p className="muted">{B.ownersOnly}</p>}
        <fieldset className="cs-fieldset cs-flags" disabled={!owner}>
          <legend>{B.flags}</legend>
          {rules.flags.map((f, i) => (
            <label key={f.id} className="cs-check">
              <input type="checkbox" checked={f.on} onChange={(e) => setRules({ ...rules, flags: rules.flags.map((x, j) => (j === i ? { ...x, on: e.target.checked } : x)) })} />
              <span>
                <code>{f.id}</code> {B.flagNames[f.id as keyof typeof B.flagNames] ?? ''}
                {f.on !== f.file && <span className="cs-sub">{fill(B.fileSays, { value: f.file ? B.on : B.off })}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="cs-fieldset" disabled={!owner}>
          <legend>{B.register}</legend>
          <div className="cs-table-wrap" tabIndex={0} role="region" aria-label={B.register}>
            <table className="cs-table">
              <thead>
                <tr>
                  <th scope="col">{B.field}</th>
                  <th scope="col">{B.enabled}</th>
                  <th scope="col">{B.required}</th>
                  <th scope="col">{B.min}</th>
                  <th scope="col">{B.max}</th>
                </tr>
              </thead>
              <tbody>
                {rules.register.map((r, i) => {
                  const err = errors[`register.${r.field}.min`] ?? errors[`register.${r.field}`];
                  const rid = `${id}-reg-${r.field}`;
                  return (
                    <tr key={r.field}>
                      <th scope="row">
                        {r.field}
                        {err && (
                          <span className="field-error" id={`${rid}-error`} role="alert">
                            {err}
                          </span>
                        )}
                      </th>
                      <td>
                        <input type="checkbox" checked={r.enabled} aria-label={`${r.field}: ${B.enabled}`} onChange={(e) => setRule(i, { enabled: e.target.checked })} />
                      </td>
                      <td>
                        <input type="checkbox" checked={r.required} aria-label={`${r.field}: ${B.required}`} onChange={(e) => setRule(i, { required: e.target.checked })} />
                      </td>
                      <td>
                        <input
                          className="cs-num"
                          type="number"
                          min={0}
                          max={255}
                          value={r.min}
                          aria-label={`${r.field}: ${B.min}`}
                          aria-invalid={!!err}
                          aria-describedby={err ? `${rid}-error` : undefined}
                          onChange={(e) => setRule(i, { min: Number(e.target.value) })}
                        />
                      </td>
                      <td>
                        <input className="cs-num" type="number" min={0} max={255} value={r.max} aria-label={`${r.field}: ${B.max}`} onChange={(e) => setRule(i, { max: Number(e.target.value) })} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
        <Field id={`${id}-proto`} label={B.protocol} hint={fill(B.fileSays, { value: data.fileProtocol })}>
          <select
            id={`${id}-proto`}
            disabled={!owner}
            value={rules.protocol}
            onChange={(e) => setRules({ ...rules, protocol: e.target.value as Rules['protocol'] })}
            aria-describedby={`${id}-proto-hint`}
          >
            <option value="compatible">{B.protocols.compatible}</option>
            <option value="strict">{B.protocols.strict}</option>
          </select>
        </Field>
        {owner && (
          <div className="cs-actions">
            <button type="submit" className="btn btn-primary">
              {B.saveRules}
            </button>
            <ConfirmButton
              label={B.reset}
              question={B.resetQuestion}
              yes={B.reset}
              no={L.common.cancel}
              onConfirm={() => void send(() => c.client.call(consoleSaveBrand, { body: { reset: true } }), B.resetDone)}
            />
          </div>
        )}
      </form>
    </section>
  );
}

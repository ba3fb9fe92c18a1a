/**
 * Responsible gaming (issue 28), a member-centre page: the member's limits with what is used of
 * each and any change waiting for its cooling-off (confirmed or kept from here), the reality
 * check's interval, a break (time-out), self-exclusion and closing the account. A break or an
 * exclusion ends the session at once: the page says so and logs the member out here too.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { api, clearSession } from '../../accounts/client.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { formatDateTime } from '../../../kernel/intl.ts';
import { Segmented } from '../../../ui/Segmented.tsx';
import { FormError } from '../../../ui/form.tsx';
import { showDialog } from '../../../ui/stores/ui.ts';
import { amountFromInput, formatMoney } from '../../../kernel/money.ts';
import {
  protectionCancelLimit,
  protectionClose,
  protectionConfirmLimit,
  protectionExclude,
  protectionReality,
  protectionReopen,
  protectionSetLimit,
  protectionStatus,
  protectionTimeout,
  type LimitViewWire,
  type ProtectionView,
} from '../contract.ts';
import { useProtectionLabels, type ProtectionLabels } from './labels.ts';
import css from './protection.css?url';
import { addStylesheet } from '../../../ui/stylesheets.ts';

void addStylesheet(css);

type Kind = LimitViewWire['kind'];
type Period = LimitViewWire['period'];
const KINDS: readonly Kind[] = ['deposit', 'loss', 'wager', 'session'];
const PERIODS: readonly Period[] = ['day', 'week', 'month'];
const TIMEOUTS = ['24h', '7d', '30d', '6w'] as const;
const EXCLUSIONS = ['6m', '1y', '3y', '5y', 'permanent'] as const;

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export default function ProtectionPage() {
  const labels = useLabels();
  const l = useProtectionLabels(labels.lang);
  const [view, setView] = useState<ProtectionView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    api()
      .call(protectionStatus)
      .then(setView)
      .catch((err: unknown) => setFailed(messageOf(err, '')));
  }, []);

  if (!l) return null;
  if (failed !== null && !view) return <FormError message={failed || l.failed} />;
  if (!view) return <p className="rg-loading">…</p>;
  return <Page l={l} view={view} setView={setView} />;
}

function Page({ l, view, setView }: { l: ProtectionLabels; view: ProtectionView; setView: (v: ProtectionView) => void }) {
  const labels = useLabels();
  const lang = labels.lang;
  const when = (ms: number) => formatDateTime(ms, lang);
  const closed = view.block?.kind === 'closed';
  return (
    <div className="rg-page">
      <p className="rg-intro">{fill(l.intro, { hours: view.coolingOffHours })}</p>
      <p className="rg-session">{fill(l.sessionToday, { minutes: view.sessionMinutesToday })}</p>
      {closed && <ClosedNotice l={l} view={view} setView={setView} when={when} />}
      {view.tools.limits && <Limits l={l} view={view} setView={setView} when={when} />}
      {view.tools.realityCheck && <Reality l={l} view={view} setView={setView} />}
      {view.tools.timeout && !closed && <Block l={l} kind="timeout" hours={view.coolingOffHours} />}
      {view.tools.exclusion && <Block l={l} kind="exclusion" hours={view.coolingOffHours} />}
      {view.tools.closure && !closed && <Closure l={l} setView={setView} />}
      {view.helpLinks.length > 0 && (
        <section className="rg-section" aria-labelledby="rg-help">
          <h3 id="rg-help">{l.help}</h3>
          <ul className="rg-links">
            {view.helpLinks.map((h) => (
              <li key={h.url}>
                <a href={h.url} target="_blank" rel="noopener noreferrer">
                  {h.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type Section = { l: ProtectionLabels; view: ProtectionView; setView: (v: ProtectionView) => void; when: (ms: number) => string };

function Limits({ l, view, setView, when }: Section) {
  const labels = useLabels();
  const ids = useId();
  const [kind, setKind] = useState<Kind>('deposit');
  const [period, setPeriod] = useState<Period>('day');
  const [amount, setAmount] = useState('');
  // What the last step said: an error under the amount, a refusal of the whole form, or a notice.
  const [said, setSaid] = useState<{ error?: string; formError?: string; notice?: string }>({});
  const [busy, setBusy] = useState(false);
  const { error, formError, notice } = said;
  const setError = (m: string | null) => setSaid(m ? { error: m } : {});
  const setFormError = (m: string | null) => setSaid(m ? { formError: m } : {});
  const setNotice = (m: string | null) => setSaid(m ? { notice: m } : {});
  const periods = kind === 'session' ? (['day'] as const) : PERIODS;
  const text = (k: Kind, v: string) => (k === 'session' ? `${v} min` : formatMoney(v, labels.lang, view.currencySymbol));

  const send = async (body: { kind: Kind; period: Period; amount: string | null }) => {
    setBusy(true);
    setError(null);
    setFormError(null);
    setNotice(null);
    try {
      const r = await api().call(protectionSetLimit, { body });
      setView(r.status);
      setAmount('');
      setNotice(r.state === 'pending' ? fill(l.limits.pendingSaved, { at: when(r.at!) }) : r.state === 'set' ? l.limits.set : r.state === 'lowered' ? l.limits.lowered : l.limits.unchanged);
    } catch (err) {
      if (err instanceof ApiFailure && err.fieldErrors.amount) setError(err.message);
      else setFormError(messageOf(err, l.failed));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (!amount.trim()) {
      setError(kind === 'session' ? l.limits.minutesRequired : l.limits.amountRequired);
      return;
    }
    // The page's language may write a decimal comma (12,50); the server reads 12.50.
    void send({ kind, period, amount: amountFromInput(amount, labels.lang) });
  };
  const act = async (call: typeof protectionConfirmLimit | typeof protectionCancelLimit, k: Kind, p: Period) => {
    setFormError(null);
    setNotice(null);
    try {
      setView(await api().call(call, { body: { kind: k, period: p } }));
    } catch (err) {
      setFormError(messageOf(err, l.failed));
    }
  };
  const remove = async (k: Kind, p: Period) => {
    if (
      await showDialog({ kind: 'confirm', title: l.limits.remove, text: fill(l.limits.removeConfirm, { hours: view.coolingOffHours }), confirmLabel: l.limits.remove, cancelLabel: labels.auth.cancel })
    )
      await send({ kind: k, period: p, amount: null });
  };

  return (
    <section className="rg-section" aria-labelledby={`${ids}-t`}>
      <h3 id={`${ids}-t`}>{l.limits.title}</h3>
      {view.limits.length === 0 ? (
        <p className="rg-muted">{l.limits.none}</p>
      ) : (
        <ul className="rg-limits">
          {view.limits.map((x) => {
            const amountText = x.amount === null ? null : text(x.kind, x.amount);
            const share = x.amount === null ? 0 : Math.min(1, Math.max(0, Number(x.used) / Number(x.amount)));
            return (
              <li key={`${x.kind}-${x.period}`} className="rg-limit">
                <div className="rg-limit-head">
                  <strong>
                    {l.limits.kinds[x.kind]} · {l.limits.periods[x.period]}
                  </strong>
                  {x.amount !== null && !x.pending && (
                    <button type="button" className="rg-link" onClick={() => void remove(x.kind, x.period)}>
                      {l.limits.remove}
                    </button>
                  )}
                </div>
                {amountText !== null && (
                  <>
                    <progress className="rg-meter" max={1} value={share} aria-label={fill(l.limits.used, { used: text(x.kind, x.used), amount: amountText })} />
                    <p className="rg-muted">
                      {fill(l.limits.used, { used: text(x.kind, x.used), amount: amountText })} · {fill(l.limits.resets, { at: when(x.resetsAt) })}
                    </p>
                  </>
                )}
                {x.pending && (
                  <div className="rg-pending">
                    <p>
                      {x.pending.amount === null
                        ? fill(l.limits.pendingRemoval, { at: when(x.pending.at) })
                        : fill(l.limits.pending, { amount: text(x.kind, x.pending.amount), at: when(x.pending.at) })}
                    </p>
                    {x.pending.confirmable && (
                      <button type="button" className="btn btn-primary" onClick={() => void act(protectionConfirmLimit, x.kind, x.period)}>
                        {l.limits.confirm}
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost" onClick={() => void act(protectionCancelLimit, x.kind, x.period)}>
                      {l.limits.cancel}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form className="auth-form rg-form" onSubmit={onSubmit} noValidate>
        <div className="rg-row">
          <div className="field">
            <label htmlFor={`${ids}-k`}>{l.limits.kind}</label>
            <div className="control">
              <select
                className="wl-select"
                id={`${ids}-k`}
                value={kind}
                onChange={(e) => {
                  const k = e.target.value as Kind;
                  setKind(k);
                  if (k === 'session') setPeriod('day');
                }}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {l.limits.kinds[k]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-p`}>{l.limits.period}</label>
            <div className="control">
              <select className="wl-select" id={`${ids}-p`} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
                {periods.map((p) => (
                  <option key={p} value={p}>
                    {l.limits.periods[p]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor={`${ids}-a`}>{kind === 'session' ? l.limits.minutes : `${l.limits.amount} (${view.currencySymbol})`}</label>
          <div className="control">
            <input
              id={`${ids}-a`}
              inputMode={kind === 'session' ? 'numeric' : 'decimal'}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-err` : undefined}
            />
          </div>
          {error && (
            <p className="field-error" id={`${ids}-err`}>
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {l.limits.save}
        </button>
        <FormError message={formError} />
        {notice && (
          <p className="rg-notice" role="status">
            {notice}
          </p>
        )}
      </form>
    </section>
  );
}

function Reality({ l, view, setView }: Omit<Section, 'when'>) {
  const [error, setError] = useState<string | null>(null);
  const choose = async (minutes: 0 | 15 | 30 | 60) => {
    setError(null);
    try {
      setView(await api().call(protectionReality, { body: { minutes } }));
    } catch (err) {
      setError(messageOf(err, l.failed));
    }
  };
  return (
    <section className="rg-section" aria-labelledby="rg-reality">
      <h3 id="rg-reality">{l.reality.title}</h3>
      <p className="rg-muted">{l.reality.text}</p>
      <Segmented
        label={l.reality.title}
        value={view.ownRealityMinutes as 0 | 15 | 30 | 60}
        options={([0, 15, 30, 60] as const).map((m) => ({ value: m, label: m === 0 ? l.reality.off : fill(l.reality.every, { minutes: m }) }))}
        onChange={(m) => void choose(m)}
      />
      {view.imposedRealityMinutes !== null && <p className="rg-muted">{fill(l.reality.imposed, { minutes: view.imposedRealityMinutes })}</p>}
      <FormError message={error} />
    </section>
  );
}

/** A break or a self-exclusion: a length, a confirmation, then the session ends here as it did on the server. */
function Block({ l, kind, hours }: { l: ProtectionLabels; kind: 'timeout' | 'exclusion'; hours: number }) {
  const labels = useLabels();
  const ids = useId();
  const words = kind === 'timeout' ? l.timeout : l.exclusion;
  const options = kind === 'timeout' ? TIMEOUTS : EXCLUSIONS;
  const [length, setLength] = useState<string>(options[0]);
  const [error, setError] = useState<string | null>(null);
  const name = (words.lengths as Record<string, string>)[length]!;
  const start = async () => {
    setError(null);
    if (!(await showDialog({ kind: 'confirm', title: words.confirmTitle, text: fill(words.confirmText, { length: name }), confirmLabel: words.submit, cancelLabel: labels.auth.cancel }))) return;
    try {
      if (kind === 'timeout') await api().call(protectionTimeout, { body: { length: length as (typeof TIMEOUTS)[number] } });
      else await api().call(protectionExclude, { body: { length: length as (typeof EXCLUSIONS)[number] } });
      clearSession();
      window.location.assign(`${labels.prefix}/`);
    } catch (err) {
      setError(messageOf(err, l.failed));
    }
  };
  return (
    <section className="rg-section" aria-labelledby={`${ids}-t`}>
      <h3 id={`${ids}-t`}>{words.title}</h3>
      <p className="rg-muted">{fill(words.text, { hours })}</p>
      <div className="rg-row">
        <div className="field">
          <label htmlFor={`${ids}-l`}>{l.timeout.length}</label>
          <div className="control">
            <select className="wl-select" id={`${ids}-l`} value={length} onChange={(e) => setLength(e.target.value)}>
              {options.map((o) => (
                <option key={o} value={o}>
                  {(words.lengths as Record<string, string>)[o]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="button" className={kind === 'timeout' ? 'btn btn-primary' : 'btn rg-danger'} onClick={() => void start()}>
          {words.submit}
        </button>
      </div>
      <FormError message={error} />
    </section>
  );
}

function Closure({ l, setView }: { l: ProtectionLabels; setView: (v: ProtectionView) => void }) {
  const labels = useLabels();
  const [error, setError] = useState<string | null>(null);
  const close = async () => {
    if (!(await showDialog({ kind: 'confirm', title: l.closure.confirmTitle, text: l.closure.confirmText, confirmLabel: l.closure.submit, cancelLabel: labels.auth.cancel }))) return;
    try {
      setView(await api().call(protectionClose));
      clearSession();
      window.location.assign(`${labels.prefix}/`);
    } catch (err) {
      setError(messageOf(err, l.failed));
    }
  };
  return (
    <section className="rg-section" aria-labelledby="rg-close">
      <h3 id="rg-close">{l.closure.title}</h3>
      <p className="rg-muted">{l.closure.text}</p>
      <button type="button" className="btn btn-ghost" onClick={() => void close()}>
        {l.closure.submit}
      </button>
      <FormError message={error} />
    </section>
  );
}

function ClosedNotice({ l, view, setView, when }: Section) {
  const [error, setError] = useState<string | null>(null);
  const reopen = async () => {
    try {
      setView(await api().call(protectionReopen));
    } catch (err) {
      setError(messageOf(err, l.failed));
    }
  };
  return (
    <div className="rg-closed" role="status">
      <p>{view.block?.reopenAt ? fill(l.closure.reopenAt, { at: when(view.block.reopenAt) }) : l.closure.closed}</p>
      {!view.block?.reopenAt && (
        <button type="button" className="btn btn-primary" onClick={() => void reopen()}>
          {l.closure.reopen}
        </button>
      )}
      <FormError message={error} />
    </div>
  );
}

/**
 * The console's engagement screen (issue 29): promotion applications waiting for a decision
 * (finance: approve pays the reward with its wagering, reject takes a note for the member), and
 * platform messages to members or everyone (support), with the latest ones sent. A refusal is
 * shown under its field.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { consoleApplications, consoleDecideApplication, consoleMessages, consoleSendMessage, type ConsoleApplication } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { Redemptions } from './redemptions.tsx';
import { ConfirmButton, describedBy, Field, fill, Table, when, type Labels } from './parts.tsx';

interface Props {
  L: Labels;
  c: ConsoleState;
  lang: string;
}

export function Engagement(p: Props) {
  const me = useStore(p.c.$me)!;
  const may = (role: 'finance' | 'support') => me.roles.includes('owner') || me.roles.includes(role);
  return (
    <>
      {may('finance') && <Applications {...p} />}
      {(may('support') || may('finance')) && <Redemptions {...p} />}
      {may('support') && <Messages {...p} />}
    </>
  );
}

function Applications({ L, c, lang }: Props) {
  const id = useId();
  const E = L.engagement;
  const [items, setItems] = useState<ConsoleApplication[] | null>(null);
  const [tick, setTick] = useState(0);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    void c.run((api) => api.call(consoleApplications)).then((r) => r && setItems(r.items));
  }, [c, tick]);
  const key = (a: ConsoleApplication) => `${a.memberId}:${a.promotionId}`;

  async function decide(a: ConsoleApplication, decision: 'approve' | 'reject', e?: FormEvent) {
    e?.preventDefault();
    const r = await c.run(
      (api) => api.call(consoleDecideApplication, { body: { memberId: a.memberId, promotionId: a.promotionId, decision, note: decision === 'reject' ? note : '' } }),
      () => fill(decision === 'approve' ? E.approved : E.rejected, { name: a.username, title: a.title }),
    );
    if (r) {
      setRejecting(null);
      setNote('');
      setTick((t) => t + 1);
    }
  }

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{E.applications}</h2>
      <p className="muted">{E.applicationsLead}</p>
      {!items ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={E.applications}
          empty={E.noApplications}
          head={[E.member, E.promotion, E.applied, L.common.actions]}
          rows={items.map((a) => [
            <a key="m" href={`?section=members&id=${a.memberId}`} onClick={(e) => (e.preventDefault(), c.open('members', { id: String(a.memberId) }))}>
              {a.username}
            </a>,
            a.title,
            when(a.appliedAt, lang),
            rejecting === key(a) ? (
              <form key="rj" className="cs-inline" onSubmit={(e) => void decide(a, 'reject', e)}>
                <label htmlFor={`${id}-n-${key(a)}`}>{E.note}</label>
                <input id={`${id}-n-${key(a)}`} maxLength={300} value={note} autoFocus onChange={(e) => setNote(e.target.value)} />
                <button type="submit" className="btn btn-sm btn-ghost">
                  {E.confirmReject}
                </button>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRejecting(null)}>
                  {L.common.cancel}
                </button>
              </form>
            ) : (
              <span key="ac" className="cs-actions">
                <button type="button" className="btn btn-sm btn-primary" onClick={() => void decide(a, 'approve')} aria-label={`${E.approve}: ${a.username}, ${a.title}`}>
                  {E.approve}
                </button>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRejecting(key(a))} aria-label={`${E.reject}: ${a.username}, ${a.title}`}>
                  {E.reject}
                </button>
              </span>
            ),
          ])}
        />
      )}
    </section>
  );
}

const EMPTY = { to: '', everyone: false, marketing: false, title: '', body: '', titleEs: '', bodyEs: '' };

function Messages({ L, c, lang }: Props) {
  const id = useId();
  const E = L.engagement;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ id: number; at: number; to: string | null; title: string; marketing: boolean }[] | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    void c.run((api) => api.call(consoleMessages)).then((r) => r && setSent(r.items));
  }, [c, tick]);
  const set = (patch: Partial<typeof EMPTY>) => setForm({ ...form, ...patch });

  async function send(e?: FormEvent) {
    e?.preventDefault();
    setErrors({});
    const es = form.titleEs.trim() || form.bodyEs.trim() ? { es: { title: form.titleEs, body: form.bodyEs } } : {};
    try {
      const r = await c.client.call(consoleSendMessage, {
        body: { everyone: form.everyone, to: form.everyone ? [] : form.to.split(/[\s,]+/).filter(Boolean), words: { title: form.title, body: form.body }, translations: es, marketing: form.marketing },
      });
      c.$notice.set({ kind: 'ok', text: r.everyone ? E.sentEveryone : fill(r.skipped ? E.sentSkipped : E.sent, { count: r.sent, skipped: r.skipped }) });
      setForm(EMPTY);
      setTick((t) => t + 1);
    } catch (err) {
      const f = err as { fieldErrors?: Record<string, string>; message?: string };
      // Field names of the body (words.title, translations.es.body) to the form's fields.
      const fe = Object.fromEntries(Object.entries(f.fieldErrors ?? {}).map(([k, v]) => [k.replace(/^words\./, '').replace(/^translations\.es\.(\w+)$/, (_, x: string) => `${x}Es`), v]));
      setErrors(fe);
      c.$notice.set({ kind: 'error', text: f.message ?? String(err) });
    }
  }
  const text = (name: 'to' | 'title' | 'titleEs', label: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <input
        id={`${id}-${name}`}
        value={form[name]}
        disabled={name === 'to' && form.everyone}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={!!errors[name]}
        aria-describedby={describedBy(`${id}-${name}`, { hint: !!hint, error: errors[name] })}
      />
    </Field>
  );
  const area = (name: 'body' | 'bodyEs', label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <textarea
        id={`${id}-${name}`}
        rows={4}
        maxLength={2000}
        value={form[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={!!errors[name]}
        aria-describedby={describedBy(`${id}-${name}`, { error: errors[name] })}
      />
    </Field>
  );

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{E.messages}</h2>
      <form
        className="card cs-form"
        onSubmit={(e) => {
          // A message to everyone asks first (the ConfirmButton below).
          if (form.everyone) e.preventDefault();
          else void send(e);
        }}
        noValidate
        aria-labelledby={`${id}-h`}
      >
        <label className="cs-check">
          <input type="checkbox" checked={form.everyone} onChange={(e) => set({ everyone: e.target.checked })} />
          {E.everyone}
        </label>
        {text('to', E.to, E.toHint)}
        {text('title', E.title)}
        {area('body', E.body)}
        <fieldset className="cs-fieldset">
          <legend>{E.spanish}</legend>
          {text('titleEs', E.title)}
          {area('bodyEs', E.body)}
        </fieldset>
        <label className="cs-check">
          <input type="checkbox" checked={form.marketing} onChange={(e) => set({ marketing: e.target.checked })} />
          {E.marketing}
        </label>
        {form.everyone ? (
          <ConfirmButton className="btn btn-primary" label={E.send} question={E.sendEveryoneQuestion} yes={E.send} no={L.common.cancel} onConfirm={() => void send()} />
        ) : (
          <button type="submit" className="btn btn-primary">
            {E.send}
          </button>
        )}
      </form>
      <h3>{E.latest}</h3>
      {!sent ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <Table
          caption={E.latest}
          empty={L.common.empty}
          head={[E.sentAt, E.to, E.title]}
          rows={sent.map((m) => [when(m.at, lang), m.to ?? E.everyoneShort, m.marketing ? `${m.title} (${E.marketingShort})` : m.title])}
        />
      )}
    </section>
  );
}

/**
 * A member's page in the console (issue 29): profile, protection state, balances, sessions (end
 * one or all), deposits, bets with their provably-fair verify link, ledger entries, withdrawals,
 * the significant-event history (logins with their address), staff notes, and the account
 * actions of support and risk: lock or unlock with a reason, forget the authenticator app.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { consoleEndSessions, consoleMember, consoleMemberLock, consoleMemberNote, consoleMemberResetSecondFactor, type ConsoleMemberDetail } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { verifyHref } from '../../play/client.ts';
import { localeOfHtmlLang } from '../../../kernel/locales.ts';
import { describedBy, Field, fill, Table, when, type Labels } from './parts.tsx';

interface Props {
  L: Labels;
  c: ConsoleState;
  lang: string;
}

/** What an action's reason form holds: which action, the text, and its inline message. */
type Asking = { action: 'lock' | 'unlock' | 'reset'; reason: string; error?: string } | null;

export function MemberPage({ L, c, lang, id, close }: Props & { id: number; close: () => void }) {
  const hid = useId();
  const me = useStore(c.$me)!;
  const [d, setD] = useState<ConsoleMemberDetail | null>(null);
  const [tick, setTick] = useState(0);
  const [asking, setAsking] = useState<Asking>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  useEffect(() => {
    void c.run((api) => api.call(consoleMember, { query: { id } })).then((v) => v && setD(v));
  }, [c, id, tick]);
  const keeper = me.roles.some((r) => r === 'owner' || r === 'support' || r === 'risk');
  const reload = () => setTick((t) => t + 1);
  async function end(sessionId?: number) {
    const r = await c.run(
      (api) => api.call(consoleEndSessions, { body: { memberId: id, ...(sessionId ? { sessionId } : {}) } }),
      (v) => fill(L.members.endedCount, { count: v.ended }),
    );
    if (r) reload();
  }
  async function act(e: FormEvent) {
    e.preventDefault();
    if (!asking) return;
    const reason = asking.reason.trim();
    if (!reason) return setAsking({ ...asking, error: L.members.reasonRequired });
    const r =
      asking.action === 'reset'
        ? await c.run(
            (api) => api.call(consoleMemberResetSecondFactor, { body: { memberId: id, reason } }),
            () => L.members.resetDone,
          )
        : await c.run(
            (api) => api.call(consoleMemberLock, { body: { memberId: id, locked: asking.action === 'lock', reason } }),
            (v) => (v.status === 'frozen' ? L.members.lockedDone : L.members.unlockedDone),
          );
    if (r) {
      setAsking(null);
      reload();
    }
  }
  async function addNote(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) return setNoteError(L.members.noteRequired);
    const r = await c.run(
      (api) => api.call(consoleMemberNote, { body: { memberId: id, text: note.trim() } }),
      () => L.members.noteAdded,
    );
    if (r) {
      setNote('');
      setNoteError(undefined);
      reload();
    }
  }
  const loaded = d !== null;
  useEffect(() => {
    if (loaded) document.getElementById(hid)?.focus();
  }, [loaded, hid]);
  if (!d) return <p className="muted">{L.common.loading}</p>;
  const sym = me.currencySymbol;
  const p = d.protection;
  const frozen = d.member.status === 'frozen';
  const locale = localeOfHtmlLang(lang);
  const actionLabel = { lock: L.members.lock, unlock: L.members.unlock, reset: L.members.resetApp };
  return (
    <article className="cs-member card" aria-labelledby={hid}>
      <header className="cs-member-head">
        <h3 id={hid} tabIndex={-1}>
          {fill(L.members.detailTitle, { name: d.member.username })}
        </h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          {L.common.close}
        </button>
      </header>
      <dl className="cs-facts">
        <dt>{L.members.status}</dt>
        <dd>{L.members.statuses[d.member.status as keyof typeof L.members.statuses] ?? d.member.status}</dd>
        <dt>{L.members.contact}</dt>
        <dd>{[d.member.mobile, d.member.email].filter(Boolean).join(' · ') || '–'}</dd>
        <dt>{L.members.upline}</dt>
        <dd>{d.member.upline ?? '–'}</dd>
        <dt>{L.members.created}</dt>
        <dd>{when(d.member.createdAt, lang)}</dd>
        <dt>{L.members.app}</dt>
        <dd>{d.secondFactor ? L.members.appOn : L.members.appOff}</dd>
        <dt>{L.members.protection}</dt>
        <dd>
          {p.block ? `${L.members.block[p.block as keyof typeof L.members.block] ?? p.block}${p.until ? ` ${fill(L.members.until, { at: when(p.until, lang) })}` : ''}` : L.members.noBlock} ·{' '}
          {fill(L.members.limits, { count: p.limits })}
        </dd>
      </dl>
      {keeper && (
        <div className="cs-actions" role="group" aria-label={L.common.actions}>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-expanded={asking?.action === (frozen ? 'unlock' : 'lock')}
            onClick={() => setAsking({ action: frozen ? 'unlock' : 'lock', reason: '' })}
          >
            {frozen ? L.members.unlock : L.members.lock}
          </button>
          {d.secondFactor && (
            <button type="button" className="btn btn-sm btn-ghost" aria-expanded={asking?.action === 'reset'} onClick={() => setAsking({ action: 'reset', reason: '' })}>
              {L.members.resetApp}
            </button>
          )}
        </div>
      )}
      {asking && (
        <form className="cs-inline-form" onSubmit={(e) => void act(e)} noValidate>
          <Field id={`${hid}-reason`} label={L.members.reason} error={asking.error} hint={asking.action === 'lock' ? L.members.lockHint : undefined}>
            <input
              id={`${hid}-reason`}
              value={asking.reason}
              maxLength={200}
              autoFocus
              aria-invalid={asking.error ? true : undefined}
              aria-describedby={describedBy(`${hid}-reason`, { hint: asking.action === 'lock', error: asking.error })}
              onChange={(e) => setAsking({ ...asking, reason: e.target.value, error: undefined })}
            />
          </Field>
          <button type="submit" className="btn btn-sm btn-primary">
            {actionLabel[asking.action]}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAsking(null)}>
            {L.common.cancel}
          </button>
        </form>
      )}
      <h4>{L.members.balances}</h4>
      <Table
        caption={L.members.balances}
        empty={L.common.empty}
        numeric={[1]}
        head={[L.members.wallet, L.withdrawals.amount]}
        rows={d.balances.map((b) => [b.wallet, formatMoney(b.amount, lang, sym)])}
      />
      <div className="cs-member-head">
        <h4>{L.members.sessions}</h4>
        {keeper && d.sessions.some((s) => s.live) && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void end()}>
            {L.members.endAll}
          </button>
        )}
      </div>
      <Table
        caption={L.members.sessions}
        empty={L.common.empty}
        head={[L.members.started, L.members.lastSeen, L.members.address, L.members.status, '']}
        rows={d.sessions.map((s) => [
          when(s.createdAt, lang),
          when(s.lastSeenAt, lang),
          s.ip ?? '–',
          s.live ? L.members.live : L.members.ended,
          keeper && s.live ? (
            <button key="e" type="button" className="btn btn-sm btn-ghost" onClick={() => void end(s.id)}>
              {L.members.endOne}
            </button>
          ) : (
            ''
          ),
        ])}
      />
      <h4>{L.members.deposits}</h4>
      <Table
        caption={L.members.deposits}
        empty={L.common.empty}
        numeric={[2]}
        head={[L.members.at, L.withdrawals.id, L.withdrawals.amount, L.members.channel, L.withdrawals.state]}
        rows={d.deposits.map((o) => [when(o.at, lang), o.id, formatMoney(o.amount, lang, sym), o.channel, L.members.depositStatuses[o.status as keyof typeof L.members.depositStatuses] ?? o.status])}
      />
      <h4>{L.members.rounds}</h4>
      <Table
        caption={L.members.rounds}
        empty={L.common.empty}
        numeric={[2, 3]}
        head={[L.members.at, L.members.game, L.members.bet, L.members.win, L.withdrawals.state, '']}
        rows={d.rounds.map((r) => [
          when(r.at, lang),
          `${r.game} · ${r.vendor}`,
          formatMoney(r.bet, lang, sym),
          r.win === null ? '–' : formatMoney(r.win, lang, sym),
          L.members.roundStatuses[r.status as keyof typeof L.members.roundStatuses] ?? r.status,
          r.fairness ? (
            <a key="v" href={verifyHref(r.fairness, locale)} target="_blank" rel="noopener">
              {L.members.verify}
            </a>
          ) : (
            ''
          ),
        ])}
      />
      <h4>{L.members.entries}</h4>
      <Table
        caption={L.members.entries}
        empty={L.common.empty}
        numeric={[3]}
        head={[L.members.at, L.members.kind, L.members.account, L.withdrawals.amount, L.members.memo]}
        rows={d.entries.map((e) => [when(e.at, lang), e.kind, e.account, formatMoney(e.amount, lang, sym), e.memo ?? e.reference ?? ''])}
      />
      <h4>{L.members.withdrawals}</h4>
      <Table
        caption={L.members.withdrawals}
        empty={L.common.empty}
        numeric={[1]}
        head={[L.withdrawals.id, L.withdrawals.amount, L.withdrawals.state, L.withdrawals.requested]}
        rows={d.withdrawals.map((w) => [w.id, formatMoney(w.amount, lang, sym), L.withdrawals.statuses[w.status as keyof typeof L.withdrawals.statuses] ?? w.status, when(w.requestedAt, lang)])}
      />
      <h4>{L.members.history}</h4>
      <Table
        caption={L.members.history}
        empty={L.common.empty}
        head={[L.members.at, L.members.event, L.members.address, L.members.by]}
        rows={d.history.map((e) => [when(e.at, lang), L.members.events[e.kind.replace(/[.-]/g, '_') as keyof typeof L.members.events] ?? e.kind, e.ip ?? '–', e.actor])}
      />
      <h4>{L.members.notes}</h4>
      {d.notes.length ? (
        <ul className="cs-notes">
          {d.notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <span className="muted">{fill(L.members.noteBy, { name: n.by, at: when(n.at, lang) })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted cs-empty">{L.members.noNotes}</p>
      )}
      {keeper && (
        <form className="cs-inline-form" onSubmit={(e) => void addNote(e)} noValidate>
          <Field id={`${hid}-note`} label={L.members.addNote} error={noteError}>
            <textarea
              id={`${hid}-note`}
              value={note}
              maxLength={1000}
              rows={2}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={describedBy(`${hid}-note`, { error: noteError })}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(undefined);
              }}
            />
          </Field>
          <button type="submit" className="btn btn-sm btn-primary">
            {L.members.saveNote}
          </button>
        </form>
      )}
    </article>
  );
}

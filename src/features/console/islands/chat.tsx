/**
 * Support's live-chat desk (issue 31): the queue (waiting conversations with how long they have
 * waited, the caller's own, the others'), kept live by the desk's event stream; the open
 * conversation beside it, live by its own stream (messages, the member's typing, read marks), with
 * take, transfer, close, reopen, the transcript and barring the member from the chat; an answer
 * or an internal note, canned replies; and the member's context (balances, protection, the last
 * deposits, withdrawals and rounds).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ValueOf } from '../../../kernel/contract.ts';
import { openEventStream } from '../../../kernel/http/event-stream.ts';
import { saveFile } from '../../../ui/save-file.ts';
import { Linkified } from '../../../ui/linkify.tsx';
import type { ChatConversationView, ChatMessageView } from '../../support/contract.ts';
import {
  consoleChatAccepting,
  consoleChatBlock,
  consoleChatClose,
  consoleChatConversation,
  consoleChatQueue,
  consoleChatRead,
  consoleChatReopen,
  consoleChatSend,
  consoleChatStream,
  consoleChatTake,
  consoleChatTranscript,
  consoleChatTransfer,
  consoleChatTyping,
  consoleMember,
  type ConsoleDeskRow,
  type ConsoleMemberDetail,
} from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { ConfirmButton, Field, fill, when, type Labels } from './parts.tsx';

type Queue = ValueOf<typeof consoleChatQueue>;
type Opened = ValueOf<typeof consoleChatConversation>;

const minutes = (s: number) => Math.floor(s / 60);

export function Chat({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const f = useStore(c.$filters);
  const selected = Number(f.id) || null;
  const [queue, setQueue] = useState<{ q: Queue; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const reload = useRef<() => void>(() => undefined);
  reload.current = () => void c.run((api) => api.call(consoleChatQueue)).then((q) => q && setQueue({ q, at: Date.now() }));

  useEffect(() => {
    reload.current();
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Every change of any conversation wakes the queue (a few at once make one reload).
    const stop = openEventStream({
      url: consoleChatStream.path,
      headers: c.apiHeaders,
      onEvent: (event) => {
        if (event !== 'changed') return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => reload.current(), 250);
      },
    });
    // The waits shown grow by themselves.
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => {
      stop();
      clearInterval(tick);
      if (timer) clearTimeout(timer);
    };
  }, [c]);

  const C = L.chat;
  const pick = (row: ConsoleDeskRow) => c.setFilters({ ...f, id: String(row.id) });
  const list = (title: string, rows: ConsoleDeskRow[], none: string) => (
    <section className="cs-chat-list" aria-labelledby={`${id}-${title}`}>
      <h3 id={`${id}-${title}`}>
        {title} ({rows.length})
      </h3>
      {!rows.length ? (
        <p className="muted">{none}</p>
      ) : (
        <ul>
          {rows.map((r) => {
            // The wait as the server counted it when the queue came, and the time since.
            const waited = r.waitingSeconds ? r.waitingSeconds + Math.max(0, Math.round((now - (queue?.at ?? now)) / 1000)) : 0;
            return (
              <li key={r.id}>
                <button type="button" className="cs-chat-item" aria-current={r.id === selected ? 'true' : undefined} onClick={() => pick(r)}>
                  <strong>{r.name}</strong>
                  {r.visitor && <span className="cs-tag">{C.visitor}</span>}
                  {r.unread > 0 && <span className="cs-count">{fill(C.unread, { n: r.unread })}</span>}
                  <span className="cs-sub">{r.preview}</span>
                  <span className="cs-sub">
                    {waited ? fill(C.waiting, { m: minutes(waited) }) : when(r.lastMessageAt, lang)}
                    {r.assignedTo && ` · ${r.assignedTo}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{C.title}</h2>
      {!queue ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <div className="cs-chat">
          <div className="cs-chat-queue">
            {list(C.waitingList, queue.q.waiting, C.noneWaiting)}
            {list(C.mine, queue.q.mine, C.noneMine)}
            {list(C.others, queue.q.others, C.noneOthers)}
            <label className="cs-check">
              <input
                type="checkbox"
                checked={queue.q.accepting}
                onChange={(e) => {
                  const accepting = e.target.checked;
                  // Shown at once; a refusal puts the queue's own answer back.
                  setQueue((q) => q && { ...q, q: { ...q.q, accepting } });
                  void c.run((api) => api.call(consoleChatAccepting, { body: { accepting } })).then(() => reload.current());
                }}
              />{' '}
              {fill(C.auto, { n: queue.q.perAgent })}
            </label>
            <p className="cs-sub">{fill(C.limit, { n: queue.q.perAgent })}</p>
          </div>
          {selected ? <Conversation key={selected} L={L} c={c} lang={lang} id={selected} queue={queue.q} onChange={() => reload.current()} /> : <p className="muted">{C.pick}</p>}
        </div>
      )}
    </section>
  );
}

function Conversation({ L, c, lang, id, queue, onChange }: { L: Labels; c: ConsoleState; lang: string; id: number; queue: Queue; onChange: () => void }) {
  const C = L.chat;
  const [opened, setOpened] = useState<Opened | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [typing, setTyping] = useState(false);
  const [transferTo, setTransferTo] = useState('');
  const me = useStore(c.$me);
  const readSent = useRef(0);

  async function load() {
    const o = await c.run((api) => api.call(consoleChatConversation, { query: { id } }));
    if (o) {
      setOpened(o);
      // Merged with what the stream brought meanwhile.
      setMessages((list) => {
        const byId = new Map(list.map((m) => [m.id, m]));
        for (const m of o.messages) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      });
    }
  }

  useEffect(() => {
    void load();
    let typingTimer: ReturnType<typeof setTimeout> | null = null;
    const stop = openEventStream({
      url: `${consoleChatStream.path}?id=${id}`,
      headers: c.apiHeaders,
      onEvent: (event, data) => {
        if (event === 'message') {
          const m = data as ChatMessageView;
          if (m.author === 'member' || m.author === 'visitor') setTyping(false);
          setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m].sort((a, b) => a.id - b.id)));
        } else if (event === 'state') {
          const v = data as ChatConversationView & { assignedTo: string | null };
          setOpened((o) => (o ? { ...o, conversation: v, row: { ...o.row, status: v.status, assignedTo: v.assignedTo } } : o));
        } else if (event === 'typing') {
          setTyping(true);
          if (typingTimer) clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setTyping(false), 5000);
        }
      },
    });
    return () => {
      stop();
      if (typingTimer) clearTimeout(typingTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  // What the desk shows is read (the member sees "Read").
  const last = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!last || last <= readSent.current || document.visibilityState !== 'visible') return;
    readSent.current = last;
    void c.client.call(consoleChatRead, { body: { id, upTo: last } }).catch(() => undefined);
  }, [last, id, c]);

  if (!opened) return <p className="muted">{L.common.loading}</p>;
  const row = opened.row;
  const status = opened.conversation.status;
  const act = async (work: () => Promise<unknown>, done: string) => {
    const r = await c.run(work, () => done);
    if (r !== null) {
      await load();
      onChange();
    }
  };
  const transcript = async () => {
    const file = await c.run((api) => api.download(consoleChatTranscript, { query: { id } }));
    if (file) saveFile(file.blob, file.fileName || `chat-${id}.txt`);
  };

  return (
    <article className="cs-chat-room card" aria-labelledby={`chat-${id}-h`}>
      <header className="cs-chat-head">
        <h3 id={`chat-${id}-h`}>
          {row.memberId ? (
            <a href={`?section=members&id=${row.memberId}`} onClick={(e) => (e.preventDefault(), c.open('members', { id: String(row.memberId) }))}>
              {row.name}
            </a>
          ) : (
            row.name
          )}{' '}
          · {C.states[status]}
          {opened.conversation.status === 'open' && row.assignedTo && ` · ${row.assignedTo}`}
        </h3>
        {row.visitor && <p className="cs-sub">{fill(C.contact, { contact: row.contact ?? '' })}</p>}
        <div className="cs-actions">
          {status === 'waiting' && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void act(() => c.client.call(consoleChatTake, { body: { id } }), C.taken)}>
              {C.take}
            </button>
          )}
          {status !== 'closed' && (
            <span className="cs-inline">
              <label htmlFor={`chat-${id}-to`} className="sr-only">
                {C.transferTo}
              </label>
              <select id={`chat-${id}-to`} value={transferTo} onChange={(e) => setTransferTo(e.target.value)}>
                <option value="">{C.transferTo}</option>
                {queue.agents
                  .filter((a) => a.username !== me?.username)
                  .map((a) => (
                    <option key={a.username} value={a.username}>
                      {fill(a.online ? C.agentLoad : C.agentAway, { name: a.username, n: a.open })}
                    </option>
                  ))}
              </select>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={!transferTo}
                onClick={() => void act(() => c.client.call(consoleChatTransfer, { body: { id, to: transferTo } }), fill(C.transferred, { name: transferTo }))}
              >
                {C.transfer}
              </button>
            </span>
          )}
          {status !== 'closed' ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void act(() => c.client.call(consoleChatClose, { body: { id } }), C.closed)}>
              {C.close}
            </button>
          ) : (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void act(() => c.client.call(consoleChatReopen, { body: { id } }), C.reopened)}>
              {C.reopen}
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void transcript()}>
            {C.transcript}
          </button>
          {row.memberId && (
            <ConfirmButton
              className="btn btn-ghost btn-sm"
              label={opened.blocked ? C.unblock : C.block}
              question={fill(opened.blocked ? C.unblockQuestion : C.blockQuestion, { name: row.name })}
              yes={opened.blocked ? C.unblock : C.block}
              no={L.common.cancel}
              onConfirm={() =>
                void act(() => c.client.call(consoleChatBlock, { body: { memberId: row.memberId!, blocked: !opened.blocked, reason: C.blockReason } }), opened.blocked ? C.unblocked : C.blocked)
              }
            />
          )}
        </div>
      </header>
      <div className="cs-chat-body">
        <div className="cs-chat-log" role="log" aria-live="polite" aria-label={C.log} tabIndex={0}>
          {messages.map((m) => (
            <div key={m.id} className={`cs-msg cs-msg-${m.author}`}>
              <span className="cs-msg-who">
                {m.author === 'staff' || m.author === 'note' ? `${m.staffName ?? ''}${m.author === 'note' ? ` (${C.note})` : ''}` : m.author === 'system' ? C.system : row.name} ·{' '}
                {when(m.createdAt, lang)}
                {m.author === 'staff' && opened.conversation.memberReadId >= m.id && ` · ${C.read}`}
              </span>
              {m.picture && (
                <img
                  className="cs-chat-picture"
                  src={`/wps/console/chat/picture?id=${m.id}`}
                  width={Math.min(m.picture.width, 240)}
                  height={Math.round((m.picture.height * Math.min(m.picture.width, 240)) / Math.max(1, m.picture.width))}
                  alt={fill(C.picture, { name: row.name })}
                  loading="lazy"
                />
              )}
              {m.body && (
                <p>
                  <Linkified text={m.body} />
                </p>
              )}
            </div>
          ))}
          {typing && <p className="muted">{fill(C.typing, { name: row.name })}</p>}
        </div>
        {row.memberId && <MemberContext L={L} c={c} lang={lang} memberId={row.memberId} />}
      </div>
      {status !== 'closed' && <Composer L={L} c={c} id={id} canned={queue.canned} onSent={(m) => setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]))} />}
    </article>
  );
}

function Composer({ L, c, id, canned, onSent }: { L: Labels; c: ConsoleState; id: number; canned: string[]; onSent: (m: ChatMessageView) => void }) {
  const C = L.chat;
  const fid = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [error, setError] = useState('');
  const lastTyping = useRef(0);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!text.trim()) return;
    setError('');
    try {
      const m = await c.client.call(consoleChatSend, { body: { id, body: text, note } });
      onSent(m);
      setText('');
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      setError(x.fieldErrors?.body ?? x.message ?? String(err));
    }
  }
  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <form className="cs-chat-form" onSubmit={(e) => void send(e)} noValidate>
      {canned.length > 0 && (
        <span className="cs-inline">
          <label htmlFor={`${fid}-canned`} className="sr-only">
            {C.canned}
          </label>
          <select id={`${fid}-canned`} value="" onChange={(e) => e.target.value && setText((t) => (t ? `${t} ${e.target.value}` : e.target.value))}>
            <option value="">{C.canned}</option>
            {canned.map((r, i) => (
              <option key={i} value={r}>
                {r.length > 70 ? `${r.slice(0, 70)}…` : r}
              </option>
            ))}
          </select>
        </span>
      )}
      <Field id={`${fid}-text`} label={note ? C.noteLabel : C.answer} error={error || undefined}>
        <textarea
          id={`${fid}-text`}
          rows={3}
          maxLength={4000}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const now = Date.now();
            if (!note && now - lastTyping.current > 3000) {
              lastTyping.current = now;
              void c.client.call(consoleChatTyping, { body: { id } }).catch(() => undefined);
            }
          }}
          onKeyDown={onKey}
          aria-invalid={!!error}
          aria-describedby={error ? `${fid}-text-error` : undefined}
        />
      </Field>
      <div className="cs-actions">
        <label className="cs-check">
          <input type="checkbox" checked={note} onChange={(e) => setNote(e.target.checked)} /> {C.asNote}
        </label>
        <button type="submit" className="btn btn-primary">
          {note ? C.addNote : C.send}
        </button>
      </div>
    </form>
  );
}

function MemberContext({ L, c, lang, memberId }: { L: Labels; c: ConsoleState; lang: string; memberId: number }) {
  const C = L.chat;
  const [m, setM] = useState<ConsoleMemberDetail | null>(null);
  useEffect(() => {
    void c.run((api) => api.call(consoleMember, { query: { id: memberId } })).then((d) => d && setM(d));
  }, [c, memberId]);
  if (!m) return <aside className="cs-chat-context muted">{L.common.loading}</aside>;
  return (
    <aside className="cs-chat-context" aria-label={C.context}>
      <h4>{C.context}</h4>
      <dl>
        <dt>{C.vip}</dt>
        <dd>{m.member.vip ?? '–'}</dd>
        <dt>{C.balance}</dt>
        <dd>{m.balances.map((b) => `${b.wallet}: ${b.amount}`).join(' · ') || m.member.balance}</dd>
        <dt>{C.protection}</dt>
        <dd>{m.protection.block ? fill(C.blockedUntil, { kind: m.protection.block, until: when(m.protection.until, lang) }) : fill(C.limits, { n: m.protection.limits })}</dd>
        <dt>{C.deposits}</dt>
        <dd>
          {m.deposits
            .slice(0, 3)
            .map((d) => `${d.amount} ${d.status} (${when(d.at, lang)})`)
            .join(' · ') || '–'}
        </dd>
        <dt>{C.withdrawals}</dt>
        <dd>
          {m.withdrawals
            .slice(0, 3)
            .map((w) => `${w.amount} ${w.status} (${when(w.requestedAt, lang)})`)
            .join(' · ') || '–'}
        </dd>
        <dt>{C.rounds}</dt>
        <dd>
          {m.rounds
            .slice(0, 5)
            .map((r) => `${r.game}: ${r.bet} → ${r.win ?? '…'}`)
            .join(' · ') || '–'}
        </dd>
      </dl>
    </aside>
  );
}

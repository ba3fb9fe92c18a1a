/**
 * The chat room (issue 31, spec 2.8's chat room in the customer-service window of 440 x 750): the
 * conversation with support, live; sent and read marks under the member's own messages, support's
 * typing, the wait or the hours, earlier conversations; a visitor says who they are with their
 * first message. The messages are a log region that screen readers read as they arrive.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatDateTime } from '../../../kernel/intl.ts';
import type { ClientMessages } from '../../../kernel/http/client.ts';
import { Linkified } from '../../../ui/linkify.tsx';
import type { ChatMessageView } from '../contract.ts';
import { createChatRoom, type ChatRoom as Room } from '../client/chat.ts';
import type { SupportLabels } from './labels.ts';
import './chat.css';

type L = SupportLabels['chat']['room'];
const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));

export interface ChatRoomProps {
  labels: L;
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  /** Where "back to the site" goes (the home page in the page's language). */
  home: string;
}

export default function ChatRoom(p: ChatRoomProps) {
  const [room] = useState<Room>(() => createChatRoom({ merchant: p.merchant, language: p.language, messages: p.messages }));
  useEffect(() => {
    room.start();
    return room.stop;
  }, [room]);
  const s = useStore(room.$room);
  const L = p.labels;
  const closed = !s.conversation || s.conversation.status === 'closed';

  return (
    <div className="chat">
      <header className="chat-head">
        <div>
          <h1>{L.title}</h1>
          <p className="chat-status" role="status">
            {s.phase === 'ready' && s.conversation && s.conversation.status !== 'closed' ? (s.live ? L.live : L.reconnecting) : ''}
          </p>
        </div>
        <a className="btn btn-ghost btn-sm" href={p.home} onClick={(e) => (window.opener ? (e.preventDefault(), window.close()) : undefined)}>
          {L.back}
        </a>
      </header>
      {s.phase === 'loading' ? (
        <p className="chat-note">…</p>
      ) : s.phase === 'failed' ? (
        <div className="chat-note" role="alert">
          <p>
            {L.failed} {s.error}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void room.reload()}>
            {L.retry}
          </button>
        </div>
      ) : !s.enabled ? (
        <p className="chat-note">{L.off}</p>
      ) : (
        <>
          <Hours L={L} s={s} />
          <Earlier L={L} room={room} lang={p.lang} />
          <Log L={L} lang={p.lang} room={room} messages={s.messages} readUpTo={s.conversation?.staffReadId ?? 0} typing={s.typing} />
          {s.conversation && s.conversation.status === 'closed' && <p className="chat-note">{L.ended}</p>}
          <Composer L={L} room={room} />
          {!closed && (
            <button type="button" className="btn btn-ghost btn-sm chat-end" onClick={() => void room.end()}>
              {L.end}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function Hours({ L, s }: { L: L; s: ReturnType<Room['$room']['get']> }) {
  if (s.hours.open) return <p className="chat-hours">{s.waitMinutes ? `${L.openNow} ${fill(L.wait, { minutes: s.waitMinutes })}` : L.openNow}</p>;
  return <p className="chat-hours chat-away">{fill(s.identity === 'member' ? L.closedNow : L.closedNowVisitor, { hours: s.hours.text ?? '' })}</p>;
}

function Earlier({ L, room, lang }: { L: L; room: Room; lang: string }) {
  const s = useStore(room.$room);
  const [open, setOpen] = useState<{ id: number; messages: ChatMessageView[] } | null>(null);
  if (!s.earlier.length) return null;
  return (
    <details className="chat-earlier">
      <summary>{L.earlier}</summary>
      <ul>
        {s.earlier.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="linkish"
              aria-expanded={open?.id === c.id}
              onClick={() => (open?.id === c.id ? setOpen(null) : void room.history(c.id).then((h) => setOpen({ id: c.id, messages: h.messages })))}
            >
              {open?.id === c.id ? L.earlierHide : fill(L.earlierOpen, { date: formatDateTime(c.createdAt, lang) })}
            </button>{' '}
            <span className="muted">{c.preview}</span>
            {open?.id === c.id && <Log L={L} lang={lang} room={room} messages={open.messages} readUpTo={Number.MAX_SAFE_INTEGER} typing={false} past />}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Log({ L, lang, room, messages, readUpTo, typing, past }: { L: L; lang: string; room: Room; messages: ChatMessageView[]; readUpTo: number; typing: boolean; past?: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!past) end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, typing, past]);
  const lastMine = [...messages].reverse().find((m) => m.author === 'member' || m.author === 'visitor')?.id;
  return (
    <div className={past ? 'chat-log chat-log-past' : 'chat-log'} role="log" aria-live={past ? 'off' : 'polite'} aria-label={L.log} tabIndex={0}>
      {!messages.length && !past && <p className="chat-empty">{L.empty}</p>}
      {messages.map((m) => {
        const mine = m.author === 'member' || m.author === 'visitor';
        const who = mine ? L.you : m.author === 'staff' ? L.support : L.system;
        return (
          <div key={m.id} className={`chat-msg chat-${mine ? 'mine' : m.author}`}>
            <span className="sr-only">{who}: </span>
            {m.picture && <Picture room={room} id={m.id} width={m.picture.width} height={m.picture.height} alt={fill(L.picture, { who })} />}
            {m.body && (
              <p className="chat-body">
                <Linkified text={m.body} />
              </p>
            )}
            <span className="chat-meta">
              {formatDateTime(m.createdAt, lang)}
              {mine && m.id === lastMine && !past && <> · {readUpTo >= m.id ? L.read : L.sent}</>}
            </span>
          </div>
        );
      })}
      {typing && (
        <p className="chat-typing" aria-live="polite">
          {L.typing}
        </p>
      )}
      <div ref={end} />
    </div>
  );
}

/** A picture of the conversation, fetched with the caller's identity and shown from memory. */
function Picture({ room, id, width, height, alt }: { room: Room; id: number; width: number; height: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void room.pictureUrl(id).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [room, id]);
  const w = Math.min(width, 240);
  const h = Math.round((height * w) / Math.max(1, width));
  return url ? <img className="chat-picture" src={url} width={w} height={h} alt={alt} /> : <span className="chat-picture chat-picture-wait" style={{ width: w, height: h }} aria-hidden="true" />;
}

function Composer({ L, room }: { L: L; room: Room }) {
  const s = useStore(room.$room);
  const id = useId();
  const [text, setText] = useState('');
  const [who, setWho] = useState({ name: '', contact: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const asks = s.identity === 'none';

  async function submit(e?: FormEvent, picture?: File) {
    e?.preventDefault();
    const body = text.trim();
    if ((!body && !picture) || s.sending) return;
    setErrors({});
    try {
      await room.send(body, asks ? who : undefined, picture);
      if (!picture) setText('');
    } catch (err) {
      const x = err as { fieldErrors?: Record<string, string>; message?: string };
      setErrors(x.fieldErrors && Object.keys(x.fieldErrors).length ? x.fieldErrors : { body: x.message ?? String(err) });
    }
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  const err = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form className="chat-form" onSubmit={(e) => void submit(e)} noValidate>
      {asks && (
        <fieldset className="chat-who">
          <legend>{L.who}</legend>
          <label htmlFor={`${id}-name`}>{L.name}</label>
          <input
            id={`${id}-name`}
            autoComplete="name"
            maxLength={60}
            value={who.name}
            onChange={(e) => setWho({ ...who, name: e.target.value })}
            aria-invalid={!!errors.name}
            aria-describedby={described('name')}
          />
          {err('name')}
          <label htmlFor={`${id}-contact`}>{L.contact}</label>
          <input
            id={`${id}-contact`}
            autoComplete="email"
            maxLength={120}
            value={who.contact}
            onChange={(e) => setWho({ ...who, contact: e.target.value })}
            aria-invalid={!!errors.contact}
            aria-describedby={`${id}-contact-hint${errors.contact ? ` ${id}-contact-error` : ''}`}
          />
          <p id={`${id}-contact-hint`} className="chat-hint">
            {L.contactHint}
          </p>
          {err('contact')}
        </fieldset>
      )}
      <label htmlFor={`${id}-text`} className="sr-only">
        {L.message}
      </label>
      <div className="chat-compose">
        <textarea
          id={`${id}-text`}
          rows={2}
          maxLength={s.maxLength}
          placeholder={L.message}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            room.typing();
          }}
          onKeyDown={onKey}
          aria-invalid={!!errors.body}
          aria-describedby={described('body')}
        />
        <label className="btn btn-ghost chat-attach" title={L.attach}>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-invalid={!!errors.data}
            aria-describedby={described('data')}
            disabled={s.sending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void submit(undefined, file);
            }}
          />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7L14 5.5a3.3 3.3 0 0 1 4.7 4.7L10.2 18.7a1.7 1.7 0 0 1-2.4-2.4L15.5 8.6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
          <span className="sr-only">{L.attach}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={s.sending || !text.trim()}>
          {s.sending ? L.sending : L.send}
        </button>
      </div>
      {err('body')}
      {err('data')}
    </form>
  );
}

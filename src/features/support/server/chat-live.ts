/**
 * The live chat's real time across processes (issue 31). Every change of a conversation is
 * written first, then announced with `pg_notify('support_chat', ...)` in the same transaction
 * (PostgreSQL delivers it to every listening process when the transaction commits; PGlite, one
 * process, to its own listeners). The announcement is only a wake-up: each open stream then reads
 * what it has not sent yet from the tables, by message id, so an announcement lost while a
 * listening connection was down (the handle then calls every listener with null) or a stream
 * that reconnects with its Last-Event-ID misses nothing. Typing is the one event that is not
 * stored: it is worth nothing a few seconds later.
 *
 * One LISTEN per process (the hub), whatever the number of open streams; a stream registers the
 * conversation it follows, or the desk (every conversation's changes, for the console's queue).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { listenOnce } from '../../../kernel/db/index.ts';
import { log } from '../../../kernel/log.ts';
import type { EventStreamAnswer } from '../../../kernel/contract.ts';
import { eventStreamOf, type Send } from '../../../kernel/http/sse.ts';

export const CHAT_CHANNEL = 'support_chat';

/** What a conversation's change says: m a message, t typing (by a side), r read (a side, up to), s its state. */
export interface ChatSignal {
  c: number;
  k: 'm' | 't' | 'r' | 's';
  side?: 'member' | 'staff';
  upTo?: number;
}

/** Announces a change; call it inside the transaction that made it (delivered at commit). */
export async function announce(tx: Db | Tx, signal: ChatSignal): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(signal)})`);
}

type Listener = (signal: ChatSignal | null) => void;

const KEY = Symbol.for('casino.support.chat-hub');
interface Hub {
  byConversation: Map<number, Set<Listener>>;
  desk: Set<Listener>;
}
const g = globalThis as { [KEY]?: Hub };
const hub: Hub = (g[KEY] ??= { byConversation: new Map(), desk: new Set() });

function deliver(payload: string | null): void {
  let signal: ChatSignal | null = null;
  if (payload !== null) {
    try {
      signal = JSON.parse(payload) as ChatSignal;
    } catch {
      return;
    }
  }
  const targets = signal ? [...(hub.byConversation.get(signal.c) ?? []), ...hub.desk] : [...[...hub.byConversation.values()].flatMap((s) => [...s]), ...hub.desk];
  for (const l of targets) {
    try {
      l(signal);
    } catch (err) {
      log.error('support.chat.listener', { error: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** Starts this process's one LISTEN (once per process database). */
function ensureHub(): Promise<void> {
  return listenOnce(CHAT_CHANNEL, deliver);
}

/** Follows one conversation (or, with 'desk', all of them); answers the function that stops. */
export async function follow(target: number | 'desk', listener: Listener): Promise<() => void> {
  await ensureHub();
  if (target === 'desk') {
    hub.desk.add(listener);
    return () => hub.desk.delete(listener);
  }
  const set = hub.byConversation.get(target) ?? new Set();
  set.add(listener);
  hub.byConversation.set(target, set);
  return () => {
    set.delete(listener);
    if (!set.size && hub.byConversation.get(target) === set) hub.byConversation.delete(target);
  };
}

/** How many streams this process holds (tests, metrics). */
export function openStreams(): number {
  let n = hub.desk.size;
  for (const s of hub.byConversation.values()) n += s.size;
  return n;
}

export interface ChatStreamSource {
  /** What to follow. */
  target: number | 'desk';
  /** Sends what the stream has not sent yet (called at start, on every wake-up, after a lost LISTEN). */
  catchUp(send: Send): Promise<void>;
  /** A signal that needs no reading (typing): its event; 'skip' for one this stream does not show; null to catch up instead. */
  direct?(signal: ChatSignal): { event: string; data: unknown } | 'skip' | null;
  /** Still allowed to listen (the session lives)? Asked every heartbeat; false ends the stream. */
  alive(): Promise<boolean>;
  /** Called once when the stream ends, however it ends (its slot is given back). */
  onEnd?(): void;
}

/** A stream of a conversation or of the desk (the kernel's server-sent events, sse.ts). */
export function chatStreamOf(source: ChatStreamSource): EventStreamAnswer {
  return eventStreamOf({
    name: 'support.chat',
    follow: ({ wake, send }) =>
      follow(source.target, (signal) => {
        const d = signal && source.direct?.(signal);
        if (d === 'skip') return;
        if (d) send(d.event, d.data);
        else wake();
      }),
    catchUp: (send) => source.catchUp(send),
    alive: () => source.alive(),
    onEnd: () => source.onEnd?.(),
  });
}

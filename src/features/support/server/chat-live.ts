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
import { initDb } from '../../../kernel/db/index.ts';
import { log } from '../../../kernel/log.ts';
import { EventStreamAnswer } from '../../../kernel/contract.ts';

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
  ready: Promise<void> | null;
}
const g = globalThis as { [KEY]?: Hub };
const hub: Hub = (g[KEY] ??= { byConversation: new Map(), desk: new Set(), ready: null });

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

/** Starts this process's one LISTEN (once). */
function ensureHub(): Promise<void> {
  hub.ready ??= (async () => {
    const handle = await initDb();
    await handle.listen(CHAT_CHANNEL, deliver);
  })().catch((err: unknown) => {
    hub.ready = null;
    throw err;
  });
  return hub.ready;
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

export interface StreamSource {
  /** What to follow. */
  target: number | 'desk';
  /** Sends what the stream has not sent yet (called at start, on every wake-up, after a lost LISTEN). */
  catchUp(send: (event: string, data: unknown, id?: number) => void): Promise<void>;
  /** A signal that needs no reading (typing): its event; 'skip' for one this stream does not show; null to catch up instead. */
  direct?(signal: ChatSignal): { event: string; data: unknown } | 'skip' | null;
  /** Still allowed to listen (the session lives)? Asked every heartbeat; false ends the stream. */
  alive(): Promise<boolean>;
  /** Called once when the stream ends, however it ends (its slot is given back). */
  onEnd?(): void;
}

const HEARTBEAT_MS = 20_000;
/** A stream ends after this long and the browser reconnects (with its last id): a session that ended is noticed, memory is given back. */
const MAX_LIFE_MS = 15 * 60_000;
/** Events queued for a reader that does not read: past this the stream is ended (it reconnects and catches up). */
const MAX_QUEUED = 256;

/**
 * A server-sent-events stream of a source: `retry` first, what was missed, then events as they
 * come; comments as heartbeats. Wake-ups are coalesced: one catch-up runs at a time, and another
 * follows when a wake-up came during it.
 */
export function eventStreamOf(source: StreamSource): EventStreamAnswer {
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let lifeTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let running = false;
  let again = false;

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        const write = (text: string) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return end();
          controller.enqueue(encoder.encode(text));
        };
        const send = (event: string, data: unknown, id?: number) => write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        const end = () => {
          if (closed) return;
          closed = true;
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        };
        const catchUp = async () => {
          if (running) {
            again = true;
            return;
          }
          running = true;
          try {
            do {
              again = false;
              await source.catchUp(send);
            } while (again && !closed);
          } catch (err) {
            log.error('support.chat.stream', { error: err instanceof Error ? err.message : String(err) });
            end();
          } finally {
            running = false;
          }
        };
        write('retry: 2000\n\n');
        let stopFollowing: () => void;
        try {
          stopFollowing = await follow(source.target, (signal) => {
            const d = signal && source.direct?.(signal);
            if (d === 'skip') return;
            if (d) send(d.event, d.data);
            else void catchUp();
          });
        } catch (err) {
          closed = true;
          cleanup();
          throw err;
        }
        // Cancelled while it was starting (the caller went away, a HEAD): let go of it at once.
        if (closed) return stopFollowing();
        stop = stopFollowing;
        await catchUp();
        if (closed) return;
        timer = setInterval(() => {
          write(': ping\n\n');
          source.alive().then(
            (ok) => (ok ? undefined : end()),
            () => undefined,
          );
        }, HEARTBEAT_MS);
        timer.unref?.();
        lifeTimer = setTimeout(end, MAX_LIFE_MS);
        lifeTimer.unref?.();
      },
      cancel() {
        closed = true;
        cleanup();
      },
    },
    { highWaterMark: 0 },
  );
  let ended = false;
  function cleanup() {
    stop?.();
    stop = null;
    if (timer) clearInterval(timer);
    if (lifeTimer) clearTimeout(lifeTimer);
    timer = null;
    lifeTimer = null;
    if (!ended) {
      ended = true;
      source.onEnd?.();
    }
  }
  return new EventStreamAnswer(body);
}

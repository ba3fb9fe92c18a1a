/**
 * The server's side of server-sent events (a call declared `value: eventStream`), shared by the
 * features that push to the browser (the support chat, the live tables). A stream follows a
 * source: it sends `retry` first, what the caller missed (the source's catch-up), then events as
 * they come, with comments as heartbeats. Wake-ups are coalesced: one catch-up runs at a time, and
 * another follows when a wake-up came during it. A slow reader that lets events pile up is ended
 * (it reconnects with its Last-Event-ID and catches up); every stream ends after MAX_LIFE_MS so a
 * session that ended is noticed and memory is given back. The browser's side is event-stream.ts.
 */
import { log } from '../log.ts';
import { EventStreamAnswer } from '../contract.ts';

export type Send = (event: string, data: unknown, id?: number) => void;

export interface StreamSource {
  /** What the log calls a failed catch-up. */
  name: string;
  /** Starts following the source's changes: `wake` asks for a catch-up, `send` sends an event as it is. Answers the function that stops. */
  follow(on: { wake: () => void; send: Send }): Promise<() => void>;
  /** Sends what the stream has not sent yet (called at start, on every wake-up). */
  catchUp(send: Send): Promise<void>;
  /** Still allowed to listen (the session lives)? Asked every heartbeat; false ends the stream. */
  alive(): Promise<boolean>;
  /** Called once when the stream ends, however it ends (its slot is given back). */
  onEnd?(): void;
}

const HEARTBEAT_MS = 20_000;
/** A stream ends after this long and the browser reconnects (with its last id). */
const MAX_LIFE_MS = 15 * 60_000;
/** Events queued for a reader that does not read: past this the stream is ended. */
const MAX_QUEUED = 256;

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
        const send: Send = (event, data, id) => write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
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
            log.error(`${source.name}.stream`, { error: err instanceof Error ? err.message : String(err) });
            end();
          } finally {
            running = false;
          }
        };
        write('retry: 2000\n\n');
        let stopFollowing: () => void;
        try {
          stopFollowing = await source.follow({ wake: () => void catchUp(), send });
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

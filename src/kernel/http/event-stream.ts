/**
 * The browser's side of server-sent events (a call declared `value: eventStream`): fetch, so the
 * call carries the same headers as every other (Merchant, Language, Authorization, a chat key),
 * which the browser's EventSource cannot send; the stream is parsed by eventsource-parser. It
 * reconnects by itself after a drop, after the server's `retry` (doubling up to 30 s while it
 * fails), sending the last event id it saw (Last-Event-ID) so the server sends what was missed.
 * A refusal (4xx) stops it and is reported: the caller decides (a session that ended, a
 * conversation that is not theirs).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface EventStreamOptions {
  url: string;
  /** Headers of each (re)connection. */
  headers: () => Record<string, string>;
  onEvent: (event: string, data: unknown, id: string | undefined) => void;
  /** Connected (true) or lost and retrying (false). */
  onOpenChange?: (open: boolean) => void;
  /** A refusal that ends the stream (4xx: status and the envelope's errorCode). */
  onRefused?: (status: number, errorCode: string) => void;
  /** Start after this id (what the page already shows). */
  lastEventId?: string;
  fetch?: typeof fetch;
}

/** Opens the stream; answers the function that closes it. */
export function openEventStream(o: EventStreamOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let lastId = o.lastEventId;
  let retryMs = 2000;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function connect() {
    if (stopped) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...o.headers() };
    if (lastId) headers['Last-Event-ID'] = lastId;
    try {
      const res = await (o.fetch ?? fetch)(o.url, { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        if (res.status >= 400 && res.status < 500) {
          const env = (await res.json().catch(() => null)) as { errorCode?: string } | null;
          stopped = true;
          o.onRefused?.(res.status, env?.errorCode ?? 'unknown');
          return;
        }
        throw new Error(`stream answered ${res.status}`);
      }
      failures = 0;
      o.onOpenChange?.(true);
      const parser = createParser({
        onEvent(e: EventSourceMessage) {
          if (e.id) lastId = e.id;
          let data: unknown = e.data;
          try {
            data = JSON.parse(e.data);
          } catch {
            // plain text data stays text
          }
          o.onEvent(e.event ?? 'message', data, e.id);
        },
        onRetry(ms: number) {
          retryMs = ms;
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      if (stopped) return;
      failures += 1;
    }
    if (stopped) return;
    o.onOpenChange?.(false);
    const wait = failures ? Math.min(30_000, retryMs * 2 ** Math.min(failures - 1, 4)) : retryMs;
    timer = setTimeout(() => void connect(), wait);
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}

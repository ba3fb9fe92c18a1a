/**
 * Reads a server-sent-events answer as it comes (the live chat's streams), for tests and benches:
 * each event goes to `onEvent` with its data parsed; reading stops when the body ends or is
 * cancelled.
 */
import { createParser } from 'eventsource-parser';
import { createApi } from '../../src/app/api.ts';

const streamApi = createApi();

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
  id?: string;
}

export function readEvents(body: NonNullable<Response['body']>, onEvent: (e: StreamEvent) => void): { cancel(): Promise<void> } {
  const parser = createParser({
    onEvent: (e) => onEvent({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown>, id: e.id }),
  });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const r = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (r.done) return;
      parser.feed(r.value);
    }
  })();
  return { cancel: () => reader.cancel() };
}

/** A stream read as it comes: its events so far, and a wait for one that matches. */
export async function openStream(path: string, headers: Record<string, string>) {
  const res = await streamApi(new Request(`http://test.local${path}`, { headers: { merchant: 'DEMO', language: 'EN', device: 'web', ...headers } }), { ip: '127.0.0.1' });
  const events: StreamEvent[] = [];
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const json = (await res.json()) as { errorCode: string };
    const refused = async (): Promise<(typeof events)[number]> => {
      throw new Error(`refused: ${json.errorCode}`);
    };
    return { status: res.status, json, events, waitFor: refused, close: async () => undefined };
  }
  const waiters: (() => void)[] = [];
  const reader = readEvents(res.body!, (e) => {
    events.push(e);
    for (const w of waiters.splice(0)) w();
  });
  const waitFor = async (pred: (e: (typeof events)[number]) => boolean, ms = 3000) => {
    const started = Date.now();
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      if (Date.now() - started > ms) throw new Error(`no such event in ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  return { status: res.status, json: null, events, waitFor, close: () => reader.cancel() };
}

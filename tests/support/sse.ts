/**
 * Reads a server-sent-events answer as it comes (the live chat's streams), for tests and benches:
 * each event goes to `onEvent` with its data parsed; reading stops when the body ends or is
 * cancelled.
 */
import { createParser } from 'eventsource-parser';

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

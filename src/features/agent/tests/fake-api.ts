/**
 * A scripted API client for the back office's store tests: every call is recorded by name with
 * its query and body, and `answer` says what comes back (or throws). Downloads answer `file`.
 */
import type { CallDef } from '../../../kernel/contract.ts';
import type { ApiClient, DownloadedFile } from '../../../kernel/http/client.ts';

export interface Sent {
  name: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export function fakeApi(answer: (sent: Sent) => unknown, file?: (sent: Sent) => DownloadedFile | Promise<DownloadedFile>) {
  const sent: Sent[] = [];
  const record = (def: CallDef, input: { query?: unknown; body?: unknown } = {}): Sent => {
    const s: Sent = { name: def.name, ...(input.query ? { query: input.query as Record<string, unknown> } : {}), ...(input.body ? { body: input.body as Record<string, unknown> } : {}) };
    sent.push(s);
    return s;
  };
  const client = {
    call: async (def: CallDef, input?: { query?: unknown; body?: unknown }) => answer(record(def, input)),
    download: async (def: CallDef, input?: { query?: unknown; body?: unknown }) => {
      const s = record(def, input);
      if (!file) throw new Error('no file scripted');
      return file(s);
    },
  } as unknown as ApiClient;
  return { client: () => client, sent };
}

/** A promise the test settles itself (a slow answer). */
export function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

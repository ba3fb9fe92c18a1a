/** Calls the assembled API in-process, as the server would, without a socket. */
import { createApi } from '../../src/app/api.ts';

const api = createApi({ checkAnswers: true });

export interface CallOptions {
  method?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** Sends one request to the API and returns status, headers and parsed JSON. */
export async function callApi(path: string, o: CallOptions = {}) {
  const url = new URL(`http://test.local${path}`);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers({ merchant: 'DEMO', language: 'EN', device: 'web', ...o.headers });
  let body: string | undefined = o.rawBody;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers.set('content-type', 'application/json');
  }
  const res = await api(new Request(url, { method: o.method ?? 'GET', headers, body }), { ip: o.ip ?? '127.0.0.1' });
  // A stream of events (the live chat's) never ends by itself: its opening is the answer; it is let go.
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, text: '', json: null };
  }
  const text = await res.text();
  // A file answer (a CSV export) is not JSON: its text is in `text`, and `json` is null.
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, text, json: text && isJson ? JSON.parse(text) : null };
}

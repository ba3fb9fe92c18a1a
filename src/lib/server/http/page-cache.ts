/**
 * A small in-process cache for pages that declare `Cache-Control: s-maxage=N`. Pages carry no
 * per-user data (the logged-in parts are islands fed by the API), so one rendering serves every
 * visitor for N seconds. Only 200 answers to GET are kept; at most MAX_ENTRIES pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Entry {
  expires: number;
  /** One request is rendering a fresh copy; the others get this one meanwhile. */
  refreshing: boolean;
  status: number;
  headers: Record<string, string | string[] | number>;
  body: Buffer;
}

const MAX_ENTRIES = 2000;
/** A stale copy is never served longer than this after its expiry. */
const STALE_LIMIT_MS = 30_000;
const entries = new Map<string, Entry>();

/** Serves `req` from the cache if it can; returns true when it did. */
export function serveCached(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const key = req.url ?? '/';
  const e = entries.get(key);
  if (!e) return false;
  if (e.expires < Date.now()) {
    // Stale while revalidating: the first request after expiry renders anew, the rest are served
    // the stale copy, so an expiry under load does not send every visitor to the renderer at once.
    if (!e.refreshing || e.expires < Date.now() - STALE_LIMIT_MS) {
      e.refreshing = true;
      return false;
    }
  }
  res.writeHead(e.status, { ...e.headers, 'x-cache': 'hit' });
  res.end(req.method === 'HEAD' ? undefined : e.body);
  return true;
}

/** Watches what the renderer writes to `res` and keeps it when the page allows shared caching. */
export function captureForCache(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return;
  const key = req.url ?? '/';
  const chunks: Buffer[] = [];
  let headHeaders: Record<string, unknown> = {};
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const h = rest.find((r) => r && typeof r === 'object');
    if (h && !Array.isArray(h)) headHeaders = h as Record<string, unknown>;
    return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
  }) as typeof res.writeHead;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...args: unknown[]) => {
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return (write as (...a: unknown[]) => boolean)(chunk, ...args);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...args: unknown[]) => {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const headers = { ...res.getHeaders(), ...headHeaders } as Entry['headers'];
    const maxAge = sharedMaxAge(headers['cache-control']);
    if (res.statusCode === 200 && maxAge > 0) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      delete headers['content-length'];
      const body = Buffer.concat(chunks);
      entries.set(key, { expires: Date.now() + maxAge * 1000, refreshing: false, status: 200, headers: { ...headers, 'content-length': body.byteLength }, body });
    }
    else {
      const stale = entries.get(key);
      if (stale) stale.refreshing = false;
    }
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...args);
  }) as typeof res.end;
}

function sharedMaxAge(header: unknown): number {
  const m = /s-maxage=(\d+)/.exec(String(header ?? ''));
  return m ? Number(m[1]) : 0;
}

/** Empties the cache (after an operator change that pages show). */
export function clearPageCache(): void {
  entries.clear();
}

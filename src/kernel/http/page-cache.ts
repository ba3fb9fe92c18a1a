/**
 * A small in-process cache for pages that declare `Cache-Control: s-maxage=N`. Pages carry no
 * per-user data (the logged-in parts are islands fed by the API), so one rendering serves every
 * visitor for N seconds. Only 200 answers to GET are kept.
 *
 * Bounded, so that no request can grow it: the key is the path and only the query parameters the
 * page renders by (the page says which in the `x-cache-query` header, learnt per path on its
 * first rendering; `/?cf=1`, `/?cf=2`... are all '/'), expired copies are dropped as new ones
 * arrive, and the whole cache holds at most 2,000 pages and 64 MB of bodies, the oldest going
 * first.
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

/** The bounds (the defaults hold the demo's every page several times over; tests lower them). */
const limits = { entries: 2000, bytes: 64 * 1024 * 1024 };
/** A stale copy is never served longer than this after its expiry. */
const STALE_LIMIT_MS = 30_000;
/** The header by which a page names the query parameters it renders by (comma-separated). */
export const CACHE_QUERY_HEADER = 'x-cache-query';
const entries = new Map<string, Entry>();
/** The query parameters each path renders by, learnt from its renderings. */
const queryByPath = new Map<string, string[]>();
let bytes = 0;

/** The cache key of a request: its path and, sorted, the parameters its page renders by. */
export function cacheKey(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const names = queryByPath.get(path);
  if (q < 0 || !names?.length) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = names.flatMap((n) => params.getAll(n).map((v) => [n, v] as [string, string]));
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

function remove(key: string): void {
  const e = entries.get(key);
  if (!e) return;
  bytes -= e.body.byteLength;
  entries.delete(key);
}

/** Drops copies past their stale limit, then the oldest until the bounds hold for one more of `size` bytes. */
function makeRoom(size: number, now: number): void {
  for (const [key, e] of entries) if (e.expires < now - STALE_LIMIT_MS) remove(key);
  while (entries.size && (entries.size >= limits.entries || bytes + size > limits.bytes)) remove(entries.keys().next().value!);
}

/** Sets the bounds (tests); answers the previous ones. */
export function setPageCacheLimits(next: Partial<typeof limits>): typeof limits {
  const before = { ...limits };
  Object.assign(limits, next);
  return before;
}

/** How many pages and body bytes the cache holds (tests and the bench). */
export function pageCacheSize(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes };
}

/** Serves `req` from the cache if it can; returns true when it did. */
export function serveCached(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const key = cacheKey(req.url ?? '/');
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
  const url = req.url ?? '/';
  const chunks: Buffer[] = [];
  let headHeaders: Record<string, unknown> = {};
  // The page's query parameters are the cache's business, not the visitor's: taken off the answer.
  let queryNames = '';
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const h = rest.find((r) => r && typeof r === 'object');
    if (h && !Array.isArray(h)) {
      headHeaders = h as Record<string, unknown>;
      if (CACHE_QUERY_HEADER in headHeaders) {
        queryNames = String(headHeaders[CACHE_QUERY_HEADER]);
        delete headHeaders[CACHE_QUERY_HEADER];
      }
    }
    if (res.hasHeader(CACHE_QUERY_HEADER)) {
      queryNames = String(res.getHeader(CACHE_QUERY_HEADER));
      res.removeHeader(CACHE_QUERY_HEADER);
    }
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
    const path = url.split('?')[0]!;
    const names = String(headers[CACHE_QUERY_HEADER] ?? queryNames).split(',').map((n) => n.trim()).filter(Boolean).sort();
    delete headers[CACHE_QUERY_HEADER];
    if (res.statusCode === 200 && maxAge > 0) {
      queryByPath.set(path, names);
      const key = cacheKey(url);
      delete headers['content-length'];
      const body = Buffer.concat(chunks);
      const now = Date.now();
      remove(key);
      makeRoom(body.byteLength, now);
      if (body.byteLength <= limits.bytes) {
        entries.set(key, { expires: now + maxAge * 1000, refreshing: false, status: 200, headers: { ...headers, 'content-length': body.byteLength }, body });
        bytes += body.byteLength;
      }
    } else {
      const stale = entries.get(cacheKey(url));
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
  bytes = 0;
}

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
 *
 * A page is kept with its brotli and gzip forms (made once, on libuv's thread pool, when it is
 * stored) and a strong ETag: a hit sends the form the browser accepts, or 304 when the browser
 * holds it already. The compressing middleware (compress.ts) passes such answers untouched.
 *
 * `scope` keeps apart the pages of different public addresses when the address comes from the
 * request (no SITE_URL): canonical links of one host must never be served to another.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESS_THRESHOLD, negotiateEncoding, type Encoding } from './compress.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Entry {
  /** The page's path (without scope and query), for dropping the pages a change shows on. */
  path: string;
  expires: number;
  /** One request is rendering a fresh copy; the others get this one meanwhile. */
  refreshing: boolean;
  status: number;
  headers: Record<string, string | string[] | number>;
  body: Buffer;
  /** Strong validator of the body (each encoding sends its own, suffixed). */
  etag: string;
  /** The body compressed once, off the event loop; absent until ready (or when too small). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * brotli quality for stored pages: 10 gives within 5% of 11's size at a fifth of its time
 * (measured on the home page: 77 ms against 356 ms), paid once per page and lifetime.
 */
const STORED_BROTLI_QUALITY = 10;

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
export function cacheKey(url: string, scope = ''): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const names = queryByPath.get(path);
  if (q < 0 || !names?.length) return scope + path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = names.flatMap((n) => params.getAll(n).map((v) => [n, v] as [string, string]));
  return scope + (kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path);
}

const sizeOf = (e: Entry): number => e.body.byteLength + (e.encoded.br?.byteLength ?? 0) + (e.encoded.gzip?.byteLength ?? 0);

function remove(key: string): void {
  const e = entries.get(key);
  if (!e) return;
  bytes -= sizeOf(e);
  entries.delete(key);
}

/** Compresses a stored page once; the forms join the entry if it is still the one stored. */
async function encodeStored(key: string, entry: Entry): Promise<void> {
  const raw = entry.body;
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }),
    gzip(raw, { level: 9 }),
  ]);
  if (entries.get(key) !== entry) return;
  entry.encoded = { br, gzip: gz };
  bytes += br.byteLength + gz.byteLength;
}

/** Does an If-None-Match header name this ETag (or every one)? */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
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
export function serveCached(req: IncomingMessage, res: ServerResponse, scope = ''): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const key = cacheKey(req.url ?? '/', scope);
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
  const encoding = negotiateEncoding(req);
  const body = (encoding && encoding !== 'deflate' && e.encoded[encoding]) || e.body;
  const sent = body === e.body ? null : (encoding as Encoding);
  const etag = sent ? `"${e.etag}-${sent}"` : `"${e.etag}"`;
  const headers: Entry['headers'] = { ...e.headers, 'x-cache': 'hit' };
  // Until the stored forms are ready, a browser that accepts an encoding gets the page compressed on
  // the fly (compress.ts): other bytes, so no tag that names these.
  const onTheFly = encoding !== null && sent === null && e.body.byteLength >= COMPRESS_THRESHOLD;
  if (!onTheFly) headers.etag = etag;
  // Pages below the threshold are never compressed, so they do not vary.
  if (e.body.byteLength >= COMPRESS_THRESHOLD) headers.vary = 'Accept-Encoding';
  if (!onTheFly && matches([req.headers['if-none-match']].flat()[0], etag)) {
    delete headers['content-length'];
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  if (sent) headers['content-encoding'] = sent;
  headers['content-length'] = body.byteLength;
  res.writeHead(e.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** Watches what the renderer writes to `res` and keeps it when the page allows shared caching. */
export function captureForCache(req: IncomingMessage, res: ServerResponse, scope = ''): void {
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
    const names = String(headers[CACHE_QUERY_HEADER] ?? queryNames)
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .sort();
    delete headers[CACHE_QUERY_HEADER];
    if (res.statusCode === 200 && maxAge > 0) {
      queryByPath.set(path, names);
      const key = cacheKey(url, scope);
      delete headers['content-length'];
      // What the compressing middleware below may have set for this one answer.
      delete headers['content-encoding'];
      delete headers['vary'];
      const body = Buffer.concat(chunks);
      const now = Date.now();
      remove(key);
      makeRoom(body.byteLength, now);
      if (body.byteLength <= limits.bytes) {
        const etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
        const entry: Entry = { path, expires: now + maxAge * 1000, refreshing: false, status: 200, headers: { ...headers, 'content-length': body.byteLength }, body, etag, encoded: {} };
        entries.set(key, entry);
        bytes += body.byteLength;
        if (body.byteLength >= COMPRESS_THRESHOLD) void encodeStored(key, entry).catch(() => {});
      }
    } else {
      const stale = entries.get(cacheKey(url, scope));
      if (stale) stale.refreshing = false;
    }
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...args);
  }) as typeof res.end;
}

function sharedMaxAge(header: unknown): number {
  const m = /s-maxage=(\d+)/.exec(String(header ?? ''));
  return m ? Number(m[1]) : 0;
}

/** Drops the stored pages whose path `shows` says a change appears on (a published help section: /help); answers how many. */
export function dropCachedPages(shows: (path: string) => boolean): number {
  let n = 0;
  for (const [key, e] of entries) {
    if (!shows(e.path)) continue;
    remove(key);
    n++;
  }
  return n;
}

/** Empties the cache (after an operator change that pages show). */
export function clearPageCache(): void {
  entries.clear();
  bytes = 0;
}

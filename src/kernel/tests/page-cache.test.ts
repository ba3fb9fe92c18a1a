import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheKey, captureForCache, clearPageCache, pageCacheSize, serveCached, setPageCacheLimits } from '../http/page-cache.ts';
import { compressAnswer } from '../http/compress.ts';

let renders = 0;
let status = 200;
let cacheControl = 'public, max-age=0, s-maxage=1';
let delayMs = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    if (serveCached(req, res)) return;
    captureForCache(req, res);
    renders++;
    const n = renders;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    // Like Astro's node adapter: headers through writeHead, body in chunks.
    // A page names the query parameters it renders by (here `page`), as the middleware does.
    res.writeHead(status, { 'content-type': 'text/html', 'cache-control': cacheControl, 'x-cache-query': 'page' });
    res.write(`<p>render ${n}</p>`);
    res.end('<p>end</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  clearPageCache();
  renders = 0;
  status = 200;
  delayMs = 0;
  cacheControl = 'public, max-age=0, s-maxage=1';
});

const get = async (path = '/p') => {
  const r = await fetch(base + path);
  return { status: r.status, body: await r.text(), hit: r.headers.get('x-cache') === 'hit' };
};

describe('the page cache', () => {
  it('renders a page once and serves the same bytes to the next visitors', async () => {
    const first = await get();
    const second = await get();
    expect(first.body).toBe('<p>render 1</p><p>end</p>');
    expect(second).toEqual({ status: 200, body: first.body, hit: true });
    expect(renders).toBe(1);
  });

  it('keeps pages apart by path and query', async () => {
    await get('/p?page=1');
    await get('/p?page=2');
    expect(renders).toBe(2);
  });

  it('does not keep a page without s-maxage, nor an error page', async () => {
    cacheControl = 'no-store';
    await get();
    await get();
    expect(renders).toBe(2);
    cacheControl = 'public, s-maxage=60';
    status = 404;
    await get('/missing');
    await get('/missing');
    expect(renders).toBe(4);
  });

  it('after expiry lets one request render anew while others still get the stale copy', async () => {
    await get();
    await new Promise((r) => setTimeout(r, 1100));
    delayMs = 150; // the fresh rendering is slow: the second visitor must not wait for it
    const [a, b] = await Promise.all([get(), get()]);
    expect(renders).toBe(2);
    expect([a.body, b.body].sort()).toEqual(['<p>render 1</p><p>end</p>', '<p>render 2</p><p>end</p>']);
    expect((await get()).body).toBe('<p>render 2</p><p>end</p>');
  });

  it('keeps one copy whatever other query parameters a visitor adds, and never shows them the cache header', async () => {
    const first = await fetch(`${base}/q?page=2`);
    expect(first.headers.get('x-cache-query')).toBeNull();
    await first.text();
    const before = renders;
    for (let n = 0; n < 200; n++) {
      const r = await get(`/q?page=2&cf=${n}`);
      expect(r.hit).toBe(true);
    }
    expect(renders).toBe(before);
    expect(pageCacheSize().entries).toBe(1);
    expect(cacheKey('/q?cf=1&page=2&page=3')).toBe('/q?page=2&page=3');
  });

  it('holds no more bytes than its bound, the oldest pages going first', async () => {
    const before = setPageCacheLimits({ bytes: 100 });
    try {
      // Each body is about 25 bytes: six pages cannot all stay.
      for (const page of [1, 2, 3, 4, 5, 6]) await get(`/b?page=${page}`);
      const size = pageCacheSize();
      expect(size.bytes).toBeLessThanOrEqual(100);
      expect(size.entries).toBeGreaterThan(0);
      expect(size.entries).toBeLessThan(6);
      expect((await get('/b?page=6')).hit).toBe(true);
      expect((await get('/b?page=1')).hit).toBe(false);
    } finally {
      setPageCacheLimits(before);
    }
  });
});

describe('the page cache with compression in front (as src/app/site.ts)', () => {
  let front: http.Server;
  let origin: string;
  let frontRenders = 0;
  const PAGE = `<!doctype html><title>t</title>${'<p>a game tile with a name</p>'.repeat(200)}`;

  beforeAll(async () => {
    front = http.createServer(async (req, res) => {
      await compressAnswer(req, res);
      const scope = `http://${req.headers.host}`;
      if (serveCached(req, res, scope)) return;
      captureForCache(req, res, scope);
      frontRenders++;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60' });
      res.write(PAGE.slice(0, 1000));
      res.end(PAGE.slice(1000));
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    front.closeAllConnections();
    await new Promise((r) => front.close(r));
  });
  beforeEach(() => {
    frontRenders = 0;
  });

  /** A GET that keeps the bytes as sent. */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; sent: Buffer }>((resolve, reject) => {
      http
        .get(origin + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, sent: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  const decode = (r: { headers: http.IncomingHttpHeaders; sent: Buffer }) =>
    (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.sent) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.sent) : r.sent).toString('utf8');
  /** Waits until the stored copy has its compressed forms. */
  async function storedCompressed(path: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const r = await raw(path, { 'accept-encoding': 'br' });
      // A hit before the stored forms are ready is compressed on the fly too (and has no ETag): wait for the stored one.
      if (r.headers['x-cache'] === 'hit' && r.headers['content-encoding'] === 'br' && r.headers.etag) return;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error('the stored page never got its brotli form');
  }

  it('sends each browser the encoding it accepts, compressed once, the same page underneath', async () => {
    const miss = await raw('/c', { 'accept-encoding': 'br, gzip' });
    expect(miss.headers['content-encoding'], 'compressed on the fly when rendered').toBe('br');
    expect(decode(miss)).toBe(PAGE);
    await storedCompressed('/c');
    const br = await raw('/c', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw('/c', { 'accept-encoding': 'gzip' });
    const none = await raw('/c', { 'accept-encoding': 'identity' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], none.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    for (const r of [br, gz, none]) {
      expect(r.headers['x-cache']).toBe('hit');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(Number(r.headers['content-length'])).toBe(r.sent.byteLength);
      expect(decode(r), 'decoded once, the page itself').toBe(PAGE);
    }
    expect(br.sent.byteLength).toBeLessThan(PAGE.length / 10);
    expect(frontRenders).toBe(1);
  });

  it('answers 304 to a browser that holds the current copy, per encoding', async () => {
    await raw('/e', { 'accept-encoding': 'br' });
    await storedCompressed('/e');
    const br = await raw('/e', { 'accept-encoding': 'br' });
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const notModified = await raw('/e', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.sent.byteLength, 'no body, and nothing compressed into one').toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect((await raw('/e', { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })).status).toBe(304);
    // Another encoding is another representation: its own tag.
    const gz = await raw('/e', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gz.status).toBe(200);
    expect(decode(gz)).toBe(PAGE);
  });

  it('keeps copies apart by public address when the address comes from the request', async () => {
    await raw('/s', { host: 'one.example' });
    await raw('/s', { host: 'two.example' });
    await raw('/s', { host: 'one.example' });
    expect(frontRenders).toBe(2);
  });

  it('leaves small answers alone', async () => {
    const tiny = http.createServer(async (req, res) => {
      await compressAnswer(req, res);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => tiny.listen(0, '127.0.0.1', r));
    const port = (tiny.address() as AddressInfo).port;
    const r = await new Promise<http.IncomingMessage>((resolve) => http.get(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'br' } }, resolve));
    expect(r.headers['content-encoding']).toBeUndefined();
    r.resume();
    tiny.closeAllConnections();
    await new Promise((res) => tiny.close(res));
  });
});

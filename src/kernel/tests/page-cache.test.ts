import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheKey, captureForCache, clearPageCache, pageCacheSize, serveCached, setPageCacheLimits } from '../http/page-cache.ts';

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

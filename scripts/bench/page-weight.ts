/**
 * What a visitor's browser downloads for a page before any interaction, in bytes as really sent
 * (the server's own Content-Encoding for a browser that says `Accept-Encoding: br, gzip`): the
 * HTML, and the JavaScript it loads by itself (module and classic scripts, modulepreload links,
 * the islands' component and renderer modules, and everything those import statically), each
 * beside its size before compression. Dynamic import() is left out: it loads on demand.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

export interface SentFile {
  url: string;
  /** Bytes on the wire (the body as sent, compressed or not). */
  sent: number;
  /** Bytes once decoded. */
  raw: number;
  /** The Content-Encoding it came with ('' for none). */
  encoding: string;
  why: string;
}

export interface PageWeight {
  status: number;
  headers: http.IncomingHttpHeaders;
  html: SentFile;
  /** Bytes as sent of the JS files listed in the HTML itself (script src, modulepreload). */
  listedJsSent: number;
  /** Bytes as sent, and decoded, of every JS file loaded before interaction. */
  jsSent: number;
  jsRaw: number;
  /** Inline script bytes (already part of the HTML). */
  inlineJsBytes: number;
  files: SentFile[];
}

/** gzip size at zlib's default level (the minimal page's figure). */
export const gzipSize = (b: Buffer | string): number => gzipSync(b).byteLength;

/** The browser's default: brotli or gzip. */
export const BROWSER_ENCODINGS = 'br, gzip';

/** GETs `url` as a browser would ask for it; answers the body as sent and decoded. */
export function fetchAsSent(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; sent: Buffer; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const enc = String(res.headers['content-encoding'] ?? '');
        try {
          const body = enc === 'br' ? brotliDecompressSync(sent) : enc === 'gzip' ? gunzipSync(sent) : sent;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, sent, body });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
  });
}

const attr = (attrs: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Static import and re-export specifiers of a (minified) ES module. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

/** Parses the HTML for the scripts it loads by itself. */
export function scriptsOf(html: string): { listed: string[]; islands: string[]; inlineBytes: number } {
  const listed: string[] = [];
  const islands: string[] = [];
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    const type = (attr(attrs, 'type') ?? '').toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript')) continue; // JSON, templates
    const src = attr(attrs, 'src');
    if (src) listed.push(src);
    else inlineBytes += Buffer.byteLength(m[2]!);
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = (attr(m[1]!, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(m[1]!, 'href');
    if (href && rel.includes('modulepreload')) listed.push(href);
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const u = attr(m[1]!, name);
      if (u) islands.push(u.replace(/&amp;/g, '&'));
    }
  }
  return { listed, islands, inlineBytes };
}

/** Fetches `pageUrl` and weighs it, as sent, with the JS it loads before interaction. */
export async function weighPage(pageUrl: string): Promise<PageWeight> {
  const page = await fetchAsSent(pageUrl);
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`);
  const { listed, islands, inlineBytes } = scriptsOf(page.body.toString('utf8'));
  const origin = new URL(pageUrl).origin;
  const files = new Map<string, SentFile>();
  const queue: { url: string; why: string }[] = [...listed.map((u) => ({ url: new URL(u, pageUrl).href, why: 'listed' })), ...islands.map((u) => ({ url: new URL(u, pageUrl).href, why: 'island' }))];
  while (queue.length) {
    const { url, why } = queue.shift()!;
    if (files.has(url) || new URL(url).origin !== origin) continue;
    const r = await fetchAsSent(url);
    if (r.status !== 200) throw new Error(`${url} (JS of ${pageUrl}) answered ${r.status}`);
    files.set(url, { url: new URL(url).pathname, sent: r.sent.byteLength, raw: r.body.byteLength, encoding: String(r.headers['content-encoding'] ?? ''), why });
    for (const spec of staticImports(r.body.toString('utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('/')) queue.push({ url: new URL(spec, url).href, why: 'import' });
    }
  }
  const all = [...files.values()];
  return {
    status: page.status,
    headers: page.headers,
    html: { url: new URL(pageUrl).pathname, sent: page.sent.byteLength, raw: page.body.byteLength, encoding: String(page.headers['content-encoding'] ?? ''), why: 'page' },
    listedJsSent: all.filter((f) => f.why === 'listed').reduce((n, f) => n + f.sent, 0),
    jsSent: all.reduce((n, f) => n + f.sent, 0),
    jsRaw: all.reduce((n, f) => n + f.raw, 0),
    inlineJsBytes: inlineBytes,
    files: all,
  };
}

/** The baseline page: the smallest complete HTML document, with no script. */
export const MINIMAL_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Minimal page</title>
  </head>
  <body>
    <main><h1>Minimal page</h1><p>A static HTML page with no script.</p></main>
  </body>
</html>
`;

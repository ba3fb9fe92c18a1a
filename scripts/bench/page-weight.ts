/**
 * What a visitor's browser downloads for a page before any interaction: the HTML, and the
 * JavaScript it loads by itself (module and classic scripts, modulepreload links, the islands'
 * component and renderer modules, and everything those import statically), each gzipped as
 * served one file per request. Dynamic import() is left out: it loads on demand.
 */
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  htmlBytes: number;
  htmlGzip: number;
  /** gzip bytes of the JS files listed in the HTML itself (script src, modulepreload). */
  listedJsGzip: number;
  /** gzip bytes of every JS file loaded before interaction (listed, islands, static imports). */
  jsGzip: number;
  /** Inline script bytes (already part of the HTML). */
  inlineJsBytes: number;
  files: { url: string; gzip: number; why: string }[];
}

/** gzip size at zlib's default level, as a server compressing on the fly would send. */
export const gzipSize = (b: Buffer | string): number => gzipSync(b).byteLength;

const attr = (attrs: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs)?.slice(1).find((v) => v !== undefined);

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

/** Fetches `pageUrl` and weighs it with the JS it loads before interaction. */
export async function weighPage(pageUrl: string): Promise<PageWeight> {
  const res = await fetch(pageUrl);
  if (res.status !== 200) throw new Error(`${pageUrl} answered ${res.status}`);
  const html = Buffer.from(await res.arrayBuffer());
  const { listed, islands, inlineBytes } = scriptsOf(html.toString('utf8'));
  const origin = new URL(pageUrl).origin;
  const files = new Map<string, { url: string; gzip: number; why: string }>();
  const queue: { url: string; why: string }[] = [
    ...listed.map((u) => ({ url: new URL(u, pageUrl).href, why: 'listed' })),
    ...islands.map((u) => ({ url: new URL(u, pageUrl).href, why: 'island' })),
  ];
  while (queue.length) {
    const { url, why } = queue.shift()!;
    if (files.has(url) || new URL(url).origin !== origin) continue;
    const r = await fetch(url);
    if (r.status !== 200) throw new Error(`${url} (JS of ${pageUrl}) answered ${r.status}`);
    const code = Buffer.from(await r.arrayBuffer());
    files.set(url, { url: new URL(url).pathname, gzip: gzipSize(code), why });
    for (const spec of staticImports(code.toString('utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('/')) queue.push({ url: new URL(spec, url).href, why: 'import' });
    }
  }
  const all = [...files.values()];
  return {
    htmlBytes: html.byteLength,
    htmlGzip: gzipSize(html),
    listedJsGzip: all.filter((f) => f.why === 'listed').reduce((s, f) => s + f.gzip, 0),
    jsGzip: all.reduce((s, f) => s + f.gzip, 0),
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

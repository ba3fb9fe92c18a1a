/**
 * The request pipeline in front of Astro, shared by the production server and `astro dev`:
 * /wps and /lgw go to the API dispatcher; pages pass the system status gate (maintenance and
 * region block replace the app, spec 2.3) and the shared page cache; the rest goes to Astro.
 */
import { maxHeaderSize, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLocale, localizePath, splitLocale } from '../kernel/locales.ts';
import { log } from '../kernel/log.ts';
import { statusFor, systemState } from '../features/system/server/status.ts';
import { allRoutes, createApi } from './api.ts';
import { answerProbe, isDraining, onDrain } from '../kernel/http/lifecycle.ts';
import { httpDuration } from '../kernel/metrics.ts';
import { answerMetrics } from './metrics.ts';
import { CHAT_PAGE } from '../features/support/contract.ts';
import { refusal } from '../kernel/http/dispatch.ts';
import { clientIp, toRequest, writeResponse } from '../kernel/http/node-bridge.ts';
import { captureForCache, clearPageCache, dropCachedPages, serveCached } from '../kernel/http/page-cache.ts';
import { onContentChange, pageShowsChange, refreshContent } from '../features/content/index.ts';
import { compressAnswer } from '../kernel/http/compress.ts';
import { staticFiles } from '../kernel/http/static-files.ts';
import { publicOrigin, requestOrigin } from '../kernel/http/origins.ts';
import { env } from '../kernel/env.ts';
import { isHttps, securityHeaders } from '../kernel/http/security-headers.ts';
import { brand, onBrandChange, refreshBrand } from '../kernel/brand/index.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => unknown;

import { CLIENT_IP_HEADER, ORIGIN_HEADER, STATUS_HEADER } from '../kernel/http/node-bridge.ts';

export { CLIENT_IP_HEADER, ORIGIN_HEADER, STATUS_HEADER };

/** The page that replaces the app while status is 1 or 2. */
export const STATUS_PAGE = '/system-status';

export function isApiPath(path: string): boolean {
  return path.startsWith('/wps/') || path.startsWith('/lgw/') || path.startsWith('/lotto/lgw/');
}

/** Pages (not assets) are what the status gate replaces. */
export function isPagePath(path: string): boolean {
  if (path.startsWith('/_astro/') || path.startsWith('/img/') || path.startsWith('/_ops')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}

export interface SiteOptions {
  /** Astro's handler (standalone handler in production, Vite's next() in dev). */
  astro: NodeHandler;
  /** Handles POST /_ops from the ops command (production server only). */
  ops?: NodeHandler;
  /** Use the shared page cache (off in dev so edits show at once). */
  cache?: boolean;
  /** The built client folder, served with its precompressed copies (production; Vite serves them in dev). */
  staticDir?: string;
}

/** Methods a fetch Request can carry; the others (TRACE, TRACK, CONNECT...) are refused before one is made. */
const FETCH_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The first segment of each declared /wps call: the route groups of the request metrics (bounded: any other path is 'other'). */
const API_GROUPS = new Set(allRoutes.map((r) => r.call.path.split('/')[2]).filter(Boolean));

/** A request's group in the metrics. */
export function routeGroup(path: string, asset: boolean): string {
  if (asset) return 'static';
  if (path.startsWith('/wps/')) {
    const first = path.split('/')[2] ?? '';
    return API_GROUPS.has(first) ? `wps:${first}` : 'wps:other';
  }
  if (path.startsWith('/lgw/')) return 'lgw';
  if (path.startsWith('/lotto/lgw/')) return 'lotto';
  if (path === '/_ops') return 'ops';
  return isPagePath(path) ? 'page' : 'other';
}

/** Builds the Node request listener. */
export function createSiteHandler(options: SiteOptions) {
  // A page cached before an operator changed the brand's flags or rules shows the old ones.
  onBrandChange(clearPageCache);
  // A publish of the content studio drops exactly the pages that show what changed (issue 30).
  onContentChange((changes) => dropCachedPages((path) => changes.some((c) => pageShowsChange(path, c))));
  const api = createApi();
  const files = options.staticDir ? staticFiles(options.staticDir) : null;

  /** An API call, always answered in the envelope: also when the request cannot become a fetch Request. */
  async function answerApi(req: IncomingMessage, path: string, ip: string): Promise<Response> {
    const language = [req.headers.language].flat()[0];
    const bare = !path.startsWith('/wps/');
    if (!FETCH_METHODS.has(req.method ?? '')) {
      return refusal({ status: 405, errorCode: 'request.method.invalid', params: { method: String(req.method) }, language, bare });
    }
    let request: Request;
    try {
      request = toRequest(req);
    } catch {
      // A Host header or address that does not parse.
      return refusal({ status: 400, errorCode: 'request.invalid', language, bare });
    }
    return api(request, { ip });
  }
  return async function site(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    // A stopping process tells each client to take its next request elsewhere (probes included:
    // a poller on a kept-alive connection would otherwise hold the drain open).
    if (isDraining()) res.setHeader('connection', 'close');
    // The orchestrator's probes and the metrics come first: no page cache, session or brand file.
    try {
      if ((await answerProbe(path, req.method, res)) || (await answerMetrics(path, req, res))) return;
    } catch (err) {
      log.error('site.fault', { path, error: err instanceof Error ? err.stack : String(err) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The system is busy, please try again later.');
      else res.end();
      return;
    }
    const started = performance.now();
    let asset = false;
    res.once('finish', () => {
      // An event stream's time is how long it was followed, not how fast it was answered.
      if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      const method = FETCH_METHODS.has(req.method ?? '') ? req.method! : 'other';
      httpDuration.observe({ group: routeGroup(path, asset), method, status: String(res.statusCode) }, (performance.now() - started) / 1000);
    });
    // A stopping process tells each client to take its next request elsewhere: answers begun
    // before the drain say so too, when they are written after it.
    const forget = onDrain(() => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    res.once('close', forget);
    const ip = clientIp(req);
    delete req.headers[CLIENT_IP_HEADER];
    delete req.headers[STATUS_HEADER];
    // Pages name the site's public address (SITE_URL first: mirrors canonicalise to the main
    // domain); API answers hand the caller its own official address first (a game opened from a
    // mirror stays on the mirror, where the player's session is). Both only official hosts.
    const origin = publicOrigin(req);
    req.headers[ORIGIN_HEADER] = isApiPath(path) ? (requestOrigin(req) ?? origin) : origin;
    // Set before any handler writes: writeHead merges them into every answer, cached or not.
    for (const [k, v] of Object.entries(securityHeaders({ https: isHttps(req), frameAncestors: brand().frameAncestors ?? [] }))) res.setHeader(k, v);
    try {
      if (files && (req.method === 'GET' || req.method === 'HEAD')) {
        // A file of the build: served with its precompressed copy, or on to the pages (sirv
        // decides at once: it calls `next` or starts sending before returning).
        let passed = false;
        files(req, res, () => (passed = true));
        if (!passed) {
          asset = true;
          return;
        }
      }
      // Whatever is written from here is compressed when it is worth it (not twice: cached pages
      // carry their own encoding, compress.ts).
      if (path !== '/_ops') await compressAnswer(req, res);
      if (isApiPath(path)) {
        await writeResponse(res, await answerApi(req, path, ip));
        return;
      }
      if (path === '/_ops' && options.ops) {
        await options.ops(req, res);
        return;
      }
      if (path.endsWith('/index.html')) {
        // Spec 2.1: /index.html is the home page too (/index and /home are redirects of astro.config.mjs).
        const target = path.slice(0, -'/index.html'.length) || '/';
        res.writeHead(301, { location: target }).end();
        return;
      }
      if (isPagePath(path)) {
        // Pages show the brand's flags and the published content: read an operator's change first
        // (each at most once a second); a publish drops the pages it shows on before this serves one.
        await Promise.all([refreshBrand(), refreshContent()]);
        // A language the brand does not offer sends the visitor to the same page in its default one.
        const { locale, path: bare } = splitLocale(path);
        const b = brand();
        if (!b.languages.includes(locale) && isLocale(b.defaultLanguage)) {
          const query = (req.url ?? '').slice(path.length);
          // One leading slash, whatever came: '/es//evil.example' must not become '//evil.example'.
          const local = `/${bare.replace(/^[/\\]+/, '')}`;
          res.writeHead(302, { location: localizePath(local, b.defaultLanguage) + query, 'cache-control': 'no-store' }).end();
          return;
        }
        req.headers[CLIENT_IP_HEADER] = ip;
        const status = statusFor(await systemState(), ip);
        if (status !== 0 && bare !== CHAT_PAGE) {
          // (The live chat's page stays: the status screens send people to it.)
          req.headers[STATUS_HEADER] = String(status);
          req.url = localizePath(STATUS_PAGE, splitLocale(path).locale);
        } else if (options.cache && !/[?&]preview=/.test(req.url ?? '')) {
          // (A staff member's preview of drafts is never stored nor served from the cache.)
          // With SITE_URL set every page names that address; otherwise each official host has its
          // own copies (publicOrigin takes no other host, so the scopes are bounded).
          const scope = env().SITE_URL ? '' : origin;
          if (serveCached(req, res, scope)) return;
          captureForCache(req, res, scope);
        }
      }
      await options.astro(req, res, next);
    } catch (err) {
      log.error('site.fault', { path, error: err instanceof Error ? err.stack : String(err) });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The system is busy, please try again later.');
      } else res.end();
    }
  };
}

/**
 * Requests Node cannot parse (headers or an address too long, a malformed request line) are
 * answered in the API's envelope too, not with Node's bare status line (server 'clientError').
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const answer = tooLarge ? refusal({ status: 431, errorCode: 'request.too.large', params: { max: String(maxHeaderSize) } }) : refusal({ status: 400, errorCode: 'request.invalid' });
  void answer.text().then((body) => {
    const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(`HTTP/1.1 ${answer.status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
}

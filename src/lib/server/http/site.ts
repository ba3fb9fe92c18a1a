/**
 * The request pipeline in front of Astro, shared by the production server and `astro dev`:
 * /wps and /lgw go to the API dispatcher; pages pass the system status gate (maintenance and
 * region block replace the app, spec 2.3) and the shared page cache; the rest goes to Astro.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localizePath, splitLocale } from '../../shared/locales.ts';
import { log } from '../log.ts';
import { statusFor, systemState } from '../system/status.ts';
import { createApi } from './api.ts';
import { clientIp, toRequest, writeResponse } from './node-bridge.ts';
import { captureForCache, serveCached } from './page-cache.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => unknown;

/** Headers the pipeline sets for Astro pages; any value sent by a client is dropped first. */
export const CLIENT_IP_HEADER = 'x-casino-client-ip';
export const STATUS_HEADER = 'x-casino-status';

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
}

/** Builds the Node request listener. */
export function createSiteHandler(options: SiteOptions) {
  const api = createApi();
  return async function site(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const ip = clientIp(req);
    delete req.headers[CLIENT_IP_HEADER];
    delete req.headers[STATUS_HEADER];
    try {
      if (isApiPath(path)) {
        await writeResponse(res, await api(toRequest(req), { ip }));
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
        req.headers[CLIENT_IP_HEADER] = ip;
        const status = statusFor(await systemState(), ip);
        if (status !== 0) {
          req.headers[STATUS_HEADER] = String(status);
          req.url = localizePath(STATUS_PAGE, splitLocale(path).locale);
        } else if (options.cache) {
          if (serveCached(req, res)) return;
          captureForCache(req, res);
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

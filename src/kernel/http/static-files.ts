/**
 * The built site's static files (dist/client), served by sirv from an index made once at start:
 * the .br or .gz copy that the build made (scripts/astro-precompress.mjs) when the browser
 * accepts it, with `Vary: Accept-Encoding`, a weak ETag and Last-Modified. Fingerprinted files
 * (`/_astro/*`: their name changes with their content) are cached by browsers for a year and
 * never revalidated; the rest (images, the favicon) for an hour, then revalidated by ETag.
 *
 * sirv rather than hand-written code: it indexes the folder once, negotiates the precompressed
 * copies, answers ranges and 304s, and streams files; the adapter's own static handler
 * compresses nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT = 'public, max-age=3600';

/** A handler that serves a file of `dir`, or calls `next` when none has the request's path. */
export function staticFiles(dir: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return sirv(dir, {
    etag: true,
    gzip: true,
    brotli: true,
    // Only exact paths: '/rng' is a page, never 'rng.html'.
    extensions: [],
    setHeaders(res, pathname) {
      res.setHeader('cache-control', pathname.startsWith('/_astro/') ? IMMUTABLE : SHORT);
    },
  });
}

/**
 * Compression of what the server sends. Three paths, so that nothing is compressed twice and
 * nothing is compressed at request time that could have been compressed once:
 * - static files: compressed at build time (scripts/astro-precompress.mjs), served as they are
 *   (static-files.ts);
 * - pages of the page cache: compressed once when stored, at a high brotli quality, off the
 *   event loop (page-cache.ts); a hit costs a lookup;
 * - everything else (pages rendered per request, API answers): compressed on the fly by the
 *   `compression` middleware, brotli at quality 6 or gzip at level 6, above 1 KB, for content
 *   types worth it; an answer that already carries a Content-Encoding passes untouched.
 * Every answer that could have been compressed says `Vary: Accept-Encoding`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import Negotiator from 'negotiator';

/** Answers smaller than this are sent as they are: the saving is smaller than the cost. */
export const COMPRESS_THRESHOLD = 1024;

/** The encodings stored with cached pages. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding the server will send for this request's Accept-Encoding, as the compression
 * middleware chooses it (brotli first); null: none. 'deflate' is only ever made on the fly.
 */
export function negotiateEncoding(req: IncomingMessage): Encoding | 'deflate' | null {
  if (!req.headers['accept-encoding']) return null;
  // negotiator 0.6.4 (compression's) takes the server's preference order too; its types predate it.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  const chosen = negotiator.encoding(['br', 'gzip', 'deflate', 'identity'], ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' || chosen === 'deflate' ? chosen : null;
}

const middleware = compression({
  threshold: COMPRESS_THRESHOLD,
  // Not answers without a body (304 Not Modified, 204): they describe a representation, they carry none.
  // Nor server-sent events: each must leave as it is written, and a compressor holds bytes back.
  filter: (req, res) => res.statusCode !== 304 && res.statusCode !== 204 && !String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  level: 6,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } },
});

/** Makes `res` compress what is written to it when the request and the answer allow it. */
export function compressAnswer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => middleware(req as never, res as never, () => resolve()));
}

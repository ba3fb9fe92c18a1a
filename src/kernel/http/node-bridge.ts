/** Conversions between Node's http objects and fetch Request/Response, for the API dispatcher. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { env } from '../env.ts';

/** Headers the pipeline (src/app/site.ts) sets for Astro pages; any value sent by a client is dropped first. */
export const CLIENT_IP_HEADER = 'x-casino-client-ip';
export const STATUS_HEADER = 'x-casino-status';
/** The site's public address for this request (origins.ts publicOrigin), set by the server for pages. */
export const ORIGIN_HEADER = 'x-casino-origin';

/** The caller's address: the socket's, or the last X-Forwarded-For hop (the trusted proxy's) when TRUST_PROXY=1. */
export function clientIp(req: IncomingMessage): string {
  if (env().TRUST_PROXY === '1') {
    // The right-most hop: the one our proxy appended. Hops to its left came with the request
    // and are the caller's to invent, so counting by them would let anyone pick its own address.
    const fwd = [req.headers['x-forwarded-for']].flat().join(',');
    const last = fwd
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return req.socket.remoteAddress ?? '0.0.0.0';
}

/** Wraps an incoming message as a fetch Request (body streamed, not buffered). */
export function toRequest(req: IncomingMessage): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
}

/** Writes a fetch Response to a Node response. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  // Several Set-Cookie headers must stay several lines (forEach would keep only one).
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (response.body && response.headers.get('x-accel-buffering') === 'no') {
    // A streamed answer (a file export): sent as it is made, at the pace the client reads it
    // (the body's pull waits while the socket is full). A client that goes away ends the pipeline,
    // which cancels the body, so its producer stops and lets go of what it holds.
    res.writeHead(response.status, headers);
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res).catch(() => {});
    return;
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

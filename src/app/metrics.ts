/**
 * GET /metrics (issue 33): the metrics of src/kernel/metrics.ts for Prometheus, to callers that
 * show METRICS_TOKEN as a bearer token, or that come from an address of METRICS_ALLOW (default:
 * this machine only). Both the connection's address and, behind a trusted proxy (TRUST_PROXY=1),
 * the forwarded client's must be allowed, so a proxy on this machine does not open the metrics to
 * the world. With TRUST_PROXY=0 a proxied request looks like the proxy's own: the proxy must
 * refuse /metrics itself (the nginx configuration in deploy/ does). Anyone else gets a 404, as for a page
 * that does not exist. Under WORKERS=N the worker that takes the scrape asks the primary for the
 * sum of every worker's figures (src/app/cluster.ts).
 */
import cluster from 'node:cluster';
import { BlockList, isIP } from 'node:net';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { env } from '../kernel/env.ts';
import { METRICS_CONTENT_TYPE, metricsText } from '../kernel/metrics.ts';
import { clientIp } from '../kernel/http/node-bridge.ts';

// A worker answers the primary's requests for its figures (prom-client's listener, installed by the constructor).
if (cluster.isWorker) new AggregatorRegistry();

export const METRICS_PATH = '/metrics';
/** The messages between a worker and the primary for one scrape. */
export const METRICS_ASK = 'casino:metrics:ask';
export const METRICS_ANSWER = 'casino:metrics:answer';

/** The allowed addresses: single addresses or CIDR ranges, v4 or v6. */
export function allowList(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, bits] = raw.split('/');
    const family = isIP(address!) === 6 ? 'ipv6' : isIP(address!) === 4 ? 'ipv4' : null;
    if (!family) throw new Error(`METRICS_ALLOW: '${raw}' is not an address or a CIDR range`);
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  return list;
}

/** Whether `address` (as Node reports it: IPv4 may come mapped into IPv6) is on the list. */
export function allowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return list.check(v4, 'ipv4');
  const family = isIP(address);
  return family === 4 ? list.check(address, 'ipv4') : family === 6 ? list.check(address, 'ipv6') : false;
}

let cachedList: { spec: string; list: BlockList } | null = null;
function currentList(): BlockList {
  const spec = env().METRICS_ALLOW;
  if (cachedList?.spec !== spec) cachedList = { spec, list: allowList(spec) };
  return cachedList.list;
}

function hasToken(req: IncomingMessage): boolean {
  const token = env().METRICS_TOKEN;
  if (!token) return false;
  const given = Buffer.from(String(req.headers.authorization ?? ''));
  const want = Buffer.from(`Bearer ${token}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** Whether this request may read the metrics. */
export function mayReadMetrics(req: IncomingMessage): boolean {
  if (hasToken(req)) return true;
  const list = currentList();
  return allowed(list, req.socket.remoteAddress) && allowed(list, clientIp(req));
}

/** Every worker's figures added up, asked of the primary. */
function clusterText(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer within 6 s'));
    }, 6_000);
    function onMessage(m: unknown) {
      const msg = m as { type?: string; id?: string; text?: string; error?: string };
      if (msg?.type !== METRICS_ANSWER || msg.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (msg.error) reject(new Error(msg.error));
      else resolve(msg.text ?? '');
    }
    process.on('message', onMessage);
    process.send!({ type: METRICS_ASK, id });
  });
}

/** Answers GET /metrics; false for any other path. */
export async function answerMetrics(path: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (path !== METRICS_PATH) return false;
  if (!mayReadMetrics(req) || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found');
    return true;
  }
  try {
    const text = cluster.isWorker && process.send ? await clusterText() : await metricsText();
    res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
  } catch (err) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`metrics unavailable: ${err instanceof Error ? err.message : String(err)}`);
  }
  return true;
}

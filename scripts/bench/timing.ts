/** Load and latency measurements over HTTP on 127.0.0.1 only. */
import autocannon from 'autocannon';

/** The p-th percentile (0..100) of `values` by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** `connections` keep-alive connections hammering `url` for `seconds` (with `headers`), after a short warm-up. */
export async function load(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  assertLoopback(url);
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  return {
    requestsPerSecond: r.requests.average,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Times each GET of `urls` one after another (keep-alive); checks each answer with `check`. */
export async function timeRequests(urls: string[], headers: Record<string, string>, check: (status: number, body: string, url: string) => void): Promise<number[]> {
  const times: number[] = [];
  for (const url of urls) {
    assertLoopback(url);
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    times.push(performance.now() - t0);
    check(res.status, body, url);
  }
  return times;
}

/** The benchmark only ever talks to this machine. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') throw new Error(`not a loopback address: ${url}`);
}

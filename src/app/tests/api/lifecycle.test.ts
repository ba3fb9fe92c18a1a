/**
 * A server process's life in production (issue 33), on real child processes over PostgreSQL:
 * the probes, the metrics and who may read them, the graceful stop on SIGTERM (a request in
 * flight finishes, a stream ends with a retry hint, no new connection is taken, exit 0), its time
 * out, a second signal, and WORKERS=2 (the metrics of both workers added up, a killed worker
 * started again, a graceful stop of all). PGlite is one process: WORKERS=2 on it is refused with
 * a clear message, which is the only test here that runs on the PGlite project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { walletUser } from '../../../../tests/support/wallet.ts';
import { serverPublicKey } from '../../../../tests/support/accounts.ts';
import { ENCRYPTION_HEADER, sealBody } from '../../../kernel/envelope/crypto.ts';
import { startServerProcess, stopServerProcesses } from '../../../../tests/support/server-process.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const root = path.resolve(import.meta.dirname, '../../../..');
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web' };
let t: TestDb;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (onPostgres) t = await openTestDb();
}, 60_000);
afterAll(async () => {
  await stopServerProcesses(children);
  if (onPostgres) await t.dispose();
});

/** The child started last (startServerProcess pushes it). */
const lastChild = () => children.at(-1)!;

/** A raw request whose body is sent in two parts: in flight until `finish` is called. */
async function slowPost(base: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password-1' });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /wps/session/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nMerchant: DEMO\r\nLanguage: EN\r\nDevice: web\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    ended,
    answer: () => answer,
  };
}

/** Whether a new connection to `base` is taken. */
async function connects(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const s = net.connect(Number(port), hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve([child.exitCode, child.signalCode]) : (once(child, 'exit') as Promise<[number | null, string | null]>);

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  const started = performance.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The processes whose parent is `pid` (the primary's workers). */
function childPids(pid: number): Promise<number[]> {
  return new Promise((resolve) => {
    const ps = spawn('ps', ['-o', 'pid=', '--ppid', String(pid)]);
    let out = '';
    ps.stdout.on('data', (d) => (out += d));
    ps.on('close', () =>
      resolve(
        out
          .split('\n')
          .map((l) => Number(l.trim()))
          .filter(Boolean),
      ),
    );
  });
}

/** A metric's value from the exposition text (the sum of the lines that match name and labels). */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

describe.skipIf(!onPostgres)('one server process', () => {
  it('answers /healthz and /readyz without a session, and /metrics to this machine or a token only', { timeout: 130_000 }, async () => {
    const base = await startServerProcess(t.url!, children, { TRUST_PROXY: '1', METRICS_TOKEN: 'a-metrics-token-of-some-length' });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('set-cookie')).toBeNull();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // Some traffic to count: three status calls and a refused login.
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/wps/system/status`, { headers: HEADERS })).status).toBe(200);
    const sealed = await sealBody(await serverPublicKey(), 'POST', '/wps/session/login', { username: 'nobody-here', password: 'wrong-password-1' }, Date.now());
    const refused = await fetch(`${base}/wps/session/login`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json', [ENCRYPTION_HEADER]: sealed.encryption },
      body: JSON.stringify({ value: sealed.value }),
    });
    const refusedCode = ((await refused.json()) as { errorCode: string }).errorCode;

    const local = await fetch(`${base}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await local.text();
    expect(metric(text, 'casino_http_request_duration_seconds_count', { group: 'wps:system', method: 'GET', status: '200' })).toBe(3);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^casino_db_pool_connections\{pool="main",state="total"\} \d+/m);
    expect(text).toMatch(/^casino_outbox_lag_events\{consumer="[a-z]/m);
    // The jobs' first ticks (the outbox's consumers run at start).
    await until(async () => (metric(await (await fetch(`${base}/metrics`)).text(), 'casino_job_runs_total') > 0 ? true : undefined), 10_000);
    expect(metric(text, 'casino_logins_total', { outcome: refusedCode })).toBe(1);

    // A visitor through the trusted proxy is not this machine: a 404, as for any unknown path;
    // the token opens them from anywhere.
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${base}/metrics`, { headers: remote })).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { ...remote, authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { ...remote, authorization: 'Bearer a-metrics-token-of-some-length' } })).status).toBe(200);
  });

  it('drains on SIGTERM: a request in flight finishes, a stream ends with a retry hint, no new connection, exit 0', { timeout: 130_000 }, async () => {
    const base = await startServerProcess(t.url!, children, { STOP_TIMEOUT_SECONDS: '20' });
    const child = lastChild();
    const u = await walletUser();
    // A conversation to follow.
    const sent = await fetch(`${base}/wps/chat/send`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json', authorization: u.token },
      body: JSON.stringify({ body: 'Hello?', clientKey: 'drain-test-1' }),
    });
    expect(sent.status).toBe(200);
    const stream = await fetch(`${base}/wps/chat/stream`, { headers: { ...HEADERS, authorization: u.token } });
    expect(stream.headers.get('content-type'), stream.headers.get('content-type')?.startsWith('application/json') ? await stream.clone().text() : '').toMatch(/^text\/event-stream/);
    const streamText = stream.text();
    const post = await slowPost(base);
    await new Promise((r) => setTimeout(r, 200));

    child.kill('SIGTERM');
    // The stream is told to come back elsewhere, and ends.
    expect(await streamText).toMatch(/retry: 500\n\n$/);
    // The listener is closed at once; the request in flight is still waited for.
    await until(async () => ((await connects(base)) ? undefined : true), 5_000);
    expect(child.exitCode).toBeNull();

    post.finish();
    await post.ended;
    expect(post.answer()).toMatch(/^HTTP\/1\.1 400 /);
    expect(post.answer()).toMatch(/\r\nconnection: close\r\n/i);
    expect(post.answer()).toContain('"errorCode"');
    expect(await exitOf(child)).toEqual([0, null]);
  });

  it('cuts what is still in flight at STOP_TIMEOUT_SECONDS, and a second signal a second later stops at once', { timeout: 130_000 }, async () => {
    const [baseA, baseB] = await Promise.all([startServerProcess(t.url!, children, { STOP_TIMEOUT_SECONDS: '1' }), startServerProcess(t.url!, children, { STOP_TIMEOUT_SECONDS: '60' })]);
    const [a, b] = children.slice(-2) as [ChildProcess, ChildProcess];

    const stuck = await slowPost(baseA);
    const startedA = performance.now();
    a.kill('SIGTERM');
    await stuck.ended;
    expect(await exitOf(a)).toEqual([0, null]);
    const tookA = performance.now() - startedA;
    expect(tookA).toBeGreaterThan(900);
    expect(tookA).toBeLessThan(10_000);
    expect(stuck.answer()).toBe('');

    const held = await slowPost(baseB);
    b.kill('SIGTERM');
    // The same request to stop arriving twice (a terminal's Ctrl-C and npm passing it on) is one.
    await new Promise((r) => setTimeout(r, 100));
    b.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(b.exitCode).toBeNull();
    b.kill('SIGTERM');
    expect(await exitOf(b)).toEqual([1, null]);
    await held.ended;
  });
});

describe.skipIf(!onPostgres)('WORKERS=2', () => {
  it('adds up both workers’ metrics, starts a killed worker again, and stops them all on SIGTERM', { timeout: 130_000 }, async () => {
    const base = await startServerProcess(t.url!, children, { WORKERS: '2', STOP_TIMEOUT_SECONDS: '10' }, 'tests/support/cluster-child.ts');
    const primary = lastChild();
    // Each on a new connection, so the primary hands them to both workers in turn.
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${base}/wps/system/status`, { headers: { ...HEADERS, connection: 'close' } });
      expect(r.status).toBe(200);
    }
    const scrape = async () => (await fetch(`${base}/metrics`, { headers: { connection: 'close' } })).text();
    const text = await scrape();
    // 20 in all, whichever worker answered the scrape; each worker alone would say about 10.
    expect(metric(text, 'casino_http_request_duration_seconds_count', { group: 'wps:system', method: 'GET', status: '200' })).toBe(20);

    // SIGKILL one worker: the primary starts another, and the port keeps answering.
    const workerPids = await until(async () => {
      const list = await childPids(primary.pid!);
      return list.length === 2 ? list : undefined;
    }, 10_000);
    process.kill(workerPids[0]!, 'SIGKILL');
    await until(async () => {
      const r = await fetch(`${base}/wps/system/status`, { headers: { ...HEADERS, connection: 'close' }, signal: AbortSignal.timeout(2_000) }).catch(() => null);
      return r?.status === 200 ? true : undefined;
    }, 10_000);
    const replaced = await until(async () => {
      const list = await childPids(primary.pid!);
      return list.length === 2 && !list.includes(workerPids[0]!) ? list : undefined;
    }, 20_000);
    expect(replaced).toContain(workerPids[1]);

    primary.kill('SIGTERM');
    expect(await exitOf(primary)).toEqual([0, null]);
    expect(await connects(base)).toBe(false);
  });
});

describe.skipIf(onPostgres)('WORKERS on PGlite', () => {
  it('refuses more than one process on the embedded database, saying why', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...(process.env as Record<string, string>), WORKERS: '2', DATABASE_URL: '', DATA_DIR: path.join(root, '.never-made') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    expect(await exitOf(child)).toEqual([1, null]);
    expect(err).toContain('WORKERS=2 needs PostgreSQL');
    expect(err).toContain('DATABASE_URL');
  });
});

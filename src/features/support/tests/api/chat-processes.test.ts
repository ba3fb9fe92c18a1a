/**
 * The live chat across processes (issue 31), on PostgreSQL: two processes of the production server
 * share one database; the member follows their conversation on one, support answers on the other,
 * and each answer reaches the member's stream within a second (LISTEN/NOTIFY). The member's stream
 * is then cut, support answers twice, and a stream reopened with its Last-Event-ID gets exactly
 * those two. PGlite is one process: not applicable.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { startServerProcess, stopServerProcesses } from '../../../../../tests/support/server-process.ts';
import { readEvents } from '../../../../../tests/support/sse.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web' };
let t: TestDb;
const children: ChildProcess[] = [];

const startProcess = () => startServerProcess(t.url!, children);

let a = '';
let b = '';
beforeAll(async () => {
  if (!onPostgres) return;
  t = await openTestDb();
  [a, b] = await Promise.all([startProcess(), startProcess()]);
}, 130_000);
afterAll(async () => {
  await stopServerProcesses(children);
  if (onPostgres) await t.dispose();
});

/** A member's stream over HTTP: messages as they arrive, with when they arrived. */
function follow(base: string, token: string, lastEventId?: string) {
  const ctrl = new AbortController();
  const got: { id: number; body: string; at: number }[] = [];
  const ready = (async () => {
    const res = await fetch(`${base}/wps/chat/stream`, { headers: { ...HEADERS, authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) }, signal: ctrl.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    readEvents(res.body!, (e) => {
      if (e.event === 'message') got.push({ id: Number(e.data.id), body: String(e.data.body), at: performance.now() });
    });
  })();
  return { got, ready, close: () => ctrl.abort() };
}

async function until<T>(fn: () => T | undefined, ms: number): Promise<T> {
  const started = performance.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!onPostgres)('a chat across two processes', () => {
  it('carries support’s answers from one process to the member on the other within a second, and a reconnect misses nothing', { timeout: 60_000 }, async () => {
    const u = await walletUser();
    const support = await staffUser(['support']);
    const post = (base: string, p: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${base}${p}`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<{ value: { id: number; conversation: { id: number } } }>,
      );
    const first = await post(a, '/wps/chat/send', { body: 'Where is my withdrawal?', clientKey: 'two-proc-1' }, { authorization: u.token });
    const conv = first.value.conversation.id;

    const stream = follow(a, u.token);
    await stream.ready;
    await until(() => (stream.got.length >= 2 ? true : undefined), 5_000);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sentAt = performance.now();
      const m = await post(b, '/wps/console/chat/send', { id: conv, body: `Answer ${i}` }, { cookie: support.cookie });
      const arrived = await until(() => stream.got.find((g) => g.id === m.value.id), 5_000);
      latencies.push(arrived.at - sentAt);
    }
    expect(Math.max(...latencies), `latencies ${latencies.map((l) => l.toFixed(0)).join(', ')} ms`).toBeLessThan(1_000);
    const lastSeen = stream.got.at(-1)!.id;
    stream.close();

    // Missed while away: exactly these two, in order, on reconnecting (to the other process this time).
    const missed = [
      await post(b, '/wps/console/chat/send', { id: conv, body: 'Missed 1' }, { cookie: support.cookie }),
      await post(b, '/wps/console/chat/send', { id: conv, body: 'Missed 2' }, { cookie: support.cookie }),
    ];
    const again = follow(b, u.token, String(lastSeen));
    await again.ready;
    await until(() => (again.got.length >= 2 ? true : undefined), 5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.got.map((g) => g.id)).toEqual(missed.map((m) => m.value.id));
    again.close();
  });
});

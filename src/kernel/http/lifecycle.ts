/**
 * A server process's life as an orchestrator sees it (issue 33): `/healthz` answers while the
 * process lives, `/readyz` while it should be sent traffic (its database opened and migrated and
 * reachable now, and it is not draining). A graceful stop drains: readiness goes false at once,
 * long-lived answers (server-sent-event streams) are ended with a retry hint so their clients
 * reconnect to another process, and every answer from then on says `Connection: close`.
 * Neither probe touches the page cache, a session or the brand's files.
 */
import type { ServerResponse } from 'node:http';
import { log } from '../log.ts';

let draining = false;
let ready: (() => Promise<void>) | null = null;
const drainHooks = new Set<() => void>();

/** Whether this process has begun its graceful stop. */
export function isDraining(): boolean {
  return draining;
}

/** Begins the drain: the readiness probe fails from now on, and every stream is told to go elsewhere. */
export function startDrain(): void {
  if (draining) return;
  draining = true;
  for (const hook of [...drainHooks]) {
    try {
      hook();
    } catch {
      // a stream that is already gone
    }
  }
  drainHooks.clear();
}

/** Runs `hook` when the drain begins (at once if it has); answers the function that forgets it. */
export function onDrain(hook: () => void): () => void {
  if (draining) {
    hook();
    return () => {};
  }
  drainHooks.add(hook);
  return () => void drainHooks.delete(hook);
}

/** Sets what readiness checks besides the drain (the server: its database answers a query in time). */
export function setReadinessCheck(check: () => Promise<void>): void {
  ready = check;
}

/** Forgets the drain and the readiness check (tests that start and stop servers in one process). */
export function resetLifecycle(): void {
  draining = false;
  ready = null;
  drainHooks.clear();
}

/** How long the readiness probe waits on the database before it says not ready. */
const READY_TIMEOUT_MS = 2_000;

/** Answers `/healthz` and `/readyz`; false for any other path. */
export async function answerProbe(path: string, method: string | undefined, res: ServerResponse): Promise<boolean> {
  if (path !== '/healthz' && path !== '/readyz') return false;
  const send = (status: number, body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
    res.end(method === 'HEAD' ? undefined : text);
  };
  if (path === '/healthz') {
    send(200, { status: 'ok' });
    return true;
  }
  if (draining) {
    send(503, { status: 'draining' });
    return true;
  }
  if (!ready) {
    send(503, { status: 'starting' });
    return true;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      ready(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      }),
    ]);
    send(200, { status: 'ready' });
  } catch (err) {
    // The reason goes to the log, not to whoever asks (the probe may be reachable from outside).
    log.warn('readyz.unavailable', { error: err instanceof Error ? err.message : String(err) });
    send(503, { status: 'unavailable', reason: 'database' });
  } finally {
    clearTimeout(timer);
  }
  return true;
}

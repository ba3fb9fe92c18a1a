/**
 * `npm start` with WORKERS=N (issue 33): N processes of the same server on one machine, sharing
 * its port through node:cluster (the primary hands each new connection to a worker in turn). The
 * primary serves nothing: it migrates and seeds once before the workers start, starts again a
 * worker that dies (waiting longer each time one dies young), adds up the workers' metrics for
 * /metrics, and stops them gracefully on SIGTERM (a second signal, or their time out, kills them).
 * Everything the workers share lives in the database (sessions, limits, caches' invalidations,
 * jobs' locks), so they are as stateless as processes on different machines.
 *
 * Why node:cluster rather than a process manager (pm2): it is Node's own, one dependency less, and
 * the same `npm start` works under systemd or in a container; a process manager or an
 * orchestrator can still run WORKERS=1 processes instead (deploy/ and docs/operations.md).
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from 'prom-client';
import { env } from '../kernel/env.ts';
import { METRICS_ANSWER, METRICS_ASK } from './metrics.ts';

/** The number of worker processes WORKERS asks for (`auto`: one per core). */
export function workerCount(): number {
  const w = env().WORKERS;
  return w === 'auto' ? availableParallelism() : w;
}

/** The refusal of more than one process on the embedded database, said plainly. */
export function checkWorkers(n: number): void {
  if (n > 1 && !env().DATABASE_URL) {
    throw new Error(
      `WORKERS=${process.env.WORKERS} needs PostgreSQL: the embedded PGlite database lives in one process. Set DATABASE_URL to a PostgreSQL database, or leave WORKERS unset (one process).`,
    );
  }
}

/** A worker that dies within this long of its start died young: the next start waits longer. */
const YOUNG_MS = 10_000;

/** Runs the primary: forks `n` workers and keeps them running until SIGTERM or SIGINT. */
export function runPrimary(n: number): void {
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let restartDelayMs = 500;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const w = cluster.fork();
    startedAt.set(w.id, Date.now());
    return w;
  };
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (err: unknown) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    restartDelayMs = lived < YOUNG_MS ? Math.min(restartDelayMs * 2, 30_000) : 500;
    console.error(`worker ${worker.id} (pid ${worker.process.pid}) ended (${signal ?? `code ${code}`}); starting another in ${restartDelayMs} ms`);
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to start them again.
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (stopping) {
      // The second signal: at once.
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping ${workers.length} workers gracefully (a second signal stops them at once)`);
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w.process.kill('SIGTERM');
    // The workers keep their own time out; past it and a margin, they are killed.
    setTimeout(
      () => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        process.exit(1);
      },
      env().STOP_TIMEOUT_SECONDS * 1000 + 5_000,
    ).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  console.log(`Starting ${n} server processes (WORKERS=${process.env.WORKERS}) on one port...`);
  for (let i = 0; i < n; i++) fork();
}

/**
 * The process's metrics in Prometheus's exposition format (issue 33), with prom-client: served at
 * /metrics (src/app/metrics.ts says who may read them). Under WORKERS=N the primary process adds
 * up the workers' figures (prom-client's AggregatorRegistry): counters and histograms are summed;
 * figures of the shared database (outbox lag, a job's last success) take the largest.
 *
 * Names are `casino_*` plus prom-client's default process and Node.js metrics (CPU, memory,
 * event-loop delay as `nodejs_eventloop_lag_*`). Labels take bounded values only: route groups
 * from the declared calls, status codes, job and consumer names, error codes.
 */
import client from 'prom-client';

export const registry = client.register;

const KEY = Symbol.for('casino.metrics.defaults');
const g = globalThis as { [KEY]?: boolean };
if (!g[KEY]) {
  g[KEY] = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** One metric per name in the process, whichever copy of this module asks (tests load modules twice). */
function once<T>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpDuration = once(
  'casino_http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'casino_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route group, method and status.',
      labelNames: ['group', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const dbPoolWait = once(
  'casino_db_pool_wait_seconds',
  () =>
    new client.Histogram({
      name: 'casino_db_pool_wait_seconds',
      help: 'Time a query or transaction waited for a connection of a PostgreSQL pool (main, or read with DATABASE_READ_URL).',
      labelNames: ['pool'] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    }),
);

/** The pools whose connections are counted at each scrape (PostgreSQL: the main pool, the read pool). */
const pools = new Map<string, { totalCount: number; idleCount: number; waitingCount: number }>();

/** Counts a pool's connections at each scrape, under `name`. */
export function watchPool(name: string, pool: { totalCount: number; idleCount: number; waitingCount: number }): void {
  pools.set(name, pool);
}

once(
  'casino_db_pool_connections',
  () =>
    new client.Gauge({
      name: 'casino_db_pool_connections',
      help: 'Connections of a PostgreSQL pool: open (total), idle, and requests waiting for one.',
      labelNames: ['pool', 'state'] as const,
      collect() {
        this.reset();
        for (const [name, p] of pools) {
          this.set({ pool: name, state: 'total' }, p.totalCount);
          this.set({ pool: name, state: 'idle' }, p.idleCount);
          this.set({ pool: name, state: 'waiting' }, p.waitingCount);
        }
      },
    }),
);

export const ledgerOperations = once(
  'casino_ledger_operations_total',
  () =>
    new client.Counter({
      name: 'casino_ledger_operations_total',
      help: 'Ledger writes by kind: a bet, a settle or a spin (each its own committed statement), and transfers posted in a transaction (counted when written).',
      labelNames: ['kind'] as const,
    }),
);

export const logins = once(
  'casino_logins_total',
  () =>
    new client.Counter({
      name: 'casino_logins_total',
      help: 'Member logins by outcome: ok, or the error code of the refusal (login.failed, login.locked, captcha.required...).',
      labelNames: ['outcome'] as const,
    }),
);

export const jobRuns = once(
  'casino_job_runs_total',
  () =>
    new client.Counter({
      name: 'casino_job_runs_total',
      help: 'Runs of a scheduled job or an outbox consumer in this process, by outcome (ok or failed).',
      labelNames: ['job', 'outcome'] as const,
    }),
);

export const jobDuration = once(
  'casino_job_duration_seconds',
  () =>
    new client.Histogram({
      name: 'casino_job_duration_seconds',
      help: 'Time a scheduled job or an outbox consumer run took.',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    }),
);

export const jobLastSuccess = once(
  'casino_job_last_success_timestamp_seconds',
  () =>
    new client.Gauge({
      name: 'casino_job_last_success_timestamp_seconds',
      help: 'When a job last ran without failing in any process (Unix time): its lag is time() minus this, less its period.',
      labelNames: ['job'] as const,
      aggregator: 'max',
    }),
);

/** The outbox's lag per consumer, read at each scrape (set by the app: the kernel's events.ts knows the tables). */
let outboxLag: (() => Promise<{ consumer: string; events: number; seconds: number }[]>) | null = null;

/** Sets how the outbox's lag is read. */
export function setOutboxLagReader(read: typeof outboxLag): void {
  outboxLag = read;
}

let lagRead: Promise<{ consumer: string; events: number; seconds: number }[]> | null = null;
/** How long a scrape waits for the lag: a saturated pool must not take the other figures down with it. */
const LAG_TIMEOUT_MS = 1_000;
/** One read of the lag for both gauges of one scrape (none when it does not come within a second). */
function readLag() {
  lagRead ??= Promise.race([
    outboxLag?.() ?? Promise.resolve([]),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('outbox lag: no answer within a second')), LAG_TIMEOUT_MS).unref()),
  ]).finally(() => setTimeout(() => (lagRead = null), 0));
  return lagRead;
}

once(
  'casino_outbox_lag_events',
  () =>
    new client.Gauge({
      name: 'casino_outbox_lag_events',
      help: 'Events in the outbox that a consumer has not handled yet.',
      labelNames: ['consumer'] as const,
      aggregator: 'max',
      async collect() {
        this.reset();
        for (const l of await readLag().catch(() => [])) this.set({ consumer: l.consumer }, l.events);
      },
    }),
);

once(
  'casino_outbox_lag_seconds',
  () =>
    new client.Gauge({
      name: 'casino_outbox_lag_seconds',
      help: 'Age of the oldest event a consumer has not handled yet (0 when it is caught up).',
      labelNames: ['consumer'] as const,
      aggregator: 'max',
      async collect() {
        this.reset();
        for (const l of await readLag().catch(() => [])) this.set({ consumer: l.consumer }, l.seconds);
      },
    }),
);

/** The metrics as text (this process's own). */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

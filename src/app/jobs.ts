/**
 * The features' scheduled jobs, run by every server process (each job is safe when several
 * processes run it at once, see FeatureManifest.jobs). A failure is logged and the job runs
 * again at its next tick.
 */
import type { Db } from '../kernel/db/index.ts';
import { log } from '../kernel/log.ts';
import { CONSUMERS, FEATURES } from './features.ts';
import { consumeAll, pruneOutbox } from '../kernel/events.ts';
import { refreshContent } from '../features/content/index.ts';
import { jobDuration, jobLastSuccess, jobRuns } from '../kernel/metrics.ts';

/**
 * Runs one tick of a job or consumer, counted in the metrics (runs by outcome, duration, the
 * last success); a failure is logged and answered as false.
 */
async function timed(name: string, run: () => Promise<unknown>): Promise<boolean> {
  const started = performance.now();
  try {
    await run();
    jobRuns.inc({ job: name, outcome: 'ok' });
    jobLastSuccess.set({ job: name }, Date.now() / 1000);
    return true;
  } catch (err) {
    jobRuns.inc({ job: name, outcome: 'failed' });
    log.warn(`${name}.failed`, { error: err instanceof Error ? err.message : String(err) });
    return false;
  } finally {
    jobDuration.observe({ job: name }, (performance.now() - started) / 1000);
  }
}

/**
 * Starts every job; the answer stops them: no tick starts after it is called, and it resolves
 * once the ticks running then have finished (a graceful stop waits for it, within its time).
 */
export function startJobs(db: Db): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };
  const timers = FEATURES.flatMap((f) => f.jobs ?? []).map((job) => {
    // Jobs read the published content (promotions' words) as pages do: fresh to the second. One
    // run at a time per job in this process: a slow run (a draw of many bets) is not piled on.
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      track(timed(job.name, () => refreshContent().then(() => job.run(db, Date.now()))).finally(() => (busy = false)));
    };
    if (job.atStart) tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  // The outbox's consumers: every second, one run at a time per consumer in this process.
  const consumers = CONSUMERS.map((c) => {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = timed(`events.${c.name}`, () => refreshContent().then(() => consumeAll(db, c))).finally(() => (busy = false));
      track(run);
    };
    tick();
    const timer = setInterval(tick, CONSUMER_EVERY_MS);
    timer.unref();
    return timer;
  });
  // Events every consumer has handled are deleted after a day, hourly.
  const names = CONSUMERS.map((c) => c.name);
  const prune = setInterval(() => {
    if (!stopped) track(timed('events.prune', () => pruneOutbox(db, names, PRUNE_KEEP_MS)));
  }, 3_600_000);
  prune.unref();
  return async () => {
    stopped = true;
    [...timers, ...consumers, prune].forEach((t) => clearInterval(t));
    await Promise.allSettled([...running]);
  };
}

/** How long handled events stay in the outbox. */
const PRUNE_KEEP_MS = 86_400_000;

/** How often each consumer of the outbox looks for new events (a message shows within about this). */
const CONSUMER_EVERY_MS = 1_000;

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

/** Starts every job; the answer stops them. */
export function startJobs(db: Db): () => void {
  const timers = FEATURES.flatMap((f) => f.jobs ?? []).map((job) => {
    // Jobs read the published content (promotions' words) as pages do: fresh to the second.
    const tick = () =>
      refreshContent()
        .then(() => job.run(db, Date.now()))
        .catch((err) => log.warn(`${job.name}.failed`, { error: err instanceof Error ? err.message : String(err) }));
    if (job.atStart) void tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  // The outbox's consumers: every second, one run at a time per consumer in this process.
  const consumers = CONSUMERS.map((c) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      refreshContent()
        .then(() => consumeAll(db, c))
        .catch((err) => log.warn(`events.${c.name}.failed`, { error: err instanceof Error ? err.message : String(err) }))
        .finally(() => (running = false));
    };
    tick();
    const timer = setInterval(tick, CONSUMER_EVERY_MS);
    timer.unref();
    return timer;
  });
  // Events every consumer has handled are deleted after a day, hourly.
  const names = CONSUMERS.map((c) => c.name);
  const prune = setInterval(() => void pruneOutbox(db, names, PRUNE_KEEP_MS).catch((err) => log.warn('events.prune.failed', { error: err instanceof Error ? err.message : String(err) })), 3_600_000);
  prune.unref();
  return () => [...timers, ...consumers, prune].forEach((t) => clearInterval(t));
}

/** How long handled events stay in the outbox. */
const PRUNE_KEEP_MS = 86_400_000;

/** How often each consumer of the outbox looks for new events (a message shows within about this). */
const CONSUMER_EVERY_MS = 1_000;

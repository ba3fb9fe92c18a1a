/**
 * The features' scheduled jobs, run by every server process (each job is safe when several
 * processes run it at once, see FeatureManifest.jobs). A failure is logged and the job runs
 * again at its next tick.
 */
import type { Db } from '../kernel/db/index.ts';
import { log } from '../kernel/log.ts';
import { FEATURES } from './features.ts';

/** Starts every job; the answer stops them. */
export function startJobs(db: Db): () => void {
  const timers = FEATURES.flatMap((f) => f.jobs ?? []).map((job) => {
    const tick = () => job.run(db, Date.now()).catch((err) => log.warn(`${job.name}.failed`, { error: err instanceof Error ? err.message : String(err) }));
    if (job.atStart) void tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((t) => clearInterval(t));
}

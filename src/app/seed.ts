/**
 * Demo data, seeded once per database on the first start (SEED=demo), from the features' seed
 * steps in feature order. Every seeded row that a visitor can see carries an isDemo mark and is
 * labelled as demo on the site. Steps that share a marker run together, once per database; the
 * marker (a system_setting) is written after the last of them, so a crash midway seeds again.
 */
import type { DbHandle } from '../kernel/db/index.ts';
import { withAdvisoryLock } from '../kernel/db/migrate.ts';
import { readSetting, writeSetting } from '../kernel/db/settings.ts';
import { FEATURES } from './features.ts';

/** The marker of the first demo data (catalogue and content); the start-up report tells whether it was seeded now. */
export const SEED_KEY = 'seed.demo';
const LOCK_KEY = 7_240_002;

export interface SeedReport {
  seeded: boolean;
  at: string;
}

/** Seeds the demo data unless this database already has it; safe with several processes. */
export async function seedDemoIfNeeded(handle: DbHandle, options: { size?: number } = {}): Promise<SeedReport> {
  return withAdvisoryLock(handle, LOCK_KEY, async () => {
    const steps = FEATURES.flatMap((f) => f.seed ?? []);
    const marks = new Map<string, { at: string } | null>();
    for (const marker of new Set(steps.flatMap((s) => (s.marker ? [s.marker] : [])))) {
      marks.set(marker, await readSetting<{ at: string } | null>(handle.db, marker, null));
    }
    const before = marks.get(SEED_KEY);
    for (const [i, step] of steps.entries()) {
      if (step.marker && marks.get(step.marker)) continue;
      await step.run(handle, options);
      const lastOfMarker = step.marker && steps.findLastIndex((s) => s.marker === step.marker) === i;
      if (lastOfMarker) {
        const mark = { at: new Date().toISOString() };
        await writeSetting(handle.db, step.marker!, mark);
        marks.set(step.marker!, mark);
      }
    }
    const now = marks.get(SEED_KEY);
    return { seeded: !before && !!now, at: (now ?? before)?.at ?? new Date().toISOString() };
  });
}

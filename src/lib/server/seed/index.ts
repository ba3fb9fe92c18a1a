/**
 * Demo data, seeded once per database on the first start (SEED=demo). Every seeded row that a
 * visitor can see carries an isDemo mark and is labelled as demo on the site.
 */
import type { DbHandle } from '../db/index.ts';
import { withAdvisoryLock } from '../db/migrate.ts';
import { readSetting, writeSetting } from '../system/settings.ts';
import { seedCatalogue, seedDemoWinners } from '../games/seed.ts';
import { seedContent } from '../content/seed.ts';
import { seedDemoAccounts } from '../accounts/seed.ts';
import { seedDemoWalletIfNeeded } from '../wallet/seed.ts';

export const SEED_KEY = 'seed.demo';
/** Demo accounts came later than the first demo data: their own marker seeds them into older databases too. */
export const ACCOUNTS_SEED_KEY = 'seed.demo.accounts';
const LOCK_KEY = 7_240_002;

export interface SeedReport {
  seeded: boolean;
  at: string;
}

/** Seeds the demo data unless this database already has it; safe with several processes. */
export async function seedDemoIfNeeded(handle: DbHandle, options: { size?: number } = {}): Promise<SeedReport> {
  return withAdvisoryLock(handle, LOCK_KEY, async () => {
    const accounts = await readSetting<{ at: string } | null>(handle.db, ACCOUNTS_SEED_KEY, null);
    if (!accounts) {
      await seedDemoAccounts(handle.db);
      await writeSetting(handle.db, ACCOUNTS_SEED_KEY, { at: new Date().toISOString() });
    }
    const done = await readSetting<{ at: string } | null>(handle.db, SEED_KEY, null);
    if (done) {
      // The demo wallet came after the first demo data: its own marker seeds older databases too.
      await seedDemoWalletIfNeeded(handle.db);
      return { seeded: false, at: done.at };
    }
    await seedCatalogue(handle.db, { size: options.size });
    await seedDemoWinners(handle.db, 60);
    await seedContent(handle.db);
    await seedDemoWalletIfNeeded(handle.db);
    const at = new Date().toISOString();
    await writeSetting(handle.db, SEED_KEY, { at });
    return { seeded: true, at };
  });
}

/** Operator settings kept in the database, so that every app process sees a change at once. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import { systemSetting } from './tables.ts';

/** Reads one setting, or `fallback` when it was never set. */
export async function readSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const rows = await db.select({ value: systemSetting.value }).from(systemSetting).where(eq(systemSetting.key, key));
  return rows.length ? (rows[0]!.value as T) : fallback;
}

/** Writes one setting (insert or replace). */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(systemSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSetting.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Changes one setting from what is stored now, under a row lock: two changes at once (two
 * processes, the console and the command line) apply one after the other, and neither is lost.
 * Answers the value before and after.
 */
export async function updateSetting<T>(db: Db, key: string, fallback: T, change: (current: T) => T): Promise<{ before: T; after: T }> {
  return db.transaction(async (tx) => {
    await tx.insert(systemSetting).values({ key, value: fallback }).onConflictDoNothing();
    const [row] = await tx.select({ value: systemSetting.value }).from(systemSetting).where(eq(systemSetting.key, key)).for('update');
    const before = (row?.value ?? fallback) as T;
    const after = change(before);
    await tx
      .update(systemSetting)
      .set({ value: after, updatedAt: sql`now()` })
      .where(eq(systemSetting.key, key));
    return { before, after };
  });
}

const secrets = new Map<string, WeakMap<Db, Promise<string>>>();

/**
 * A secret shared by every process on one database: `given` (an operator's setting) when set,
 * else 32 random bytes stored once under `key` (the first process to insert wins; the others read
 * what it stored), remembered per database handle.
 */
export function sharedSecret(db: Db, key: string, given: string | undefined): Promise<string> {
  if (given) return Promise.resolve(given);
  let byDb = secrets.get(key);
  if (!byDb) secrets.set(key, (byDb = new WeakMap()));
  let p = byDb.get(db);
  if (!p) {
    p = (async () => {
      await db
        .insert(systemSetting)
        .values({ key, value: { secret: randomBytes(32).toString('base64url') } })
        .onConflictDoNothing();
      const stored = await readSetting<{ secret: string } | null>(db, key, null);
      if (!stored?.secret) throw new Error(`The secret ${key} could not be stored`);
      return stored.secret;
    })();
    byDb.set(db, p);
    p.catch(() => byDb.delete(db));
  }
  return p;
}

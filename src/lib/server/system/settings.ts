/** Operator settings kept in the database, so that every app process sees a change at once. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { systemSetting } from '../db/schema.ts';

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

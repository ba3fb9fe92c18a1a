/**
 * Applies the migrations folder. On PostgreSQL an advisory lock serialises several app processes
 * starting at once against one database.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { projectRoot } from '../env.ts';
import type { DbHandle } from './client.ts';

export const migrationsFolder = path.join(projectRoot, 'drizzle');
const LOCK_KEY = 7_240_001;

/** Brings the schema up to date; safe to call on every start. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  await withAdvisoryLock(handle, LOCK_KEY, () => migratePg(handle.db as never, { migrationsFolder }));
}

/**
 * Runs `fn` while another pooled connection holds a transaction-level advisory lock on
 * PostgreSQL: the lock is released when that transaction ends, or when the process dies.
 */
export async function withAdvisoryLock<T>(handle: DbHandle, key: number, fn: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return fn();
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  let acquired!: () => void;
  const locked = new Promise<void>((r) => (acquired = r));
  const holder = handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    acquired();
    await done;
  });
  await Promise.race([locked, holder]);
  try {
    return await fn();
  } finally {
    release();
    await holder;
  }
}

/**
 * The process-wide database handle. The server opens it once at start (`initDb`); tests install
 * their own (`useDb`). Slices take `db()` at call time, never at import time.
 */
import { env, dataDir } from '../env.ts';
import { openDb, type Db, type DbHandle } from './client.ts';
import { migrate } from './migrate.ts';

const KEY = Symbol.for('casino.db.handle');
type Holder = { [KEY]?: Promise<DbHandle> };
const holder = globalThis as Holder;

/** Opens (once) the database named by the environment and migrates it. */
export function initDb(): Promise<DbHandle> {
  holder[KEY] ??= (async () => {
    const e = env();
    const handle = await openDb(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: dataDir() });
    await migrate(handle);
    return handle;
  })();
  return holder[KEY];
}

/** Installs an already opened handle as the process database (tests, ops in-process). */
export function useDb(handle: DbHandle): void {
  holder[KEY] = Promise.resolve(handle);
}

/** The process database; opens it on first use. */
export async function db(): Promise<Db> {
  return (await initDb()).db;
}

/** Closes the process database, if open. */
export async function closeDb(): Promise<void> {
  const h = holder[KEY];
  holder[KEY] = undefined;
  if (h) await (await h).close();
}

export type { Db, DbHandle, Tx } from './client.ts';

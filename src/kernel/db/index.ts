/**
 * The process-wide database handle. The server opens it once at start (`initDb`); tests install
 * their own (`useDb`). Slices take `db()` at call time, never at import time.
 */
import { env, dataDir } from '../env.ts';
import { openDb, type Db, type DbHandle } from './client.ts';
import { migrate } from './migrate.ts';

const KEY = Symbol.for('casino.db.handle');
const READ_KEY = Symbol.for('casino.db.read');
type Holder = { [KEY]?: Promise<DbHandle>; [READ_KEY]?: Promise<DbHandle | null> };
const holder = globalThis as Holder;

/** Opens (once) the database named by the environment and migrates it. */
export function initDb(): Promise<DbHandle> {
  holder[KEY] ??= (async () => {
    const e = env();
    const handle = await openDb(e.DATABASE_URL ? { url: e.DATABASE_URL, listenUrl: e.DATABASE_LISTEN_URL, poolSize: e.DATABASE_POOL_SIZE, metricsName: 'main' } : { dataDir: dataDir() });
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

/**
 * Where reports and dashboards read: the read-only database of DATABASE_READ_URL (a replica,
 * which may trail the primary by its replication lag) when set with DATABASE_URL, else the
 * process database. Only for reads: a write there fails.
 */
export async function readDb(): Promise<Db> {
  const e = env();
  if (!e.DATABASE_READ_URL || !e.DATABASE_URL) return db();
  holder[READ_KEY] ??= openDb({ url: e.DATABASE_READ_URL, poolSize: e.DATABASE_POOL_SIZE, metricsName: 'read' });
  const h = await holder[READ_KEY];
  return h ? h.db : db();
}

/** Closes the process database (and the read database), if open. */
export async function closeDb(): Promise<void> {
  const h = holder[KEY];
  const r = holder[READ_KEY];
  holder[KEY] = undefined;
  holder[READ_KEY] = undefined;
  await Promise.all([h?.then((x) => x.close()), r?.then((x) => x?.close())]);
}

export type { Db, DbHandle, Tx } from './client.ts';

/**
 * The process-wide database handle. The server opens it once at start (`initDb`); tests install
 * their own (`useDb`). Slices take `db()` at call time, never at import time.
 */
import { env, dataDir } from '../env.ts';
import { openDb, type Db, type DbHandle } from './client.ts';
import { migrate } from './migrate.ts';

const KEY = Symbol.for('casino.db.handle');
const READ_KEY = Symbol.for('casino.db.read');
const LISTEN_KEY = Symbol.for('casino.db.listens');
type Listening = { handle: DbHandle; ready: Promise<unknown> };
type Holder = { [KEY]?: Promise<DbHandle>; [READ_KEY]?: Promise<DbHandle | null>; [LISTEN_KEY]?: Map<string, Listening> };
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

/**
 * One LISTEN on `channel` for this process (the live tables' and the support chat's hubs), on the
 * process database as it is now: a test file that installs another database (`useDb`) gets a
 * LISTEN on it, not on the closed one of the file before. A failed LISTEN is tried again next call.
 */
export async function listenOnce(channel: string, handler: (payload: string | null) => void): Promise<void> {
  const handle = await initDb();
  const listens = (holder[LISTEN_KEY] ??= new Map());
  let l = listens.get(channel);
  if (!l || l.handle !== handle) {
    const ready = handle.listen(channel, handler);
    const mine: Listening = { handle, ready };
    l = mine;
    listens.set(channel, mine);
    ready.catch(() => {
      if (listens.get(channel) === mine) listens.delete(channel);
    });
  }
  await l.ready;
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

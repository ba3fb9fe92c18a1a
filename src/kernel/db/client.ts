/**
 * One database client per process: PGlite (WebAssembly PostgreSQL in DATA_DIR) by default,
 * PostgreSQL when DATABASE_URL is set. Slices receive a `Db` and never know which one it is.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { dbPoolWait, watchPool } from '../metrics.ts';

/** The database as every owner of tables sees it: query builders only (no relational queries), so the
 * kernel needs no schema and each feature imports its own tables. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (tests build a migrated template with it). */
  dumpDataDir?: () => Promise<Blob | File>;
  /**
   * Hears `NOTIFY channel` (sent with `select pg_notify(channel, payload)`, delivered when the
   * sending transaction commits) from every process on the database. The handler gets the payload,
   * or null after the listening connection was lost and made again: notifications may have been
   * missed meanwhile, so the listener catches up from the tables. Answers the function that stops it.
   */
  listen(channel: string, handler: (payload: string | null) => void): Promise<() => Promise<void>>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when given, PGlite is not used. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: where LISTEN connects (a direct connection when `url` goes through PgBouncer's transaction pooling); default `url`. */
  listenUrl?: string;
  /** The pool's name in the metrics (PostgreSQL; unnamed pools are not counted). */
  metricsName?: string;
  /** PGlite only: start from this data folder tarball (PGlite dumpDataDir), e.g. a migrated template in tests. */
  loadDataDir?: Blob;
}

/** Opens a database; the caller owns the handle and closes it. */
export async function openDb(options: OpenOptions): Promise<DbHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    if (options.metricsName) timePool(pool, options.metricsName);
    const db = drizzlePg(pool) as unknown as Db;
    const listener = pgListener(options.listenUrl ?? options.url);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await pool.end();
      },
      listen: listener.listen,
    };
  }
  // Extensions the migrations create (pg_trgm: the game name search index).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(path.resolve(options.dataDir), { recursive: true });
    client = await PGlite.create(path.resolve(options.dataDir, 'pg'), { extensions, loadDataDir: options.loadDataDir });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    // One process holds PGlite: its own notifications are all there is, and it never loses them.
    listen: async (channel, handler) => {
      checkChannel(channel);
      const stop = await client.listen(channel, (payload) => handler(payload));
      return () => stop();
    },
  };
}

/**
 * Counts the pool's connections at each scrape and times each wait for one (a query's or a
 * transaction's: pg's `query` takes its connection through `connect` too).
 */
function timePool(pool: pg.Pool, name: string): void {
  watchPool(name, pool);
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) => Promise<pg.PoolClient> | undefined;
  const timed = (cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) => {
    const started = performance.now();
    const seen = () => dbPoolWait.observe({ pool: name }, (performance.now() - started) / 1000);
    if (cb) {
      return connect((err, client, done) => {
        seen();
        cb(err, client, done);
      });
    }
    return connect()!.then((client) => {
      seen();
      return client;
    });
  };
  (pool as { connect: unknown }).connect = timed;
}

/** Channel names are identifiers we choose; anything else is a bug, not input. */
function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Bad notification channel: ${channel}`);
}

/**
 * LISTEN on PostgreSQL: one connection of its own per process (a pooled one would be handed to
 * other queries), opened on the first listen and made again after it drops (a restart of the
 * server, a network cut), with every channel listened to again and every handler told (null) to
 * catch up. Why not a library: pg-listen (the usual one) is unmaintained since 2021; this is the
 * pg driver's own 'notification' event and a reconnect loop.
 */
function pgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;
  /** The one pending reconnect (a failed try and its connection's end must not both schedule one). */
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      // TCP keepalive: a connection a firewall or NAT drops silently still ends, and is made again.
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      c.on('error', (err) => console.error('[db] listen connection error', err.message));
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('end', () => {
        if (client === c) {
          client = null;
          scheduleReconnect();
        }
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`listen ${channel}`);
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end().catch(() => {});
        throw new Error('listener closed');
      }
      client = c;
      retryMs = 250;
      return c;
    })().finally(() => {
      connecting = null;
    }));

  function scheduleReconnect(): void {
    if (closed || retryTimer || !handlers.size) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (closed || client) return;
      connect().then(
        () => {
          // Whatever was announced while the connection was down is in the tables: catch up.
          for (const set of handlers.values()) for (const h of set) h(null);
        },
        (err: unknown) => {
          if (closed) return;
          console.error('[db] listen reconnect failed', err instanceof Error ? err.message : err);
          retryMs = Math.min(retryMs * 2, 5000);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref?.();
  }

  return {
    async listen(channel: string, handler: (payload: string | null) => void): Promise<() => Promise<void>> {
      checkChannel(channel);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      try {
        const c = client ?? (await connect());
        if (first) await c.query(`listen ${channel}`);
      } catch (err) {
        set.delete(handler);
        if (!set.size && handlers.get(channel) === set) handlers.delete(channel);
        throw err;
      }
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client?.query(`unlisten ${channel}`).catch(() => {});
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      handlers.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

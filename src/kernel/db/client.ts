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
}

export interface OpenOptions {
  /** PostgreSQL connection string; when given, PGlite is not used. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite only: start from this data folder tarball (PGlite dumpDataDir), e.g. a migrated template in tests. */
  loadDataDir?: Blob;
}

/** Opens a database; the caller owns the handle and closes it. */
export async function openDb(options: OpenOptions): Promise<DbHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    const db = drizzlePg(pool) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
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
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

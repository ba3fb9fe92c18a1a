/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL (dropped afterwards), as the vitest project says.
 *
 * The vitest run migrates a template once (tests/support/global-setup.ts) and each database here
 * starts as a copy of it: PGlite loads the template's data folder tarball, PostgreSQL creates the
 * database with TEMPLATE. Without a template (the set-up did not run) each one is migrated here.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDb, type DbHandle } from '../../src/kernel/db/client.ts';
import { migrate } from '../../src/kernel/db/migrate.ts';
import { useDb } from '../../src/kernel/db/index.ts';
// The published help and promotions of this database, as the server loads them before a call.
import { refreshContent } from '../../src/features/content/server/live.ts';
import { seedDocuments } from '../../src/features/content/server/transfer.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface TestDb extends DbHandle {
  /** Closes the handle and drops the PostgreSQL database it made. */
  dispose(): Promise<void>;
  /** The PostgreSQL database's address, for another process or client (crash tests); null on PGlite. */
  url: string | null;
}

/** The migrated template of this run (a tarball path or a database name), or null. */
function template(): string | null {
  try {
    return inject('dbTemplate') ?? null;
  } catch {
    return null; // not inside a vitest worker
  }
}

/** The PGlite template's tarball, read once per file. */
let pgliteTemplate: Blob | null = null;

/** Opens a fresh database of the kind this vitest project is for, and installs it for the process. */
export async function openTestDb(): Promise<TestDb> {
  const from = template();
  if (process.env.TEST_DB === 'postgres') {
    const name = `casino_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(from ? `create database ${name} template ${from}` : `create database ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    // Two test files run at once (one worker per core) on a server that allows 100 connections:
    // 40 each leaves room for the template and admin connections, and a burst of 200 concurrent
    // calls queues for a connection instead of being refused ('too many clients').
    const handle = await openDb({ url: url.toString(), poolSize: 40 });
    if (!from) await migrate(handle).then(() => seedDocuments(handle.db));
    useDb(handle);
    await refreshContent();
    return {
      ...handle,
      url: url.toString(),
      async dispose() {
        await handle.close();
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  if (from && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(from)]);
  const handle = await openDb(pgliteTemplate ? { loadDataDir: pgliteTemplate } : {});
  if (!pgliteTemplate) await migrate(handle).then(() => seedDocuments(handle.db));
  useDb(handle);
  await refreshContent();
  return { ...handle, url: null, dispose: () => handle.close() };
}

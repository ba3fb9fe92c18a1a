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
import { openDb, type DbHandle } from '../../src/lib/server/db/client.ts';
import { migrate } from '../../src/lib/server/db/migrate.ts';
import { useDb } from '../../src/lib/server/db/index.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface TestDb extends DbHandle {
  /** Closes the handle and drops the PostgreSQL database it made. */
  dispose(): Promise<void>;
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
    const handle = await openDb({ url: url.toString(), poolSize: 60 });
    if (!from) await migrate(handle);
    useDb(handle);
    return {
      ...handle,
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
  if (!pgliteTemplate) await migrate(handle);
  useDb(handle);
  return { ...handle, dispose: () => handle.close() };
}

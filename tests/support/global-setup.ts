/**
 * Vitest global set-up for the database projects: migrates one template database per run with the
 * real migrate(), from the drizzle/ folder as it is when the run starts, so that each test file
 * starts from a copy instead of migrating its own (tests/support/db.ts openTestDb).
 *
 * - pglite: an in-memory PGlite is migrated and dumped (dumpDataDir) to a tarball in a temp folder;
 *   each file opens its PGlite from it (loadDataDir), which also skips PGlite's initdb.
 * - postgres: a database casino_tmpl_<run> is migrated on the TEST_DATABASE_URL server, its pool
 *   closed (CREATE DATABASE ... TEMPLATE needs the template free of connections), and each file
 *   creates its database from it. It is dropped at the end of the run.
 *
 * The template also holds the demo brand's help centre and promotions (the content seed): the site
 * and the promotions engine read the words from the database, as a seeded install does.
 *
 * The location is handed to the test files with provide/inject ('dbTemplate'); without it (another
 * config, or the set-up not run) openTestDb migrates a fresh database as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../src/kernel/db/client.ts';
import { migrate } from '../../src/kernel/db/migrate.ts';
import { seedDocuments } from '../../src/features/content/server/transfer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** pglite: path of the migrated data folder tarball; postgres: name of the migrated template database. */
    dbTemplate: string | null;
  }
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB;
  if (kind === 'postgres') {
    const name = `casino_tmpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    try {
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const handle = await openDb({ url: url.toString(), poolSize: 2 });
      try {
        await migrate(handle);
        await seedDocuments(handle.db);
      } finally {
        await handle.close();
      }
    } catch (err) {
      await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {});
      throw err;
    }
    project.provide('dbTemplate', name);
    return async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    };
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'casino-pglite-tmpl-'));
    const file = path.join(dir, 'migrated.tar');
    const handle = await openDb({});
    try {
      await migrate(handle);
      await seedDocuments(handle.db);
      const tarball = await handle.dumpDataDir!();
      writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
    } finally {
      await handle.close();
    }
    project.provide('dbTemplate', file);
    return async () => {
      rmSync(dir, { recursive: true, force: true });
    };
  }
  project.provide('dbTemplate', null);
  return async () => {};
}

/**
 * Watching another process's PostgreSQL session from a crash test: until it waits on a lock this
 * test holds (its transaction is midway), and until the server has rolled back a killed client's
 * transaction (it notices at its next step).
 */
import type pg from 'pg';

const pause = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** Answers whether another session of this database came to wait on a lock within 20 s. */
export async function someoneWaitsOnALock(watcher: pg.Client): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const r = await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
    if (r.rows[0].n > 0) return true;
    await pause(100);
  }
  return false;
}

/** Waits (up to 10 s) until no other session of this database is busy with a statement like `pattern` (SQL LIKE). */
export async function untilIdle(watcher: pg.Client, pattern: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid() and query like $1`, [pattern]);
    if (r.rows[0].n === 0) return;
    await pause(100);
  }
}

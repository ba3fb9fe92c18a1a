/**
 * Hot statements: SQL written once, with positional parameters, run by name. On PostgreSQL each
 * connection parses and plans a named statement once and then only binds and executes it (the
 * extended protocol's prepared statement), and the text is built once per process instead of by
 * Drizzle's query builder on every call. The money path (a bet, a win: one statement each) runs
 * this way; everything else uses Drizzle's builders, which are clearer and cheap enough.
 *
 * Values go as text or numbers (bigints as strings, with a cast in the SQL: `$3::bigint`), and
 * columns come back as node-postgres and PGlite give them, so a statement casts what it answers to
 * text where the type matters (bigint, timestamptz).
 */
import pg from 'pg';
import type { Db, Tx } from './client.ts';

export interface Statement {
  /** Unique per process: PostgreSQL keeps one plan per name and connection. */
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a hot statement; a name used twice for different texts throws. */
export function statement(name: string, text: string): Statement {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} is declared twice with different texts`);
  names.set(name, text);
  return { name, text };
}

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The driver's client under a Drizzle database or transaction (Drizzle 0.45: `$client`, a transaction's `session.client`). */
function clientOf(db: Db | Tx): unknown {
  const client = (db as { $client?: unknown }).$client ?? (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('statement: no driver client under this database handle');
  return client;
}

/**
 * Runs a hot statement on the database (its own transaction, when `db` is not one) or in the
 * caller's transaction, and answers its rows.
 */
export async function run(db: Db | Tx, s: Statement, values: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({ name: s.name, text: s.text, values: values as unknown[] });
    return result.rows as Record<string, unknown>[];
  }
  // PGlite (the database or one of its transactions): one process, nothing to name.
  const result = await (client as Queryable).query(s.text, values as unknown[]);
  return result.rows as Record<string, unknown>[];
}

/**
 * A Drizzle query built and prepared once per database handle (`.prepare(name)`: a named statement
 * on PostgreSQL, planned once per connection; values through `sql.placeholder`). For the few reads
 * every spin or bet makes; Drizzle's builder would otherwise build the same text again each call.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<object, Q>();
  return (db) => {
    let q = cache.get(db);
    if (!q) cache.set(db, (q = build(db)));
    return q;
  };
}

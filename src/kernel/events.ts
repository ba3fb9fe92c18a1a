/**
 * The event outbox (issue 15, 'How features hear about play'): a feature that makes a fact (a
 * deposit credited, a withdrawal paid, a contract ended) writes an event with `emit` in the same
 * transaction, so the event exists exactly when the fact does; features that react to it (the
 * inbox now; promotions, VIP, missions and points next) declare a consumer in their manifest, and
 * every server process runs each consumer (app/jobs.ts). The producer never calls them.
 *
 * Exactly once per consumer, across processes and after a crash: a batch is handled in one
 * transaction that locks the consumer's cursor row (a second process waits), writes the
 * handler's effects and moves the cursor; a crash rolls all of it back and the batch is handled
 * again. Order without gaps: ids are taken when a transaction writes, not when it commits, so a
 * consumer reads only events of transactions that have all finished (`txid` below the oldest
 * transaction of this database still running: none still running can later commit an event
 * before the cursor), in (txid, id) order. A long transaction of this database delays consumers;
 * it never makes them skip.
 *
 * Written here rather than taken from a library: the outbox libraries for Node (pg-boss's queue,
 * graphile-worker, pg-listen based ones) need a PostgreSQL server and do not run on PGlite, the
 * embedded default; this is two tables and two functions on plain SQL that runs on both.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VERSION_KEY, type EventType } from './event-types.ts';
import type { Db, Tx } from './db/index.ts';
import { rowsOf } from './db/rows.ts';
import { eventOutbox } from './db/tables.ts';
import { log } from './log.ts';

export { defineEvent, type EventType } from './event-types.ts';

export interface OutboxEvent {
  id: number;
  kind: string;
  memberId: number | null;
  payload: Record<string, unknown>;
  at: Date;
}

/** A reaction to events of some kinds; `handle` writes its effects with `tx` (the batch's transaction). */
export interface Consumer {
  name: string;
  kinds: readonly string[];
  handle(tx: Tx, events: OutboxEvent[]): Promise<void>;
}

/**
 * The transactions that pg_stat_activity shows running in the other databases of the server, as
 * a JSON array of 32-bit xids. Read by its own statement, before the one whose snapshot the
 * horizon is taken from (see `horizon`).
 */
const OTHER_DATABASES_XIDS = sql.raw(`
  select coalesce(json_agg(a.backend_xid::text), '[]')::text as xids from pg_stat_activity a
  where a.datname is distinct from current_database() and a.backend_xid is not null`);

/**
 * The horizon below which every event is final: the oldest transaction still running when the
 * statement's snapshot was taken (as xid8), else the snapshot's next transaction id. Every event
 * of a smaller txid belongs to a transaction that had ended by the snapshot, committed (its events
 * visible to that statement) or not (none).
 *
 * Taken from the snapshot itself (`pg_snapshot_xip`), less `others`: transactions seen running in
 * other databases by an earlier statement. Their events are not in this table (an xid is never
 * another database's), and a long transaction elsewhere must not hold this database's consumers
 * back; one that started elsewhere since then only lowers the horizon for one batch. (An earlier
 * version read this database's running transactions from pg_stat_activity alone, after the
 * snapshot: a transaction that committed in between was missing from both, its events invisible
 * to the snapshot yet below the horizon, and the cursor moved past them; a test caught it under
 * load.)
 */
const horizon = (others: string) => sql`
  select least(
    coalesce(
      (select min(x::text::numeric) from pg_snapshot_xip(pg_current_snapshot()) as x
       where (x::text::numeric % 4294967296) not in (select v::numeric from jsonb_array_elements_text(${others}::jsonb) as v)),
      pg_snapshot_xmax(pg_current_snapshot())::text::numeric),
    -- The consumer's own transaction is not in its snapshot's xip: events it writes itself wait for the next batch.
    pg_current_xact_id()::text::numeric)::text::xid8`;

/** Writes an event inside the caller's transaction (it exists only if the caller commits); the payload is checked against its declaration. */
export async function emit<E extends EventType>(tx: Tx | Db, event: E, memberId: number | null, payload: z.input<E['payload']>): Promise<void> {
  const checked = event.payload.parse(payload) as Record<string, unknown>;
  await tx.insert(eventOutbox).values({ kind: event.kind, memberId, payload: { ...checked, [VERSION_KEY]: event.version } });
}

/** An event of a declared type as a consumer sees it: the payload parsed by the declaration. */
export interface TypedEvent<E extends EventType> extends Omit<OutboxEvent, 'payload'> {
  payload: z.output<E['payload']>;
}

/** One declared event type and what a consumer does with each event of it. */
export interface Handler {
  event: EventType;
  handle(tx: Tx, e: OutboxEvent): Promise<void>;
}

/**
 * What a consumer does with events of one declared type; the payload is parsed by the declaration.
 * An event of another version, or whose payload does not parse, is logged and left (the batch goes
 * on: one bad event must not stop every later one).
 */
export function on<E extends EventType>(event: E, handle: (tx: Tx, e: TypedEvent<E>) => Promise<void>): Handler {
  return {
    event,
    async handle(tx, e) {
      const { [VERSION_KEY]: version = 1, ...rest } = e.payload;
      const parsed = version === event.version ? event.payload.safeParse(rest) : null;
      if (!parsed?.success) {
        log.error('events.unreadable', { kind: e.kind, id: e.id, version: String(version), expected: event.version });
        return;
      }
      await handle(tx, { ...e, payload: parsed.data as z.output<E['payload']> });
    },
  };
}

/** A consumer made of handlers, one per event type it hears. */
export function consumer(name: string, handlers: readonly Handler[]): Consumer {
  const byKind = new Map(handlers.map((h) => [h.event.kind, h]));
  return {
    name,
    kinds: [...byKind.keys()],
    async handle(tx, events) {
      for (const e of events) await byKind.get(e.kind)?.handle(tx, e);
    },
  };
}

/** Handles the next batch of a consumer's events, once; answers how many it handled. */
export async function consumeOnce(db: Db, c: Consumer, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into event_cursor (consumer) values (${c.name}) on conflict do nothing`);
    const [cursor] = rowsOf(await tx.execute(sql`select last_txid::text as txid, last_id from event_cursor where consumer = ${c.name} for update`));
    const [others] = rowsOf(await tx.execute(OTHER_DATABASES_XIDS));
    const kinds = sql.join(
      c.kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const rows = rowsOf(
      await tx.execute(sql`
        select id, txid::text as txid, kind, member_id, payload, at from event_outbox
        where (txid, id) > (${String(cursor!.txid)}::xid8, ${Number(cursor!.last_id)}::bigint)
          and txid < (${horizon(String(others!.xids))})
          and kind in (${kinds})
        order by txid, id
        limit ${limit}`),
    );
    if (rows.length === 0) return 0;
    const events: OutboxEvent[] = rows.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      memberId: r.member_id == null ? null : Number(r.member_id),
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      at: new Date(r.at as string | Date),
    }));
    await c.handle(tx, events);
    const last = rows[rows.length - 1]!;
    await tx.execute(sql`update event_cursor set last_txid = ${String(last.txid)}::xid8, last_id = ${Number(last.id)}, updated_at = now() where consumer = ${c.name}`);
    return rows.length;
  });
}

/** Handles every event waiting for a consumer (batch after batch); answers how many. */
export async function consumeAll(db: Db, c: Consumer, limit = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeOnce(db, c, limit);
    total += n;
    if (n < limit) return total;
  }
}

/**
 * Deletes events every named consumer has handled, older than `keepMs` (kept a while for a look
 * after the fact). Nothing is deleted while a consumer has no cursor yet (it has seen nothing).
 * Answers how many it deleted.
 */
export async function pruneOutbox(db: Db, consumers: readonly string[], keepMs: number): Promise<number> {
  if (consumers.length === 0) return 0;
  const names = sql.join(
    consumers.map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = rowsOf(
    await db.execute(sql`
      with c as (select count(*)::int as n, min(last_txid) as txid from event_cursor where consumer in (${names})),
      gone as (
        delete from event_outbox e using c
        where c.n = ${consumers.length} and e.txid < c.txid and e.at < now() - make_interval(secs => ${keepMs / 1000})
        returning 1
      )
      select count(*)::int as n from gone`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The most events a lag reading counts (past it, the figure says "at least"). */
const LAG_COUNT_CAP = 100_000;

/**
 * Each consumer's lag (the metrics' outbox gauges): how many events of its kinds it has not
 * handled yet, up to LAG_COUNT_CAP, and the age in seconds of the oldest of them (0 when caught up).
 */
export async function outboxLag(db: Db, consumers: readonly Consumer[]): Promise<{ consumer: string; events: number; seconds: number }[]> {
  const out: { consumer: string; events: number; seconds: number }[] = [];
  for (const c of consumers) {
    const kinds = sql.join(
      c.kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const [row] = rowsOf(
      await db.execute(sql`
        with cur as (
          select coalesce((select last_txid from event_cursor where consumer = ${c.name}), '0'::xid8) as txid,
                 coalesce((select last_id from event_cursor where consumer = ${c.name}), 0) as id),
        waiting as (
          select e.at from event_outbox e, cur
          where (e.txid, e.id) > (cur.txid, cur.id) and e.kind in (${kinds})
          order by e.txid, e.id limit ${LAG_COUNT_CAP})
        select count(*)::int as n, coalesce(extract(epoch from now() - min(at)), 0)::float8 as seconds from waiting`),
    );
    out.push({ consumer: c.name, events: Number(row?.n ?? 0), seconds: Math.max(0, Number(row?.seconds ?? 0)) });
  }
  return out;
}

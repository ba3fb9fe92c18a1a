/**
 * Live tables in real time across processes (issue 34). Each process LISTENs once on
 * `live_table` (live-tables.ts announces a table's bets, draws and new rounds there, at commit)
 * and keeps, per table that has viewers here, the table's view: read once per wake-up whatever
 * the number of viewers (single flight, and at most every COALESCE_MS, so 500 bets in a second
 * cost a few reads, not 500 times the viewers), then handed to every viewer's stream.
 *
 * While a table has viewers in this process, the process says so every WATCH_EVERY_MS (the
 * table is marked watched, and a resting table gets a round at once), so the draws keep opening
 * its next round; a minute after the last viewer anywhere leaves, the table rests.
 */
import { db as database, listenOnce, type Db } from '../../../../kernel/db/index.ts';
import { clock } from '../../../../kernel/clock.ts';
import { log } from '../../../../kernel/log.ts';
import { tableAtOfKey, tableKey, type LiveTableView, type TableAt } from '../../contract/live.ts';
import { LIVE_CHANNEL, liveTableNow, watchTables } from './live-tables.ts';

type Viewer = (view: LiveTableView) => void;

const COALESCE_MS = 250;
const WATCH_EVERY_MS = 20_000;

interface TableSlot {
  at: TableAt;
  viewers: Set<Viewer>;
  view: LiveTableView | null;
  loading: boolean;
  again: boolean;
  lastLoad: number;
}

const KEY = Symbol.for('casino.play.live-hub');
interface Hub {
  /** By table key (contract/live.ts `tableKey`: a live table's nodeId, or a room's '1234-r2'). */
  tables: Map<string, TableSlot>;
  timer: ReturnType<typeof setInterval> | null;
}
const g = globalThis as { [KEY]?: Hub };
const hub: Hub = (g[KEY] ??= { tables: new Map(), timer: null });

async function load(db: Db, slot: TableSlot): Promise<void> {
  if (slot.loading) {
    slot.again = true;
    return;
  }
  slot.loading = true;
  try {
    do {
      slot.again = false;
      const wait = slot.lastLoad + COALESCE_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      slot.lastLoad = Date.now();
      const view = await liveTableNow(db, slot.at);
      slot.view = view;
      for (const v of slot.viewers) {
        try {
          v(view);
        } catch (err) {
          log.error('play.live.viewer', { error: err instanceof Error ? err.message : String(err) });
        }
      }
    } while (slot.again && slot.viewers.size > 0);
  } catch (err) {
    log.error('play.live.load', { table: tableKey(slot.at), error: err instanceof Error ? err.message : String(err) });
  } finally {
    slot.loading = false;
  }
}

function wake(payload: string | null): void {
  void database().then((db) => {
    // A lost LISTEN (null): every table may have changed.
    const keys = payload === null ? [...hub.tables.keys()] : [payload];
    for (const key of keys) {
      const slot = hub.tables.get(key);
      if (slot && slot.viewers.size > 0) void load(db, slot);
    }
  });
}

async function ensureHub(): Promise<void> {
  await listenOnce(LIVE_CHANNEL, wake);
  if (hub.timer) return;
  hub.timer = setInterval(() => {
    const tables = [...hub.tables.keys()].map(tableAtOfKey).filter((t): t is TableAt => t !== null);
    if (tables.length)
      database()
        .then((db) => watchTables(db, tables, clock.now()))
        .catch((err: unknown) => log.warn('play.live.watch', { error: err instanceof Error ? err.message : String(err) }));
  }, WATCH_EVERY_MS);
  hub.timer.unref();
}

/**
 * Follows a table: `viewer` gets its view now (read when this process has none yet) and at each
 * change. The table is marked watched (and opened when it rests). Answers the function that stops.
 */
export async function followTable(at: TableAt, viewer: Viewer): Promise<() => void> {
  await ensureHub();
  const db = await database();
  const key = tableKey(at);
  let slot = hub.tables.get(key);
  const fresh = !slot;
  if (!slot) {
    slot = { at, viewers: new Set(), view: null, loading: false, again: false, lastLoad: 0 };
    hub.tables.set(key, slot);
  }
  if (fresh) {
    try {
      await watchTables(db, [at], clock.now());
    } catch (err) {
      if (hub.tables.get(key) === slot && slot.viewers.size === 0) hub.tables.delete(key);
      throw err;
    }
  }
  slot.viewers.add(viewer);
  if (slot.view && !fresh) viewer(slot.view);
  else await load(db, slot);
  const own = slot;
  return () => {
    own.viewers.delete(viewer);
    if (own.viewers.size === 0 && hub.tables.get(key) === own) hub.tables.delete(key);
  };
}

/** How many live-table viewers this process serves (tests, metrics). */
export function liveViewers(): number {
  let n = 0;
  for (const s of hub.tables.values()) n += s.viewers.size;
  return n;
}

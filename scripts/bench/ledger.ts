/**
 * Ledger throughput for `npm run bench`: rounds per second (each round is one bet debited with
 * placeBet and one win credited with settleRound: two idempotent ledger operations) with 50
 * concurrent players, on PGlite (a data folder, as `npm start` uses) and on PostgreSQL (a fresh
 * database, dropped after), beside pgbench's built-in tpcb-like transactions per second at the
 * same client count on the same PostgreSQL server, in its own fresh database.
 *
 * The ledger figures call the wallet module in-process (as the game engines do), not over HTTP:
 * pgbench talks to the database directly too, so both sides measure the database work.
 */
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../../src/kernel/db/client.ts';
import { migrate } from '../../src/kernel/db/migrate.ts';
import { member } from '../../src/features/accounts/server/tables.ts';
import { HOUSE, mainAccount } from '../../src/features/wallet/server/accounts.ts';
import { once } from '../../src/kernel/idempotency.ts';
import { auditLedger, postTransfer } from '../../src/features/wallet/server/ledger.ts';
import { placeBet, settleRound } from '../../src/features/wallet/server/game-play.ts';

export interface LedgerLoad {
  /** Rounds (bet debited and win credited) per second. */
  roundsPerSecond: number;
  /** Ledger operations (placeBet and settleRound calls) per second: twice the rounds. */
  operationsPerSecond: number;
  rounds: number;
  seconds: number;
  players: number;
  failures: number;
  firstFailure: string | null;
  /** p50 and p99 of one round (both calls), ms. */
  roundP50Ms: number;
  roundP99Ms: number;
  /** The ledger audit after the load: total 0, nothing drifted, unbalanced or negative. */
  auditOk: boolean;
  /** Each counted round's duration, ms, sorted (to merge the figures of several drivers). */
  times?: number[];
}

const FUNDING = 100_000_000n; // minor units per player: never short during a bench
const BET = 100n;
/** Every round credits a win (a loss would credit nothing): one debit and one credit per round. */
const WINS = [190n, 50n];

function percentileOf(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Creates `players` funded players in a migrated database; answers their ids. */
async function preparePlayers(handle: DbHandle, players: number, tag: string): Promise<number[]> {
  const rows = await handle.db
    .insert(member)
    .values(Array.from({ length: players }, (_, i) => ({ username: `bench_${tag}_${i}`, passwordHash: 'x', passwordChangedAt: new Date() })))
    .returning({ id: member.id });
  const ids = rows.map((r) => r.id);
  for (const id of ids) {
    await once(handle.db, { name: 'bench-funding', memberId: id, key: `fund-${tag}-${id}`, request: { amount: FUNDING } }, (tx) =>
      postTransfer(tx, { kind: 'adjustment', memberId: id, memo: 'bench funding', legs: [{ from: HOUSE.adjustments, to: mainAccount(id), amount: FUNDING }] }).then((p) => p.transferId),
    );
  }
  return ids;
}

/**
 * Runs `players` concurrent loops of placeBet + settleRound for `seconds` (after a short warm-up
 * that is not counted) and answers the rate.
 */
export async function measureLedger(handle: DbHandle, opts: { players: number; seconds: number; warmupSeconds?: number; audit?: boolean }): Promise<LedgerLoad> {
  const tag = randomBytes(3).toString('hex');
  const ids = await preparePlayers(handle, opts.players, tag);
  let counting = false;
  let stop = false;
  let rounds = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  const times: number[] = [];
  const worker = async (memberId: number, w: number) => {
    for (let n = 0; !stop; n++) {
      // PGlite answers in-process through microtasks only: without a macrotask turn now and then
      // these loops would starve the timers that end the measurement.
      await new Promise((r) => setImmediate(r));
      const roundId = `bench-${tag}-${w.toString(36)}-${n.toString(36)}`;
      const t0 = performance.now();
      try {
        await placeBet(handle.db, { memberId, roundId, vendor: 'BENCH', gameName: 'Bench', amount: BET });
        await settleRound(handle.db, roundId, WINS[n % 2]!);
        if (counting) {
          rounds++;
          times.push(performance.now() - t0);
        }
      } catch (err) {
        failures++;
        firstFailure ??= describeError(err);
        if (failures > 100) stop = true;
      }
    }
  };
  const running = ids.map((id, i) => worker(id, i));
  await new Promise((r) => setTimeout(r, (opts.warmupSeconds ?? 2) * 1000));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  times.sort((a, b) => a - b);
  const audit = opts.audit === false ? null : await auditLedger(handle.db);
  return {
    roundsPerSecond: rounds / seconds,
    operationsPerSecond: (2 * rounds) / seconds,
    rounds,
    seconds,
    players: opts.players,
    failures,
    firstFailure,
    roundP50Ms: percentileOf(times, 50),
    roundP99Ms: percentileOf(times, 99),
    auditOk: audit === null || (audit.total === 0n && !audit.drifted.length && !audit.unbalanced.length && !audit.negative.length),
    times,
  };
}

/** An error's message with its causes (Drizzle wraps the driver's error). */
function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }
  return parts.join(' <- ');
}

/** The PostgreSQL server the bench uses: BENCH_DATABASE_URL, else the tests' server. */
export const benchServerUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';

/** Null when PostgreSQL answers at `url`, else the reason. */
export async function postgresUnreachable(url: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.constructor.name : String(err);
  } finally {
    await c.end().catch(() => {});
  }
}

/** A fresh database on the bench server; `drop` removes it (forcing out leftover connections). */
export async function freshDatabase(kind: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const prefix = process.env.BENCH_DB_PREFIX || 'casino_bench';
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX must be a plain lower-case identifier, got ${prefix}`);
  const name = `${prefix}_${kind}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: benchServerUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(benchServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: benchServerUrl() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Measures the ledger on a fresh PostgreSQL database: the players are driven from two processes
 * (scripts/bench/ledger-worker.ts, each with its own pool), as pgbench -j 2 drives its clients
 * from two threads; one Node process alone is CPU-bound on the client side before the database is.
 */
export async function measureLedgerPostgres(opts: { players: number; seconds: number }): Promise<LedgerLoad> {
  const fresh = await freshDatabase('ledger');
  try {
    const handle = await openDb({ url: fresh.url, poolSize: 2 });
    await migrate(handle);
    await handle.close();
    const split = [Math.ceil(opts.players / 2), Math.floor(opts.players / 2)];
    const worker = fileURLToPath(new URL('./ledger-worker.ts', import.meta.url));
    const loads = await Promise.all(
      split.map(
        (players) =>
          new Promise<LedgerLoad>((resolve, reject) => {
            execFile(process.execPath, [worker, fresh.url, String(players), String(opts.seconds)], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
              if (err) return reject(new Error(`ledger worker failed: ${stderr || err.message}`));
              resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as LedgerLoad);
            });
          }),
      ),
    );
    const check = await openDb({ url: fresh.url, poolSize: 2 });
    const audit = await auditLedger(check.db).finally(() => check.close());
    const times = loads.flatMap((l) => l.times ?? []).sort((a, b) => a - b);
    const seconds = Math.max(...loads.map((l) => l.seconds));
    const rounds = loads.reduce((n, l) => n + l.rounds, 0);
    return {
      roundsPerSecond: loads.reduce((n, l) => n + l.roundsPerSecond, 0),
      operationsPerSecond: loads.reduce((n, l) => n + l.operationsPerSecond, 0),
      rounds,
      seconds,
      players: opts.players,
      failures: loads.reduce((n, l) => n + l.failures, 0),
      firstFailure: loads.find((l) => l.firstFailure)?.firstFailure ?? null,
      roundP50Ms: percentileOf(times, 50),
      roundP99Ms: percentileOf(times, 99),
      auditOk: audit.total === 0n && !audit.drifted.length && !audit.unbalanced.length && !audit.negative.length,
    };
  } finally {
    await fresh.drop();
  }
}

/** Measures the ledger on PGlite in a data folder (the embedded database `npm start` uses). */
export async function measureLedgerPglite(dataDir: string, opts: { players: number; seconds: number }): Promise<LedgerLoad> {
  const handle = await openDb({ dataDir });
  try {
    await migrate(handle);
    const { times: _times, ...load } = await measureLedger(handle, opts);
    return load;
  } finally {
    await handle.close();
  }
}

/** Where pgbench is: on PATH, or in Debian's /usr/lib/postgresql/<version>/bin. Null when missing. */
export function findPgbench(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const v of readdirSync(base).sort().reverse()) {
    const p = `${base}/${v}/bin/pgbench`;
    if (existsSync(p)) return p;
  }
  return null;
}

export interface PgbenchRun {
  tps: number;
  clients: number;
  threads: number;
  seconds: number;
  scale: number;
  transactions: number;
  failed: number;
  command: string;
}

/**
 * One of pgbench's built-in scripts in a fresh database: `pgbench -i -s <scale>` (data generated
 * on the server), then `-c clients -j 2 -T seconds`; answers its tps (without initial connection
 * time). tpcb-like at a scale of at least the clients, as pgbench's documentation asks ("else
 * you'll mostly be measuring update contention": at scale 1 every transaction updates the one
 * branch row, so its rate is one commit's latency, not the database's throughput, and it moved
 * between 500 and 2,500 tps from one machine to the next). simple-update leaves the branch and
 * teller rows out, so scale 1 (an instant set-up) measures throughput too: the CI guard's baseline.
 */
export async function runPgbench(
  bin: string,
  opts: { clients: number; seconds: number; script?: 'tpcb-like' | 'simple-update' | { name: string; text: string }; scale?: number },
): Promise<PgbenchRun> {
  const script = opts.script ?? 'tpcb-like';
  const scale = opts.scale ?? (script === 'tpcb-like' ? opts.clients : 1);
  const fresh = await freshDatabase('pgbench');
  // A custom script (pgbench -f) is written to a file of its own for the run.
  const dir = typeof script === 'string' ? null : mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  try {
    const init = spawnSync(bin, ['-i', '-q', '-I', 'dtGvp', '-s', String(scale), fresh.url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr || init.stdout}`);
    let chosen = ['-b', String(script)];
    if (typeof script !== 'string') {
      const file = path.join(dir!, `${script.name}.sql`);
      writeFileSync(file, script.text);
      chosen = ['-f', file];
    }
    const args = [...chosen, '-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds), fresh.url];
    const run = spawnSync(bin, args, { encoding: 'utf8', timeout: (opts.seconds + 60) * 1000 });
    if (run.status !== 0) throw new Error(`pgbench failed (${run.status}): ${run.stderr || run.stdout}`);
    const out = run.stdout;
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return {
      tps: Number(tps[1]),
      clients: opts.clients,
      threads: 2,
      seconds: opts.seconds,
      scale: Number(/scaling factor: (\d+)/.exec(out)?.[1] ?? 1),
      transactions: Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0),
      failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0),
      command: `pgbench ${args.slice(0, -1).join(' ')} <fresh db>`,
    };
  } finally {
    await fresh.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

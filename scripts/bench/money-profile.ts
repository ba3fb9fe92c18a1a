/**
 * Profiles the money path on PostgreSQL (issue 27): one ledger round (placeBet + settleRound, in
 * process) and one spin through the API (the API server in this process, so that its queries are
 * seen), on a fresh database dropped after. For each it prints the statements and round trips
 * (every query the pg driver sends, BEGIN and COMMIT included), their mean time, and the rows each
 * table and index gained or changed (pg_stat_user_tables / pg_stat_user_indexes deltas). Run it
 * with PROFILE_DIR=<dir> for a CPU profile of each measured phase (ledger.cpuprofile, spin.cpuprofile:
 * open them in Chrome's DevTools), start-up and seeding left out.
 * PROFILE_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE (it prints its name; drop it after).
 *   node scripts/bench/money-profile.ts [rounds=300] [spins=300]
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { freshDatabase } from './ledger.ts';

const ROUNDS = Number(process.argv[2] ?? 300);
const SPINS = Number(process.argv[3] ?? 300);

interface Stat {
  n: number;
  ms: number;
}
let current: Map<string, Stat> | null = null;
let trips = 0;
const norm = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+[^)]*\)(, \(\$\d+[^)]*\))*/g, '(...)')
    .slice(0, 150);
const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
  const t0 = performance.now();
  // Pool.query (Drizzle outside a transaction) passes a callback: count those too.
  const cb = rest.at(-1);
  if (current && typeof cb === 'function') {
    trips++;
    const key = norm(text);
    const map = current;
    rest[rest.length - 1] = (...args: unknown[]) => {
      const s = map.get(key) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - t0;
      map.set(key, s);
      return (cb as (...a: unknown[]) => unknown)(...args);
    };
  }
  const out = (origQuery as (...a: unknown[]) => unknown).call(this, config, ...rest);
  if (current && typeof cb !== 'function' && out && typeof (out as Promise<unknown>).then === 'function') {
    trips++;
    const key = norm(text);
    const map = current;
    void (out as Promise<unknown>).then(
      () => {
        const s = map.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t0;
        map.set(key, s);
      },
      () => {},
    );
  }
  return out;
} as typeof pg.Client.prototype.query;

const inspector = new Session();
inspector.connect();
async function profile<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.PROFILE_DIR;
  if (!dir) return work();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile: p } = await inspector.post('Profiler.stop');
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(p));
  }
}

async function tableStats(c: pg.Client) {
  await c.query('select pg_stat_clear_snapshot()');
  const t = await c.query(`select relname, n_tup_ins::int ins, n_tup_upd::int upd, n_tup_hot_upd::int hot, n_tup_del::int del from pg_stat_user_tables`);
  const i = await c.query(`select relname, count(*)::int n from pg_stat_user_indexes group by relname`);
  const idx = new Map(i.rows.map((r) => [r.relname as string, r.n as number]));
  return new Map(t.rows.map((r) => [r.relname as string, { ins: r.ins, upd: r.upd, hot: r.hot, del: r.del, indexes: idx.get(r.relname) ?? 0 }]));
}

async function report(label: string, count: number, stats: Map<string, Stat>, before: Awaited<ReturnType<typeof tableStats>>, after: Awaited<ReturnType<typeof tableStats>>, ms: number) {
  console.log(`\n== ${label}: ${count} in ${ms.toFixed(0)} ms (${(ms / count).toFixed(2)} ms each, one at a time); ${(trips / count).toFixed(2)} round trips each`);
  for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${(s.n / count).toFixed(2).padStart(5)} x ${(s.ms / s.n).toFixed(3).padStart(7)} ms  ${k}`);
  }
  console.log('  rows per call (inserted / updated (HOT) / deleted; indexes on the table):');
  for (const [rel, a] of after) {
    const b = before.get(rel) ?? { ins: 0, upd: 0, hot: 0, del: 0, indexes: 0 };
    const d = { ins: a.ins - b.ins, upd: a.upd - b.upd, hot: a.hot - b.hot, del: a.del - b.del };
    if (d.ins || d.upd || d.del)
      console.log(`    ${rel.padEnd(28)} +${(d.ins / count).toFixed(2)} / ~${(d.upd / count).toFixed(2)} (${(d.hot / count).toFixed(2)}) / -${(d.del / count).toFixed(2)}; ${a.indexes} indexes`);
  }
}

const fresh = await freshDatabase('profile');
const stat = new pg.Client({ connectionString: fresh.url });
try {
  process.env.DATABASE_URL = fresh.url;
  process.env.SEED = 'demo';
  process.env.PORT = '0';
  process.env.HOST = '127.0.0.1';
  process.env.LOG_LEVEL = 'warn';
  const { startServer } = await import('../../src/app/server.ts');
  const server = await startServer({ astro: (_q, res) => void res.writeHead(404).end() });
  const { openMigrated, preparePlayers } = await import('./spins.ts');
  const { placeBet, settleRound } = await import('../../src/features/wallet/server/game-play.ts');
  const handle = await openMigrated({ url: fresh.url });
  await stat.connect();
  const players = await preparePlayers(handle, 1);
  const memberId = Number((await stat.query(`select member_id from member_session order by id desc limit 1`)).rows[0].member_id);

  // One ledger round, in process, over and over (after a warm-up).
  const tag = randomBytes(3).toString('hex');
  for (let n = 0; n < 20; n++) {
    await placeBet(handle.db, { memberId, roundId: `warm-${tag}-${n}`, vendor: 'BENCH', gameName: 'Bench', amount: 100n });
    await settleRound(handle.db, `warm-${tag}-${n}`, 190n);
  }
  let before = await tableStats(stat);
  current = new Map();
  trips = 0;
  let t0 = performance.now();
  await profile('ledger', async () => {
    for (let n = 0; n < ROUNDS; n++) {
      await placeBet(handle.db, { memberId, roundId: `prof-${tag}-${n}`, vendor: 'BENCH', gameName: 'Bench', amount: 100n });
      await settleRound(handle.db, `prof-${tag}-${n}`, n % 2 ? 190n : 50n);
    }
  });
  let ms = performance.now() - t0;
  const roundStats = current;
  current = null;
  await new Promise((r) => setTimeout(r, 1500)); // the statistics collector
  await report('ledger round (placeBet + settleRound)', ROUNDS, roundStats, before, await tableStats(stat), ms);

  // One spin through the API.
  const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };
  const r = (await (await fetch(`${server.url}/wps/game/launchGame?nodeId=${players.nodeIds[0]}`, { headers: { ...HEADERS, authorization: players.tokens[0]! } })).json()) as any;
  const launch = new URL(r.value.content.game_url, server.url).searchParams.get('launch')!;
  const state = (await (await fetch(`${server.url}/wps/sandbox/game/state?launch=${launch}`, { headers: HEADERS })).json()) as any;
  const bet = state.value.rules.bets[0] as string;
  const spinOnce = async () => {
    const res = (await (
      await fetch(`${server.url}/wps/sandbox/game/spin`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ launch, bet, idempotencyKey: randomBytes(12).toString('hex') }) })
    ).json()) as any;
    if (!res.success) throw new Error(`spin refused: ${res.errorCode}`);
  };
  for (let n = 0; n < 20; n++) await spinOnce();
  before = await tableStats(stat);
  current = new Map();
  trips = 0;
  t0 = performance.now();
  await profile('spin', async () => {
    for (let n = 0; n < SPINS; n++) await spinOnce();
  });
  ms = performance.now() - t0;
  const spinStats = current;
  current = null;
  await new Promise((r) => setTimeout(r, 1500));
  await report('spin through the API', SPINS, spinStats, before, await tableStats(stat), ms);
  const idx = await stat.query(`select t.relname, i.relname idx, pg_get_indexdef(i.oid) def from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname in ('game_round','ledger_entry','ledger_transfer','ledger_account','member_day','idempotency_record','sandbox_round','game_seed','event_outbox','game_session','member_session') order by 1, 2`);
  console.log('\nindexes on the tables a round or a spin writes:');
  for (const row of idx.rows) console.log(`  ${row.relname.padEnd(20)} ${row.def}`);
  await handle.close();
  await server.close();
} finally {
  await stat.end().catch(() => {});
  if (process.env.PROFILE_KEEP_DB) console.log(`kept database ${fresh.name} (drop it after)`);
  else await fresh.drop();
}

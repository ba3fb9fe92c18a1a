/**
 * Where an agent report's time goes (issue 35), on a database the agent bench kept
 * (`BENCH_KEEP_DB=1 npm run bench -- agents` prints its url; drop it after): runs team overview, team betting
 * and user loss for the top agent and the first sub-agent of about 1,000, in process, times each
 * (p50 and p95 of a few calls), then prints every statement they sent, its time alone and its
 * EXPLAIN (ANALYZE, BUFFERS), run with the same parameters.
 *   node scripts/bench/agent-explain.ts <url> [overview|bets|loss ...] [--no-explain]
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/kernel/db/index.ts';
import { rowsOf } from '../../src/kernel/db/rows.ts';
import { dayRange } from '../../src/features/wallet/index.ts';
import { overview, teamBets, userLoss, type Subject } from '../../src/features/agent/server/reports.ts';
import { percentile } from './timing.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: node scripts/bench/agent-explain.ts <url> [overview|bets|loss ...] [--no-explain]');
const wanted = process.argv.slice(3).filter((a) => !a.startsWith('--'));
const explain = !process.argv.includes('--no-explain');

let capture: { text: string; values: unknown[] }[] | null = null;
const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (capture && config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    capture.push({ text: c.text, values: c.values ?? (Array.isArray(rest[0]) ? rest[0] : []) });
  }
  return (origQuery as (...a: unknown[]) => unknown).call(this, config, ...rest);
} as typeof pg.Client.prototype.query;

const pool = new pg.Pool({ connectionString: url, max: 4 });
const db = drizzle(pool) as unknown as Db;
try {
  const exec = async (q: ReturnType<typeof sql>) => rowsOf(await db.execute(q));
  const subjectOf = async (where: ReturnType<typeof sql>) => {
    const [m] = await exec(sql`select id, tree_path, depth from member where ${where} order by id limit 1`);
    return { id: Number(m!.id), treePath: String(m!.tree_path), depth: Number(m!.depth) } satisfies Subject;
  };
  const subjects = {
    top: await subjectOf(sql`username = 'bench_top'`),
    sub: await subjectOf(sql`depth = 2 and username like 'bench\\_%'`),
  };
  const tz = 'America/Mexico_City';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(Date.now() - 29 * 86_400_000));
  const r = dayRange({ from, to: today });
  const paging = { pageNo: 1, pageSize: 20 };
  const reports = {
    overview: (s: Subject) => overview(db, s, r),
    bets: (s: Subject) => teamBets(db, s, r, {}, paging),
    loss: (s: Subject) => userLoss(db, s, r, 'asc', paging),
  };
  for (const name of Object.keys(reports) as (keyof typeof reports)[]) {
    if (wanted.length && !wanted.includes(name)) continue;
    for (const who of ['top', 'sub'] as const) {
      const times: number[] = [];
      for (let i = 0; i < 12; i++) {
        const t0 = performance.now();
        await reports[name](subjects[who]);
        if (i >= 2) times.push(performance.now() - t0);
      }
      console.log(`${name} (${who}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
      if (!explain) continue;
      capture = [];
      await reports[name](subjects[who]);
      const sent = capture;
      capture = null;
      for (const q of sent) {
        const c = await pool.connect();
        try {
          const plan = await c.query({ text: `explain (analyze, buffers) ${q.text}`, values: q.values });
          console.log(`\n-- ${q.text.replace(/\s+/g, ' ').slice(0, 400)}\n-- ${JSON.stringify(q.values).slice(0, 300)}`);
          // Each statement alone, five times (EXPLAIN ANALYZE's own clock reads inflate large plans).
          const alone: number[] = [];
          for (let i = 0; i < 5; i++) {
            const t0 = performance.now();
            await c.query({ text: q.text, values: q.values });
            alone.push(performance.now() - t0);
          }
          console.log(`-- alone: min ${Math.min(...alone).toFixed(1)} ms, p50 ${percentile(alone, 50).toFixed(1)} ms`);
          for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
        } finally {
          c.release();
        }
      }
      console.log('');
    }
  }
} finally {
  await pool.end();
}

/**
 * Agent reports at scale for `npm run bench` (issue 13), on PostgreSQL: a generated team of
 * 100,000 members on four levels under one top agent (10 sub-agents, 100 below them, 1,000 below
 * those, and about 98,900 players), with 5,000,000 settled game rounds over the last 30 days,
 * played in sessions of 10 rounds on one game a day. The members' daily figures are then built
 * by the product's own rebuild (wallet's rebuildDailyFigures), and the platform answers team
 * overview, team betting (first page, with totals) and user loss for a 30-day range through its
 * API, for the top agent and for a sub-agent of about 1,000 members: p95 of each beside one
 * sequential scan of the rounds table. The database is made here and dropped after.
 */
import { sql } from 'drizzle-orm';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { rebuildDailyFigures } from '../../src/features/wallet/server/daily.ts';
import { rowsOf } from '../../src/kernel/db/rows.ts';
import { freshDatabase } from './ledger.ts';
import { openMigrated } from './spins.ts';
import { startPlatform } from './processes.ts';
import { percentile } from './timing.ts';
import { measureSettlements, type SettlementTimes } from './settlements.ts';

export interface ReportTimes {
  members: number;
  rounds: number;
  memberDays: number;
  /** One sequential scan of game_round (sum of the bets), ms. */
  seqScanMs: number;
  /** Seconds to generate the data and build the daily figures. */
  setupSeconds: number;
  /** p95 per report and caller, ms. */
  p95: Record<'overview' | 'bets' | 'loss', { top: number; sub: number }>;
  subTeamSize: number;
  failures: string[];
  /** Issue 14: contract settlements on the same team. */
  settlements: SettlementTimes | null;
}

const ROUNDS = Number(process.env.BENCH_AGENT_ROUNDS ?? 5_000_000);
const SAMPLES = 30;
const TIME_ZONE = 'America/Mexico_City';
const API_HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web' };

export async function measureAgentReports(port: number, workDir: string, log: (s: string) => void, spinRate = Number(process.env.BENCH_SPIN_RATE ?? 500)): Promise<ReportTimes> {
  // BENCH_AGENT_DB: measure again on a database an earlier run kept (BENCH_KEEP_DB=1).
  const kept = process.env.BENCH_AGENT_DB;
  const fresh = kept ? { url: kept, drop: async () => {} } : await freshDatabase('agents');
  const started = Date.now();
  try {
    const handle = await openMigrated({ url: fresh.url });
    const db = handle.db;
    const exec = async (q: ReturnType<typeof sql>) => rowsOf(await db.execute(q));
    if (!kept) await generate(exec, db, log);
    const [{ n: members } = { n: 0 }] = (await exec(sql`select count(*)::int as n from member where username like 'bench\\_%'`)) as { n: number }[];
    const [{ n: memberDays } = { n: 0 }] = (await exec(sql`select count(*)::int as n from member_day`)) as { n: number }[];
    const setupSeconds = Math.round((Date.now() - started) / 1000);

    // Baseline: one sequential scan of the rounds table (what any report without its own rows would read).
    const scans: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await exec(sql`select count(*), sum(bet_amount) from game_round`);
      scans.push(performance.now() - t0);
    }
    const seqScanMs = Math.min(...scans);

    const [top] = (await exec(sql`select id from member where username = 'bench_top'`)) as { id: number }[];
    // A sub-agent of about 1,000: a level-2 agent (10 below it, each with ~99 players).
    const [sub] = (await exec(sql`select m.id, (select count(*) from member d where d.tree_path like m.tree_path || '%' and d.id <> m.id)::int as size
      from member m where m.depth = 2 and m.username like 'bench\\_%' order by m.id limit 1`)) as { id: number; size: number }[];
    const tokens = {
      top: await openSession(db, { id: Number(top!.id), lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined),
      sub: await openSession(db, { id: Number(sub!.id), lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined),
    };
    await handle.close();

    const server = await startPlatform(port, `${workDir}/data-agents`, { DATABASE_URL: fresh.url, SEED: '' });
    // The server's start-up work (jobs that run once at start) finishes before anything is timed.
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_AGENT_PAUSE ?? 15_000)));
    const failures: string[] = [];
    const p95 = { overview: { top: 0, sub: 0 }, bets: { top: 0, sub: 0 }, loss: { top: 0, sub: 0 } };
    try {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
      const from = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() - 29 * 86_400_000));
      const paths = { overview: '/wps/agent/report/overview', bets: '/wps/agent/report/bets', loss: '/wps/agent/report/loss' } as const;
      for (const report of Object.keys(paths) as (keyof typeof paths)[]) {
        for (const who of ['top', 'sub'] as const) {
          const times: number[] = [];
          for (let i = 0; i < SAMPLES + 2; i++) {
            const t0 = performance.now();
            const r = await fetch(`${server.url}${paths[report]}?from=${from}&to=${today}`, { headers: { ...API_HEADERS, authorization: tokens[who] } });
            const body = (await r.json()) as { status?: string; errorCode?: string };
            const ms = performance.now() - t0;
            if (r.status !== 200) failures.push(`${report} ${who}: ${r.status} ${body.errorCode ?? ''}`);
            if (i >= 2) times.push(ms); // two warm-up calls
          }
          p95[report][who] = percentile(times, 95);
          log(`  ${report} (${who}): p95 ${p95[report][who].toFixed(1)} ms`);
        }
      }
    } finally {
      await server.stop();
    }
    // Settlements after the reports (the server's jobs would otherwise settle the contracts' past meanwhile).
    const again = await openMigrated({ url: fresh.url });
    let settlements: SettlementTimes | null = null;
    try {
      settlements = await measureSettlements(again.db, spinRate, log);
    } catch (err) {
      failures.push(`settlements: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await again.close();
    }
    return { members, rounds: ROUNDS, memberDays, seqScanMs, setupSeconds, p95, subTeamSize: sub!.size, failures: [...new Set(failures)], settlements };
  } finally {
    // BENCH_KEEP_DB=1 keeps the generated database for a look at its plans (its name is printed).
    if (process.env.BENCH_KEEP_DB === '1') log(`  kept ${fresh.url}`);
    else await fresh.drop();
  }
}

type Exec = (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;

/** The generated team and its rounds, then the daily figures by the product's own rebuild. */
async function generate(exec: Exec, db: Parameters<typeof rebuildDailyFigures>[0], log: (s: string) => void): Promise<void> {
  log('  generating 100,000 members on four levels...');
  await exec(sql`insert into member (username, password_hash, password_changed_at, type) values ('bench_top', 'x', now(), 1)`);
  // Level by level: each level's uplines exist before the insert trigger looks them up.
  const levels: [number, number][] = [
    [1, 10],
    [2, 10],
    [3, 10],
  ];
  for (const [depth, per] of levels) {
    await exec(sql`insert into member (username, password_hash, password_changed_at, type, upline_id, created_at)
      select 'bench_a' || ${depth} || '_' || u.id || '_' || g, 'x', now(), 1, u.id, now() - (g || ' days')::interval
      from member u cross join generate_series(1, ${per}) g where u.username like 'bench\\_%' and u.depth = ${depth - 1} and u.type = 1`);
  }
  const [{ leaves } = { leaves: 0 }] = (await exec(sql`select count(*)::int as leaves from member where depth = 3`)) as { leaves: number }[];
  const perLeaf = Math.ceil((100_000 - 1 - 10 - 100 - Number(leaves)) / Number(leaves));
  await exec(sql`insert into member (username, password_hash, password_changed_at, type, upline_id, created_at)
    select 'bench_p_' || u.id || '_' || g, 'x', now(), 0, u.id, now() - ((g % 40) || ' days')::interval
    from member u cross join generate_series(1, ${perLeaf}) g where u.depth = 3 and u.username like 'bench\\_%'`);
  const [{ lo, hi } = { lo: 0, hi: 0 }] = (await exec(
    sql`select min(id) filter (where type = 0)::int as lo, max(id) filter (where type = 0)::int as hi from member where username like 'bench\\_%'`,
  )) as { n: number; lo: number; hi: number }[];

  const vendors = ['JL', 'PG', 'FC', 'CQ9', 'JDB', 'KA', 'EVO', 'SEXY', 'SABA', 'IM', 'RCB', 'SV388', 'KM', 'FISHX', 'TCG', 'LOTT'];
  const types = ['RNG', 'RNG', 'RNG', 'RNG', 'RNG', 'RNG', 'LIVE', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'COCKFIGHT', 'PVP', 'FISH', 'ELOTT', 'LOTT'];
  for (const [i, code] of vendors.entries()) {
    await exec(sql`insert into vendor (code, display_name, game_type, sort) values (${code}, ${code}, ${types[i]!}, ${i}) on conflict do nothing`);
  }
  log(`  generating ${ROUNDS.toLocaleString('en')} rounds over 30 days...`);
  // Indexes after the load (faster than keeping them up row by row), as a restore would.
  const indexes = (await exec(sql`select indexname, indexdef from pg_indexes where tablename = 'game_round' and indexname <> 'game_round_pkey'`)) as { indexname: string; indexdef: string }[];
  for (const ix of indexes) await exec(sql.raw(`drop index ${ix.indexname}`));
  // Sessions of 10 rounds: one member, one vendor, one day (hashes of the session number).
  const span = hi - lo + 1;
  await exec(sql`insert into game_round (round_id, member_id, vendor, game_name, bet_amount, win_amount, wallet_account, status, created_at, settled_at)
    select 'b' || g, m, v, v || ' bench game', bet, win, 'member:' || m || ':main', 'settled', t, t + interval '5 seconds'
    from (
      select g, (${lo} + ((s * 7919) % ${span}))::int as m,
        (array[${sql.raw(vendors.map((v) => `'${v}'`).join(','))}])[1 + ((s * 31) % ${vendors.length})] as v,
        (100 + (g * 37) % 1900)::bigint as bet,
        case when (g * 13) % 100 < 45 then 0 else ((100 + (g * 37) % 1900) * (50 + (g * 17) % 150) / 100) end::bigint as win,
        now() - (((s * 104729) % 30) || ' days')::interval - (((g * 61) % 86000) || ' seconds')::interval as t
      from (select g, g / 10 as s from generate_series(1::bigint, ${ROUNDS}::bigint) g) x
    ) y`);
  for (const ix of indexes) await exec(sql.raw(ix.indexdef));
  log('  building the members\u2019 daily figures (rebuildDailyFigures)...');
  await rebuildDailyFigures(db, TIME_ZONE);
  await exec(sql`analyze`);
}

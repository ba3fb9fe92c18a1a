/**
 * `/wps/system/status` while agents export reports (audit issue, item 3), for `npm run bench`
 * (`npm run bench -- exports` alone): on a server with the demo seed, the status call's p99 idle,
 * then again while 10 clients export the team-betting CSV of the last 30 days over and over (the
 * demo agent and nine of its sub-agents, one client each, so that the process's bound of two
 * running exports is what holds; a refused export, 429 agent.export.busy, is asked again after
 * 100 ms). On PGlite (a data folder) and on PostgreSQL (a fresh database, dropped after).
 */
import { and, eq, gt, inArray, like } from 'drizzle-orm';
import { member } from '../../src/features/accounts/server/tables.ts';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { addDays } from '../../src/kernel/days.ts';
import { openMigrated } from './spins.ts';
import { startPlatform, type Running } from './processes.ts';
import { assertLoopback, percentile } from './timing.ts';
import { freshDatabase } from './ledger.ts';

const API_HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web' };
const EXPORTERS = 10;
const SECONDS = Number(process.env.BENCH_EXPORT_SECONDS ?? 15);

export interface ExportLoad {
  /** Status p99 with nothing else running, ms. */
  idleP99: number;
  /** Status p99 while the exports run, ms. */
  loadP99: number;
  statusCalls: number;
  exportsDone: number;
  /** Answers 429 agent.export.busy (asked again after 100 ms). */
  refused: number;
  /** Rows of the demo agent's export (its 30 days of team betting). */
  rows: number;
  failures: string[];
}

/** Sessions of the demo agent and nine of its sub-agents (the demo agent first). */
async function agentTokens(handle: Awaited<ReturnType<typeof openMigrated>>): Promise<string[]> {
  const [top] = await handle.db.select().from(member).where(eq(member.username, 'demoagent'));
  if (!top) throw new Error('no demo agent: was the demo seed run?');
  const subs = await handle.db
    .select()
    .from(member)
    .where(and(like(member.treePath, `${top.treePath}%`), gt(member.depth, top.depth), inArray(member.type, [1, 2, 41, 42])))
    .orderBy(member.depth, member.id)
    .limit(EXPORTERS - 1);
  const tokens: string[] = [];
  for (const m of [top, ...subs]) tokens.push(await openSession(handle.db, { id: m.id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined));
  return tokens;
}

/** Status p99 over `n` calls one after another (ms). */
async function statusTimes(url: string, until: () => boolean, pauseMs: number): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    const res = await fetch(`${url}/wps/system/status`, { headers: API_HEADERS });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`status answered ${res.status}`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return times;
}

/** The status p99 idle, then under 10 exporting clients, on a running server. */
export async function measureExportLoad(url: string, tokens: string[]): Promise<ExportLoad> {
  assertLoopback(url);
  const today = new Date().toISOString().slice(0, 10);
  const query = new URLSearchParams({ report: 'bets', from: addDays(today, -29), to: today });
  const exportUrl = `${url}/wps/agent/report/export?${query}`;
  const failures: string[] = [];

  // Warm up (the first export of each kind compiles its queries), and count the demo agent's rows.
  const first = await fetch(exportUrl, { headers: { ...API_HEADERS, authorization: tokens[0]! } });
  const rows = Math.max(0, (await first.text()).split('\r\n').length - 2);
  if (first.status !== 200) failures.push(`warm-up export answered ${first.status}`);

  let n = 0;
  const idle = await statusTimes(url, () => ++n > 300, 10);

  let stop = false;
  let exportsDone = 0;
  let refused = 0;
  const exporter = async (token: string) => {
    while (!stop) {
      const res = await fetch(exportUrl, { headers: { ...API_HEADERS, authorization: token } });
      const body = await res.text();
      if (res.status === 200) exportsDone++;
      else if (res.status === 429 && body.includes('agent.export.busy')) {
        refused++;
        await new Promise((r) => setTimeout(r, 100));
      } else {
        failures.push(`export answered ${res.status}: ${body.slice(0, 200)}`);
        return;
      }
    }
  };
  const clients = Array.from({ length: EXPORTERS }, (_, i) => exporter(tokens[i % tokens.length]!));
  // Let the exports get going before the status is timed.
  await new Promise((r) => setTimeout(r, 1000));
  const deadline = Date.now() + SECONDS * 1000;
  const loaded = await statusTimes(url, () => Date.now() > deadline, 10);
  stop = true;
  await Promise.all(clients);
  return { idleP99: percentile(idle, 99), loadP99: percentile(loaded, 99), statusCalls: loaded.length, exportsDone, refused, rows, failures };
}

/** On PGlite: the demo seed in a fresh data folder; sessions made while the server is stopped (one process per folder). */
export async function measureExportLoadPglite(port: number, dataDir: string, running: Running[]): Promise<ExportLoad> {
  const seeded = await startPlatform(port, dataDir);
  await seeded.stop();
  const handle = await openMigrated({ dataDir });
  const tokens = await agentTokens(handle);
  await handle.close();
  const server = await startPlatform(port, dataDir);
  running.push(server);
  try {
    // The jobs that run once at start finish before anything is timed.
    await new Promise((r) => setTimeout(r, 5000));
    return await measureExportLoad(server.url, tokens);
  } finally {
    await server.stop();
  }
}

/** On PostgreSQL: the demo seed in a fresh database (dropped after). */
export async function measureExportLoadPostgres(port: number, dataDir: string, running: Running[]): Promise<ExportLoad> {
  const fresh = await freshDatabase('exports');
  try {
    const server = await startPlatform(port, dataDir, { DATABASE_URL: fresh.url });
    running.push(server);
    try {
      const handle = await openMigrated({ url: fresh.url });
      const tokens = await agentTokens(handle);
      await handle.close();
      await new Promise((r) => setTimeout(r, 5000));
      return await measureExportLoad(server.url, tokens);
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.drop();
  }
}

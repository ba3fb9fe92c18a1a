/**
 * `npm run bench -- cluster` (issue 33): what a second server process buys on this machine. The
 * whole platform (`npm start`, pages and API) runs on a fresh PostgreSQL database with WORKERS=1,
 * then WORKERS=2, and each time takes the home page (brotli, 50 connections) and sandbox spins
 * through the API (50 players); the scaling ratio is the 2-process figure over the 1-process one.
 * Beside them, in the same run: the same home bytes from a plain Node server, and pgbench's
 * tpcb-like transactions on the same PostgreSQL.
 *
 * On a 2-core machine the load generator, PostgreSQL and the app share the cores, so the ratio says
 * how much of the machine one process leaves unused, not how the app scales on more cores.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { freshDatabase, findPgbench, runPgbench } from './ledger.ts';
import { startPlatform, startStatic, type Running } from './processes.ts';
import { load } from './timing.ts';
import { fetchAsSent } from './page-weight.ts';
import { measureSpins, openMigrated, preparePlayers, auditOk } from './spins.ts';

export interface ClusterRun {
  workers: number;
  homePerSecond: number;
  homeErrors: number;
  spinsPerSecond: number;
  spinFailures: number;
  auditOk: boolean;
}

export interface ClusterFigures {
  runs: ClusterRun[];
  plainHomePerSecond: number;
  pgbenchTps: number | null;
}

const HOME_HEADERS = { 'accept-encoding': 'br, gzip' };

/** Runs the platform with 1 and then 2 workers and measures each; `running` collects the processes for cleanup. */
export async function measureCluster(o: { port: number; work: string; seconds: number; connections: number; running: Running[]; log: (s: string) => void }): Promise<ClusterFigures> {
  const runs: ClusterRun[] = [];
  let plainHomePerSecond = 0;
  for (const workers of [1, 2]) {
    const fresh = await freshDatabase(`cluster${workers}`);
    try {
      o.log(`Starting the platform with WORKERS=${workers} on a fresh PostgreSQL database...`);
      // The same database connections in all (20), shared by the workers: the ratio is the cores'.
      const platform = await startPlatform(o.port, path.join(o.work, `cluster-${workers}`), { DATABASE_URL: fresh.url, WORKERS: String(workers), DATABASE_POOL_SIZE: String(20 / workers) });
      o.running.push(platform);
      // Ready is the first worker's answer: give the others time to listen before any connection is made.
      await new Promise((r) => setTimeout(r, 3_000));
      o.log(`  the home page with ${o.connections} connections for ${o.seconds} s...`);
      const home = await load(`${platform.url}/`, o.connections, o.seconds, HOME_HEADERS);
      if (workers === 1) {
        // The same bytes from a plain Node server, in the same run.
        const asSent = await fetchAsSent(`${platform.url}/`, { 'accept-encoding': 'br' });
        const file = path.join(o.work, 'cluster-home.html.br');
        writeFileSync(file, asSent.sent);
        const plain = await startStatic(o.port + 1, file, 'text/html; charset=utf-8', asSent.headers['content-encoding'] as string | undefined);
        o.running.push(plain);
        plainHomePerSecond = (await load(`${plain.url}/`, o.connections, o.seconds, HOME_HEADERS)).requestsPerSecond;
        await plain.stop();
      }
      const handle = await openMigrated({ url: fresh.url });
      const players = await preparePlayers(handle, o.connections);
      o.log(`  spins with ${o.connections} players for ${o.seconds} s...`);
      const spins = await measureSpins(platform.url, players, o.seconds);
      await platform.stop();
      runs.push({
        workers,
        homePerSecond: home.requestsPerSecond,
        homeErrors: home.errors + home.non2xx,
        spinsPerSecond: spins.spinsPerSecond,
        spinFailures: spins.failures,
        auditOk: await auditOk(handle),
      });
      await handle.close();
    } finally {
      await fresh.drop();
    }
  }
  const bin = findPgbench();
  let pgbenchTps: number | null = null;
  if (bin) {
    o.log(`pgbench tpcb-like, -s ${o.connections} -c ${o.connections} -j 2 -T ${o.seconds}...`);
    pgbenchTps = (await runPgbench(bin, { clients: o.connections, seconds: o.seconds })).tps;
  }
  return { runs, plainHomePerSecond, pgbenchTps };
}

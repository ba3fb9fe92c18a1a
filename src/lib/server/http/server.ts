/**
 * The production server: one Node process serving the Astro site and its /wps and /lgw API.
 * Started by scripts/start.mjs after the build. With the embedded PGlite it writes
 * DATA_DIR/server.json (pid, port, a secret) so that `npm run ops` can reach the process that
 * holds the database; with PostgreSQL any number of these processes can run on one database.
 */
import http from 'node:http';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dataDir, env, projectRoot } from '../env.ts';
import { initDb, closeDb } from '../db/index.ts';
import { seedDemoIfNeeded } from '../seed/index.ts';
import { runOps } from '../ops/commands.ts';
import { clearPageCache } from './page-cache.ts';
import { createSiteHandler, type NodeHandler } from './site.ts';
import { brand } from '../brand/index.ts';
import { DEMO_ACCOUNTS } from '../accounts/seed.ts';
import { autoReceiveDue } from '../wallet/withdrawals.ts';
import { refundStaleRounds } from '../wallet/game-play.ts';
import { lockPath, readLiveLock, type ServerLock } from './lock.ts';
import { log } from '../log.ts';

export { lockPath, readLiveLock, type ServerLock } from './lock.ts';

function opsHandler(secret: string): NodeHandler {
  return async (req, res) => {
    const given = Buffer.from(String(req.headers['x-ops-secret'] ?? ''));
    const want = Buffer.from(secret);
    if (req.method !== 'POST' || given.length !== want.length || !timingSafeEqual(given, want)) {
      res.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const argv = JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
    const handle = await initDb();
    const result = await runOps(handle.db, argv, 'ops-cli');
    clearPageCache();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  };
}

export interface StartOptions {
  /** Serves pages with this handler instead of the built site (the wallet crash test needs only the API). */
  astro?: NodeHandler;
}

/** Opens the database, seeds demo data when asked, and serves. Resolves once listening. */
export async function startServer(options: StartOptions = {}): Promise<{ server: http.Server; url: string; close(): Promise<void> }> {
  const e = env();
  const usesPglite = !e.DATABASE_URL;
  if (usesPglite && readLiveLock()) {
    throw new Error(`Another server is using ${dataDir()} (see ${lockPath()}). Stop it, or set DATA_DIR or DATABASE_URL.`);
  }
  const handle = await initDb();
  const seed = e.SEED === 'demo' ? await seedDemoIfNeeded(handle) : null;

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // DIST_DIR: another build folder (scripts/lib/build-if-needed.mjs and astro.config.mjs read it too).
  const entry = path.join(projectRoot, process.env.DIST_DIR || 'dist', 'server/entry.mjs');
  const astro = options.astro ?? ((await import(entry)) as { handler: NodeHandler }).handler;
  const secret = randomBytes(24).toString('base64url');
  const site = createSiteHandler({ astro, ops: usesPglite ? opsHandler(secret) : undefined, cache: true });
  const server = http.createServer((req, res) => void site(req, res));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(e.PORT, e.HOST, resolve);
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : e.PORT;
  if (usesPglite) {
    writeFileSync(lockPath(), JSON.stringify({ pid: process.pid, port, host: e.HOST, secret } satisfies ServerLock), { mode: 0o600 });
  }
  const url = `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${port}`;
  const lines = [
    `${brand().name} is serving on ${url}`,
    `  database: ${handle.kind === 'pglite' ? `PGlite in ${dataDir()}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  demo data: ${seed ? (seed.seeded ? 'seeded now' : `seeded on ${seed.at}`) : 'not seeded (SEED=none)'}`,
  ];
  if (seed) {
    lines.push('  demo accounts (demo data, public passwords):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(6)} ${a.username} / ${a.password}`);
  }
  console.log(lines.join('\n'));

  // Payouts left unconfirmed count as received after the brand's minutes (spec 4): one cheap
  // conditional UPDATE a minute, safe when several processes share the database.
  const autoReceive = setInterval(() => {
    autoReceiveDue(handle.db, Date.now()).catch((err) => log.warn('wallet.autoReceive.failed', { error: err instanceof Error ? err.message : String(err) }));
  }, 60_000);
  autoReceive.unref();

  // Rounds a vendor opened and never closed (a closed window, a lost connection, a restart on
  // either side) are refunded once older than GAME_ROUND_TIMEOUT_MINUTES: at start-up, so that
  // a restart leaves no money held, and every minute. Safe with several processes (each refund
  // is idempotent by round id).
  const roundTimeoutMs = e.GAME_ROUND_TIMEOUT_MINUTES * 60_000;
  const sweepRounds = () =>
    refundStaleRounds(handle.db, Date.now(), roundTimeoutMs)
      .then((n) => n && log.info('game.rounds.refunded', { count: n }))
      .catch((err) => log.warn('game.rounds.sweep.failed', { error: err instanceof Error ? err.message : String(err) }));
  void sweepRounds();
  const roundSweeper = setInterval(sweepRounds, 60_000);
  roundSweeper.unref();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(autoReceive);
      clearInterval(roundSweeper);
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      if (usesPglite) rmSync(lockPath(), { force: true });
      await closeDb();
    })());
  return { server, url, close };
}

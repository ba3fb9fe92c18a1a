/**
 * The production server: one Node process serving the Astro site and its /wps and /lgw API.
 * Started by scripts/start.mjs after the build. With the embedded PGlite it writes
 * DATA_DIR/server.json (pid, port, a secret) so that `npm run ops` can reach the process that
 * holds the database; with PostgreSQL any number of these processes can run on one database.
 */
import http from 'node:http';
import net from 'node:net';
import cluster from 'node:cluster';
import path from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dataDir, env, projectRoot } from '../kernel/env.ts';
import { initDb, closeDb } from '../kernel/db/index.ts';
import { seedDemoIfNeeded } from './seed.ts';
import { runOps } from './ops.ts';
import { clearPageCache } from '../kernel/http/page-cache.ts';
import { answerClientError, createSiteHandler, type NodeHandler } from './site.ts';
import { setSelfOrigin } from '../kernel/http/origins.ts';
import { brand } from '../kernel/brand/index.ts';
import { DEMO_ACCOUNTS } from '../features/accounts/server/seed.ts';
import { DEMO_STAFF } from '../features/console/index.ts';
import { startJobs } from './jobs.ts';
import { checkBrand } from './brand.ts';
import { lockPath, readLiveLock, type ServerLock } from '../kernel/http/lock.ts';
import { setReadinessCheck, startDrain } from '../kernel/http/lifecycle.ts';
import { setOutboxLagReader } from '../kernel/metrics.ts';
import { outboxLag } from '../kernel/events.ts';
import { CONSUMERS } from './features.ts';
import { sql } from 'drizzle-orm';

export { lockPath, readLiveLock, type ServerLock } from '../kernel/http/lock.ts';

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

/**
 * What the primary of WORKERS=N does once before its workers start: checks the brand, migrates,
 * seeds demo data when asked, and closes the database again.
 */
export async function prepareDatabase(): Promise<void> {
  checkBrand(brand());
  const handle = await initDb();
  if (env().SEED === 'demo') await seedDemoIfNeeded(handle);
  await closeDb();
}

/** Opens the database, seeds demo data when asked, and serves. Resolves once listening. */
export async function startServer(options: StartOptions = {}): Promise<{ server: http.Server; url: string; close(timeoutMs?: number): Promise<void> }> {
  const e = env();
  // A bad brand file stops the start here, naming the file and each bad field (the features' parts too).
  checkBrand(brand());
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
  const staticDir = options.astro ? undefined : path.join(projectRoot, process.env.DIST_DIR || 'dist', 'client');
  const site = createSiteHandler({ astro, ops: usesPglite ? opsHandler(secret) : undefined, cache: true, staticDir });
  const server = http.createServer((req, res) => void site(req, res));
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  const connections = trackConnections(server);
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
  setSelfOrigin(`http://${['0.0.0.0', '::'].includes(e.HOST) ? '127.0.0.1' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${port}`);
  const lines = [
    `${brand().name} is serving on ${url}`,
    `  database: ${handle.kind === 'pglite' ? `PGlite in ${dataDir()}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  demo data: ${seed ? (seed.seeded ? 'seeded now' : `seeded on ${seed.at}`) : 'not seeded (SEED=none)'}`,
  ];
  if (seed) {
    lines.push('  demo accounts (demo data, public passwords):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(6)} ${a.username} / ${a.password}`);
    for (const s of DEMO_STAFF) lines.push(`    console ${s.role} ${s.username} / ${s.password} (on /console; the first login sets up an authenticator app)`);
  }
  // Under WORKERS=N the first worker says it all; the others, one line each.
  const worker = cluster.isWorker ? cluster.worker?.id : undefined;
  console.log(worker && worker > 1 ? `worker ${worker} (pid ${process.pid}) is serving on ${url}` : lines.join('\n'));

  const stopJobs = startJobs(handle.db);
  setReadinessCheck(async () => {
    await handle.db.execute(sql`select 1`);
  });
  setOutboxLagReader(() => outboxLag(handle.db, CONSUMERS));

  let closing: Promise<void> | null = null;
  /**
   * The graceful stop (SIGTERM): readiness fails and event streams end with a retry hint at once
   * (lifecycle.ts); no new connection is taken; requests in flight finish, each answer closing
   * its connection, within `timeoutMs` (STOP_TIMEOUT_SECONDS), after which what is left is cut;
   * the jobs finish their tick; then the database closes, which ends every session-level lock
   * this process held (the jobs' and the ledger's are transaction-level: they ended with their
   * transactions). `timeoutMs` 0 stops at once (a second signal).
   */
  const close = (timeoutMs = e.STOP_TIMEOUT_SECONDS * 1000) =>
    (closing ??= (async () => {
      const started = Date.now();
      startDrain();
      const jobsDone = stopJobs();
      // The listener closes; the connections open stay, each closed once it has been idle for a
      // while (not at once: see trackConnections).
      const closed = new Promise<void>((r) => net.Server.prototype.close.call(server, () => r()));
      const sweep = setInterval(() => connections.closeIdle(IDLE_BEFORE_CLOSE_MS), 100);
      const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearInterval(sweep);
      clearTimeout(cut);
      const left = Math.max(0, timeoutMs - (Date.now() - started));
      await Promise.race([jobsDone, new Promise((r) => setTimeout(r, left).unref())]);
      if (usesPglite) rmSync(lockPath(), { force: true });
      await closeDb();
    })());
  return { server, url, close };
}

/**
 * How long a kept-alive connection must have been idle before a draining server closes it: longer
 * than the proxy keeps an idle connection to it (deploy/nginx/casino.conf: `keepalive_timeout 1s`
 * in the upstream), so that the proxy closes its idle connections first.
 */
const IDLE_BEFORE_CLOSE_MS = 2_000;

/**
 * The server's connections and whether each is between requests, and since when. A draining server
 * does not close a kept-alive connection that a proxy may still use: the proxy (nginx's upstream
 * keepalive) may be writing its next request on it at the very moment it is closed, and a POST
 * lost that way is answered 502 (nginx resends no POST). Node's own `server.close()` closes every
 * idle connection at once, which is that race; the listener is closed with net.Server's close
 * instead. A connection in use meanwhile gets `Connection: close` on its answer (site.ts) and ends;
 * an idle one is closed by the proxy, whose idle time out is shorter (IDLE_BEFORE_CLOSE_MS), or
 * else by this server after IDLE_BEFORE_CLOSE_MS (a client that is not such a proxy: a browser
 * sends a request lost on a reused connection again by itself).
 */
function trackConnections(server: http.Server) {
  const state = new Map<net.Socket, { busy: number; idleSince: number }>();
  server.on('connection', (socket: net.Socket) => {
    state.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => state.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const s = state.get(req.socket);
    if (!s) return;
    s.busy += 1;
    res.once('close', () => {
      s.busy -= 1;
      s.idleSince = Date.now();
    });
  });
  return {
    /** Closes the connections idle for at least `ms`. */
    closeIdle(ms: number): void {
      const now = Date.now();
      for (const [socket, s] of state) if (s.busy === 0 && now - s.idleSince >= ms) socket.destroy();
    },
  };
}

/**
 * SIGTERM or SIGINT stops the server gracefully (`close`, within STOP_TIMEOUT_SECONDS) and exits
 * 0; a second signal at least a second after the first exits 1 at once, whatever is in flight. (One
 * Ctrl-C can arrive twice: from the terminal to the process group and forwarded by npm; that is
 * one request to stop.) A worker of WORKERS=N takes only SIGTERM, from its primary: the terminal's
 * SIGINT reaches the whole group, and the primary passes it on as SIGTERM. A worker whose primary
 * is gone is ended by node:cluster itself (it exits when its channel closes).
 */
export function stopOnSignals(running: { close(): Promise<void> }): void {
  let firstAt = 0;
  const stop = () => {
    if (firstAt) {
      if (Date.now() - firstAt >= 1_000) process.exit(1);
      return;
    }
    firstAt = Date.now();
    void running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('stop failed:', err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', cluster.isWorker ? () => {} : stop);
}

/**
 * `npm run test:cluster` (issue 33, stage 2): three processes of the whole platform (`npm start`,
 * WORKERS=1 each) on one fresh PostgreSQL database, behind nginx with the configuration shipped in
 * deploy/nginx/casino.conf (installed from Debian's packages when missing), under a load of spins
 * through the API. Mid-load one process is SIGKILLed and started again, another is stopped with
 * SIGTERM and started again, and an operator switches a white-label flag. Then:
 *
 * - every spin a client saw acknowledged is in the ledger once: a client whose call failed (a 502
 *   of the killed process, a cut connection) sends it again with the same idempotency key until it
 *   is answered, and the rounds written equal the spins acknowledged, exactly;
 * - the ledger audit is sound;
 * - the clients saw no 5xx but from the killed process's own requests: each one within three
 *   seconds of the kill (they are counted and printed);
 * - the flag's change reached every process within a second (asked of each process directly);
 * - no login got past the limits: 30 password guesses at once against one account, spread over
 *   the processes, are checked at most three times (then the captcha is asked), and the right
 *   password without the captcha is refused too;
 * - a pg_dump taken under load restores into an empty database whose ledger audit is sound;
 * - a notice published while every process holds the notices page in its page cache shows on
 *   every process within a second;
 * - transfers between the main wallet and a game wallet, sent meanwhile by other players (again
 *   with their keys when a call fails), are each in the ledger once;
 * - lottery tickets bought meanwhile on the one-minute SSC game (the load is timed so that a draw
 *   closes at the kill and is drawn around the SIGTERM, by whichever process's job comes first)
 *   are each in the database once; every draw due is drawn, once, and its tickets are paid in one
 *   transfer;
 * - settlements due: just before the kill the demo agents' daily contracts are moved 30 days
 *   back, so that a month of periods falls due while processes die and start (each process
 *   settles what is due at its start and every minute); afterwards every period due is settled,
 *   none twice, each payment in the ledger once.
 *
 * Exits 0 when every check holds. Needs PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432/test)
 * and nginx (apt-get install nginx as root when missing).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildIfNeeded } from './lib/build-if-needed.mjs';
import { freshDatabase, postgresUnreachable } from './bench/ledger.ts';
import { startPlatform, type Running } from './bench/processes.ts';
import { auditOk, openMigrated, preparePlayers } from './bench/spins.ts';
import { rowsOf } from '../src/kernel/db/rows.ts';
import { importPublicKey, sealBody, ENCRYPTION_HEADER } from '../src/kernel/envelope/crypto.ts';
import { leadingZeroBits } from '../src/kernel/pow/pow.ts';

process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/test';
const root = path.resolve(import.meta.dirname, '..');
const NGINX_PORT = Number(process.env.CLUSTER_PORT ?? 4760);
const PORTS = [NGINX_PORT + 1, NGINX_PORT + 2, NGINX_PORT + 3];
const PLAYERS = 24;
const TRANSFERRERS = 4;
const BUYERS = 6;
/** The lottery game whose draws fall inside the load: one a minute, bets close 10 s before. */
const LOTTERY = 'SSC1';
/** When in the load that game's draw comes (it closes 10 s earlier, at about the kill). */
const DRAW_INTO_LOAD_MS = 14_000;
const LOAD_MS = 22_000;
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };
const work = mkdtempSync(path.join(tmpdir(), 'casino-cluster-'));
const say = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const t0 = performance.now();

function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  return null;
}

/** nginx from Debian's packages, installed when missing (as root). */
function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx');
  say('installing nginx from Debian’s packages...');
  let r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8' });
    r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const bin = findNginx();
  if (!bin) throw new Error(`apt-get install nginx failed: ${r.stderr}`);
  return bin;
}

/** Starts nginx with deploy/nginx/casino.conf, its ports made ours, in a folder of its own. */
async function startNginx(bin: string): Promise<ChildProcess> {
  const dir = path.join(work, 'nginx');
  mkdirSync(dir, { recursive: true });
  const shipped = readFileSync(path.join(root, 'deploy/nginx/casino.conf'), 'utf8');
  // The shipped file's app ports (4321-4323) become ours in one pass, and its listen line ours.
  let site = shipped.replace(/127\.0\.0\.1:(432[123])\b/g, (_, p: string) => `127.0.0.1:${PORTS[Number(p) - 4321]}`);
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${NGINX_PORT};`).replace(/\n\s*listen \[::\]:80;/, '');
  // Which process answered, on every answer (nginx's own 502s too): the 5xx are blamed by it.
  site = site.replace(/(\n\s*location \/ \{)/, '$1\n        add_header X-Upstream $upstream_addr always;');
  if (!PORTS.every((p) => site.includes(`127.0.0.1:${p}`)) || !site.includes(`listen 127.0.0.1:${NGINX_PORT};`) || !site.includes('X-Upstream')) {
    throw new Error('deploy/nginx/casino.conf no longer has the lines this test rewrites (the upstream ports, listen 80, location /)');
  }
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/${k};`).join('\n  ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  ${temp}\n${site}\n}\n`,
  );
  const child = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 100; i++) {
    const ok = await request('GET', `http://127.0.0.1:${NGINX_PORT}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer; its log:\n${readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000)}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** One call; a network error is a status of 0. */
function request(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; json: any; text: string; upstream: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent, headers: { ...HEADERS, ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) }, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: any = null;
        try {
          json = JSON.parse(text);
        } catch {
          // a page, or an nginx error page
        }
        resolve({ status: res.statusCode ?? 0, json, text, upstream: String(res.headers['x-upstream'] ?? '') });
      });
      res.on('error', () => resolve({ status: 0, json: null, text: '', upstream: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, json: null, text: '', upstream: '' }));
    req.end(body);
  });
}

function flagOf(nodes: { modId: string; enabled: string; childrenNodes: unknown[] }[], modId: string): string | null {
  for (const n of nodes) {
    if (n.modId === modId) return n.enabled;
    const inner = flagOf(n.childrenNodes as typeof nodes, modId);
    if (inner !== null) return inner;
  }
  return null;
}

const GUESSES = 30;
let publicKey: CryptoKey | null = null;
/**
 * One login through the site, as a browser sends it (a solved proof of work, the body sealed):
 * answers 'ok' or the error code, with the status and upstream of the call that decided it.
 */
async function loginOnce(base: string, username: string, password: string): Promise<{ outcome: string; status: number; upstream: string }> {
  const k = await request('GET', `${base}/wps/session/key/rsa`);
  const ch = await request('GET', `${base}/wps/verification/challenge`);
  const key = k.json?.value?.publicKey;
  const c = ch.json?.value as { challengeId: string; salt: string; difficulty: number } | undefined;
  if (!key) return { outcome: 'no key', status: k.status, upstream: k.upstream };
  if (!c) return { outcome: 'no challenge', status: ch.status, upstream: ch.upstream };
  publicKey ??= await importPublicKey(key);
  let nonce = 0;
  while (leadingZeroBits(createHash('sha256').update(`${c.salt}:${nonce}`).digest()) < c.difficulty) nonce++;
  const sealed = await sealBody(publicKey, 'POST', '/wps/session/login', { type: 'username', username, password, challengeId: c.challengeId, challengeNonce: String(nonce) });
  const r = await request('POST', `${base}/wps/session/login`, JSON.stringify({ value: sealed.value }), { [ENCRYPTION_HEADER]: sealed.encryption });
  return { outcome: r.json?.success ? 'ok' : String(r.json?.errorCode ?? `HTTP ${r.status}`), status: r.status, upstream: r.upstream };
}

/**
 * Asks `ask` every `everyMs` for `forMs` from `from`, without waiting for answers (under load an
 * answer can wait in a process's queue): answers when the last call answered with the old state
 * was sent (ms after `from`; -1 when none was) and how many answered with the new one. "Shown
 * within a second" means no call sent later than a second after the change got the old state.
 */
async function lastStale(ask: () => Promise<boolean>, from: number, everyMs: number, forMs: number): Promise<{ stale: number; fresh: number }> {
  const calls: Promise<void>[] = [];
  let stale = -1;
  let fresh = 0;
  while (performance.now() - from < forMs) {
    const sent = performance.now() - from;
    calls.push(
      ask().then(
        (isNew) => {
          if (isNew) fresh++;
          else stale = Math.max(stale, sent);
        },
        () => {},
      ),
    );
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(calls);
  return { stale, fresh };
}

const failures: string[] = [];
const processes: (Running | null)[] = [null, null, null];
let nginx: ChildProcess | null = null;
const check = (ok: boolean, what: string) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// Whatever ends this script, nothing it started outlives it.
process.on('exit', () => {
  for (const p of processes) p?.child.kill('SIGKILL');
  nginx?.kill('SIGKILL');
});
process.on('unhandledRejection', (err) => {
  console.error('cluster test: unhandled', err);
  process.exit(1);
});

const unreachable = await postgresUnreachable(process.env.TEST_DATABASE_URL);
if (unreachable) {
  console.error(`PostgreSQL is not reachable (${unreachable}): the cluster test needs it.`);
  process.exit(1);
}
const nginxBin = ensureNginx();
buildIfNeeded();
const fresh = await freshDatabase('cluster');
// Cheap proofs of work and password hashes: the guesses below are about the limits, not the hash.
const env = { DATABASE_URL: fresh.url, TRUST_PROXY: '1', STOP_TIMEOUT_SECONDS: '5', LOG_LEVEL: 'error', POW_DIFFICULTY: '4', PASSWORD_HASH_COST: '10' };
const start = (i: number) => startPlatform(PORTS[i]!, path.join(work, `p${i}`), env).then((r) => (processes[i] = r));
try {
  say('starting three processes on one PostgreSQL database (the first migrates and seeds)...');
  await start(0);
  await Promise.all([start(1), start(2)]);
  nginx = await startNginx(nginxBin);
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  const handle = await openMigrated({ url: fresh.url });
  const everyone = await preparePlayers(handle, PLAYERS + TRANSFERRERS + BUYERS);
  const players = { tokens: everyone.tokens.slice(0, PLAYERS), nodeIds: everyone.nodeIds.slice(0, PLAYERS), memberIds: everyone.memberIds.slice(0, PLAYERS) };
  const transferrers = everyone.tokens.slice(PLAYERS, PLAYERS + TRANSFERRERS);
  const transferrerIds = everyone.memberIds.slice(PLAYERS, PLAYERS + TRANSFERRERS);
  const buyers = everyone.tokens.slice(PLAYERS + TRANSFERRERS);
  const buyerIds = everyone.memberIds.slice(PLAYERS + TRANSFERRERS);
  // The buyers move money into the lottery vendor's wallet first, as a player of a transfer
  // wallet does; the transferrers move it between main and their slot vendor's wallet.
  // /lgw answers bare JSON (docs/protocol.md).
  const lottery = async () =>
    (await request('GET', `${base}/lgw/lottery/game?gameCode=${LOTTERY}`)).json as { vendor: string; draws: { drawNo: string; closesAt: number; drawAt: number }[]; now: number };
  const lotteryVendor = (await lottery()).vendor;
  for (const token of buyers) {
    const r = await request('POST', `${base}/wps/relay/GCS_walletTransfer`, JSON.stringify({ from: 'MAIN', to: lotteryVendor, amount: '500', idempotencyKey: randomBytes(12).toString('hex') }), {
      authorization: token,
    });
    if (!r.json?.success) throw new Error(`the buyers' transfer was refused: ${JSON.stringify(r.json)}`);
  }
  const slotVendors = await Promise.all(
    everyone.nodeIds.slice(PLAYERS, PLAYERS + TRANSFERRERS).map(async (nodeId) => {
      const [row] = rowsOf(await handle.db.execute(sql`select vassalage from game where node_id = ${nodeId}`));
      return String(row!.vassalage);
    }),
  );
  const launches = await Promise.all(
    players.tokens.map(async (token, i) => {
      const r = await request('GET', `${base}/wps/game/launchGame?nodeId=${players.nodeIds[i]}`, undefined, { authorization: token });
      if (!r.json?.success) throw new Error(`launch refused: ${JSON.stringify(r.json)}`);
      const launch = new URL(r.json.value.content.game_url, base).searchParams.get('launch')!;
      const state = await request('GET', `${base}/wps/sandbox/game/state?launch=${launch}`);
      return { launch, bet: state.json.value.rules.bets[0] as string };
    }),
  );

  // The load starts so that a draw of the lottery game comes DRAW_INTO_LOAD_MS into it (its bets
  // close about at the kill, and it is drawn about at the SIGTERM): up to a minute's wait.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const game = await lottery();
  const skew = game.now - Date.now();
  const target = game.draws.map((d) => d.drawAt).find((at) => at - (Date.now() + skew) >= DRAW_INTO_LOAD_MS + 1_000);
  if (!target) throw new Error(`no ${LOTTERY} draw far enough ahead: ${JSON.stringify(game.draws)}`);
  const wait = target - DRAW_INTO_LOAD_MS - (Date.now() + skew);
  say(`waiting ${(wait / 1000).toFixed(1)} s so that a ${LOTTERY} draw comes ${DRAW_INTO_LOAD_MS / 1000} s into the load...`);
  await sleep(wait);

  // The load: every player spins through nginx; a call that fails is sent again with its key.
  const acknowledged = new Map<string, string>();
  const transfers = new Set<string>();
  const tickets = new Map<string, string>();
  const serverErrors: { at: number; status: number; upstream: string }[] = [];
  const refusals: string[] = [];
  let closedDraws = 0;
  let networkErrors = 0;
  let resent = 0;
  // The load runs at least LOAD_MS, and until every event below has happened and 3 s more (on a
  // busy machine a start can take a while): `end` is set then.
  const loadStart = performance.now();
  let end = Infinity;
  /**
   * One call sent until it is answered (the same body, so the same idempotency key): answers the
   * success's value, or null when refused (`refused` says whether the refusal is expected).
   */
  async function untilAnswered(what: string, path: string, body: string, headers: Record<string, string> = {}, expected = (_code: string) => false): Promise<any> {
    for (let attempt = 0; ; attempt++) {
      const r = await request('POST', `${base}${path}`, body, headers);
      // /wps answers in the envelope, /lgw bare.
      if (r.status === 200 && r.json && (r.json.success === true || (path.startsWith('/lgw/') && !r.json.errorCode))) return path.startsWith('/lgw/') ? r.json : r.json.value;
      if (r.status >= 500) serverErrors.push({ at: performance.now(), status: r.status, upstream: r.upstream });
      else if (r.status === 0) networkErrors++;
      else if (expected(String(r.json?.errorCode))) return null;
      else {
        refusals.push(`${what}: ${r.status} ${r.json?.errorCode}`);
        return null;
      }
      if (attempt >= 40) throw new Error(`a ${what} was not answered after ${attempt} tries`);
      resent++;
      await sleep(250);
    }
  }
  const spinning = launches.map(async ({ launch, bet }) => {
    while (performance.now() < end) {
      const key = randomBytes(12).toString('hex');
      const value = await untilAnswered('spin', '/wps/sandbox/game/spin', JSON.stringify({ launch, bet, idempotencyKey: key }));
      if (value) acknowledged.set(key, String(value.round.roundId));
    }
  });
  // Transfers: 1.00 into the slot vendor's wallet and back, again and again.
  const transferring = transferrers.map(async (token, i) => {
    for (let n = 0; performance.now() < end; n++) {
      const key = randomBytes(12).toString('hex');
      const [from, to] = n % 2 === 0 ? ['MAIN', slotVendors[i]!] : [slotVendors[i]!, 'MAIN'];
      const value = await untilAnswered('transfer', '/wps/relay/GCS_walletTransfer', JSON.stringify({ from, to, amount: '1', idempotencyKey: key }), { authorization: token });
      if (value) transfers.add(key);
      await sleep(50);
    }
  });
  // Tickets: a slip of one ticket on the draw taking bets, asked before each purchase; a slip
  // refused because its draw closed meanwhile is expected (counted), not a failure.
  const buying = buyers.map(async (token) => {
    while (performance.now() < end) {
      const open = (await lottery())?.draws?.[0];
      if (!open) {
        await sleep(100);
        continue;
      }
      const body = JSON.stringify({
        gameCode: LOTTERY,
        drawNo: open.drawNo,
        idempotencyKey: randomBytes(12).toString('hex'),
        tickets: [{ betType: 'ssc.sumBigSmall', numbers: [], side: 'big', stake: '1.00' }],
      });
      const value = await untilAnswered('ticket', '/lgw/lottery/bet', body, { authorization: token }, (code) => {
        if (code !== 'lottery.draw.closed') return false;
        closedDraws++;
        return true;
      });
      for (const t of value?.tickets ?? []) tickets.set(String(t.ticketId), String(value.drawNo));
      await sleep(100);
    }
  });
  const load = Promise.allSettled([...spinning, ...transferring, ...buying]);

  // What happens to the processes meanwhile.
  // A burst of password guesses against one account, spread over the three processes through
  // nginx, while they spin; then its right password without the captcha.
  const guesses = (async () => {
    await sleep(1_000);
    // A login a killed process failed to answer (a 5xx, counted with the others) is tried again.
    const login = async (password: string) => {
      for (let attempt = 0; ; attempt++) {
        const r = await loginOnce(base, 'demoplayer', password);
        if (r.status < 500 && r.status !== 0) return r.outcome;
        if (r.status >= 500) serverErrors.push({ at: performance.now(), status: r.status, upstream: r.upstream });
        else networkErrors++;
        if (attempt >= 10) return r.outcome;
        resent++;
        await sleep(250);
      }
    };
    const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => login(`wrong-guess-${i}`)));
    const right = await login('Demo1234');
    return { answers, right };
  })().catch((err: unknown) => ({ answers: [] as string[], right: `failed: ${String(err)}` }));
  // A dump taken under load, restored and audited after.
  const dumpFile = path.join(work, 'under-load.dump');
  const dumped = (async () => {
    await sleep(12_000);
    say('pg_dump under load...');
    // Not spawnSync: the spinning clients run on this process's event loop and must go on.
    const child = spawn('pg_dump', ['--format=custom', `--file=${dumpFile}`, fresh.url], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`pg_dump failed: ${stderr}`);
    say('  dumped');
    return true;
  })().catch((err: unknown) => {
    failures.push(String(err));
    return false;
  });
  await sleep(3_500);
  // Settlements fall due: the demo agents' daily contracts now started 30 days earlier, so that a
  // month of their periods is due while processes die and start.
  const [settledBefore] = rowsOf(await handle.db.execute(sql`select count(*)::int as n from agent_period where kind = 'daily'`));
  await handle.db.execute(sql`update agent_contract set started_at = started_at - interval '30 days' where kind = 'daily' and started_at is not null`);
  say(`settlements due: the daily contracts moved 30 days back (${settledBefore!.n} daily periods settled so far)`);
  await sleep(500);
  say('SIGKILL process 2');
  const killedAt = performance.now();
  processes[1]!.child.kill('SIGKILL');
  await sleep(3_000);
  say('starting process 2 again');
  const restartAt = performance.now();
  await start(1);
  say(`  process 2 ready in ${((performance.now() - restartAt) / 1000).toFixed(1)} s`);
  await sleep(2_000);
  say('SIGTERM process 3 (a graceful stop), then starting it again');
  const stoppedAt = performance.now();
  const stopping = processes[2]!;
  await stopping.stop();
  const stopTook = performance.now() - stoppedAt;
  const stopExit = stopping.child.exitCode;
  await start(2);
  await sleep(1_000);
  // An operator switches a flag; each process is asked directly until it shows the change.
  const whitelabel = async (port: number) => flagOf((await request('GET', `http://127.0.0.1:${port}/wps/system/whitelabel`)).json?.value ?? [], 'FREEPLAY3');
  const before = await whitelabel(PORTS[0]!);
  const want = before === '1' ? '0' : '1';
  const { runOps } = await import('../src/app/ops.ts');
  const asked = performance.now();
  const changed = await runOps(handle.db, ['brand', 'flag', 'FREEPLAY3', want === '1' ? 'on' : 'off'], 'cluster-test');
  if (!changed.ok) throw new Error(`the flag change was refused: ${changed.output}`);
  // From the change's commit (the command's answer) on.
  const flagAt = performance.now();
  say(`the flag was switched (the command took ${(flagAt - asked).toFixed(0)} ms)`);
  const seen = await Promise.all(PORTS.map((port) => lastStale(async () => (await whitelabel(port)) === want, flagAt, 50, 2_000)));
  // A publish: each process has the notices page in its page cache (30 s), and an operator
  // publishes a notice; every process must show it within about a second (the publish drops the
  // pages that show it, in every process), never the stale copy.
  const title = `Cluster notice ${randomBytes(4).toString('hex')}`;
  const notices = async (port: number) => (await request('GET', `http://127.0.0.1:${port}/announce`)).text;
  for (const port of PORTS) await notices(port);
  const cachedStale = (await Promise.all(PORTS.map(notices))).some((html) => html.includes(title));
  const published = await runOps(handle.db, ['announce', 'add', '--locale', 'en', '--execution', 'B', '--title', title, '--markdown', 'A notice published under load (cluster test).'], 'cluster-test');
  if (!published.ok) throw new Error(`the publish was refused: ${published.output}`);
  const publishedAt = performance.now();
  const shown = await Promise.all(PORTS.map((port) => lastStale(async () => (await notices(port)).includes(title), publishedAt, 100, 2_000)));
  end = Math.max(loadStart + LOAD_MS, performance.now() + 3_000);
  for (const r of await load) if (r.status === 'rejected') failures.push(`a client failed: ${String(r.reason)}`);
  const { answers, right } = await guesses;
  const dumpedOk = await dumped;
  say(`load done: ${acknowledged.size} spins acknowledged, ${resent} sent again, ${serverErrors.length} 5xx, ${networkErrors} network errors`);

  // The draw of the load, and every other draw due, is drawn by some process's job (every 5 s).
  const drawnBy = Date.now() + 10_000;
  let undrawn = 0;
  while (Date.now() < drawnBy) {
    const [u] = rowsOf(await handle.db.execute(sql`select count(*)::int as n from lottery_draw where status = 'open' and draw_at < now() - interval '6 seconds'`));
    undrawn = Number(u!.n);
    if (undrawn === 0) break;
    await sleep(250);
  }
  // Settlements: what is due now, seen by the job's own reading, once the processes had time.
  const { pendingPeriods, STREAMS } = await import('../src/features/agent/server/settle.ts');
  const daily = STREAMS.find((x) => x.key === 'daily')!;
  let pending = await pendingPeriods(handle.db, daily, Date.now());
  for (const until = Date.now() + 20_000; pending.length && Date.now() < until; pending = await pendingPeriods(handle.db, daily, Date.now())) await sleep(500);

  // The checks.
  check(refusals.length === 0, `no call refused (${refusals.slice(0, 3).join(', ') || 'none'})`);
  const ids = players.memberIds;
  const [rounds] = rowsOf(await handle.db.execute(sql`select count(*)::int as n, count(distinct round_id)::int as d from game_round where member_id in (${sql.join(ids, sql`, `)})`));
  check(Number(rounds!.n) === acknowledged.size && Number(rounds!.d) === acknowledged.size, `rounds written ${rounds!.n} = spins acknowledged ${acknowledged.size}`);
  const roundIds = [...acknowledged.values()];
  const [known] = rowsOf(await handle.db.execute(sql`select count(*)::int as n from game_round where round_id in (${sql.join(roundIds, sql`, `)}) and status = 'settled'`));
  check(Number(known!.n) === new Set(roundIds).size, `every acknowledged round is settled in the ledger (${known!.n})`);
  const killedPort = `127.0.0.1:${PORTS[1]}`;
  // nginx names every process it tried ("a:1, b:2" when it moved on): a 5xx is the killed one's
  // when its last try was that process, within three seconds of the kill.
  const lastTried = (e: { upstream: string }) => e.upstream.split(',').at(-1)!.trim();
  const others = serverErrors.filter((e) => lastTried(e) !== killedPort || e.at < killedAt || e.at > killedAt + 3_000);
  const when = (e: { at: number; status: number; upstream: string }) =>
    `${e.status} from ${e.upstream || 'nginx alone'} at ${((e.at - killedAt) / 1000).toFixed(2)} s after the kill (${((e.at - stoppedAt) / 1000).toFixed(2)} s after the SIGTERM)`;
  check(
    others.length === 0,
    `5xx only from the killed process's own requests: ${serverErrors.length - others.length} from ${killedPort} within 3 s of its kill, ${others.length} other${others.length ? `: ${others.map(when).join('; ')}` : ''}`,
  );
  check(networkErrors === 0, `no call to nginx went unanswered (${networkErrors})`);
  check(stoppedAt < end - 2_000, `the SIGTERM came while the load ran (${((end - stoppedAt) / 1000).toFixed(1)} s before its end)`);
  check(stopExit === 0 && stopTook < 3_000, `the stopped process drained and exited 0 (exit ${stopExit}) in ${stopTook.toFixed(0)} ms`);
  check(dumpedOk, 'pg_dump under load');
  const said = (r: { stale: number; fresh: number }[]) => r.map((x) => (x.stale < 0 ? `none stale, ${x.fresh} fresh` : `last stale sent at ${x.stale.toFixed(0)} ms, ${x.fresh} fresh`)).join('; ');
  check(
    !cachedStale && shown.every((x) => x.stale <= 1_000 && x.fresh > 0),
    `a notice published while each process held the notices page in its cache showed on every process within a second (${said(shown)})`,
  );
  check(
    seen.every((x) => x.stale <= 1_000 && x.fresh > 0),
    `the flag reached every process within a second (${said(seen)})`,
  );
  // Transfers: each acknowledged one in the ledger once (the transferrers make no other transfer).
  const [moved] = rowsOf(await handle.db.execute(sql`select count(*)::int as n from ledger_transfer where kind = 'wallet_transfer' and member_id in (${sql.join(transferrerIds, sql`, `)})`));
  check(transfers.size > 0 && Number(moved!.n) === transfers.size, `wallet transfers written ${moved!.n} = transfers acknowledged ${transfers.size}`);
  // Tickets: each acknowledged one in the database once, on the draw it was sold for.
  const [sold] = rowsOf(
    await handle.db.execute(
      sql`select count(*)::int as n, count(distinct round_id)::int as d, count(distinct draw_no)::int as draws from lottery_ticket where member_id in (${sql.join(buyerIds, sql`, `)})`,
    ),
  );
  const ticketDraws = new Set(tickets.values());
  check(
    Number(sold!.n) === tickets.size && Number(sold!.d) === tickets.size && ticketDraws.size >= 2,
    `lottery tickets written ${sold!.n} = tickets acknowledged ${tickets.size}, on ${ticketDraws.size} draws (${closedDraws} slips refused as their draw closed)`,
  );
  // Draws: none due left open; the load's draws drawn once, their tickets settled, each member's
  // wins paid in one transfer (a batch per draw: its reference names the draw).
  check(undrawn === 0, `every draw due is drawn (${undrawn} left open)`);
  const drawRows = rowsOf(
    await handle.db.execute(
      sql`select d.draw_no, d.status, count(t.round_id)::int as tickets, count(*) filter (where r.status = 'settled')::int as settled,
            (select count(*)::int - count(distinct lt.member_id)::int from ledger_transfer lt where lt.reference = 'draw:' || d.game_code || ':' || d.draw_no and lt.kind = 'win') as twice
          from lottery_draw d join lottery_ticket t on t.draw_id = d.id join game_round r on r.round_id = t.round_id
          where t.member_id in (${sql.join(buyerIds, sql`, `)}) group by d.id order by d.draw_at`,
    ),
  );
  const drawnRows = drawRows.filter((d) => d.status === 'drawn');
  check(
    drawnRows.length >= 1 && drawnRows.every((d) => Number(d.settled) === Number(d.tickets) && Number(d.twice) === 0),
    `the load's draw was drawn and paid once: ${drawRows.map((d) => `${d.draw_no} ${d.status} (${d.settled}/${d.tickets} tickets settled, ${d.twice} members paid twice)`).join('; ')}`,
  );
  const [twice] = rowsOf(
    await handle.db.execute(
      sql`select count(*)::int as n from (select reference from ledger_transfer where kind in ('salary', 'dividend', 'win') and (reference like ${'contract:%'} or reference like ${'draw:%'}) group by reference, kind, member_id having count(*) > 1) x`,
    ),
  );
  const [paid] = rowsOf(
    await handle.db.execute(
      sql`select count(*)::int as periods, (select count(*)::int from agent_settlement where amount > 0) as lines, (select count(*)::int from ledger_transfer where kind in ('salary', 'dividend')) as transfers from agent_period where kind = 'daily'`,
    ),
  );
  check(
    pending.length === 0 && Number(twice!.n) === 0 && Number(paid!.lines) === Number(paid!.transfers) && Number(paid!.periods) > Number(settledBefore!.n),
    `settlements due were settled once: ${paid!.periods} daily periods settled (${settledBefore!.n} before the contracts moved), ${pending.length} due and not, ${paid!.lines} lines paid (every kind) in ${paid!.transfers} salary and dividend transfers, ${twice!.n} paid twice (contract periods and draws)`,
  );
  const counts = answers.reduce<Record<string, number>>((m, a) => ({ ...m, [a]: (m[a] ?? 0) + 1 }), {});
  check(
    (counts['login.failed'] ?? 0) <= 3 && !counts.ok && right === 'captcha.required',
    `no login got past the limits: ${GUESSES} guesses at once over three processes answered ${JSON.stringify(counts)} (at most 3 checked, then the captcha), and the right password without the captcha ${right}`,
  );
  for (const p of processes) await p?.stop();
  check(await auditOk(handle), 'the ledger audit is sound');
  await handle.close();

  // The dump restores into an empty database, whose ledger is sound.
  const restored = await freshDatabase('restored');
  try {
    const r = spawnSync('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dumpFile], { encoding: 'utf8' });
    check(r.status === 0, `pg_restore of the dump taken under load${r.status === 0 ? '' : `: ${r.stderr.slice(0, 300)}`}`);
    const copy = await openMigrated({ url: restored.url });
    const [n] = rowsOf(await copy.db.execute(sql`select count(*)::int as n from game_round`));
    check(await auditOk(copy), `the restored ledger's audit is sound (${n!.n} rounds in the dump)`);
    await copy.close();
  } finally {
    await restored.drop();
  }
} catch (err) {
  failures.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
  console.error(err);
} finally {
  for (const p of processes) await p?.stop().catch(() => {});
  nginx?.kill('SIGTERM');
  await fresh.drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`cluster test: ${failures.length} failed`);
  process.exit(1);
}
say('cluster test passed');
process.exit(0);

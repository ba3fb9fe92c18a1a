/**
 * Spins per second end to end for `npm run bench`: 50 players, each with its own session, launch
 * and game, spinning the sandbox slot through the running server's HTTP API (launchGame once,
 * then POST /wps/sandbox/game/spin in a loop: nonce, engine, round record, bet and win in one
 * transaction each), on PGlite (the server's data folder) and on PostgreSQL (a fresh database).
 * The players, their sessions and their funding are written straight into the database before
 * the server starts (the bench measures play, not registration); the ledger is audited after.
 */
import { rgLimit } from '../../src/features/protection/server/tables.ts';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { openDb, type DbHandle } from '../../src/kernel/db/client.ts';
import { migrate } from '../../src/kernel/db/migrate.ts';
import { game } from '../../src/features/games/server/tables.ts';
import { member } from '../../src/features/accounts/server/tables.ts';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { HOUSE, gameAccount, mainAccount } from '../../src/features/wallet/server/accounts.ts';
import { auditLedger, postTransfer } from '../../src/features/wallet/server/ledger.ts';
import { and, asc, eq, sql } from 'drizzle-orm';

export interface SpinLoad {
  spinsPerSecond: number;
  spins: number;
  seconds: number;
  players: number;
  failures: number;
  firstFailure: string | null;
  p50Ms: number;
  p99Ms: number;
  auditOk: boolean;
}

const FUNDING = 100_000_000n;
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };

export interface BenchPlayers {
  tokens: string[];
  nodeIds: number[];
  memberIds: number[];
}

/**
 * Creates `players` members with sessions, funded in both the main wallet and the game wallet of
 * the games they will play (so single-wallet and game-wallet brands both find the money), each on
 * its own slot game (players of one game do not share anything either way).
 */
export async function preparePlayers(handle: DbHandle, players: number): Promise<BenchPlayers> {
  const tag = randomBytes(3).toString('hex');
  const slots = await handle.db
    .select({ nodeId: game.nodeId, vassalage: game.vassalage })
    .from(game)
    .where(and(eq(game.enabled, true), eq(game.isGame, 'GAME'), eq(game.gameClassify, 'SLOT'), sql`${game.vassalage} not in ('TCG_LOTTO_VN','TCG_SEA','LOTT','ELOTT')`))
    .orderBy(asc(game.nodeId))
    .limit(players);
  if (slots.length < players) throw new Error(`only ${slots.length} slot games in the catalogue`);
  const rows = await handle.db
    .insert(member)
    .values(Array.from({ length: players }, (_, i) => ({ username: `spin_${tag}_${i}`, passwordHash: 'x', passwordChangedAt: new Date() })))
    .returning({ id: member.id });
  const tokens: string[] = [];
  for (const [i, { id }] of rows.entries()) {
    await handle.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'adjustment',
        memberId: id,
        memo: 'bench funding',
        legs: [
          { from: HOUSE.adjustments, to: mainAccount(id), amount: FUNDING },
          { from: HOUSE.adjustments, to: gameAccount(id, slots[i]!.vassalage), amount: FUNDING },
        ],
      }),
    );
    tokens.push(await openSession(handle.db, { id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined));
  }
  return { tokens, nodeIds: slots.map((s) => s.nodeId), memberIds: rows.map((r) => r.id) };
}

/**
 * Gives each player the limits a careful player sets (player protection, issue 28): loss and wager
 * limits per day, week and month, high enough never to refuse a bench spin, so that every spin
 * counts against six limit rows as a real one would.
 */
export async function setLimits(handle: DbHandle, p: BenchPlayers): Promise<void> {
  const rows = p.memberIds.flatMap((memberId) => (['loss', 'wager'] as const).flatMap((kind) => (['day', 'week', 'month'] as const).map((period) => ({ memberId, kind, period, amount: 10n ** 12n }))));
  await handle.db.insert(rgLimit).values(rows);
}

const percentileOf = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text) as { success: boolean; value?: any; errorCode?: string };
  } catch {
    return { success: false, errorCode: `HTTP ${res.status}: ${text.slice(0, 200)}` };
  }
}

/** Each player launches its game and spins the smallest stake for `seconds` after a warm-up (1 s). */
export async function measureSpins(baseUrl: string, p: BenchPlayers, seconds: number, warmupSeconds = 1): Promise<Omit<SpinLoad, 'auditOk'>> {
  const launches = await Promise.all(
    p.tokens.map(async (token, i) => {
      const r = await json(await fetch(`${baseUrl}/wps/game/launchGame?nodeId=${p.nodeIds[i]}`, { headers: { ...HEADERS, authorization: token } }));
      if (!r.success) throw new Error(`launch refused: ${r.errorCode}`);
      const launch = new URL(r.value.content.game_url, baseUrl).searchParams.get('launch')!;
      const state = await json(await fetch(`${baseUrl}/wps/sandbox/game/state?launch=${launch}`, { headers: HEADERS }));
      if (!state.success) throw new Error(`state refused: ${state.errorCode}`);
      return { launch, bet: state.value.rules.bets[0] as string };
    }),
  );
  const spinUrl = new URL('/wps/sandbox/game/spin', baseUrl);
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const warmEnd = Date.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  await Promise.all(
    launches.map(async ({ launch, bet }) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const r = await postJson(spinUrl, JSON.stringify({ launch, bet, idempotencyKey: randomBytes(12).toString('hex') }));
        const ms = performance.now() - t0;
        if (!r.success) {
          failures++;
          firstFailure ??= r.errorCode ?? 'unknown';
        } else if (t0 + performance.timeOrigin >= warmEnd) times.push(ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { spinsPerSecond: times.length / seconds, spins: times.length, seconds, players: p.tokens.length, failures, firstFailure, p50Ms: percentileOf(times, 50), p99Ms: percentileOf(times, 99) };
}

/**
 * The spins' client: node:http on kept-alive connections, one per player. The load generator runs
 * on the same two cores as the server and the database, so it should take as little of them as it
 * can (fetch took about a sixth of the machine at 300 spins/s, this about half of that): the figure
 * is the server's, as pgbench's C client leaves pgbench's to the database.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function postJson(url: URL, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    // As a browser asks (the server compresses what it would compress for one), and read as it reads.
    const req = http.request(url, { method: 'POST', agent, headers: { ...HEADERS, 'accept-encoding': 'br, gzip', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve(JSON.parse(text.toString('utf8')));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The ledger audit of a database (after the server stopped, for PGlite). */
export async function auditOk(handle: DbHandle): Promise<boolean> {
  const a = await auditLedger(handle.db);
  return a.total === 0n && a.drifted.length === 0 && a.unbalanced.length === 0 && a.negative.length === 0;
}

export async function openMigrated(o: { dataDir?: string; url?: string }): Promise<DbHandle> {
  const handle = await openDb(o.url ? { url: o.url, poolSize: 4 } : { dataDir: o.dataDir! });
  await migrate(handle);
  return handle;
}

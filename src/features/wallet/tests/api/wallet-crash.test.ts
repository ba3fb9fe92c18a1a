/**
 * The wallet survives SIGKILL. The real server (tests/support/wallet-server-child.ts runs
 * startServer) serves 50 players, each a client of its own, who move money over HTTP: sandbox
 * deposits completed by signed provider callbacks, transfers between main and game wallets,
 * transfers to the upline agent, withdrawal requests that an operator approves or rejects (through
 * the ops endpoint on PGlite, in process on PostgreSQL). The server is killed with SIGKILL twice
 * during the load and started again on the same data (the PGlite folder, or the PostgreSQL
 * database); calls that got no answer are sent again with their key. At the end the server is
 * killed once more and the data opened directly: every acknowledged operation is there exactly
 * once, nothing else is, and the ledger's invariants hold (tests/support/wallet-load.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once as onceEvent } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { TEST_DATABASE_URL } from '../../../../../tests/support/db.ts';
import { LedgerModel, seeded, verifyLedger, type Rng } from '../../../../../tests/support/wallet-load.ts';
import { sampleSize } from '../../../../../tests/support/samples.ts';
import { openDb, type DbHandle } from '../../../../kernel/db/client.ts';
import { migrate } from '../../../../kernel/db/migrate.ts';
import { vendor } from '../../../../app/schema.ts';
import { AGENT_TYPES, PLAYER_TYPE } from '../../../accounts/contract.ts';
import { createMember } from '../../../accounts/server/members.ts';
import { openSession } from '../../../accounts/server/sessions.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { sandboxCallbackBody } from '../../../../providers/payments/index.ts';
import { HOUSE, gameAccount, holdAccount, mainAccount } from '../../server/accounts.ts';
import { rowsOf, type Leg } from '../../server/ledger.ts';
import { payWithdrawal, rejectWithdrawal } from '../../server/withdrawals.ts';
import { formatMinor } from '../../../../kernel/money.ts';

const SEED = Number(process.env.WALLET_LOAD_SEED ?? 20_240_4);
const PLAYERS = 50;
const AGENTS = 5;
/** Each client's operations: 40 in the slow run, 16 every day (the same 50 clients and the same two kills mid-load: tests/support/samples.ts). */
const OPS_PER_CLIENT = sampleSize(40, 16);
/** Kill the server when this share of the operations has been answered. */
const KILL_AT = [0.3, 0.65];
const VENDORS = ['JL', 'PG'] as const;
const SECRET = randomBytes(24).toString('hex');
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };
const root = path.resolve(import.meta.dirname, '../../../../..');
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Where the data lives: a PGlite folder, or a fresh PostgreSQL database (dropped afterwards). */
let dataDir: string | null = null;
let dbName: string | null = null;
let dbUrl: string | null = null;
/** The test's own handle: kept open on PostgreSQL; on PGlite only while the server is not running. */
let handle: DbHandle | null = null;

async function openData(): Promise<DbHandle> {
  return kind === 'postgres' ? openDb({ url: dbUrl!, poolSize: 10 }) : openDb({ dataDir: dataDir! });
}

beforeAll(async () => {
  if (kind === 'postgres') {
    dbName = `casino_t_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'casino-crash-'));
  }
  handle = await openData();
  await migrate(handle);
});

afterAll(async () => {
  for (const s of children) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
  await handle?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
});

const children: ChildProcess[] = [];

/** Starts the server on the data; resolves with its address once it listens. */
function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_LEVEL: 'error',
    PAYMENT_SANDBOX_SECRET: SECRET,
    DATABASE_URL: dbUrl ?? '',
    DATA_DIR: dataDir ?? '',
  };
  const child = spawn(process.execPath, ['tests/support/wallet-server-child.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within 120 s:\n${out.slice(-3000)}`));
    }, 120_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${out.slice(-3000)}`));
    });
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = onceEvent(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** The running server, and while it is down, the promise of its return. */
const server = { url: '', child: null as ChildProcess | null, down: false, back: Promise.resolve(), kills: 0, unanswered: 0 };

async function crashAndRestart(): Promise<void> {
  let release!: () => void;
  server.back = new Promise((r) => (release = r));
  server.down = true;
  await kill(server.child!);
  server.kills++;
  const s = await startServerProcess();
  server.url = s.url;
  server.child = s.child;
  server.down = false;
  release();
}

interface Envelope {
  success: boolean;
  value?: any;
  errorCode?: string;
}

/** One HTTP call; null when no answer came (the server died under it, or was down). */
async function post(pathname: string, body: unknown, token?: string, extra: Record<string, string> = {}): Promise<{ status: number; json: any } | null> {
  try {
    const res = await fetch(`${server.url}${pathname}`, {
      method: 'POST',
      headers: { ...HEADERS, ...(token ? { authorization: token } : {}), ...extra },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    return null;
  }
}

const problems: string[] = [];

/** Sends a call until it is answered: a call that got no answer is sent again, same body and key, once the server is back. */
async function untilAnswered(pathname: string, body: unknown, token?: string): Promise<Envelope> {
  let strikes = 0;
  for (;;) {
    const r = await post(pathname, body, token);
    if (r) {
      if (r.status >= 500) problems.push(`${pathname} answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
      return r.json as Envelope;
    }
    server.unanswered++;
    if (server.down) await server.back;
    else if (++strikes > 3) throw new Error(`${pathname}: no answer from a running server`);
    else await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the wallet after SIGKILL', () => {
  it(`keeps every acknowledged operation through kills of the server (${kind})`, { timeout: 600_000 }, async () => {
    const db = handle!.db;
    await db
      .insert(vendor)
      .values([
        { code: 'JL', displayName: 'JILI', gameType: 'RNG', sort: 1 },
        { code: 'PG', displayName: 'PG Soft', gameType: 'RNG', sort: 2 },
      ])
      .onConflictDoNothing();
    const agents: { id: number; username: string }[] = [];
    for (let i = 0; i < AGENTS; i++) {
      const a = await createMember(db, { username: `crashagent${i}`, type: AGENT_TYPES[0], passwordHash: 'x' });
      if ('clash' in a) throw new Error(a.clash);
      agents.push({ id: a.id, username: a.username });
    }
    const players: { id: number; token: string; agent: { id: number; username: string } }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const agent = agents[i % AGENTS]!;
      const p = await createMember(db, { username: `crashplayer${i}`, type: PLAYER_TYPE, passwordHash: 'x', uplineId: agent.id, payeeName: `Player ${i}` });
      if ('clash' in p) throw new Error(p.clash);
      const token = await openSession(db, { id: p.id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined);
      players.push({ id: p.id, token, agent });
    }
    // PGlite is one process's folder: the server takes it over.
    if (kind === 'pglite') {
      await handle!.close();
      handle = null;
    }
    const first = await startServerProcess();
    server.url = first.url;
    server.child = first.child;

    const model = new LedgerModel();
    const currency = brand().currency;
    let answered = 0;
    let clientsRunning = 0;
    const credited = new Set<string>();
    const withdrawalQueue: { id: string; memberId: number; amount: bigint }[] = [];
    const operatorUnknown: { id: string; memberId: number; amount: bigint; action: 'approve' | 'reject' }[] = [];
    const withdrawalStatus = new Map<string, string>();
    const replays: { pathname: string; body: unknown; token: string; value: unknown }[] = [];

    /** A keyed call, sometimes sent twice at once (both answers must be the same answer). */
    async function keyed(rng: Rng, pathname: string, body: Record<string, unknown>, token: string): Promise<Envelope> {
      if (rng.chance(0.1)) {
        const [a, b] = await Promise.all([untilAnswered(pathname, body, token), untilAnswered(pathname, body, token)]);
        if (a.success && b.success && !isDeepStrictEqual(a.value, b.value)) problems.push(`${pathname}: two answers for one key ${JSON.stringify([a.value, b.value])}`);
        return a.success ? a : b;
      }
      const r = await untilAnswered(pathname, body, token);
      if (r.success && replays.length < 100 && rng.chance(0.05)) replays.push({ pathname, body, token, value: r.value });
      return r;
    }

    function refusal(what: string, r: Envelope): void {
      if (r.errorCode !== 'wallet.balance.insufficient') problems.push(`${what}: refused with ${r.errorCode}`);
    }

    async function runClient(index: number): Promise<void> {
      const rng = seeded(SEED * 1000 + 500 + index);
      const { id: memberId, token, agent } = players[index]!;
      const main = mainAccount(memberId);
      const game = (v: string) => gameAccount(memberId, v);
      const known = (code: string) => model.balance(code);
      const key = (what: string, n: number) => `${what}-c${index}-n${n}-${SEED}`;

      const deposit = async (n: number, amount: bigint) => {
        const k = key('dep', n);
        const r = await keyed(rng, '/wps/wallet/deposit', { amount: formatMinor(amount), channel: 'SANDBOX_CARD', idempotencyKey: k }, token);
        if (!r.success) return problems.push(`deposit ${k}: refused with ${r.errorCode}`);
        model.ack('deposit', memberId, k);
        const orderId = String(r.value.orderId);
        const body = await sandboxCallbackBody(orderId, 'paid', SECRET, { amount: formatMinor(amount), currency });
        const cb = await untilAnswered('/wps/payment/callback/sandbox', body);
        // 'replayed': the first delivery was committed but its answer lost with the server.
        if (!cb.success || !['credited', 'replayed'].includes(cb.value?.outcome)) return problems.push(`callback ${orderId}: ${JSON.stringify(cb)}`);
        if (!credited.has(orderId)) {
          credited.add(orderId);
          model.post('deposit', [{ from: HOUSE.payments, to: main, amount }], orderId);
        }
      };

      const transfer = async (n: number) => {
        const k = key('wal', n);
        const vendorCode = rng.pick(VENDORS);
        const r = rng.next();
        if (r < 0.2) {
          const legs: Leg[] = VENDORS.filter((v) => known(game(v)) > 0n).map((v) => ({ from: game(v), to: main, amount: known(game(v)) }));
          const a = await keyed(rng, '/wps/relay/GCS_walletTransfer', { to: 'MAIN', all: true, idempotencyKey: k }, token);
          if (!a.success) return refusal(`transfer all ${k}`, a);
          model.ack('wallet-transfer', memberId, k);
          if (legs.length) model.post('wallet_transfer', legs);
          return;
        }
        const toGame = r < 0.65;
        const source = toGame ? main : game(vendorCode);
        const have = known(source);
        const amount = rng.chance(0.03) ? have + 1n : have > 0n ? rng.big(1n, toGame ? have / 2n || 1n : have) : 0n;
        if (amount <= 0n) return;
        const body = toGame ? { from: 'MAIN', to: vendorCode } : { from: vendorCode, to: 'MAIN' };
        const a = await keyed(rng, '/wps/relay/GCS_walletTransfer', { ...body, amount: formatMinor(amount), idempotencyKey: k }, token);
        if (!a.success) return refusal(`transfer ${k}`, a);
        model.ack('wallet-transfer', memberId, k);
        model.post('wallet_transfer', [{ from: source, to: toGame ? game(vendorCode) : main, amount }]);
      };

      const upline = async (n: number) => {
        const k = key('upl', n);
        const have = known(main);
        const amount = rng.chance(0.05) ? have + 100n : have >= 100n ? rng.big(1n, have / 10n) : 0n;
        if (amount <= 0n) return;
        const a = await keyed(rng, '/wps/wallet/transfer/upline', { amount: formatMinor(amount), idempotencyKey: k }, token);
        if (!a.success) return refusal(`upline ${k}`, a);
        model.ack('upline-transfer', memberId, k);
        model.post('upline_transfer', [{ from: main, to: mainAccount(agent.id), amount }], agent.username);
      };

      const withdraw = async (n: number) => {
        const k = key('wdr', n);
        const w = brand().wallet;
        const have = known(main);
        if (have < w.withdrawMin) return;
        const amount = rng.big(w.withdrawMin, have / 3n > w.withdrawMin ? have / 3n : w.withdrawMin);
        const a = await keyed(rng, '/wps/wallet/withdraw', { amount: formatMinor(amount), idempotencyKey: k }, token);
        if (!a.success) return refusal(`withdraw ${k}`, a);
        model.ack('withdraw', memberId, k);
        const id = String(a.value.id);
        model.post('withdrawal_hold', [{ from: main, to: holdAccount(memberId), amount }], id);
        withdrawalStatus.set(id, 'pending');
        withdrawalQueue.push({ id, memberId, amount });
      };

      clientsRunning++;
      try {
        await deposit(0, rng.big(300_00n, 800_00n));
        answered++;
        for (let n = 1; n < OPS_PER_CLIENT; n++) {
          const r = rng.next();
          if (r < 0.15 || known(main) < 20_00n) await deposit(n, rng.big(20_00n, 300_00n));
          else if (r < 0.6) await transfer(n);
          else if (r < 0.8) await upline(n);
          else await withdraw(n);
          answered++;
        }
      } finally {
        clientsRunning--;
      }
    }

    /** Approves or rejects each withdrawal as it comes in. */
    async function runOperator(): Promise<void> {
      const rng = seeded(SEED * 1000 + 998);
      while (clientsRunning > 0 || withdrawalQueue.length) {
        const w = withdrawalQueue.shift();
        if (!w) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        const action = rng.chance(0.5) ? 'approve' : 'reject';
        const effect = () => {
          if (action === 'approve') model.post('withdrawal_payout', [{ from: holdAccount(w.memberId), to: HOUSE.payouts, amount: w.amount }], w.id);
          else model.post('withdrawal_release', [{ from: holdAccount(w.memberId), to: mainAccount(w.memberId), amount: w.amount }], w.id);
          withdrawalStatus.set(w.id, action === 'approve' ? 'paid' : 'rejected');
        };
        if (kind === 'postgres') {
          // PostgreSQL serves several processes: the operator's command writes to the database directly.
          if (action === 'approve') await payWithdrawal(handle!.db, w.id, { by: 'crash-test' });
          else await rejectWithdrawal(handle!.db, w.id, { by: 'crash-test', note: 'not today' });
          effect();
          continue;
        }
        // PGlite: the command goes to the server that holds the folder, as `npm run ops` sends it.
        const argv = action === 'approve' ? ['withdrawals', 'approve', w.id] : ['withdrawals', 'reject', w.id, '--reason', 'not today'];
        for (let tries = 0; ; tries++) {
          const lock = JSON.parse(readFileSync(path.join(dataDir!, 'server.json'), 'utf8')) as { secret: string };
          const r = await post('/_ops', argv, undefined, { 'x-ops-secret': lock.secret });
          if (r?.json?.ok) {
            effect();
            break;
          }
          if (r && tries === 0) {
            problems.push(`ops ${argv.join(' ')}: ${JSON.stringify(r.json)}`);
            break;
          }
          if (r) {
            // Refused on a second try: the first one, whose answer was lost, took effect (checked at the end).
            operatorUnknown.push({ ...w, action });
            break;
          }
          server.unanswered++;
          if (server.down) await server.back;
          else await new Promise((res) => setTimeout(res, 200));
          if (tries > 10) throw new Error(`ops ${argv.join(' ')}: no answer`);
        }
      }
    }

    async function killer(): Promise<void> {
      const total = PLAYERS * OPS_PER_CLIENT;
      for (const share of KILL_AT) {
        while (answered < share * total && clientsRunning > 0) await new Promise((r) => setTimeout(r, 10));
        if (clientsRunning === 0) return;
        await crashAndRestart();
      }
    }

    const started = Date.now();
    const clients = players.map((_, i) => runClient(i));
    await Promise.all([...clients, runOperator(), killer()]);
    const seconds = (Date.now() - started) / 1000;

    // The answers stored with the keys survived the kills: sent again, each key answers the same.
    for (const r of replays) {
      const again = await untilAnswered(r.pathname, r.body, r.token);
      if (!again.success || !isDeepStrictEqual(again.value, r.value)) problems.push(`${r.pathname}: replay after the kills answered ${JSON.stringify(again)}`);
    }

    // The last kill: the data is then opened as it was left.
    await kill(server.child!);
    server.kills++;
    if (kind === 'pglite') handle = await openData();
    const data = handle!.db;
    for (const u of operatorUnknown) {
      const [row] = rowsOf(await data.execute(sql`select status from withdrawal where id = ${u.id}`));
      const status = String(row?.status);
      if (status !== (u.action === 'approve' ? 'paid' : 'rejected')) problems.push(`withdrawal ${u.id}: ${u.action} retried, status ${status}`);
      if (status === 'paid') model.post('withdrawal_payout', [{ from: holdAccount(u.memberId), to: HOUSE.payouts, amount: u.amount }], u.id);
      if (status === 'rejected') model.post('withdrawal_release', [{ from: holdAccount(u.memberId), to: mainAccount(u.memberId), amount: u.amount }], u.id);
      withdrawalStatus.set(u.id, status);
    }
    const verdict = await verifyLedger(data, model);
    console.log(
      `[${kind}] ${answered} operations by ${PLAYERS} clients over HTTP in ${seconds.toFixed(1)} s, server killed ${server.kills} times ` +
        `(${server.unanswered} calls got no answer and were sent again); ${replays.length} keys replayed after the kills; ` +
        `${verdict.audit.transfers} transfers over ${verdict.audit.accounts} accounts`,
    );
    expect(problems).toEqual([]);
    expect(verdict.problems).toEqual([]);
    expect(verdict.audit).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
    expect(server.kills).toBe(KILL_AT.length + 1);
    // The kills landed on calls in flight, which the clients sent again.
    expect(server.unanswered).toBeGreaterThan(0);
    expect(answered).toBe(PLAYERS * OPS_PER_CLIENT);
    const orders = rowsOf(await data.execute(sql`select id, status from payment_order`));
    for (const o of orders) expect(o.status, String(o.id)).toBe(credited.has(String(o.id)) ? 'paid' : 'pending');
    const wRows = rowsOf(await data.execute(sql`select id, status from withdrawal`));
    expect(wRows.length).toBe(withdrawalStatus.size);
    for (const r of wRows) expect(r.status, String(r.id)).toBe(withdrawalStatus.get(String(r.id)));
  });
});

/**
 * The wallet under concurrent load: 50 players, each a client of its own, run a seeded mix of
 * 5,000 money operations through the wallet's service functions (sandbox deposits completed by
 * signed callbacks, bets with wins and refunds, transfers between main and game wallets and to
 * the upline agent, withdrawals that an operator client rejects or pays while the load runs), with
 * retried keys (the same call sent twice at once, or again after its answer), keys reused for
 * another request, overdrafts, and races between the two ways of closing a round or a withdrawal.
 * Afterwards the database must hold exactly what the acknowledged operations imply, and the
 * ledger's invariants must hold (tests/support/wallet-load.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { seedVendors } from '../../../../../tests/support/wallet.ts';
import { errorCodeOf, LedgerModel, seeded, turn, verifyLedger, type Rng } from '../../../../../tests/support/wallet-load.ts';
import { AGENT_TYPES, PLAYER_TYPE } from '../../../accounts/contract.ts';
import { createMember } from '../../../accounts/server/members.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { rowsOf, type Leg } from '../../server/ledger.ts';
import { HOUSE, gameAccount, gamesAccount, holdAccount, mainAccount } from '../../server/accounts.ts';
import { placeBet, refundRound, settleRound } from '../../server/game-play.ts';
import { transferBetweenWallets, transferToUpline } from '../../server/transfers.ts';
import { createDeposit, handlePaymentCallback, sandboxCallbackBody } from '../../server/deposits.ts';
import { sandboxSecret } from '../../../../providers/payments/index.ts';
import { payWithdrawal, rejectWithdrawal, requestWithdrawal } from '../../server/withdrawals.ts';
import { formatMinor } from '../../../../kernel/money.ts';
import { sampleSize } from '../../../../../tests/support/samples.ts';

const SEED = Number(process.env.WALLET_LOAD_SEED ?? 20_240_4);
const PLAYERS = 50;
const AGENTS = 5;
/** Operations per client; a bet round and a deposit count as two (two calls each). */
/** Operations per client: the same 50 concurrent clients either way, fewer operations each in the everyday run (tests/support/samples.ts). */
const OPS_PER_CLIENT = sampleSize(100, 40);
const VENDORS = ['JL', 'PG'] as const;
/** Refusals a client may meet as part of the game; anything else fails the test. */
const EXPECTED_REFUSALS = new Set(['wallet.balance.insufficient', 'wallet.round.closed', 'wallet.withdrawal.state']);

let t: TestDb;
let secret: string;
const agents: { id: number; username: string }[] = [];
const players: { id: number; agent: { id: number; username: string } }[] = [];

beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  secret = await sandboxSecret(t.db);
  for (let i = 0; i < AGENTS; i++) {
    const a = await createMember(t.db, { username: `loadagent${i}`, type: AGENT_TYPES[0], passwordHash: 'x' });
    if ('clash' in a) throw new Error(a.clash);
    agents.push({ id: a.id, username: a.username });
  }
  for (let i = 0; i < PLAYERS; i++) {
    const agent = agents[i % AGENTS]!;
    const p = await createMember(t.db, { username: `loadplayer${i}`, type: PLAYER_TYPE, passwordHash: 'x', uplineId: agent.id, payeeName: `Player ${i}` });
    if ('clash' in p) throw new Error(p.clash);
    players.push({ id: p.id, agent });
  }
});
afterAll(async () => {
  await t?.dispose();
});

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string | undefined; error: unknown };

interface Tally {
  operations: number;
  acknowledged: number;
  refused: Map<string, number>;
  concurrentRetries: number;
  laterRetries: number;
  conflictProbes: number;
  races: number;
  problems: string[];
}

const tally: Tally = { operations: 0, acknowledged: 0, refused: new Map(), concurrentRetries: 0, laterRetries: 0, conflictProbes: 0, races: 0, problems: [] };
const model = new LedgerModel();

async function settle<T>(p: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, code: errorCodeOf(error), error };
  }
}

function refused(o: { ok: false; code: string | undefined; error: unknown }, what: string): void {
  if (!o.code || !EXPECTED_REFUSALS.has(o.code)) {
    tally.problems.push(`${what}: unexpected failure ${o.code ?? ''} ${o.error instanceof Error ? o.error.stack : String(o.error)}`);
    return;
  }
  tally.refused.set(o.code, (tally.refused.get(o.code) ?? 0) + 1);
}

/**
 * Sends one keyed call as a client would: once; or twice at once (a retry racing the first); or
 * again after its answer. Both answers of a retried success must be the same answer. A retry
 * after a refusal runs again (by design), so its outcome is the operation's.
 */
async function keyed<T>(rng: Rng, what: string, call: () => Promise<T>): Promise<Outcome<T>> {
  tally.operations++;
  let outcome: Outcome<T>;
  if (rng.chance(0.15)) {
    tally.concurrentRetries++;
    const [a, b] = await Promise.all([settle(call()), settle(call())]);
    if (a.ok && b.ok && !isDeepStrictEqual(a.value, b.value)) tally.problems.push(`${what}: two answers for one key ${JSON.stringify([a.value, b.value])}`);
    outcome = a.ok ? a : b;
    if (!a.ok && !b.ok && a.code !== b.code) tally.problems.push(`${what}: refused twice differently (${a.code}, ${b.code})`);
  } else {
    outcome = await settle(call());
  }
  if (rng.chance(0.1)) {
    tally.laterRetries++;
    const again = await settle(call());
    if (outcome.ok) {
      if (!again.ok) tally.problems.push(`${what}: a retry of an acknowledged key failed (${again.code})`);
      else if (!isDeepStrictEqual(again.value, outcome.value)) tally.problems.push(`${what}: the retry answered ${JSON.stringify(again.value)}, first ${JSON.stringify(outcome.value)}`);
    } else {
      outcome = again;
    }
  }
  if (outcome.ok) tally.acknowledged++;
  else refused(outcome, what);
  return outcome;
}

/** The same key sent again with another request must be refused, and move nothing. */
async function probeConflict(what: string, call: () => Promise<unknown>): Promise<void> {
  tally.conflictProbes++;
  const o = await settle(call());
  if (o.ok || o.code !== 'wallet.idempotency.conflict') tally.problems.push(`${what}: a reused key with another request answered ${o.ok ? 'success' : o.code}`);
}

const withdrawalQueue: string[] = [];
const withdrawals = new Map<string, { memberId: number; amount: bigint; status: 'pending' | 'rejected' | 'paid' }>();
let clientsRunning = 0;

/** One player's client: a seeded sequence of operations, with what it knows of its own wallets. */
async function runClient(index: number): Promise<void> {
  const rng = seeded(SEED * 1000 + index);
  const { id: memberId, agent } = players[index]!;
  const main = mainAccount(memberId);
  const game = (v: string) => gameAccount(memberId, v);
  const key = (what: string, n: number) => `${what}-c${index}-n${n}-${SEED}`;
  const usedKeys: { kind: 'deposit' | 'wallet' | 'upline' | 'withdraw'; key: string; amount: bigint }[] = [];
  let ops = 0;
  let n = 0;
  const known = (code: string) => model.balance(code);

  const deposit = async (amount: bigint) => {
    const k = key('dep', n);
    const created = await keyed(rng, `deposit ${k}`, () => createDeposit(t.db, memberId, { amount: formatMinor(amount), channel: 'SANDBOX_CARD', idempotencyKey: k }, 'http://127.0.0.1'));
    ops++;
    if (!created.ok) return;
    model.ack('deposit', memberId, k);
    usedKeys.push({ kind: 'deposit', key: k, amount });
    const orderId = created.value.orderId;
    const status = rng.chance(0.05) ? 'failed' : 'paid';
    const body = await sandboxCallbackBody(orderId, status, secret, { amount: formatMinor(amount), currency: brand().currency, db: t.db });
    tally.operations++;
    ops++;
    // The provider may deliver a callback twice at once, or send a second event for the order.
    const deliveries = rng.chance(0.15) ? [body, body] : [body];
    if (rng.chance(0.08)) deliveries.push(await sandboxCallbackBody(orderId, status, secret, { amount: formatMinor(amount), currency: brand().currency, db: t.db }));
    const outcomes = await Promise.all(deliveries.map((b) => settle(handlePaymentCallback(t.db, 'sandbox', b))));
    const said = outcomes.map((o) => (o.ok ? o.value.outcome : `error ${o.code}`));
    const decisive = said.filter((s) => s === 'credited' || s === 'failed');
    if (decisive.length !== 1 || decisive[0] !== (status === 'paid' ? 'credited' : 'failed') || said.some((s) => !['credited', 'failed', 'replayed', 'duplicate'].includes(s))) {
      tally.problems.push(`deposit ${orderId}: callbacks answered ${said.join(', ')}`);
    }
    tally.acknowledged++;
    if (status === 'paid') model.post('deposit', [{ from: HOUSE.payments, to: main, amount }], orderId);
  };

  const round = async () => {
    const vendor = rng.pick(VENDORS);
    const fromGameWallet = known(game(vendor)) >= 50n && rng.chance(0.35);
    const wallet = fromGameWallet ? game(vendor) : main;
    const have = known(wallet);
    // Now and then a bet larger than the wallet: it must be refused and move nothing.
    const amount = rng.chance(0.03) ? have + 100n : rng.big(10n, have < 2_500n ? have : 2_500n);
    if (amount <= 0n) return;
    const roundId = `rnd-c${index}-n${n}-${SEED}`;
    const bet = await keyed(rng, `bet ${roundId}`, () => placeBet(t.db, { memberId, roundId, vendor, gameName: 'Load test', amount, fromGameWallet }));
    ops++;
    if (!bet.ok) return;
    model.ack('bet', memberId, roundId);
    model.post('bet', [{ from: wallet, to: gamesAccount(memberId), amount }], roundId);
    const r = rng.next();
    if (r < 0.08) return; // left open: the bet stays with the house until a settlement that never comes
    ops++;
    if (r < 0.13) {
      // A settlement and a refund racing for the same round: exactly one of them may win.
      tally.races++;
      tally.operations += 2;
      const win = rng.big(1n, amount * 2n);
      const [s, f] = await Promise.all([settle(settleRound(t.db, roundId, win)), settle(refundRound(t.db, roundId))]);
      if (s.ok === f.ok) tally.problems.push(`round ${roundId}: settle ${s.ok ? 'and' : 'nor'} refund both ${s.ok ? 'won' : 'lost'}`);
      if (s.ok) {
        model.ack('settle', null, roundId);
        model.post('win', [{ from: gamesAccount(memberId), to: wallet, amount: win }], roundId);
      } else refused(s, `settle ${roundId}`);
      if (f.ok) {
        model.ack('refund', null, roundId);
        model.post('refund', [{ from: gamesAccount(memberId), to: wallet, amount }], roundId);
      } else refused(f, `refund ${roundId}`);
      tally.acknowledged++;
      return;
    }
    if (r < 0.23) {
      const f = await keyed(rng, `refund ${roundId}`, () => refundRound(t.db, roundId));
      if (f.ok) {
        model.ack('refund', null, roundId);
        model.post('refund', [{ from: gamesAccount(memberId), to: wallet, amount }], roundId);
      }
      return;
    }
    const win = rng.chance(0.5) ? 0n : rng.big(1n, amount * 3n);
    const s = await keyed(rng, `settle ${roundId}`, () => settleRound(t.db, roundId, win));
    if (s.ok) {
      model.ack('settle', null, roundId);
      if (win > 0n) model.post('win', [{ from: gamesAccount(memberId), to: wallet, amount: win }], roundId);
    }
  };

  const walletTransfer = async () => {
    const k = key('wal', n);
    const vendor = rng.pick(VENDORS);
    const r = rng.next();
    ops++;
    if (r < 0.2) {
      // Everything in the game wallets back to main (nothing to move: no transfer).
      const legs: Leg[] = VENDORS.filter((v) => known(game(v)) > 0n).map((v) => ({ from: game(v), to: main, amount: known(game(v)) }));
      const o = await keyed(rng, `transfer all ${k}`, () => transferBetweenWallets(t.db, memberId, { to: 'MAIN', all: true, idempotencyKey: k }));
      if (o.ok) {
        model.ack('wallet-transfer', memberId, k);
        if (legs.length) model.post('wallet_transfer', legs);
      }
      return;
    }
    const toGame = r < 0.65;
    const source = toGame ? main : game(vendor);
    const have = known(source);
    const amount = rng.chance(0.03) ? have + 1n : have > 0n ? rng.big(1n, toGame ? have / 2n || 1n : have) : 0n;
    if (amount <= 0n) return;
    const input = toGame ? { from: 'MAIN', to: vendor } : { from: vendor, to: 'MAIN' };
    const o = await keyed(rng, `transfer ${k}`, () => transferBetweenWallets(t.db, memberId, { ...input, amount: formatMinor(amount), idempotencyKey: k }));
    if (o.ok) {
      model.ack('wallet-transfer', memberId, k);
      model.post('wallet_transfer', [{ from: source, to: toGame ? game(vendor) : main, amount }]);
      usedKeys.push({ kind: 'wallet', key: k, amount });
    }
  };

  const upline = async () => {
    const k = key('upl', n);
    const have = known(main);
    const amount = rng.chance(0.05) ? have + 100n : have >= 100n ? rng.big(1n, have / 10n) : 0n;
    if (amount <= 0n) return;
    ops++;
    const o = await keyed(rng, `upline ${k}`, () => transferToUpline(t.db, memberId, { amount: formatMinor(amount), idempotencyKey: k }));
    if (o.ok) {
      model.ack('upline-transfer', memberId, k);
      model.post('upline_transfer', [{ from: main, to: mainAccount(agent.id), amount }], agent.username);
      usedKeys.push({ kind: 'upline', key: k, amount });
    }
  };

  const withdraw = async () => {
    const k = key('wdr', n);
    const w = brand().wallet;
    const have = known(main);
    if (have < w.withdrawMin) return;
    const amount = rng.big(w.withdrawMin, have / 3n > w.withdrawMin ? have / 3n : w.withdrawMin);
    ops++;
    const o = await keyed(rng, `withdraw ${k}`, () => requestWithdrawal(t.db, memberId, { amount: formatMinor(amount), idempotencyKey: k }));
    if (o.ok) {
      model.ack('withdraw', memberId, k);
      model.post('withdrawal_hold', [{ from: main, to: holdAccount(memberId), amount }], o.value.id);
      withdrawalQueue.push(o.value.id);
      withdrawals.set(o.value.id, { memberId, amount, status: 'pending' });
      usedKeys.push({ kind: 'withdraw', key: k, amount });
    }
  };

  const conflict = async () => {
    const used = usedKeys.length ? rng.pick(usedKeys) : null;
    if (!used) return;
    const other = formatMinor(used.amount + 1n);
    if (used.kind === 'deposit')
      await probeConflict(`deposit ${used.key}`, () => createDeposit(t.db, memberId, { amount: other, channel: 'SANDBOX_CARD', idempotencyKey: used.key }, 'http://127.0.0.1'));
    else if (used.kind === 'wallet') await probeConflict(`transfer ${used.key}`, () => transferBetweenWallets(t.db, memberId, { from: 'MAIN', to: 'JL', amount: other, idempotencyKey: used.key }));
    else if (used.kind === 'upline') await probeConflict(`upline ${used.key}`, () => transferToUpline(t.db, memberId, { amount: other, idempotencyKey: used.key }));
    else await probeConflict(`withdraw ${used.key}`, () => requestWithdrawal(t.db, memberId, { amount: other, idempotencyKey: used.key }));
  };

  clientsRunning++;
  try {
    await deposit(rng.big(500_00n, 1_000_00n));
    while (ops < OPS_PER_CLIENT) {
      n++;
      await turn();
      const r = rng.next();
      if (r < 0.12 || known(main) < 20_00n) await deposit(rng.big(20_00n, 500_00n));
      else if (r < 0.58) await round();
      else if (r < 0.74) await walletTransfer();
      else if (r < 0.82) await upline();
      else if (r < 0.94) await withdraw();
      else await conflict();
    }
  } finally {
    clientsRunning--;
  }
}

/** The operator: rejects or pays the withdrawals as they come in, sometimes both at once. */
async function runOperator(): Promise<void> {
  const rng = seeded(SEED * 1000 + 999);
  while (clientsRunning > 0 || withdrawalQueue.length) {
    const id = withdrawalQueue.shift();
    if (!id) {
      await turn();
      continue;
    }
    const w = withdrawals.get(id)!;
    const reject = () => {
      model.post('withdrawal_release', [{ from: holdAccount(w.memberId), to: mainAccount(w.memberId), amount: w.amount }], id);
      w.status = 'rejected';
    };
    const pay = () => {
      model.post('withdrawal_payout', [{ from: holdAccount(w.memberId), to: HOUSE.payouts, amount: w.amount }], id);
      w.status = 'paid';
    };
    const r = rng.next();
    tally.operations++;
    if (r < 0.1) {
      // Reject and approve at once: a hold resolves at most once.
      tally.races++;
      tally.operations++;
      const [a, b] = await Promise.all([settle(rejectWithdrawal(t.db, id, { by: 'load-test', note: 'race' })), settle(payWithdrawal(t.db, id, { by: 'load-test' }))]);
      if (a.ok === b.ok) tally.problems.push(`withdrawal ${id}: reject and pay both ${a.ok ? 'succeeded' : 'failed'}`);
      if (a.ok) reject();
      else refused(a, `reject ${id}`);
      if (b.ok) pay();
      else refused(b, `pay ${id}`);
      tally.acknowledged++;
    } else if (r < 0.5) {
      const o = await settle(rejectWithdrawal(t.db, id, { by: 'load-test', note: 'not today' }));
      if (o.ok) {
        tally.acknowledged++;
        reject();
      } else tally.problems.push(`reject ${id}: ${o.code} ${String(o.error)}`);
    } else {
      const o = await settle(payWithdrawal(t.db, id, { by: 'load-test' }));
      if (o.ok) {
        tally.acknowledged++;
        pay();
      } else tally.problems.push(`pay ${id}: ${o.code} ${String(o.error)}`);
    }
  }
}

describe('the wallet under concurrent load', () => {
  it(`keeps every invariant through ${PLAYERS} concurrent clients and ${PLAYERS * OPS_PER_CLIENT} operations`, { timeout: 300_000 }, async () => {
    const started = Date.now();
    const cpu0 = process.cpuUsage();
    await Promise.all([...players.map((_, i) => runClient(i)), runOperator()]);
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);

    const verdict = await verifyLedger(t.db, model);
    console.log(
      `[${process.env.TEST_DB}] ${tally.operations} operations (${tally.acknowledged} acknowledged) by ${PLAYERS} clients and an operator in ${seconds.toFixed(1)} s ` +
        `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of this process's CPU); ` +
        `retries: ${tally.concurrentRetries} concurrent, ${tally.laterRetries} later; ${tally.conflictProbes} reused keys; ${tally.races} races; ` +
        `refused: ${JSON.stringify(Object.fromEntries(tally.refused))}; ${verdict.audit.transfers} transfers over ${verdict.audit.accounts} accounts`,
    );
    expect(tally.problems).toEqual([]);
    expect(verdict.problems).toEqual([]);
    expect(verdict.audit).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
    expect(tally.operations).toBeGreaterThanOrEqual(PLAYERS * OPS_PER_CLIENT);
    expect(verdict.audit.transfers).toBe(model.transferCount);
    // The load did what it says: every kind of movement happened, and refusals stayed a minority.
    for (const kind of ['deposit', 'bet', 'win', 'refund', 'wallet_transfer', 'upline_transfer', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout']) {
      expect(model.transfersByKind.get(kind) ?? 0, kind).toBeGreaterThan(10);
    }
    expect(tally.refused.get('wallet.balance.insufficient') ?? 0).toBeGreaterThan(0);
    expect(tally.acknowledged).toBeGreaterThan(tally.operations * 0.8);

    // Each withdrawal and round ended in the state its acknowledged operations say.
    const wRows = rowsOf(await t.db.execute(sql`select id, status from withdrawal`));
    expect(wRows.length).toBe(withdrawals.size);
    for (const r of wRows) expect(r.status, String(r.id)).toBe(withdrawals.get(String(r.id))?.status);
    const holds = rowsOf(await t.db.execute(sql`select member_id, sum(amount)::text as held from withdrawal where status = 'pending' group by member_id`));
    for (const h of holds) expect(model.balance(holdAccount(Number(h.member_id)))).toBe(BigInt(String(h.held)));
  });
});

/**
 * The promotions' deposit consumer killed midway (issue 15, 'exactly-once event handling ...
 * after a killed process'), on PostgreSQL: another process takes the batch holding a member's
 * first deposit and is killed (SIGKILL) while its transaction is paying the newbie bonus (held up
 * on the member's promotion entry, which this test locks); nothing is paid and the event is still
 * to be handled; the next run pays the bonus once, a further run nothing, and the ledger audit
 * holds. PGlite is one process: not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { rowsOf } from '../../../../kernel/db/rows.ts';
import { consumeAll } from '../../../../kernel/events.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { depositConsumer } from '../../server/engine.ts';
import { someoneWaitsOnALock, untilIdle } from '../../../../../tests/support/pg-watch.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestDb;
let url = '';
let sandbox: ReturnType<typeof sandboxInProcess> | null = null;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await openTestDb();
  await seedVendors();
  sandbox = sandboxInProcess();
  url = t.url!;
});
afterAll(async () => {
  sandbox?.restore();
  if (onPostgres) await t.dispose();
});

describe.skipIf(!onPostgres)('the deposit consumer killed midway', () => {
  // A child process starts, and PostgreSQL notices a killed client: seconds on a busy machine.
  it('pays nothing, leaves the event to handle, and the next run pays the bonus once', { timeout: 90_000 }, async () => {
    // Everything before this test's deposit is handled, so the child's batch is this deposit.
    await consumeAll(t.db, depositConsumer);
    const u = await walletUser();
    expect((await u.call('/wps/promotions/join', { method: 'POST', body: { id: 5 } })).status).toBe(200);
    const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '40.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
    expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);

    const bonuses = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from bonus where member_id = ${u.id}`))[0]!.n);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from promo_entry where member_id = $1 and promotion_id = 5 for update', [u.id]);
    const child = spawn(process.execPath, ['tests/support/consume-once.ts', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    watcher.on('error', () => undefined);
    try {
      const waiting = await someoneWaitsOnALock(watcher);
      expect(waiting, out).toBe(true);
      child.kill('SIGKILL');
      await new Promise((res) => child.once('exit', res));
      expect(out).not.toMatch(/handled/);
      await holder.query('rollback');
      await holder.end();
      // The killed client's server process rolls back once it notices; wait for it.
      await untilIdle(watcher, '%promo_entry%');
      expect(await bonuses()).toBe(0);

      // The next run (any process) handles the event: the bonus, once.
      expect(await consumeAll(t.db, depositConsumer)).toBeGreaterThanOrEqual(1);
      expect(await consumeAll(t.db, depositConsumer)).toBe(0);
      expect(await bonuses()).toBe(1);
      expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: 5, status: 'issued' });
    } finally {
      await watcher.end();
    }
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted, audit.unbalanced, audit.negative]).toEqual([0n, [], [], []]);
  });
});

/**
 * A crash during a settlement (issue 14), on PostgreSQL: another process settles a day and is
 * killed (SIGKILL) while its transaction has computed the period and is paying it (held up on a
 * wallet row this test locks); nothing of the period is left behind; a restart settles it once,
 * a second run pays nothing, and the ledger audit holds. PGlite is one process: not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { fund, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { placeBet, settleRound } from '../../../wallet/index.ts';
import { auditLedger, rowsOf } from '../../../wallet/server/ledger.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { periodAt } from '../../../../kernel/periods.ts';
import { decideOffer, grantContract, offerContract, termsOf } from '../../server/contracts.ts';
import { settleOne, STREAMS } from '../../server/settle.ts';
import { someoneWaitsOnALock, untilIdle } from '../../../../../tests/support/pg-watch.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestDb;
let url = '';

beforeAll(async () => {
  if (!onPostgres) return;
  t = await openTestDb();
  url = t.url!;
});
afterAll(async () => {
  if (onPostgres) await t.dispose();
});

describe.skipIf(!onPostgres)('a settlement killed midway', () => {
  it('leaves nothing; the restart pays every contract of the period once; the ledger audit holds', async () => {
    await seedVendors();
    const A = await walletUser({ type: 1 });
    const B = await walletUser({ type: 1, uplineId: A.id });
    const P = await walletUser({ uplineId: B.id });
    await fund(P.id, 500_00n);
    await fund(A.id, 1n); // A's wallet row exists, so this test can hold it
    await grantContract(t.db, A.id, 'daily', termsOf('daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 2 }], periodicMinBet: 0 }));
    // B holds 1 % from A: A is paid 2 % - 1 %, B 1 %, of the same 100.00.
    const offered = await offerContract(t.db, A, B.id, 'daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 1 }], periodicMinBet: 0 }, ((k: string) => k) as never);
    await decideOffer(t.db, B, offered, 'daily', 'accept');
    const roundId = `crash-${Date.now()}`;
    await placeBet(t.db, { memberId: P.id, roundId, vendor: 'JL', gameName: 'JL test game', amount: 100_00n });
    await settleRound(t.db, roundId, 0n);
    const stream = STREAMS.find((s) => s.key === 'daily')!;
    const now = Date.now();

    // Hold A's wallet row: the other process's payment to A waits on it, inside its transaction.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query(`select 1 from ledger_account where code = $1 for update`, [`member:${A.id}:main`]);
    const child = spawn(process.execPath, ['tests/support/settle-once.ts', url, 'daily', String(now)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    // Wait until its transaction is stuck on the row (it has locked the period and computed it).
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    watcher.on('error', () => undefined);
    try {
      const waiting = await someoneWaitsOnALock(watcher);
      expect(waiting, out).toBe(true);
      child.kill('SIGKILL');
      await new Promise((res) => child.once('exit', res));
      expect(out).not.toMatch(/settled|already|empty/);
      await holder.query('rollback');
      await holder.end();

      // The killed transaction never committed: no period row, no payment, no line.
      const counts = async () =>
        (
          await watcher.query(`select (select count(*)::int from agent_period) as periods, (select count(*)::int from agent_settlement) as lines,
        (select count(*)::int from ledger_transfer where kind = 'salary') as paid`)
        ).rows[0];
      // The killed client's server process rolls back once it notices (its next write); wait for it.
      await untilIdle(watcher, '%ledger_account%');
      expect(await counts()).toEqual({ periods: 0, lines: 0, paid: 0 });

      // The restart (any process) settles it, once.
      const p = periodAt('D', now, brand().timeZone);
      expect(await settleOne(t.db, stream, p)).toBe('settled');
      expect(await settleOne(t.db, stream, p)).toBe('already');
      expect(await counts()).toEqual({ periods: 1, lines: 2, paid: 2 });
      const paid = rowsOf(
        await t.db.execute(sql`select a.member_id, sum(l.amount)::text as s from ledger_transfer x join ledger_entry l on l.transfer_id = x.id join ledger_account a on a.id = l.account_id
      where x.kind = 'salary' and a.kind = 'main' group by a.member_id order by a.member_id`),
      );
      expect(paid.map((r) => [Number(r.member_id), String(r.s)])).toEqual([
        [A.id, '100'],
        [B.id, '100'],
      ]);
    } finally {
      await watcher.end();
    }
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted, audit.unbalanced, audit.negative]).toEqual([0n, [], [], []]);
  });
});

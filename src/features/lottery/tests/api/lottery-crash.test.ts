/**
 * A crash while a draw settles its tickets (issue 16), on PostgreSQL: another process draws and is
 * killed (SIGKILL) while its transaction has drawn the numbers and is paying a winner (held up on
 * the winner's wallet row, which this test locks). Nothing is left behind: the draw is still open,
 * its tickets too, nothing paid. The next run draws it once and pays once; the ledger audit holds.
 * PGlite is one process: not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { newKey, seedLotteryVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { someoneWaitsOnALock, untilIdle } from '../../../../../tests/support/pg-watch.ts';
import { clock } from '../../../../kernel/clock.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { HOUSE, gameAccount, mainAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { drawLabel, drawNumbers } from '../../server/engine/draws.ts';
import { lotteryGame, upcomingDraws } from '../../server/engine/schedule.ts';
import { runDraws } from '../../server/draws.ts';
import { lotteryDraw } from '../../server/tables.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestDb;
let url = '';
const realNow = clock.now;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await openTestDb();
  url = t.url!;
  await seedLotteryVendors();
});
afterAll(async () => {
  clock.now = realNow;
  if (onPostgres) await t.dispose();
});

describe.skipIf(!onPostgres)('a draw killed while it settles', () => {
  it('leaves the draw and its tickets open and nothing paid; the next run draws and pays once', async () => {
    const now = Date.parse('2033-01-10T05:00:10Z');
    clock.now = () => now;
    const u = await walletUser();
    const wallet = brand().wallet.singleWallet ? mainAccount(u.id) : gameAccount(u.id, 'ELOTT');
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, legs: [{ from: HOUSE.bonus, to: wallet, amount: 50_00n }] }));
    await runDraws(t.db, now);
    const slot = upcomingDraws(lotteryGame('SSC1')!, now)[0]!;
    const where = and(eq(lotteryDraw.gameCode, 'SSC1'), eq(lotteryDraw.drawNo, slot.drawNo));
    const [open] = await t.db.select().from(lotteryDraw).where(where);
    const numbers = drawNumbers('ssc', open!.serverSeed, drawLabel('SSC1', slot.drawNo));
    const bought = await u.call('/lgw/lottery/bet', {
      method: 'POST',
      body: { gameCode: 'SSC1', drawNo: slot.drawNo, idempotencyKey: newKey(), tickets: [{ betType: 'ssc.position', numbers: [numbers[2]], position: 2, stake: '10.00' }] },
    });
    expect(bought.status).toBe(200);

    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from ledger_account where code = $1 for update', [wallet]);
    const child = spawn(process.execPath, ['tests/support/draw-once.ts', url, String(slot.drawAt)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    watcher.on('error', () => undefined);
    try {
      expect(await someoneWaitsOnALock(watcher), out).toBe(true);
      child.kill('SIGKILL');
      await new Promise((res) => child.once('exit', res));
      expect(out).not.toMatch(/drawn \d/);
      await holder.query('rollback');
      await holder.end();
      await untilIdle(watcher, '%ledger_account%');
      const state = async () =>
        (
          await watcher.query(
            `select (select status from lottery_draw where game_code = 'SSC1' and draw_no = $1) as draw,
              (select string_agg(status, ',') from game_round where member_id = $2) as rounds,
              (select count(*)::int from ledger_transfer where kind = 'win' and member_id = $2) as wins`,
            [slot.drawNo, u.id],
          )
        ).rows[0];
      expect(await state()).toEqual({ draw: 'open', rounds: 'open', wins: 0 });

      // The next run (any process, here this one) draws it and pays the 98.00 once.
      expect((await runDraws(t.db, slot.drawAt)).drawn).toBeGreaterThanOrEqual(1);
      expect((await runDraws(t.db, slot.drawAt)).drawn).toBe(0);
      expect(await state()).toEqual({ draw: 'drawn', rounds: 'settled', wins: 1 });
      expect((await balancesOf(t.db, [wallet])).get(wallet)).toBe(40_00n + 98_00n);
    } finally {
      await watcher.end();
    }
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted, audit.unbalanced, audit.negative]).toEqual([0n, [], [], []]);
  });
});

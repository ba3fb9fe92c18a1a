/**
 * The console's lottery draws (issue 29, finance), on both databases: the draws of a game with
 * their tickets and stakes, cancelling an open draw refunds every ticket once (two cancels at once:
 * one refunds, the other is refused; the ledger stays sound), drawing what is due, the audit log,
 * and the refusals (unknown game, a drawn draw, another role).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { newKey, seedLotteryVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { clock } from '../../../../kernel/clock.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { HOUSE, gameAccount, mainAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { lotteryGame, upcomingDraws } from '../../../lottery/server/engine/schedule.ts';
import { runDraws } from '../../../lottery/server/draws.ts';
import { lotteryDraw } from '../../../lottery/server/tables.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let support: Staff;
const realNow = clock.now;
const t0 = Date.parse('2033-03-02T05:00:20Z');
beforeAll(async () => {
  t = await openTestDb();
  await seedLotteryVendors();
  support = await staffUser(['support']);
});
afterEach(() => {
  clock.now = realNow;
});
afterAll(() => t.dispose());

const walletOf = (memberId: number) => (brand().wallet.singleWallet ? mainAccount(memberId) : gameAccount(memberId, 'ELOTT'));
const balance = async (code: string) => (await balancesOf(t.db, [code])).get(code)!;

describe('the lottery draws of the console', () => {
  it('lists a draw with its tickets, cancels it once with every ticket refunded, and logs it', async () => {
    clock.now = () => t0;
    // Logged in under the moved clock, so that their sessions are fresh in it.
    const [f1, f2] = await Promise.all([staffUser(['finance']), staffUser(['finance'])]);
    await runDraws(t.db, t0);
    const slot = upcomingDraws(lotteryGame('PK10')!, t0)[0]!;
    const u = await walletUser();
    const wallet = walletOf(u.id);
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, memo: 'test funding', legs: [{ from: HOUSE.bonus, to: wallet, amount: 20_00n }] }));
    const bought = await u.call('/lgw/lottery/bet', {
      method: 'POST',
      body: {
        gameCode: 'PK10',
        drawNo: slot.drawNo,
        idempotencyKey: newKey(),
        tickets: [
          { betType: 'pk10.position', numbers: [3], position: 1, stake: '4.00' },
          { betType: 'pk10.bigSmall', numbers: [], position: 1, side: 'small', stake: '6.00' },
        ],
      },
    });
    expect(bought.status).toBe(200);
    expect(await balance(wallet)).toBe(10_00n);

    const list = (await f1.call('/wps/console/lottery/draws', { query: { game: 'PK10', status: 'open' } })).json.value;
    expect(list.games.map((g: { code: string }) => g.code)).toContain('PK10');
    const row = list.items.find((d: { drawNo: string }) => d.drawNo === slot.drawNo);
    expect(row).toMatchObject({ game: 'PK10', status: 'open', phase: 'taking', tickets: 2, stakes: '10.00', numbers: null });
    expect(row.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const cancel = () => f1.call('/wps/console/lottery/cancel', { method: 'POST', body: { game: 'PK10', drawNo: slot.drawNo } });
    const both = await Promise.all([cancel(), f2.call('/wps/console/lottery/cancel', { method: 'POST', body: { game: 'PK10', drawNo: slot.drawNo } })]);
    const done = both.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json.value).toEqual({ refunded: 2, members: 1, amount: '10.00' });
    expect(both.find((r) => r.status !== 200)!.json.errorCode).toBe('console.lottery.notOpen');
    expect(await balance(wallet)).toBe(20_00n);

    const after = (await f1.call('/wps/console/lottery/draws', { query: { game: 'PK10', status: 'cancelled' } })).json.value;
    expect(after.items.map((d: { drawNo: string }) => d.drawNo)).toContain(slot.drawNo);
    const logged = await t.db
      .select()
      .from(opsAudit)
      .where(and(eq(opsAudit.command, 'lottery cancel'), eq(opsAudit.actor, `staff:${done[0] === both[0] ? f1.username : f2.username}`)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ before: { status: 'open' }, after: { status: 'cancelled', refunded: 2 } });

    const csv = await f1.call('/wps/console/export', { query: { table: 'draws', game: 'PK10', status: 'cancelled' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(slot.drawNo);
    expect(csv.text).toContain(row.serverSeedHash);

    const a = await auditLedger(t.db);
    expect({ total: a.total, drifted: a.drifted, unbalanced: a.unbalanced, negative: a.negative }).toEqual({ total: 0n, drifted: [], unbalanced: [], negative: [] });
  });

  it('draws what is due when asked, and a drawn draw cannot be cancelled', async () => {
    clock.now = () => t0 + 3_600_000;
    const f1 = await staffUser(['finance']);
    await runDraws(t.db, t0 + 3_600_000);
    const slot = upcomingDraws(lotteryGame('SSC1')!, t0 + 3_600_000)[0]!;
    // The schedule moves on past the draw's time; the console's button draws it at once.
    clock.now = () => slot.drawAt + 1000;
    const ran = await f1.call('/wps/console/lottery/run', { method: 'POST' });
    expect(ran.json.value.drawn).toBeGreaterThan(0);
    const [drawn] = await t.db
      .select()
      .from(lotteryDraw)
      .where(and(eq(lotteryDraw.gameCode, 'SSC1'), eq(lotteryDraw.drawNo, slot.drawNo)));
    expect(drawn!.status).toBe('drawn');
    const r = await f1.call('/wps/console/lottery/cancel', { method: 'POST', body: { game: 'SSC1', drawNo: slot.drawNo } });
    expect([r.status, r.json.errorCode]).toEqual([409, 'console.lottery.notOpen']);
    expect(r.json.message).toMatch(/open draw/);
  });

  it('refuses an unknown game or draw in words, and other roles', async () => {
    const f1 = await staffUser(['finance']);
    const game = await f1.call('/wps/console/lottery/draws', { query: { game: 'NOPE' } });
    expect([game.status, game.json.errorCode]).toEqual([404, 'lottery.game.unknown']);
    expect(game.json.message).toBeTruthy();
    const draw = await f1.call('/wps/console/lottery/cancel', { method: 'POST', body: { game: 'PK10', drawNo: '000' } });
    expect(draw.json.errorCode).toBe('lottery.draw.unknown');
    expect((await support.call('/wps/console/lottery/draws')).json.errorCode).toBe('console.role.denied');
    expect((await support.call('/wps/console/lottery/run', { method: 'POST' })).json.errorCode).toBe('console.role.denied');
  });
});

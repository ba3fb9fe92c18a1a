/**
 * Lottery tickets through the API (issue 16): a slip debits its stakes at once (from the game's
 * wallet on a brand with game wallets), each ticket settles once at its draw with the win its bet
 * type gives the drawn numbers, a cancelled draw refunds every ticket, a retried slip is bought
 * once, and every refusal has its errorCode and message; the ledger audit holds throughout.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { newKey, seedLotteryVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { clock } from '../../../../kernel/clock.ts';
import { resetEnv } from '../../../../kernel/env.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { HOUSE, gameAccount, mainAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { gameRound, memberDay } from '../../../wallet/server/tables.ts';
import { refundStaleRounds } from '../../../wallet/server/game-play.ts';
import { vendor } from '../../../games/server/tables.ts';
import { drawLabel, drawNumbers } from '../../server/engine/draws.ts';
import { BET_TYPES, winOf } from '../../server/engine/bets.ts';
import { lotteryGame, upcomingDraws } from '../../server/engine/schedule.ts';
import { runDraws } from '../../server/draws.ts';
import { cancelDraw } from '../../server/tickets.ts';
import { lotteryDraw } from '../../server/tables.ts';
import { runOps } from '../../../../app/ops.ts';

let t: TestDb;
const realNow = clock.now;
beforeAll(async () => {
  t = await openTestDb();
  await seedLotteryVendors();
});
afterEach(() => {
  clock.now = realNow;
});
afterAll(() => t.dispose());

/** The wallet a game's tickets are paid from on this brand. */
const walletOf = (memberId: number, vendor: string) => (brand().wallet.singleWallet ? mainAccount(memberId) : gameAccount(memberId, vendor));
const balance = async (code: string) => (await balancesOf(t.db, [code])).get(code)!;
async function fundWallet(code: string, memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test funding', legs: [{ from: HOUSE.bonus, to: code, amount: minor }] }));
}
const at = (ms: number) => {
  clock.now = () => ms;
};
/** The draw of `game` taking bets at `now` (opened by the job), with the numbers its committed seed will give. */
async function openDraw(game: string, now: number) {
  await runDraws(t.db, now);
  const slot = upcomingDraws(lotteryGame(game)!, now)[0]!;
  const [row] = await t.db
    .select()
    .from(lotteryDraw)
    .where(and(eq(lotteryDraw.gameCode, game), eq(lotteryDraw.drawNo, slot.drawNo)));
  return { ...slot, row: row!, numbers: drawNumbers(lotteryGame(game)!.family, row!.serverSeed, drawLabel(game, slot.drawNo)) };
}
const audit = async () => {
  const a = await auditLedger(t.db);
  expect({ total: a.total, drifted: a.drifted, unbalanced: a.unbalanced, negative: a.negative, misrouted: a.misrouted }).toEqual({
    total: 0n,
    drifted: [],
    unbalanced: [],
    negative: [],
    misrouted: [],
  });
};

describe('lottery tickets', () => {
  const t0 = Date.parse('2032-05-04T03:00:20Z');

  it('are bought in a slip, settled once at the draw with the wins of their bet types, and listed with their outcome', async () => {
    at(t0);
    const u = await walletUser();
    const wallet = walletOf(u.id, 'ELOTT');
    await fundWallet(wallet, u.id, 100_00n);
    const d = await openDraw('SSC1', t0);
    const digit = d.numbers[0]!;
    const tickets = [
      { betType: 'ssc.position', numbers: [digit], position: 0, stake: '2.00' },
      { betType: 'ssc.position', numbers: [(digit + 1) % 10], position: 0, stake: '3.00' },
      { betType: 'ssc.sumBigSmall', numbers: [], side: 'big', stake: '1.50' },
    ];
    const key = newKey();
    const bought = await u.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: key, tickets } });
    expect(bought.status).toBe(200);
    expect(bought.json).toMatchObject({ gameCode: 'SSC1', drawNo: d.drawNo, total: '6.50', balance: '93.50', wallet: brand().wallet.singleWallet ? 'MAIN' : 'ELOTT' });
    expect(bought.json.tickets).toHaveLength(3);
    expect(await balance(wallet)).toBe(93_50n);
    // A retry with the key answers the same slip and debits nothing more.
    const again = await u.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: key, tickets } });
    expect(again.json.slipId).toBe(bought.json.slipId);
    expect(await balance(wallet)).toBe(93_50n);
    const open = await u.call('/lgw/lottery/tickets?status=open');
    expect(open.json.total).toBe(3);
    // The sweeper of rounds vendors left open leaves tickets alone: they are open until their draw.
    expect(await refundStaleRounds(t.db, t0 + 2 * 86_400_000, 10 * 60_000)).toBe(0);
    expect((await u.call('/lgw/lottery/tickets?status=open')).json.total).toBe(3);
    expect(open.json.list.every((x: { status: string; numbers: unknown }) => x.status === 'open' && x.numbers === null)).toBe(true);

    // Drawn once by racing jobs; each ticket paid what its bet type gives the numbers.
    const runs = await Promise.all([runDraws(t.db, d.drawAt), runDraws(t.db, d.drawAt)]);
    expect(runs.reduce((n, r) => n + r.drawn, 0)).toBeGreaterThanOrEqual(1);
    const expected = tickets.map((x) =>
      winOf(BET_TYPES.get(x.betType)!, { numbers: x.numbers, position: x.position, side: x.side as 'big' | undefined }, d.numbers, BigInt(Math.round(Number(x.stake) * 100))),
    );
    expect(expected[0]).toBe(19_60n); // 9.8 x 2.00
    expect(expected[1]).toBe(0n);
    const won = expected.reduce((s, w) => s + w, 0n);
    expect(await balance(wallet)).toBe(93_50n + won);
    const settled = await u.call('/lgw/lottery/tickets?gameCode=SSC1&status=settled&pageSize=10');
    expect(settled.json.total).toBe(3);
    const byId = new Map(settled.json.list.map((x: { ticketId: string }) => [x.ticketId, x]));
    bought.json.tickets.forEach((b: { ticketId: string }, i: number) => {
      expect(byId.get(b.ticketId)).toMatchObject({ status: expected[i]! > 0n ? 'won' : 'lost', numbers: d.numbers, drawNo: d.drawNo });
    });
    // Rounds of the wallet: they count in records and in the day's figures.
    const rounds = await t.db.select().from(gameRound).where(eq(gameRound.memberId, u.id));
    expect(rounds.map((r) => r.status)).toEqual(['settled', 'settled', 'settled']);
    const [day] = await t.db
      .select()
      .from(memberDay)
      .where(and(eq(memberDay.memberId, u.id), eq(memberDay.vendor, 'ELOTT')));
    expect(day).toMatchObject({ betCount: 3, validBet: 6_50n, payout: won });
    await audit();
  });

  it('refuse a closed window, an unknown game, bet type or draw, bad numbers or stakes, a trial account and a short balance, each clearly', async () => {
    // Ten minutes before the close (a session idles out after 30 minutes).
    const now = upcomingDraws(lotteryGame('VN_NORTH')!, t0 + 3_600_000)[0]!.closesAt - 600_000;
    at(now);
    const u = await walletUser();
    await fundWallet(walletOf(u.id, 'TCG_LOTTO_VN'), u.id, 5_00n);
    const d = await openDraw('VN_NORTH', now);
    const bet = (body: Record<string, unknown>, lang = 'EN') =>
      u.call('/lgw/lottery/bet', { method: 'POST', headers: { language: lang }, body: { gameCode: 'VN_NORTH', drawNo: d.drawNo, idempotencyKey: newKey(), ...body } });
    const one = { betType: 'vnNorth.de', numbers: [42], stake: '1.00' };
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ gameCode: 'NOPE', tickets: [one] }, 404, 'lottery.game.unknown'],
      [{ drawNo: '19990101', tickets: [one] }, 404, 'lottery.draw.unknown'],
      [{ tickets: [] }, 400, 'lottery.tickets.count'],
      [{ tickets: Array.from({ length: 51 }, () => one) }, 400, 'lottery.tickets.count'],
      [{ tickets: [{ ...one, betType: 'ssc.position' }] }, 400, 'lottery.betType.unknown'],
      [{ tickets: [one, { ...one, numbers: [100] }] }, 400, 'lottery.numbers.invalid'],
      [{ tickets: [{ ...one, stake: '0.50' }] }, 400, 'lottery.stake.range'],
      [{ tickets: [{ ...one, stake: '10000.01' }] }, 400, 'lottery.stake.range'],
      [{ tickets: [{ ...one, stake: 'abc' }] }, 400, 'lottery.stake.range'],
      [{ tickets: [one, { ...one, stake: '4.01' }] }, 400, 'wallet.balance.insufficient'],
    ];
    for (const [body, status, code] of refusals) {
      const r = await bet(body);
      expect([r.status, r.json.errorCode], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
      expect(r.json.message).toBeTruthy();
    }
    const es = await bet({ tickets: [one, { ...one, numbers: [100] }] }, 'ES');
    expect(es.json.message).toBe('Jugada 2: los números no corresponden a este tipo de apuesta');
    expect((await u.call('/lgw/lottery/tickets')).json.total).toBe(0);

    // After the close: refused, before and after the draw.
    at(d.closesAt);
    expect((await bet({ tickets: [one] })).json.errorCode).toBe('lottery.draw.closed');
    // The next draw does not take bets before its window opens.
    const next = upcomingDraws(lotteryGame('VN_NORTH')!, now)[1]!;
    expect((await bet({ drawNo: next.drawNo, tickets: [one] })).json.errorCode).toBe('lottery.draw.notOpen');

    // A vendor under maintenance or turned off in the catalogue sells nothing.
    await t.db.update(vendor).set({ maintenance: true }).where(eq(vendor.code, 'TCG_LOTTO_VN'));
    at(now);
    expect((await bet({ tickets: [one] })).json.errorCode).toBe('game.maintenance');
    await t.db.update(vendor).set({ maintenance: false, enabled: false }).where(eq(vendor.code, 'TCG_LOTTO_VN'));
    expect((await bet({ tickets: [one] })).json.errorCode).toBe('game.disabled');
    await t.db.update(vendor).set({ enabled: true }).where(eq(vendor.code, 'TCG_LOTTO_VN'));

    const trial = await walletUser({ type: 4 });
    const refused = await trial.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode: 'VN_NORTH', drawNo: d.drawNo, idempotencyKey: newKey(), tickets: [one] } });
    expect([refused.status, refused.json.errorCode]).toEqual([403, 'account.trial']);
    const anonymous = await (await import('../../../../../tests/support/api.ts')).callApi('/lgw/lottery/tickets');
    expect(anonymous.status).toBe(401);
    await audit();
  });

  it('of a cancelled draw are all refunded, once', async () => {
    const now = t0 + 7_200_000;
    at(now);
    const a = await walletUser();
    const b = await walletUser();
    const d = await openDraw('PK10', now);
    for (const u of [a, b]) {
      await fundWallet(walletOf(u.id, 'ELOTT'), u.id, 20_00n);
      const r = await u.call('/lgw/lottery/bet', {
        method: 'POST',
        body: {
          gameCode: 'PK10',
          drawNo: d.drawNo,
          idempotencyKey: newKey(),
          tickets: [
            { betType: 'pk10.position', numbers: [3], position: 1, stake: '4.00' },
            { betType: 'pk10.bigSmall', numbers: [], position: 1, side: 'small', stake: '6.00' },
          ],
        },
      });
      expect(r.status).toBe(200);
    }
    // The operator's command cancels it.
    const ops = await runOps(t.db, ['lottery', 'cancel', '--game', 'PK10', '--draw', d.drawNo], 'test');
    expect(ops).toMatchObject({ ok: true, output: `PK10 ${d.drawNo} cancelled: 4 ticket(s) refunded to 2 member(s), 20.00 in all.` });
    expect((await runOps(t.db, ['lottery', 'draws', '--game', 'PK10'], 'test')).output).toMatch(new RegExp(`PK10 +${d.drawNo} +cancelled`));
    await expect(cancelDraw(t.db, 'PK10', d.drawNo, now)).rejects.toMatchObject({ errorCode: 'lottery.draw.closed' });
    for (const u of [a, b]) {
      expect(await balance(walletOf(u.id, 'ELOTT'))).toBe(20_00n);
      const list = (await u.call('/lgw/lottery/tickets')).json.list;
      expect(list.map((x: { status: string }) => x.status)).toEqual(['refunded', 'refunded']);
    }
    // A cancelled draw is not drawn later.
    expect((await runDraws(t.db, d.drawAt + 60_000)).drawn).toBeGreaterThanOrEqual(0);
    const [row] = await t.db
      .select()
      .from(lotteryDraw)
      .where(and(eq(lotteryDraw.gameCode, 'PK10'), eq(lotteryDraw.drawNo, d.drawNo)));
    expect(row!.status).toBe('cancelled');
    await audit();
  });

  it('of a draw the sandbox draws now (npm run ops -- lottery draw-now) are settled at once; a real game provider refuses the command', async () => {
    const now = t0 + 10_800_000;
    at(now);
    const u = await walletUser();
    const wallet = walletOf(u.id, 'ELOTT');
    await fundWallet(wallet, u.id, 10_00n);
    const d = await openDraw('SSC1', now);
    const r = await u.call('/lgw/lottery/bet', {
      method: 'POST',
      body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: newKey(), tickets: [{ betType: 'ssc.position', numbers: [d.numbers[0]!], position: 0, stake: '1.00' }] },
    });
    expect(r.status).toBe(200);
    const saved = process.env.GAME_PROVIDER;
    process.env.GAME_PROVIDER = 'http';
    resetEnv();
    try {
      expect(await runOps(t.db, ['lottery', 'draw-now', '--game', 'SSC1'], 'test')).toMatchObject({ ok: false, output: expect.stringContaining('sandbox') });
    } finally {
      if (saved === undefined) delete process.env.GAME_PROVIDER;
      else process.env.GAME_PROVIDER = saved;
      resetEnv();
    }
    expect(await runOps(t.db, ['lottery', 'draw-now', '--game', 'SSC1'], 'test')).toMatchObject({ ok: true, output: `SSC1 ${d.drawNo} drawn now: ${d.numbers.join(' ')}` });
    expect((await u.call('/lgw/lottery/tickets')).json.list.map((x: { status: string }) => x.status)).toEqual(['won']);
    expect(await balance(wallet)).toBe(10_00n - 1_00n + 9_80n);
    // Nothing else takes bets until the next draw opens on schedule.
    expect(await runOps(t.db, ['lottery', 'draw-now', '--game', 'SSC1'], 'test')).toMatchObject({ ok: false, output: 'No draw of SSC1 is taking bets now.' });
    expect(await runOps(t.db, ['lottery', 'draw-now'], 'test')).toMatchObject({ ok: false });
    await audit();
  });

  it('board: bet types with their return to player, the stake range and the open draws', async () => {
    at(t0 + 7_200_000);
    const info = await (await import('../../../../../tests/support/api.ts')).callApi('/lgw/lottery/game?gameCode=SEA_4D');
    expect(info.json).toMatchObject({ gameCode: 'SEA_4D', vendor: 'TCG_SEA', family: '4d', everyMinutes: null, stake: { min: '1.00', max: '10000.00' }, maxTickets: 50 });
    expect(info.json.betTypes.map((b: { code: string }) => b.code)).toEqual(['4d.big', '4d.small', '4d.boxBig']);
    expect(info.json.betTypes[0].rtp).toBeCloseTo(0.64, 5);
    expect(info.json.draws.length).toBeGreaterThan(0);
  });
  it("are paid from their own game's wallet and win into it, never another lottery's (issue 26)", async () => {
    if (brand().wallet.singleWallet) return;
    const now = t0 + 7 * 86_400_000;
    at(now);
    const u = await walletUser();
    await fundWallet(mainAccount(u.id), u.id, 50_00n);
    // The player moves money into the Vietnamese lottery's wallet, then plays SSC (E-Lotto's game).
    const moved = await u.call('/wps/relay/GCS_walletTransfer', { method: 'POST', body: { from: 'MAIN', to: 'TCG_LOTTO_VN', amount: '20.00', idempotencyKey: newKey() } });
    expect(moved.status).toBe(200);
    const d = await openDraw('SSC1', now);
    const digit = d.numbers[0]!;
    const ticket = { betType: 'ssc.position', numbers: [digit], position: 0, stake: '2.00' };
    const short = await u.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: newKey(), tickets: [ticket] } });
    expect([short.status, short.json.errorCode]).toEqual([400, 'wallet.balance.insufficient']);
    expect(await balance(gameAccount(u.id, 'TCG_LOTTO_VN'))).toBe(20_00n);
    // With money in E-Lotto's wallet the ticket is paid from there, and its win goes back there.
    await u.call('/wps/relay/GCS_walletTransfer', { method: 'POST', body: { from: 'MAIN', to: 'ELOTT', amount: '5.00', idempotencyKey: newKey() } });
    const bought = await u.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: newKey(), tickets: [ticket] } });
    expect(bought.json).toMatchObject({ wallet: 'ELOTT', balance: '3.00' });
    await runDraws(t.db, d.drawAt);
    expect(await balance(gameAccount(u.id, 'ELOTT'))).toBe(3_00n + 19_60n);
    expect(await balance(gameAccount(u.id, 'TCG_LOTTO_VN'))).toBe(20_00n);
    await audit();
  });

  it('are audited: a win credited to another wallet than its stake came from is reported', async () => {
    at(t0 + 8 * 86_400_000);
    const u = await walletUser();
    await fundWallet(walletOf(u.id, 'ELOTT'), u.id, 5_00n);
    const d = await openDraw('SSC1', t0 + 8 * 86_400_000);
    const bought = await u.call('/lgw/lottery/bet', {
      method: 'POST',
      body: { gameCode: 'SSC1', drawNo: d.drawNo, idempotencyKey: newKey(), tickets: [{ betType: 'ssc.position', numbers: [0], position: 0, stake: '1.00' }] },
    });
    expect(bought.status).toBe(200);
    // A payout that goes astray (as the audit saw one go): the round names E-Lotto's wallet.
    const astray = gameAccount(u.id, 'TCG_LOTTO_VN');
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'win', memberId: u.id, reference: bought.json.tickets[0].ticketId, legs: [{ from: HOUSE.bonus, to: astray, amount: 1_00n }] }));
    const a = await auditLedger(t.db);
    expect(a.misrouted.map((m) => m.code)).toContain(astray);
    // Put right for the tests after this one (an adjustment in the ledger, not an edit).
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'win', memberId: u.id, reference: 'test', legs: [{ from: astray, to: HOUSE.bonus, amount: 1_00n }] }));
    expect((await auditLedger(t.db)).misrouted).toEqual([]);
  });
});

/**
 * Points and the points mall (issue 32) of the demo brand (brands/demo.json: 1 point per 10.00 of
 * slot bets, per 20.00 of live bets, per 10.00 deposited; 100 points convert to 1.00 from 100; items
 * 1 a 5.00 bonus for 500 points with 1x wagering, 3 a T-shirt for 3,000 points, 50 in stock, one per
 * member, 4 earbuds for 25,000 points, 10 in stock): earning once per day and per deposit,
 * details by type, redeeming and converting behind the payment password through the encrypted
 * passwordCheck calls, refusals with their words, stock never oversold under concurrency (on
 * PostgreSQL), the operator's refusal giving points and stock back, and the ledger audit with
 * points in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callEnc } from '../../../../../tests/support/accounts.ts';
import { mainBalance, newKey, sandboxInProcess, seedLiveVendor, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { consumeAll } from '../../../../kernel/events.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { passwords } from '../../../accounts/index.ts';
import { member } from '../../../accounts/server/tables.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';
import { selfExclude } from '../../../protection/server/state.ts';
import { earnDay, depositPointsConsumer } from '../../server/earning.ts';
import { setRedemptionStatus, stockOf } from '../../server/mall.ts';
import { pointsRules } from '../../server/settings.ts';
import { game } from '../../../games/index.ts';
import { grantByReference } from '../../../play/server/free-spins.ts';
import { pointsBalance as balanceOf, earnPointsOnce } from '../../../wallet/index.ts';

let t: TestDb;
let sandbox: ReturnType<typeof sandboxInProcess>;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  await seedLiveVendor();
  sandbox = sandboxInProcess();
});
afterAll(async () => {
  sandbox.restore();
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const tz = () => brand().timeZone;
const PAY_PW = '246810';

/** A member with a payment password (the mall's money doors ask it). */
async function payer(o: Parameters<typeof walletUser>[0] = {}): Promise<User> {
  const u = await walletUser(o);
  await t.db
    .update(member)
    .set({ paymentPasswordHash: await passwords.hash(PAY_PW) })
    .where(eq(member.id, u.id));
  return u;
}
const give = (u: User, points: bigint) => t.db.transaction((tx) => earnPointsOnce(tx, u.id, points, `test:${newKey()}`, 'rng'));
const points = async (u: User) => Number(await balanceOf(t.db, u.id));
const onPostgres = process.env.TEST_DB === 'postgres';
const redeem = (u: User, body: Record<string, unknown>) =>
  callEnc('/wps/relay/passwordCheck/PTS_redeemReward', 'POST', { ...body, idempotencyKey: (body.idempotencyKey as string) ?? newKey() }, { headers: { authorization: u.token } });
const convert = (u: User, body: Record<string, unknown>) =>
  callEnc('/wps/relay/passwordCheck/PTS_convertPoints', 'POST', { idempotencyKey: newKey(), ...body }, { headers: { authorization: u.token } });
const ADDRESS = { name: 'Ana Demo', phone: '+52 55 1234 5678', address: 'Calle Demo 1, Ciudad de México' };

describe('earning', () => {
  it("a closed day's valid bets earn their points once per type, and a deposit its own once", async () => {
    const u = await payer();
    const day = addDays(dayIn(Date.now(), tz()), -2);
    const at = new Date(dayStart(day, tz()) + 12 * 3_600_000);
    await addToDay(t.db, u.id, at, 'JL', { betCount: 10, validBet: 12_550n }); // 125.50 of slots: 12 points
    await addToDay(t.db, u.id, at, 'EVO', { betCount: 2, validBet: 5_000n }); // 50.00 live: 2 points
    expect(await earnDay(t.db, day)).toBeGreaterThanOrEqual(1);
    expect(await points(u)).toBe(14);
    await earnDay(t.db, day);
    expect(await points(u)).toBe(14);
    // A bet of that day settled after it closed (a draw, a result): the day earns the difference, once.
    await addToDay(t.db, u.id, at, 'JL', { betCount: 1, validBet: 500n }); // 130.50 of slots now: 13 points
    await Promise.all([earnDay(t.db, day), earnDay(t.db, day)]);
    expect(await points(u)).toBe(15);

    const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '55.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
    expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
    await consumeAll(t.db, depositPointsConsumer);
    await consumeAll(t.db, depositPointsConsumer);
    expect(await points(u)).toBe(20);

    const balance = (await u.call('/wps/relay/PTS_getPointBalance')).json.value;
    expect(balance.points).toBe(20);
    expect(balance.byType).toEqual(
      expect.arrayContaining([
        { type: 'rng', points: 13 },
        { type: 'live', points: 2 },
        { type: 'deposit', points: 5 },
      ]),
    );
    const details = (await u.call('/wps/relay/PTS_getMemberTransactionDetail', { query: { from: day } })).json.value;
    expect(details.totalCount).toBe(4);
    expect(details.content[0]).toMatchObject({ type: 'deposit', points: 5, balanceAfter: 20 });
  });

  it('trial accounts and members who excluded themselves earn nothing', async () => {
    const trial = await walletUser({ type: TRIAL_TYPE });
    const u = await walletUser();
    const day = addDays(dayIn(Date.now(), tz()), -3);
    const at = new Date(dayStart(day, tz()) + 12 * 3_600_000);
    await addToDay(t.db, trial.id, at, 'JL', { betCount: 1, validBet: 100_000n });
    await addToDay(t.db, u.id, at, 'JL', { betCount: 1, validBet: 100_000n });
    await selfExclude(t.db, u.id, '6m', '127.0.0.1');
    await earnDay(t.db, day);
    expect(await points(trial)).toBe(0);
    expect(await points(u)).toBe(0);
    expect((await trial.call('/wps/relay/PTS_getPointBalance')).json.value).toEqual({ points: 0, byType: [] });
  });
});

describe('the mall', () => {
  it('lists its items with their stock and the rules, to anyone', async () => {
    const r = await callApi('/wps/relay/PTS_getRewardList', { headers: { language: 'ES' } });
    expect(r.status).toBe(200);
    expect(r.json.value.items.find((i: { id: number }) => i.id === 1)).toMatchObject({ title: 'Bono de $5 (demo)', kind: 'bonus', points: 500, amount: '5.00', turnover: '5.00', left: null, mine: 0 });
    expect(r.json.value.items.find((i: { id: number }) => i.id === 4)).toMatchObject({ kind: 'goods', points: 25000, amount: null });
    const config = (await callApi('/wps/relay/PTS_getConfig')).json.value;
    expect(config).toMatchObject({ enabled: true, convert: { points: 100, money: '1.00', minPoints: 100 } });
    expect(config.earn).toContainEqual({ type: 'rng', per: '10.00', points: 1 });
  });

  it('redeems a bonus item behind the payment password: points spent and the bonus paid in one go, once per key', async () => {
    const u = await payer();
    await give(u, 600n);
    const before = await mainBalance(u.id);
    expect((await redeem(u, { itemId: 1 })).json.errorCode).toBe('wallet.paymentPassword.required');
    const wrong = await redeem(u, { itemId: 1, paymentPassword: '000000' });
    expect(wrong.json).toMatchObject({ success: false, errorCode: 'wallet.paymentPassword.incorrect' });
    expect(wrong.json.message).toBeTruthy();
    const key = newKey();
    const ok = await redeem(u, { itemId: 1, paymentPassword: PAY_PW, idempotencyKey: key });
    expect(ok.status).toBe(200);
    expect(ok.json.value).toMatchObject({ points: 100, redemption: { itemId: 1, kind: 'bonus', points: 500, amount: '5.00', status: 'done' } });
    expect(await mainBalance(u.id)).toBe(before + 500n);
    // The same key answers the same redemption, nothing spent again.
    const again = await redeem(u, { itemId: 1, paymentPassword: PAY_PW, idempotencyKey: key });
    expect(again.json.value.redemption.id).toBe(ok.json.value.redemption.id);
    expect(await points(u)).toBe(100);
    // Too few points now.
    const short = await redeem(u, { itemId: 1, paymentPassword: PAY_PW });
    expect(short.json).toMatchObject({ success: false, errorCode: 'points.notEnough' });
    expect(await points(u)).toBe(100);
    const history = (await u.call('/wps/relay/PTS_getRedeemList')).json.value;
    expect(history).toMatchObject({ totalCount: 1, content: [{ title: '$5 bonus (demo)', status: 'done', points: 500 }] });
    const [bonusRow] = rowsOf(await t.db.execute(sql`select source, turnover_required::text as turnover from bonus where member_id = ${u.id}`));
    expect(bonusRow).toEqual({ source: 'points-mall', turnover: '500' });
  });

  it('refuses members without a payment password, goods without an address, and a second T-shirt', async () => {
    // A member without a payment password confirms with the login password.
    const plain = await walletUser();
    await t.db.transaction((tx) => earnPointsOnce(tx, plain.id, 5000n, `test:${newKey()}`, 'rng'));
    const asPlain = (paymentPassword?: string) =>
      callEnc('/wps/relay/passwordCheck/PTS_redeemReward', 'POST', { itemId: 1, paymentPassword, idempotencyKey: newKey() }, { headers: { authorization: plain.token } });
    expect((await asPlain()).json.errorCode).toBe('wallet.paymentPassword.required');
    expect((await asPlain(PAY_PW)).json.errorCode).toBe('wallet.paymentPassword.incorrect');
    expect((await asPlain(plain.password)).json.value.redemption.status).toBe('done');

    const u = await payer();
    await give(u, 7000n);
    expect((await redeem(u, { itemId: 3, paymentPassword: PAY_PW })).json.errorCode).toBe('points.address.required');
    const shirt = await redeem(u, { itemId: 3, paymentPassword: PAY_PW, address: ADDRESS });
    expect(shirt.json.value.redemption).toMatchObject({ kind: 'goods', status: 'pending', amount: null });
    const second = await redeem(u, { itemId: 3, paymentPassword: PAY_PW, address: ADDRESS });
    expect(second.json).toMatchObject({ success: false, errorCode: 'points.item.limit' });
    expect(await points(u)).toBe(4000);
    expect((await redeem(u, { itemId: 99, paymentPassword: PAY_PW })).status).toBe(404);

    // The operator cannot send it: refused, points and stock given back; then it may be redeemed again.
    const sold = Number(await stockOf(t.db, 3));
    await setRedemptionStatus(t.db, shirt.json.value.redemption.id, 'refused', 'out of that size');
    expect(await points(u)).toBe(7000);
    expect(Number(await stockOf(t.db, 3))).toBe(sold - 1);
    await expect(setRedemptionStatus(t.db, shirt.json.value.redemption.id, 'done', null)).rejects.toMatchObject({ errorCode: 'points.redemption.status' });
    const history = (await u.call('/wps/relay/PTS_getRedeemList')).json.value.content;
    expect(history[0]).toMatchObject({ status: 'refused', note: 'out of that size' });
    expect((await redeem(u, { itemId: 3, paymentPassword: PAY_PW, address: ADDRESS })).json.value.redemption.status).toBe('pending');
  });

  it('redeems free spins on a slot and raffle tickets in the running draw, each given at once', async () => {
    const [g] = await t.db
      .insert(game)
      .values({ gameCode: 'ptfs', gameName: 'Mall Slot', searchName: 'mall slot', gameType: 'RNG', vassalage: 'JL', gameClassify: 'SLOT', minBet: 20n, seed: 7 })
      .returning({ nodeId: game.nodeId });
    const item = pointsRules()!.items.find((i) => i.id === 5)!;
    const nodeId = item.nodeId;
    item.nodeId = g!.nodeId;
    try {
      const u = await payer();
      await give(u, 1000n);
      const listed = (await u.call('/wps/relay/PTS_getRewardList')).json.value.items;
      expect(listed.find((i: { id: number }) => i.id === 5)).toMatchObject({ kind: 'freeSpins', points: 400, quantity: 10, on: 'Mall Slot', amount: null });
      expect(listed.find((i: { id: number }) => i.id === 6)).toMatchObject({ kind: 'raffleTickets', points: 300, quantity: 3, on: expect.stringMatching(/raffle/i) });

      const spins = await redeem(u, { itemId: 5, paymentPassword: PAY_PW });
      expect(spins.json.value.redemption).toMatchObject({ kind: 'freeSpins', status: 'done', quantity: 10, amount: null });
      expect(await grantByReference(t.db, u.id, `mall:${spins.json.value.redemption.id}`)).toMatchObject({ nodeId: g!.nodeId, spins: 10, spinsLeft: 10, wageringPercent: 500 });

      const tickets = async () => (await u.call('/wps/promotions/raffle', { query: { promotionId: '9' } })).json.value[0].current?.tickets ?? 0;
      const before = await tickets();
      const raffle = await redeem(u, { itemId: 6, paymentPassword: PAY_PW });
      expect(raffle.json.value).toMatchObject({ points: 300, redemption: { kind: 'raffleTickets', status: 'done', quantity: 3 } });
      expect(await tickets()).toBe(before + 3);
      // Goods only are moved on by the operator.
      await expect(setRedemptionStatus(t.db, raffle.json.value.redemption.id, 'shipped', null)).rejects.toMatchObject({ errorCode: 'points.redemption.status' });
    } finally {
      item.nodeId = nodeId;
    }
  });

  it('converts points to money behind the payment password, in steps, from the minimum', async () => {
    const u = await payer();
    await give(u, 350n);
    const before = await mainBalance(u.id);
    expect((await convert(u, { points: 50, paymentPassword: PAY_PW })).json.errorCode).toBe('points.convert.minimum');
    expect((await convert(u, { points: 150, paymentPassword: PAY_PW })).json.errorCode).toBe('points.convert.step');
    expect((await convert(u, { points: 400, paymentPassword: PAY_PW })).json.errorCode).toBe('points.notEnough');
    const ok = await convert(u, { points: 300, paymentPassword: PAY_PW });
    expect(ok.json.value).toMatchObject({ points: 50, money: '3.00' });
    expect(await mainBalance(u.id)).toBe(before + 300n);
    // A plain body (not encrypted) is refused.
    const plain = await u.call('/wps/relay/passwordCheck/PTS_convertPoints', { method: 'POST', body: { points: 100, paymentPassword: PAY_PW, idempotencyKey: newKey() } });
    expect(plain.status).toBe(400);
  });

  it.skipIf(!onPostgres)('never oversells: 100 members at once for the last 10 earbuds get 10', async () => {
    const people = await Promise.all(Array.from({ length: 100 }, () => payer()));
    for (const p of people) await give(p, 25_000n);
    // As a client does when the server's password checks are all busy (429 password.busy): again in a moment, same key.
    const attempt = async (p: User) => {
      const key = newKey();
      for (;;) {
        const r = await redeem(p, { itemId: 4, paymentPassword: PAY_PW, address: ADDRESS, idempotencyKey: key });
        if (r.json.errorCode !== 'password.busy') return r;
        await new Promise((done) => setTimeout(done, 20));
      }
    };
    const answers = await Promise.all(people.map(attempt));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(10);
    expect(answers.filter((a) => a.json.errorCode === 'points.item.soldOut')).toHaveLength(90);
    expect(Number(await stockOf(t.db, 4))).toBe(10);
    const spent = (await Promise.all(people.map((p) => points(p)))).filter((n) => n === 0);
    expect(spent).toHaveLength(10);
    expect((await callApi('/wps/relay/PTS_getRewardList')).json.value.items.find((i: { id: number }) => i.id === 4).left).toBe(0);
  });
});

describe('the ledger', () => {
  it('holds points in their own currency: balanced, conserved, never mixed with money', async () => {
    const a = await auditLedger(t.db);
    expect(a.drifted).toEqual([]);
    expect(a.unbalanced).toEqual([]);
    expect(a.negative).toEqual([]);
    expect(a.mixed).toEqual([]);
    expect(a.byCurrency.PTS).toBe(0n);
    expect(Object.values(a.byCurrency).every((v) => v === 0n)).toBe(true);
    // Points never show in the money's account record.
    const u = await payer();
    await give(u, 10n);
    const record = (await u.call('/wps/wallet/records/transactions')).json.value;
    expect(record.content).toEqual([]);
  });
});

const rowsOf = (r: unknown) => ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[])) as Record<string, unknown>[];

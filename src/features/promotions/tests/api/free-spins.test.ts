/**
 * Daily free spins (issue 15) of the demo brand (brands/demo.json, promotion 2: 10 spins of up to
 * 0.20 on the slot of the day, winnings a bonus with 5 x wagering): the slot of each day, a claim
 * once per brand day, the spins used by that game's real spins before any money (staking nothing),
 * a retried spin replayed, racing spins never using more than the grant, the winnings paid once as
 * a bonus when the last spin is played or when the day ends, another game untouched, the promotion
 * status, trial accounts, and the ledger audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { FreeSpinsReward } from '../../server/settings.ts';
import { promotionRules } from '../../server/settings.ts';
import { clock } from '../../../../kernel/clock.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { game, vendor } from '../../../games/index.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { bonus } from '../../../wallet/server/tables.ts';
import { freeSpinGrant, sandboxRound } from '../../../play/server/tables.ts';
import { expireFreeSpins } from '../../../play/server/free-spins.ts';
import { slotOfDay } from '../../server/free-spins.ts';

const PROMO = 2;
let t: TestDb;
const nodes: number[] = [];
let reward: FreeSpinsReward;
let games: number[];

const realNow = clock.now;
beforeAll(async () => {
  // No test may cross the brand day's midnight, when the day's spins end: within half an hour
  // of it, the clock runs an hour ahead (ahead, so that sessions opened now are not seen as old).
  const midnight = dayStart(addDays(dayIn(Date.now(), brand().timeZone), 1), brand().timeZone);
  if (midnight - Date.now() < 30 * 60_000) clock.now = () => Date.now() + 3_600_000;
  t = await openTestDb();
  await t.db.insert(vendor).values({ code: 'FV', displayName: 'Free Vendor', gameType: 'RNG' }).onConflictDoNothing();
  const rows = await t.db
    .insert(game)
    .values(
      [11, 22, 33].map((seed) => ({
        gameCode: `fs${seed}`,
        gameName: `Free Slot ${seed}`,
        searchName: `free slot ${seed}`,
        gameType: 'RNG',
        vassalage: 'FV',
        gameClassify: 'SLOT',
        minBet: 20n,
        seed,
      })),
    )
    .returning({ nodeId: game.nodeId });
  nodes.push(...rows.map((r) => r.nodeId));
  reward = promotionRules().find((r) => r.id === PROMO)!.reward as FreeSpinsReward;
  games = reward.games;
  reward.games = [nodes[0]!, nodes[1]!];
});
afterAll(async () => {
  clock.now = realNow;
  reward.games = games;
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const today = () => dayIn(clock.now(), brand().timeZone);
const wallet = (id: number) => gameAccount(id, 'FV');
const balance = async (id: number) => (await balancesOf(t.db, [wallet(id)])).get(wallet(id))!;
async function fund(id: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: id, memo: 'test', legs: [{ from: HOUSE.bonus, to: wallet(id), amount: minor }] }));
}
async function launch(u: User, nodeId: number): Promise<string> {
  const r = await u.call(`/wps/game/launchGame?nodeId=${nodeId}&accountType=1`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url, 'http://x').searchParams.get('launch')!;
}
const spin = (u: User, launchToken: string, bet = '0.20', key = newKey()) => u.call('/wps/sandbox/game/spin', { method: 'POST', body: { launch: launchToken, bet, idempotencyKey: key } });
const claim = (u: User) => u.call('/wps/promotions/freespins/claim', { method: 'POST', body: { promotionId: PROMO } });
const grantOf = async (u: User) => (await t.db.select().from(freeSpinGrant).where(eq(freeSpinGrant.memberId, u.id)))[0]!;

describe('daily free spins', () => {
  it('offer the slot of the day, claimed once per brand day', async () => {
    const u = await walletUser();
    expect(slotOfDay({ ...reward, games: [5, 6, 7] }, '1970-01-01')).toBe(5);
    expect(slotOfDay({ ...reward, games: [5, 6, 7] }, '1970-01-02')).toBe(6);
    expect(slotOfDay({ ...reward, games: [5, 6, 7] }, '1970-01-04')).toBe(5);
    expect(slotOfDay(reward, today())).not.toBe(slotOfDay(reward, addDays(today(), 1)));

    const offer = (await u.call('/wps/promotions/freespins')).json.value.items;
    expect(offer).toEqual([
      expect.objectContaining({ promotionId: PROMO, day: today(), spins: 10, bet: '0.20', wagering: 5, grant: null, game: expect.objectContaining({ nodeId: slotOfDay(reward, today()) }) }),
    ]);
    expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: PROMO, status: 'claim' });

    const first = await claim(u);
    expect(first.json.value.grant).toMatchObject({ spins: 10, left: 10, bet: '0.20', winnings: '0.00', status: 'active', nodeId: slotOfDay(reward, today()) });
    const again = await claim(u);
    expect(again.json.value.grant.id).toBe(first.json.value.grant.id);
    expect(await t.db.select().from(freeSpinGrant).where(eq(freeSpinGrant.memberId, u.id))).toHaveLength(1);
    expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: PROMO, status: 'inProcess' });

    const trial = await walletUser({ type: 4 });
    expect((await claim(trial)).json).toMatchObject({ errorCode: 'account.trial' });
    expect((await trial.call('/wps/promotions/freespins')).json.value.items).toEqual([]);
    expect((await u.call('/wps/promotions/freespins/claim', { method: 'POST', body: { promotionId: 3 } })).status).toBe(404);
  });

  it('are used before the balance, staking nothing; the last one pays the winnings as a bonus with 5 x wagering; then spins are paid', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    await claim(u);
    const nodeId = slotOfDay(reward, today());
    const token = await launch(u, nodeId);
    expect((await u.call(`/wps/sandbox/game/state?launch=${encodeURIComponent(token)}`)).json.value.freeSpins).toMatchObject({ left: 10, bet: '0.20' });

    let won = 0n;
    for (let i = 1; i <= 10; i++) {
      // Whatever stake is asked, a free spin plays the grant's.
      const r = (await spin(u, token, i % 2 ? '0.20' : '0.40')).json.value;
      expect(r.round).toMatchObject({ freeSpin: true, bet: '0.20' });
      expect(r.balance).toBe('50.00');
      won += BigInt(Math.round(Number(r.round.win) * 100));
      if (i < 10) expect(r.freeSpins).toMatchObject({ left: 10 - i, winnings: (Number(won) / 100).toFixed(2) });
      else {
        expect(r.freeSpins).toBeNull();
        expect(r.freeSpinsEnded).toMatchObject({ left: 0, status: 'done', winnings: (Number(won) / 100).toFixed(2) });
      }
    }
    expect(await balance(u.id)).toBe(50_00n);
    const g = await grantOf(u);
    expect(g).toMatchObject({ status: 'done', spinsLeft: 0, winnings: won });
    const paid = await t.db
      .select()
      .from(bonus)
      .where(and(eq(bonus.memberId, u.id), eq(bonus.source, `promotion:${PROMO}`)));
    if (won > 0n) expect(paid).toMatchObject([{ amount: won, turnoverRequired: won * 5n }]);
    else expect(paid).toEqual([]);
    expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: PROMO, status: 'claimed' });

    // The eleventh is bought.
    const bought = (await spin(u, token)).json.value;
    expect(bought.round.freeSpin).toBe(false);
    expect(await balance(u.id)).toBe(50_00n - 20n + BigInt(Math.round(Number(bought.round.win) * 100)));
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('replay a retried spin, never use more spins than granted under racing spins, and leave other games alone', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    await claim(u);
    const token = await launch(u, slotOfDay(reward, today()));
    const key = newKey();
    const a = (await spin(u, token, '0.20', key)).json.value;
    const b = (await spin(u, token, '0.20', key)).json.value;
    expect(b.round.roundId).toBe(a.round.roundId);
    expect((await grantOf(u)).spinsLeft).toBe(9);

    // Twelve at once on nine spins left: nine free; the others are refused with why (used up
    // since they looked) or, having looked after the last one, bought; never more than granted.
    const racing = await Promise.all(Array.from({ length: 12 }, () => spin(u, token)));
    const free = racing.filter((r) => r.status === 200 && r.json.value.round.freeSpin);
    expect(free).toHaveLength(9);
    for (const r of racing.filter((x) => !free.includes(x))) {
      if (r.status === 409) expect(r.json).toMatchObject({ errorCode: 'game.freeSpins.gone', message: expect.stringContaining('free spins') });
      else expect(r.json.value.round.freeSpin).toBe(false);
    }
    expect((await grantOf(u)).spinsLeft).toBe(0);
    expect(
      await t.db
        .select()
        .from(sandboxRound)
        .where(eq(sandboxRound.freeSpinGrantId, (await grantOf(u)).id)),
    ).toHaveLength(10);

    // Another game's spins are paid while spins are held on the slot of the day.
    const other = await walletUser();
    await fund(other.id, 10_00n);
    await claim(other);
    const otherGame = nodes.find((n) => n !== slotOfDay(reward, today()))!;
    const r = (await spin(other, await launch(other, otherGame))).json.value;
    expect(r.round.freeSpin).toBe(false);
    expect((await grantOf(other)).spinsLeft).toBe(10);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('replay the last free spin under its key after the grant ended, with its end', async () => {
    const u = await walletUser();
    await fund(u.id, 5_00n);
    await claim(u);
    const token = await launch(u, slotOfDay(reward, today()));
    for (let i = 0; i < 9; i++) await spin(u, token);
    const key = newKey();
    const last = (await spin(u, token, '0.20', key)).json.value;
    expect(last.freeSpinsEnded).toMatchObject({ status: 'done', left: 0 });
    const again = await spin(u, token, '0.20', key);
    expect(again.status).toBe(200);
    expect(again.json.value).toEqual(last);
    expect(await balance(u.id)).toBe(5_00n);
  });

  it('end at the end of the brand day: spins left are lost, what they won is paid once', async () => {
    const u = await walletUser();
    await fund(u.id, 5_00n);
    await claim(u);
    const token = await launch(u, slotOfDay(reward, today()));
    for (let i = 0; i < 3; i++) await spin(u, token);
    const before = await grantOf(u);
    expect(before.spinsLeft).toBe(7);
    const after = before.expiresAt.getTime() + 1;
    expect(await expireFreeSpins(t.db, after)).toBeGreaterThanOrEqual(1);
    expect(await expireFreeSpins(t.db, after)).toBe(0);
    const ended = await grantOf(u);
    expect(ended).toMatchObject({ status: 'expired', spinsLeft: 7 });
    const paid = await t.db
      .select()
      .from(bonus)
      .where(and(eq(bonus.memberId, u.id), eq(bonus.source, `promotion:${PROMO}`)));
    expect(paid.reduce((s, b) => s + b.amount, 0n)).toBe(before.winnings);
    // Its spins are no longer used.
    expect((await spin(u, token)).json.value.round.freeSpin).toBe(false);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });
});

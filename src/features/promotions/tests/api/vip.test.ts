/**
 * The VIP programme (issue 15) of the demo brand (brands/demo.json, id 3: VIP 1 at 1,000.00 of
 * valid bets and 100.00 of deposits with a 5.00 level-up bonus, VIP 2 at 10,000.00 and 1,000.00
 * with 25.00, VIP 3 at 50,000.00 and 5,000.00 with 100.00...; monthly bonuses 2.00, 10.00, 40.00
 * when last month's valid bets reached 10% of the level's; wagering 1 x the bonus): levels need
 * both figures, are raised by a deposit (the outbox) and by the job, each level's bonus once, the
 * label in member info, the VIP page's progress, monthly bonuses, trial accounts, VIP off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { PromotionRule } from '../../server/settings.ts';
import { promotionRules } from '../../server/settings.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { consumeAll } from '../../../../kernel/events.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { member } from '../../../accounts/index.ts';
import { eventOutbox } from '../../../../kernel/db/tables.ts';
import { computeMonthly, levelFor, raiseLevel, runVipJob, vip, vipConsumer } from '../../server/vip.ts';
import { promoReward } from '../../server/tables.ts';
import { runOps } from '../../../../app/ops.ts';

let t: TestDb;
let sandbox: ReturnType<typeof sandboxInProcess>;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  sandbox = sandboxInProcess();
});
afterAll(async () => {
  sandbox.restore();
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const VIP = 3;
const tz = () => brand().timeZone;
const today = () => dayIn(Date.now(), tz());

/** Valid bets on a brand day, as settled rounds write them into the daily figures. */
async function betOn(u: User, day: string, validBet: bigint) {
  await addToDay(t.db, u.id, new Date(dayStart(day, tz()) + 12 * 3_600_000), 'JL', { betCount: 1, validBet });
}
/** A deposit in the daily figures only (no money moved): for the levels' totals. */
async function depositFigure(u: User, amount: bigint, day = today()) {
  await addToDay(t.db, u.id, new Date(dayStart(day, tz()) + 12 * 3_600_000), '', { depositCount: 1, deposit: amount });
}
/** A real sandbox deposit, paid, then the VIP consumer (as the jobs run it). */
async function deposit(u: User, amount: string) {
  const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
  expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
  await consumeAll(t.db, vipConsumer);
}
const level = async (u: User) => (await t.db.select({ l: member.vipLevel }).from(member).where(eq(member.id, u.id)))[0]!.l;
const vipRewards = (u: User) =>
  t.db
    .select()
    .from(promoReward)
    .where(and(eq(promoReward.memberId, u.id), eq(promoReward.kind, 'vip')))
    .orderBy(promoReward.id);
const info = async (u: User) => (await u.call('/wps/member/info')).json.value as { vip: string | null; clubLabel: { labelName: string } | null };

describe('VIP levels', () => {
  it('need both the valid bets and the deposits of the level', () => {
    const levels = vip()!.reward.levels;
    expect(levelFor(levels, { validBets: 0n, deposits: 0n })).toBe(0);
    expect(levelFor(levels, { validBets: 1000_00n, deposits: 99_99n })).toBe(0);
    expect(levelFor(levels, { validBets: 999_99n, deposits: 100_00n })).toBe(0);
    expect(levelFor(levels, { validBets: 1000_00n, deposits: 100_00n })).toBe(1);
    expect(levelFor(levels, { validBets: 60_000_00n, deposits: 1000_00n })).toBe(2);
    expect(levelFor(levels, { validBets: 10n ** 12n, deposits: 10n ** 12n })).toBe(levels.length - 1);
  });

  it('rise with a deposit that completes a level: its bonus waits in the reward centre with its wagering, the label and a message follow', async () => {
    const u = await walletUser();
    expect(await info(u)).toMatchObject({ vip: 'VIP 0', clubLabel: { labelName: 'VIP 0' } });
    await betOn(u, today(), 1000_00n);
    expect((await runVipJob(t.db)).raised).toBe(0); // no deposit yet
    expect(await level(u)).toBe(0);

    await deposit(u, '100.00');
    expect(await level(u)).toBe(1);
    expect(await info(u)).toMatchObject({ vip: 'VIP 1', clubLabel: { labelName: 'VIP 1' } });
    const [r, ...more] = await vipRewards(u);
    expect(more).toHaveLength(0);
    expect(r).toMatchObject({ promotionId: VIP, reference: 'vip:up:1', period: 'VIP 1', amount: 5_00n, turnover: 5_00n, status: 'claimable' });

    // The inbox hears of it (its message: the inbox's tests).
    const events = await t.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.kind, 'promotions.vip.levelup'), eq(eventOutbox.memberId, u.id)));
    expect(events.map((e) => e.payload)).toEqual([{ v: 1, level: 'VIP 1', reward: '5.00', symbol: brand().currencySymbol }]);

    // Claimed: a bonus of 5.00 that asks 5.00 of turnover.
    const claimed = await u.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: r!.id } });
    expect(claimed.json.value.item).toMatchObject({ kind: 'vip', amount: '5.00', turnover: '5.00', status: 'claimed' });
    expect(await mainBalance(u.id)).toBe(105_00n);
    const bonuses = (await u.call('/wps/wallet/bonuses')).json.value as { source: string; amount: string; turnoverRequired: string; status: string }[];
    expect(bonuses).toContainEqual(expect.objectContaining({ source: `promotion:${VIP}`, amount: '5.00', turnoverRequired: '5.00', status: 'active' }));
    expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: VIP, status: 'inProcess' });
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('skip levels at once with each level-up bonus written once, whoever raises them and however often', async () => {
    const u = await walletUser();
    await betOn(u, addDays(today(), -1), 50_000_00n);
    await depositFigure(u, 5000_00n);
    const raced = await Promise.all([0, 1, 2].map(() => t.db.transaction((tx) => raiseLevel(tx, u.id))));
    expect(raced.flat().sort()).toEqual([1, 2, 3]);
    await runVipJob(t.db);
    await t.db.transaction((tx) => raiseLevel(tx, u.id));
    expect(await level(u)).toBe(3);
    expect((await vipRewards(u)).map((r) => [r.reference, r.amount])).toEqual([
      ['vip:up:1', 5_00n],
      ['vip:up:2', 25_00n],
      ['vip:up:3', 100_00n],
    ]);
    const list = (await u.call('/wps/promotions/rewards')).json.value;
    expect(list.available).toBe(3);
    expect((await u.call('/wps/promotions/status')).json.value).toContainEqual({ id: VIP, status: 'claim' });
  });

  it('are raised by the job (npm run ops -- vip run) for members who played since its last run, and shown by vip show', async () => {
    const u = await walletUser();
    await depositFigure(u, 1000_00n, addDays(today(), -3));
    await betOn(u, today(), 10_000_00n);
    expect((await runOps(t.db, ['vip', 'run'], 'test')).output).toMatch(/^[1-9]\d* member\(s\) raised/);
    expect(await level(u)).toBe(2);
    expect((await runOps(t.db, ['vip', 'show', '--username', u.username], 'test')).output).toBe(
      `${u.username}: VIP 2 (valid bets 10000.00, deposits 1000.00); next VIP 3: 40000.00 of valid bets and 4000.00 of deposits to go; 2 VIP bonus(es) to claim.`,
    );
  });

  it('show on the VIP page with what is left to the next level, in the page call', async () => {
    const u = await walletUser();
    await betOn(u, today(), 2500_00n);
    await depositFigure(u, 300_00n);
    const r = await u.call('/wps/promotions/vip');
    expect(r.status).toBe(200);
    // Opening the page brings the level up to date.
    expect(r.json.value).toMatchObject({
      promotionId: VIP,
      level: 1,
      label: 'VIP 1',
      validBets: '2500.00',
      deposits: '300.00',
      next: { label: 'VIP 2', validBets: '10000.00', deposits: '1000.00', validBetsLeft: '7500.00', depositsLeft: '700.00' },
      keepPercent: 10,
      claimable: 1,
    });
    expect(r.json.value.levels[2]).toEqual({ label: 'VIP 2', validBets: '10000.00', deposits: '1000.00', levelUp: '25.00', monthly: '10.00' });
  });

  it("pay the monthly bonus of the level held at the month's end once, when that month reached a tenth of its valid bets", async () => {
    const kept = await walletUser();
    const idle = await walletUser();
    const late = await walletUser();
    const monthStart = `${today().slice(0, 7)}-01`;
    const lastMonthDay = addDays(monthStart, -5);
    for (const u of [kept, idle]) {
      await depositFigure(u, 1000_00n, addDays(monthStart, -40));
      await betOn(u, addDays(monthStart, -40), 10_000_00n); // VIP 2, reached two months ago
    }
    await betOn(kept, lastMonthDay, 1000_00n); // 10% of VIP 2's 10,000.00
    await betOn(idle, lastMonthDay, 999_99n);
    // late played last month but reached VIP 1 only this month: last month's level was 0.
    await betOn(late, lastMonthDay, 900_00n);
    await betOn(late, monthStart, 200_00n);
    await depositFigure(late, 100_00n, monthStart);
    for (const u of [kept, idle, late]) await t.db.transaction((tx) => raiseLevel(tx, u.id));
    expect(await level(late)).toBe(1);
    expect(await level(kept)).toBe(2);
    const at = dayStart(monthStart, tz()) + 3_600_000;
    expect(await computeMonthly(t.db, at)).toBeGreaterThanOrEqual(1);
    await computeMonthly(t.db, at);
    const month = lastMonthDay.slice(0, 7);
    expect((await vipRewards(kept)).filter((r) => r.reference.startsWith('vip:month:'))).toEqual([
      expect.objectContaining({ reference: `vip:month:${month}`, period: month, amount: 10_00n, turnover: 10_00n }),
    ]);
    expect((await vipRewards(idle)).filter((r) => r.reference.startsWith('vip:month:'))).toEqual([]);
    expect((await vipRewards(late)).filter((r) => r.reference.startsWith('vip:month:'))).toEqual([]);
  });

  it('are not for trial accounts', async () => {
    const trial = await walletUser({ type: 4 });
    await betOn(trial, today(), 50_000_00n);
    await depositFigure(trial, 5000_00n);
    await runVipJob(t.db);
    expect(await level(trial)).toBe(0);
    expect(await info(trial)).toMatchObject({ vip: null, clubLabel: null });
    expect((await trial.call('/wps/promotions/vip')).status).toBe(403);
  });

  it('disappear while the brand has no VIP programme: no label, no page, hasVip false', async () => {
    const u = await walletUser();
    const rules = promotionRules() as PromotionRule[];
    const at = rules.findIndex((r) => r.reward.kind === 'vip');
    const [removed] = rules.splice(at, 1);
    try {
      expect(vip()).toBeNull();
      expect(await info(u)).toMatchObject({ vip: null, clubLabel: null });
      const page = await u.call('/wps/promotions/vip', { headers: { language: 'ES' } });
      expect(page.status).toBe(404);
      expect(page.json).toMatchObject({ errorCode: 'promotion.vip.off', message: 'El programa VIP no está disponible' });
      expect((await callApi('/wps/system/status')).json.value.info.hasVip).toBe(false);
    } finally {
      rules.splice(at, 0, removed!);
    }
    expect((await callApi('/wps/system/status')).json.value.info.hasVip).toBe(true);
  });
});

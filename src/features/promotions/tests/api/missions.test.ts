/**
 * Missions (issue 32) of the demo brand (brands/demo.json): 1 daily deposit of 100.00 -> 5.00
 * (wagering 1x); 2 daily slot rounds, 20 -> 2.00 and 50 -> 5.00; 3 weekly wager; 4 weekly login
 * days, 3 -> 3.00 and 5 -> 8.00; 5 weekly win of 10x a stake of at least 1.00 -> 5.00; 6 monthly
 * lottery tickets; 7 friends who deposit (once), 1 -> 10.00 and 3 -> 40.00; 8 a welcome wager for
 * members registered within 30 days. Progress from what the platform records, each step's reward
 * written once and claimed once through the reward centre, periods that reset, the job for
 * periods that closed, and who takes no part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { makeUser } from '../../../../../tests/support/accounts.ts';
import { mainBalance, newKey, sandboxInProcess, seedLiveVendor, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { gameRound } from '../../../wallet/index.ts';
import { member } from '../../../accounts/index.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';
import { selfExclude } from '../../../protection/server/state.ts';
import type { MissionsValue, MissionView } from '../../contract.ts';
import { missionsOf, missionPeriod, runMissionJob } from '../../server/missions.ts';
import { missionRules } from '../../server/mission-settings.ts';
import { promoReward } from '../../server/tables.ts';
import { grantRaffleTickets } from '../../server/raffle.ts';

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
const SUMMARY = '/wps/relay/MCSFE_getMissionSummaryDetails';
const tz = () => brand().timeZone;
const today = () => dayIn(Date.now(), tz());
const noon = (day: string) => new Date(dayStart(day, tz()) + 12 * 3_600_000);

const summary = async (u: User): Promise<MissionsValue> => {
  const r = await u.call(SUMMARY);
  expect(r.status).toBe(200);
  return r.json.value as MissionsValue;
};
const mission = (v: MissionsValue, id: number): MissionView | undefined => v.missions.find((m) => m.id === id);
const claim = (u: User, id: number) => u.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id } });

async function deposit(u: User, amount: string) {
  const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
  expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
}

describe('a deposit mission', () => {
  it('shows its progress, writes its reward once reached, and pays it once through the reward centre', async () => {
    const u = await walletUser();
    const before = mission(await summary(u), 1)!;
    expect(before).toMatchObject({ period: 'D', unit: 'money', progress: '0.00', target: '100.00', state: 'open', goal: { kind: 'deposit', measure: 'amount' } });
    expect(before.steps).toEqual([{ target: '100.00', reward: { kind: 'money', amount: '5.00', count: null, on: null, game: null }, turnover: '5.00', state: 'open', rewardId: null }]);
    expect(before.endsAt).toBe(dayStart(addDays(today(), 1), tz()));

    await deposit(u, '60.00');
    expect(mission(await summary(u), 1)).toMatchObject({ progress: '60.00', state: 'open' });
    await deposit(u, '40.00');
    const reached = await summary(u);
    const m = mission(reached, 1)!;
    expect(m).toMatchObject({ progress: '100.00', state: 'claimable' });
    expect(m.steps[0]!.state).toBe('claimable');
    expect(reached.claimable).toBe(1);
    const rewardId = m.steps[0]!.rewardId!;

    // The same reward in the reward centre, once, however often the missions are read.
    await summary(u);
    const rewards = (await u.call('/wps/promotions/rewards')).json.value as { available: number; items: { id: number; kind: string; title: string; amount: string; turnover: string }[] };
    expect(rewards.items.filter((r) => r.kind === 'mission')).toEqual([expect.objectContaining({ id: rewardId, title: 'Daily deposit (demo)', amount: '5.00', turnover: '5.00' })]);

    const balance = await mainBalance(u.id);
    const paid = await claim(u, rewardId);
    expect(paid.status).toBe(200);
    expect(paid.json.value.item).toMatchObject({ kind: 'mission', status: 'claimed', amount: '5.00' });
    expect(await mainBalance(u.id)).toBe(balance + 500n);
    const again = await claim(u, rewardId);
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('promotion.reward.claimed');
    expect(again.json.message).toBeTruthy();
    const after = await summary(u);
    expect(mission(after, 1)).toMatchObject({ state: 'done', steps: [expect.objectContaining({ state: 'claimed' })] });
    expect(after.claimable).toBe(0);

    // Its bonus asks the mission's wagering (1x), from the mission's source.
    const [b] = rowsOf(await t.db.execute(sql`select source, turnover_required::text as turnover from bonus where member_id = ${u.id} and reference = ${`reward:${rewardId}`}`));
    expect(b).toEqual({ source: 'mission:1', turnover: '500' });
  });

  it('answers the spec ES words with Spanish titles', async () => {
    const u = await walletUser();
    const r = await u.call(SUMMARY, { headers: { language: 'ES' } });
    expect(mission(r.json.value as MissionsValue, 1)!.title).toBe('Depósito del día (demo)');
  });
});

describe('rewards other than money', () => {
  it('give raffle tickets in the running draw and points, each once, from the reward centre', async () => {
    // A mission of the test's own beside the brand's: a first deposit of the day gives 5 tickets in the weekly raffle (9), a second 300 points.
    const rules = missionRules();
    rules.push({
      id: 98,
      titles: { en: 'Tickets and points (test)' },
      period: 'D',
      goal: { kind: 'deposit', measure: 'count' },
      steps: [
        { target: 1, reward: { kind: 'raffleTickets', promotionId: 9, tickets: 5 } },
        { target: 2, reward: { kind: 'points', points: 300 } },
      ],
      eligibility: {},
      claimDays: 3,
    });
    try {
      const u = await walletUser();
      const m0 = mission(await summary(u), 98)!;
      expect(m0.steps.map((s) => s.reward)).toEqual([
        { kind: 'raffleTickets', amount: null, count: 5, on: expect.stringMatching(/raffle/i), game: null },
        { kind: 'points', amount: null, count: 300, on: null, game: null },
      ]);
      const tickets = async () => (await u.call('/wps/promotions/raffle', { query: { promotionId: '9' } })).json.value[0].current?.tickets ?? 0;
      const ticketsBefore = await tickets();
      await addToDay(t.db, u.id, noon(today()), '', { depositCount: 1, deposit: 1000n });
      const first = mission(await summary(u), 98)!.steps[0]!;
      expect(first).toMatchObject({ state: 'claimable', turnover: '0.00' });
      const [a, b] = await Promise.all([claim(u, first.rewardId!), claim(u, first.rewardId!)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const done = a.status === 200 ? a : b;
      expect(done.json.value.item).toMatchObject({ amount: '0.00', prize: { kind: 'raffleTickets', count: 5 }, status: 'claimed' });
      expect(await tickets()).toBe(ticketsBefore + 5);
      // Tickets given once the period's draw has run would be lost: they are refused instead.
      await expect(
        t.db.transaction(async (tx) => {
          await tx.execute(sql`update raffle_draw set status = 'drawn' where promotion_id = 9 and period_end > now()`);
          await grantRaffleTickets(tx, { promotionId: 9, memberId: u.id, tickets: 1, reference: `late:${u.id}` });
        }),
      ).rejects.toMatchObject({ errorCode: 'promotion.raffle.closed' });

      await addToDay(t.db, u.id, noon(today()), '', { depositCount: 1, deposit: 1000n });
      const second = mission(await summary(u), 98)!.steps[1]!;
      const points = async () => (await u.call('/wps/relay/PTS_getPointBalance')).json.value.points as number;
      const pointsBefore = await points();
      expect((await claim(u, second.rewardId!)).json.value.item.prize).toEqual({ kind: 'points', amount: null, count: 300, on: null, game: null });
      expect(await points()).toBe(pointsBefore + 300);
      expect((await u.call('/wps/relay/PTS_getPointBalance')).json.value.byType).toContainEqual({ type: 'reward', points: 300 });
      const audit = await auditLedger(t.db);
      expect(audit.drifted).toEqual([]);
      expect(audit.unbalanced).toEqual([]);
      expect(audit.mixed).toEqual([]);
    } finally {
      rules.splice(
        rules.findIndex((m) => m.id === 98),
        1,
      );
    }
  });
});

describe('claims', () => {
  it('two claims of one reward at once pay once', async () => {
    const u = await walletUser();
    await addToDay(t.db, u.id, noon(today()), 'JL', { betCount: 20, validBet: 2000n });
    const id = mission(await summary(u), 2)!.steps[0]!.rewardId!;
    const balance = await mainBalance(u.id);
    const [a, b] = await Promise.all([claim(u, id), claim(u, id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await mainBalance(u.id)).toBe(balance + 200n);
    const audit = await auditLedger(t.db);
    expect(audit.drifted).toEqual([]);
    expect(audit.unbalanced).toEqual([]);
  });

  it("are refused for another member's reward, without telling it exists", async () => {
    const u = await walletUser();
    const other = await walletUser();
    await addToDay(t.db, u.id, noon(today()), 'JL', { betCount: 20, validBet: 2000n });
    const id = mission(await summary(u), 2)!.steps[0]!.rewardId!;
    const r = await claim(other, id);
    expect(r.status).toBe(404);
    expect(r.json.errorCode).toBe('promotion.reward.unknown');
  });
});

describe('goals', () => {
  it('count only the rounds of the named category, step by step', async () => {
    const u = await walletUser();
    await addToDay(t.db, u.id, noon(today()), 'EVO', { betCount: 60, validBet: 6000n });
    expect(mission(await summary(u), 2)).toMatchObject({ unit: 'count', progress: '0', target: '50', goal: { categories: ['RNG'] } });
    await addToDay(t.db, u.id, noon(today()), 'JL', { betCount: 25, validBet: 2500n });
    let m = mission(await summary(u), 2)!;
    expect(m.progress).toBe('25');
    expect(m.steps.map((s) => s.state)).toEqual(['claimable', 'open']);
    await addToDay(t.db, u.id, noon(today()), 'PG', { betCount: 25, validBet: 2500n });
    m = mission(await summary(u), 2)!;
    expect(m.steps.map((s) => s.state)).toEqual(['claimable', 'claimable']);
    expect((await summary(u)).claimable).toBe(2);
    // The weekly wager counts every game.
    expect(mission(await summary(u), 3)!.progress).toBe('110.00');
  });

  it('count a login day, wins of a multiple, and friends who deposited', async () => {
    const u = await walletUser();
    expect(mission(await summary(u), 4)!.progress).toBe('1');

    const round = (id: string, bet: bigint, win: bigint, status = 'settled') =>
      t.db
        .insert(gameRound)
        .values({ roundId: `${id}-${u.id}`, memberId: u.id, vendor: 'JL', gameName: 'g', betAmount: bet, winAmount: win, walletAccount: `member:${u.id}:main`, status, settledAt: new Date() });
    await round('small', 50n, 5000n); // a stake under 1.00
    await round('nine', 100n, 900n); // 9x
    await round('open', 100n, 5000n, 'open');
    expect(mission(await summary(u), 5)!.progress).toBe('0');
    await round('ten', 100n, 1000n);
    expect(mission(await summary(u), 5)).toMatchObject({ progress: '1', state: 'claimable' });

    const friend = await makeUser({ uplineId: u.id });
    const idle = await makeUser({ uplineId: u.id });
    await addToDay(t.db, idle.id, noon(today()), 'JL', { betCount: 1, validBet: 100n });
    expect(mission(await summary(u), 7)!.progress).toBe('0');
    await addToDay(t.db, friend.id, noon(today()), '', { depositCount: 1, deposit: 1000n });
    expect(mission(await summary(u), 7)).toMatchObject({ progress: '1', endsAt: null, steps: [expect.objectContaining({ state: 'claimable' }), expect.objectContaining({ state: 'open' })] });

    // An agent's registrations are its team, not invited friends.
    const agent = await walletUser({ type: 1 });
    const teamMember = await makeUser({ uplineId: agent.id });
    await addToDay(t.db, teamMember.id, noon(today()), '', { depositCount: 1, deposit: 1000n });
    expect(mission(await summary(agent), 7)!.progress).toBe('0');
  });
});

describe('periods', () => {
  it('start again the next day, while the reward of the day before waits in the reward centre', async () => {
    const u = await walletUser();
    await addToDay(t.db, u.id, noon(today()), 'JL', { betCount: 20, validBet: 2000n });
    const id = mission(await summary(u), 2)!.steps[0]!.rewardId!;
    const day = today();
    // An hour into the next day (the member's session would have lapsed: asked of the server directly).
    const tomorrow = dayStart(addDays(day, 1), tz()) + 3_600_000;
    const next = await missionsOf(t.db, u.id, 'en', tomorrow);
    expect(mission(next, 2)).toMatchObject({ progress: '0', state: 'open', startsAt: dayStart(addDays(day, 1), tz()) });
    expect(next.claimable).toBe(1);
    const [r] = await t.db.select().from(promoReward).where(eq(promoReward.id, id));
    expect(r!.status).toBe('claimable');
    // Claimable for the mission's claimDays (3) after its day ended.
    expect(r!.expiresAt.getTime()).toBe(dayStart(addDays(day, 1), tz()) + 3 * 86_400_000);
  });

  it('are settled by the job once closed, for members who never looked, once', async () => {
    const u = await walletUser();
    const yesterday = addDays(dayIn(Date.now(), tz()), -1);
    await addToDay(t.db, u.id, noon(yesterday), 'JL', { betCount: 55, validBet: 5500n });
    const m2 = missionRules().find((m) => m.id === 2)!;
    const key = missionPeriod(m2, dayStart(yesterday, tz()), tz())!.key;
    const refs = async () =>
      (
        await t.db
          .select({ reference: promoReward.reference })
          .from(promoReward)
          .where(and(eq(promoReward.memberId, u.id), eq(promoReward.kind, 'mission')))
      )
        .map((r) => r.reference)
        .sort();
    expect(await refs()).toEqual([]);
    const now = dayStart(dayIn(Date.now(), tz()), tz()) + 11 * 60_000;
    await t.db.execute(sql`delete from system_setting where key = 'promotions.missions.settled'`);
    await runMissionJob(t.db, now);
    expect(await refs()).toEqual([`mission:2:${key}:20`, `mission:2:${key}:50`]);
    await t.db.execute(sql`delete from system_setting where key = 'promotions.missions.settled'`);
    const again = await runMissionJob(t.db, now);
    expect(await refs()).toHaveLength(2);
    expect(again.written).toBe(0);
  });
});

describe('who takes part', () => {
  it('trial accounts and members who excluded themselves have no missions and earn nothing', async () => {
    const trial = await walletUser({ type: TRIAL_TYPE });
    await addToDay(t.db, trial.id, noon(today()), 'JL', { betCount: 60, validBet: 6000n });
    expect(await summary(trial)).toEqual({ claimable: 0, symbol: brand().currencySymbol, missions: [] });

    const u = await walletUser();
    await addToDay(t.db, u.id, noon(today()), 'JL', { betCount: 60, validBet: 6000n });
    await selfExclude(t.db, u.id, '6m', '127.0.0.1');
    expect((await missionsOf(t.db, u.id, 'en')).missions).toEqual([]);
    await runMissionJob(t.db, dayStart(addDays(today(), 1), tz()) + 11 * 60_000);
    const rows = await t.db.select().from(promoReward).where(eq(promoReward.memberId, u.id));
    expect(rows).toEqual([]);
    const rowsTrial = await t.db.select().from(promoReward).where(eq(promoReward.memberId, trial.id));
    expect(rowsTrial).toEqual([]);
  });

  it('a mission for new members is not shown to a member registered long ago', async () => {
    const fresh = await walletUser();
    expect(mission(await summary(fresh), 8)).toBeDefined();
    const old = await walletUser();
    await t.db
      .update(member)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(member.id, old.id));
    expect(mission(await summary(old), 8)).toBeUndefined();
  });

  it('the status tells clients the brand runs missions', async () => {
    expect((await callApi('/wps/system/status')).json.value.info.availablePromo).toContainEqual({ code: 'MISSION', enabled: true });
  });
});

const rowsOf = (r: unknown) => ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[])) as Record<string, unknown>[];

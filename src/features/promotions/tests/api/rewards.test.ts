/**
 * The reward centre (issue 15): the demo brand's daily rebate (id 4: 1.2% of slot and fish bets,
 * 0.8% live, 0.6% sports and e-sports, 0.5% lottery; at least 1.00, at most 2,000.00; claimable
 * until the end of the next day) computed from a closed day's valid bets once, claimed once into
 * the main wallet, expired after its time; an operator's reward; refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, seedLiveVendor, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { runRewardJobs } from '../../server/rewards.ts';
import { promoReward } from '../../server/tables.ts';
import { eq } from 'drizzle-orm';
import { runOps } from '../../../../app/ops.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  await seedLiveVendor();
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const REBATE = 4;
const tz = () => brand().timeZone;
const today = () => dayIn(Date.now(), tz());
/** One hour into today (brand time): yesterday has closed, its rebate may be claimed until tomorrow. */
const jobNow = () => dayStart(today(), tz()) + 3_600_000;

/** Valid bets on a day (the wallet's daily figures, as settled rounds write them). */
async function betOn(u: User, day: string, vendorCode: string, validBet: bigint) {
  await addToDay(t.db, u.id, new Date(dayStart(day, tz()) + 12 * 3_600_000), vendorCode, { betCount: 1, validBet });
}

const rewards = async (u: User) =>
  (await u.call('/wps/promotions/rewards')).json.value as {
    available: number;
    items: { id: number; kind: string; promotionId: number | null; title: string; period: string | null; amount: string; status: string }[];
  };
const claim = (u: User, id: number, language = 'EN') => u.call('/wps/promotions/rewards/claim', { method: 'POST', headers: { language }, body: { id } });
const statusOf = async (u: User, id = REBATE) => ((await u.call('/wps/promotions/status')).json.value as { id: number; status: string }[]).find((p) => p.id === id)?.status;

describe('the daily rebate', () => {
  it("is computed once from a closed day's valid bets at its category rates, within its minimum and maximum", async () => {
    const yesterday = addDays(today(), -1);
    const a = await walletUser();
    const small = await walletUser();
    const big = await walletUser();
    const trial = await walletUser({ type: 4 });
    await betOn(a, yesterday, 'PG', 100_00n); // 1.20
    await betOn(a, yesterday, 'EVO', 50_00n); // 0.40
    await betOn(a, today(), 'PG', 1000_00n); // today has not closed
    await betOn(small, yesterday, 'JL', 50_00n); // 0.60, below the minimum
    await betOn(big, yesterday, 'JL', 200_000_00n); // 2,400.00, above the maximum
    await betOn(trial, yesterday, 'JL', 500_00n);

    expect((await runRewardJobs(t.db, jobNow())).written).toBeGreaterThanOrEqual(2);
    expect((await runRewardJobs(t.db, jobNow())).written).toBe(0);

    const mine = await rewards(a);
    expect(mine.available).toBe(1);
    expect(mine.items).toEqual([expect.objectContaining({ kind: 'rebate', promotionId: REBATE, title: 'Daily rebate up to 1.2%', period: yesterday, amount: '1.60', status: 'claimable' })]);
    expect((await rewards(small)).items).toHaveLength(0);
    expect((await rewards(big)).items[0]!.amount).toBe('2000.00');
    // A trial account earns none (its list is empty anyway: the rows themselves are not written).
    expect(await t.db.select().from(promoReward).where(eq(promoReward.memberId, trial.id))).toEqual([]);
    expect(await statusOf(a)).toBe('claim');
    expect(await statusOf(small)).toBe('inProcess');
  });

  it('is claimed once into the main wallet; a second claim and another member are refused', async () => {
    const yesterday = addDays(today(), -1);
    const a = await walletUser();
    const other = await walletUser();
    await betOn(a, yesterday, 'PG', 500_00n); // 6.00
    await runRewardJobs(t.db, jobNow());
    const [r] = (await rewards(a)).items;
    const foreign = await claim(other, r!.id);
    expect(foreign.status).toBe(404);
    expect(foreign.json.errorCode).toBe('promotion.reward.unknown');

    const [first, second] = await Promise.all([claim(a, r!.id), claim(a, r!.id)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.json.value).toMatchObject({ available: 0, item: { status: 'claimed', amount: '6.00' } });
    expect((first.status === 409 ? first : second).json.errorCode).toBe('promotion.reward.claimed');
    expect(await mainBalance(a.id)).toBe(6_00n);
    const bonus = (await a.call('/wps/wallet/bonuses')).json.value[0];
    expect(bonus).toMatchObject({ source: `promotion:${REBATE}`, amount: '6.00', status: 'completed' });
    const es = await claim(a, r!.id, 'ES');
    expect(es.json.message).toBe('Esta recompensa ya fue reclamada');
    expect(await statusOf(a)).toBe('inProcess');
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('expires at the end of the next day', async () => {
    const yesterday = addDays(today(), -1);
    const a = await walletUser();
    await betOn(a, yesterday, 'PG', 500_00n);
    await runRewardJobs(t.db, jobNow());
    const [r] = (await rewards(a)).items;
    const after = dayStart(addDays(today(), 1), tz()) + 1000;
    expect((await runRewardJobs(t.db, after)).expired).toBeGreaterThanOrEqual(1);
    expect((await rewards(a)).items[0]).toMatchObject({ id: r!.id, status: 'expired' });
    expect((await rewards(a)).available).toBe(0);
    const refused = await claim(a, r!.id);
    expect(refused.json.errorCode).toBe('promotion.reward.expired');
    expect(await mainBalance(a.id)).toBe(0n);
  });
});

describe("an operator's reward", () => {
  it('is granted by npm run ops -- reward grant, once per key, and claimed in the reward centre', async () => {
    const u = await walletUser();
    const args = ['reward', 'grant', '--username', u.username, '--amount', '15.00', '--title', 'Apology gift', '--title-es', 'Regalo de disculpa', '--key', `k-${u.id}`];
    expect((await runOps(t.db, args, 'test')).ok).toBe(true);
    expect((await runOps(t.db, args, 'test')).output).toContain('exists already');
    const list = await rewards(u);
    expect(list.available).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: 'operator', title: 'Apology gift', amount: '15.00', status: 'claimable' });
    expect((await u.call('/wps/promotions/rewards', { headers: { language: 'ES' } })).json.value.items[0].title).toBe('Regalo de disculpa');
    expect((await claim(u, list.items[0]!.id)).status).toBe(200);
    expect(await mainBalance(u.id)).toBe(15_00n);
    expect((await runOps(t.db, ['reward', 'grant', '--username', u.username, '--amount', '0', '--title', 'x'], 'test')).ok).toBe(false);
  });

  it('is out of reach of a trial account', async () => {
    const trial = await walletUser({ type: 4 });
    expect((await rewards(trial)).items).toEqual([]);
    expect((await claim(trial, 1)).status).toBe(403);
  });
});

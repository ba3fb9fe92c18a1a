/**
 * Manual rebate (issue 36) on both databases, with the demo brand's rebate promotion (4: RNG and
 * FISH 1.20%, LIVE 0.80%..., at least 1.00 a day for the automatic rebate, at most 2,000.00, and
 * `manual` from 1.00): today's accrual per category and its arithmetic, a claim paid once into the
 * main wallet (two at once pay once, a retried key answers the first), the next claim paying only
 * newer bets, the day's automatic rebate paying only what no claim paid (and what is left of the
 * cap), the minimum, who gets none; the ledger stays sound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, newKey, seedLiveVendor, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { clock } from '../../../../kernel/clock.ts';
import { addDays, dayIn, dayStart } from '../../../../kernel/days.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';
import { selfExclude } from '../../../protection/server/state.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { REBATE_GRACE_MS, runRewardJobs } from '../../server/rewards.ts';
import { claimManualRebate } from '../../server/manual-rebate.ts';
import { promotionRules, type RebateReward } from '../../server/settings.ts';
import { promoReward } from '../../server/tables.ts';

let t: TestDb;
const realNow = clock.now;
beforeAll(async () => {
  // A claim pays today: no test may cross the brand day's midnight (within half an hour of it,
  // the clock runs an hour ahead).
  const midnight = dayStart(addDays(dayIn(Date.now(), brand().timeZone), 1), brand().timeZone);
  if (midnight - Date.now() < 30 * 60_000) clock.now = () => Date.now() + 3_600_000;
  t = await openTestDb();
  await seedVendors();
  await seedLiveVendor();
});
afterAll(async () => {
  clock.now = realNow;
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;
const PROMO = 4;
const today = () => dayIn(clock.now(), brand().timeZone);
const bet = (u: User, vendor: string, validBet: bigint) => addToDay(t.db, u.id, new Date(clock.now()), vendor, { betCount: 1, validBet });
const view = async (u: User) => {
  const r = await u.call('/wps/promotions/rebate');
  expect(r.status).toBe(200);
  return r.json.value;
};
const claim = (u: User, idempotencyKey = newKey()) => u.call('/wps/promotions/rebate/claim', { method: 'POST', body: { idempotencyKey } });

describe('manual rebate', () => {
  it("shows today's unclaimed valid bets per category at the promotion's rates, and pays a claim once", async () => {
    const u = await walletUser();
    expect(await view(u)).toMatchObject({ enabled: true, promotionId: PROMO, day: today(), categories: [], claimable: '0.00', min: '1.00', max: '2000.00' });
    await bet(u, 'JL', 100_000n); // 1,000.00 of slots at 1.20% = 12.00
    await bet(u, 'EVO', 55_555n); // 555.55 live at 0.80% = 4.4444
    const v = await view(u);
    expect(v.categories).toEqual([
      { category: 'RNG', validBet: '1000.00', rate: 120, amount: '12.00' },
      { category: 'LIVE', validBet: '555.55', rate: 80, amount: '4.44' },
    ]);
    // The total is floored once, as the day's automatic rebate counts it: 12.00 + 4.4444 = 16.44.
    expect(v).toMatchObject({ total: '16.44', claimable: '16.44', claimedToday: '0.00' });
    expect(v.rates).toContainEqual({ category: 'RNG', rate: 120 });

    const before = await mainBalance(u.id);
    const key = newKey();
    const paid = await claim(u, key);
    expect(paid.status).toBe(200);
    expect(paid.json.value).toMatchObject({ paid: '16.44', turnover: '0.00', rebate: { claimable: '0.00', total: '0.00', claimedToday: '16.44' } });
    expect(paid.json.value.rebate.history[0]).toMatchObject({ day: today(), amount: '16.44', validBet: '1555.55' });
    expect(await mainBalance(u.id)).toBe(before + 1_644n);
    // The same key answers the same claim; nothing is paid again.
    expect((await claim(u, key)).json.value.paid).toBe('16.44');
    expect(await mainBalance(u.id)).toBe(before + 1_644n);
    // Nothing left: refused with the minimum, in the member's language.
    const none = await u.call('/wps/promotions/rebate/claim', { method: 'POST', body: { idempotencyKey: newKey() }, headers: { language: 'ES' } });
    expect(none.status).toBe(409);
    expect(none.json).toMatchObject({ errorCode: 'promotion.rebate.belowMinimum' });
    expect(none.json.message).toContain('1.00');

    // Newer bets only, next time.
    await bet(u, 'JL', 20_000n);
    expect((await view(u)).categories).toEqual([
      { category: 'RNG', validBet: '200.00', rate: 120, amount: '2.40' },
      { category: 'LIVE', validBet: '0.00', rate: 80, amount: '0.00' },
    ]);
    expect((await claim(u)).json.value.paid).toBe('2.40');
  });

  it('two claims at once pay once', async () => {
    const u = await walletUser();
    await bet(u, 'JL', 50_000n); // 6.00
    const before = await mainBalance(u.id);
    const both = await Promise.all([claim(u), claim(u)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await mainBalance(u.id)).toBe(before + 600n);
  });

  it("and the day's automatic rebate never pay the same bets twice, nor past the day's cap", async () => {
    const u = await walletUser();
    const capped = await walletUser();
    await bet(u, 'JL', 50_000n); // 6.00, claimed
    expect((await claim(u)).json.value.paid).toBe('6.00');
    await bet(u, 'JL', 25_000n); // 3.00, left for the day's rebate
    await bet(u, 'EVO', 100_000n); // 8.00, left too
    // The cap: 2,000.00 a day; a claim took 1,800.00 of it (150,000.00 of slots), a second the last 200.00.
    await bet(capped, 'JL', 15_000_000n);
    expect((await claim(capped)).json.value.paid).toBe('1800.00');
    await bet(capped, 'JL', 3_000_000n); // 360.00, of which 200.00 fits the cap
    expect((await claim(capped)).json.value.paid).toBe('200.00');
    expect((await claim(capped)).json.errorCode).toBe('promotion.rebate.capReached');
    await bet(capped, 'JL', 100_000n); // past the cap: paid by nobody
    // The daily minimum (1.00) is the day's whole rebate's: 0.60 after a claim of 6.00 is paid.
    const tail = await walletUser();
    await bet(tail, 'JL', 50_000n);
    expect((await claim(tail)).json.value.paid).toBe('6.00');
    await bet(tail, 'JL', 5_000n);

    // The day closes: its automatic rebate pays what no claim paid.
    const day = today();
    await runRewardJobs(t.db, dayStart(addDays(day, 1), brand().timeZone) + REBATE_GRACE_MS + 60_000);
    const rebateOf = async (memberId: number) =>
      (
        await t.db
          .select({ amount: promoReward.amount })
          .from(promoReward)
          .where(and(eq(promoReward.memberId, memberId), eq(promoReward.reference, `rebate:${PROMO}:${day}`)))
      )[0]?.amount;
    expect(await rebateOf(u.id)).toBe(1_100n);
    expect(await rebateOf(capped.id)).toBeUndefined();
    expect(await rebateOf(tail.id)).toBe(60n);
    const audit = await auditLedger(t.db);
    expect({ drifted: audit.drifted, unbalanced: audit.unbalanced, negative: audit.negative }).toEqual({ drifted: [], unbalanced: [], negative: [] });
  });

  it('is refused under the minimum, and trial accounts and excluded members get none', async () => {
    const small = await walletUser();
    await bet(small, 'JL', 5_000n); // 0.60
    expect((await view(small)).claimable).toBe('0.60');
    expect((await claim(small)).json.errorCode).toBe('promotion.rebate.belowMinimum');

    const trial = await walletUser({ type: TRIAL_TYPE });
    await bet(trial, 'JL', 100_000n);
    expect(await view(trial)).toMatchObject({ enabled: false, categories: [], claimable: '0.00' });
    expect((await claim(trial)).status).toBe(403);

    const out = await walletUser();
    await bet(out, 'JL', 100_000n);
    await selfExclude(t.db, out.id, '6m', '127.0.0.1');
    // Excluding ends the member's sessions; the server refuses the claim by itself too.
    expect((await claim(out)).status).toBe(401);
    const before = await mainBalance(out.id);
    await expect(claimManualRebate(t.db, out.id, newKey(), 'en')).rejects.toMatchObject({ errorCode: expect.stringMatching(/^protection\.blocked/) });
    expect(await mainBalance(out.id)).toBe(before);
  });

  it('is off when the rebate promotion offers no manual claim', async () => {
    const reward = promotionRules().find((r) => r.id === PROMO)!.reward as RebateReward;
    const manual = reward.manual;
    reward.manual = undefined;
    try {
      const u = await walletUser();
      expect((await view(u)).enabled).toBe(false);
      expect((await claim(u)).json.errorCode).toBe('promotion.rebate.manualOff');
    } finally {
      reward.manual = manual;
    }
  });
});

/**
 * Invite friends (issue 15) of the demo brand (brands/demo.json, promotion 1: a friend who
 * deposited 20.00 and made 100.00 of valid bets earns the player 10.00 and the friend 10.00, with
 * 3 x wagering; 20 rewarded friends a month): decided once when due (the deposit consumer, the
 * job, the page), both rewards in the reward centre, the monthly cap, the same-address rule,
 * agents and trial accounts, the REFERRAL entry of the public state, the ledger after claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { eventOutbox } from '../../../../kernel/db/tables.ts';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { freshIp } from '../../../../../tests/support/accounts.ts';
import { newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { PromotionRule } from '../../server/settings.ts';
import { promotionRules } from '../../server/settings.ts';
import { dayIn } from '../../../../kernel/days.ts';
import { consumeAll } from '../../../../kernel/events.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { AGENT_TYPES } from '../../../accounts/index.ts';
import { rememberIp } from '../../../accounts/server/members.ts';
import { referral, referralConsumer, runReferralJob, settleFriend } from '../../server/referral.ts';
import { promoReferral, promoReward } from '../../server/tables.ts';

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
const INVITE = 1;

/** A player, and a friend registered with the player's code from another address. */
async function pair(o: { referrerType?: number } = {}) {
  const referrer = await walletUser({ type: o.referrerType ?? 0, registerIp: freshIp() });
  const friend = await walletUser({ uplineId: referrer.id, registerIp: freshIp() });
  return { referrer, friend };
}
/** Figures as settled rounds and credited deposits write them (no money moved). */
async function figures(u: User, o: { validBet?: bigint; deposit?: bigint }) {
  const at = new Date();
  if (o.validBet) await addToDay(t.db, u.id, at, 'JL', { betCount: 1, validBet: o.validBet });
  if (o.deposit) await addToDay(t.db, u.id, at, '', { depositCount: 1, deposit: o.deposit });
}
const rewardsOf = (id: number) =>
  t.db
    .select()
    .from(promoReward)
    .where(and(eq(promoReward.memberId, id), eq(promoReward.kind, 'referral')));
const decision = async (friendId: number) => (await t.db.select().from(promoReferral).where(eq(promoReferral.friendId, friendId)))[0]?.status ?? null;
const settle = (friendId: number) => t.db.transaction((tx) => settleFriend(tx, friendId));

describe('invite friends', () => {
  it('waits for both figures, then rewards the player and the friend once, claimable with 3 x wagering', async () => {
    const { referrer, friend } = await pair();
    expect(await settle(friend.id)).toBe('pending');
    await figures(friend, { validBet: 100_00n });
    expect(await settle(friend.id)).toBe('pending'); // no deposit yet
    await figures(friend, { deposit: 19_99n });
    expect(await settle(friend.id)).toBe('pending'); // 19.99 of 20.00
    await figures(friend, { deposit: 1n });
    expect(await settle(friend.id)).toBe('rewarded');
    expect(await settle(friend.id)).toBe('rewarded'); // decided once

    const mine = await rewardsOf(referrer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ promotionId: INVITE, reference: `referral:${friend.id}`, amount: 10_00n, turnover: 30_00n, status: 'claimable' });
    expect(mine[0]!.period).toMatch(/\*\*\*/); // the friend's masked name
    expect(await rewardsOf(friend.id)).toMatchObject([{ reference: `referral:${friend.id}`, amount: 10_00n, turnover: 30_00n }]);

    // The inbox hears of both (its messages: the inbox's tests).
    const events = await t.db
      .select()
      .from(eventOutbox)
      .where(inArray(eventOutbox.memberId, [referrer.id, friend.id]));
    expect(events.map((e) => [e.kind, e.memberId, e.payload])).toEqual(
      expect.arrayContaining([
        ['promotions.referral.rewarded', referrer.id, { v: 1, friend: mine[0]!.period, reward: '10.00', symbol: brand().currencySymbol }],
        ['promotions.referral.welcomed', friend.id, { v: 1, reward: '10.00', symbol: brand().currencySymbol }],
      ]),
    );

    // The page: the code, the friend masked and rewarded, one this month, one reward waiting.
    const page = (await referrer.call('/wps/promotions/referral')).json.value;
    expect(page).toMatchObject({
      promotionId: INVITE,
      code: referrer.affiliateCode,
      minDeposit: '20.00',
      validBets: '100.00',
      referrerReward: '10.00',
      friendReward: '10.00',
      monthlyCap: 20,
      rewardedThisMonth: 1,
      claimable: 1,
    });
    expect(page.friends).toEqual([{ name: expect.stringContaining('***'), registeredAt: expect.any(Number), deposited: true, validBets: '100.00', status: 'rewarded' }]);
    expect(page.friends[0].name).not.toBe(friend.username);
    expect((await referrer.call('/wps/promotions/status')).json.value).toContainEqual({ id: INVITE, status: 'claim' });

    // Both claim: each a bonus of 10.00 asking 30.00 of turnover; the ledger holds.
    for (const u of [referrer, friend]) {
      const [r] = await rewardsOf(u.id);
      const claimed = await u.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: r!.id } });
      expect(claimed.json.value.item).toMatchObject({ kind: 'referral', amount: '10.00', turnover: '30.00', status: 'claimed' });
      const bonuses = (await u.call('/wps/wallet/bonuses')).json.value as { source: string; amount: string; turnoverRequired: string }[];
      expect(bonuses).toContainEqual(expect.objectContaining({ source: `promotion:${INVITE}`, amount: '10.00', turnoverRequired: '30.00' }));
    }
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('is decided by the friend’s credited deposit through the outbox, and by the job for play', async () => {
    const a = await pair();
    await figures(a.friend, { validBet: 150_00n });
    const order = (await a.friend.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '25.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
    expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
    await consumeAll(t.db, referralConsumer);
    expect(await decision(a.friend.id)).toBe('rewarded');

    const b = await pair();
    await figures(b.friend, { deposit: 50_00n, validBet: 100_00n });
    expect(await decision(b.friend.id)).toBeNull();
    expect((await runReferralJob(t.db)).decided).toBeGreaterThanOrEqual(1);
    expect(await decision(b.friend.id)).toBe('rewarded');
    expect(await rewardsOf(b.referrer.id)).toHaveLength(1);
  });

  it('is decided once when deciders race', async () => {
    const { referrer, friend } = await pair();
    await figures(friend, { deposit: 20_00n, validBet: 100_00n });
    const outcomes = await Promise.all([settle(friend.id), settle(friend.id), settle(friend.id), runReferralJob(t.db)]);
    expect(outcomes.slice(0, 3)).toEqual(['rewarded', 'rewarded', 'rewarded']);
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
    expect(await rewardsOf(friend.id)).toHaveLength(1);
  });

  it('pays nobody for a friend who shares an address with the player (registration or login)', async () => {
    const { referrer, friend } = await pair();
    const home = freshIp();
    await rememberIp(t.db, referrer.id, home);
    await rememberIp(t.db, friend.id, home);
    await figures(friend, { deposit: 20_00n, validBet: 100_00n });
    expect(await settle(friend.id)).toBe('sameAddress');
    expect(await rewardsOf(referrer.id)).toHaveLength(0);
    expect(await rewardsOf(friend.id)).toHaveLength(0);
    const page = (await referrer.call('/wps/promotions/referral', { headers: { language: 'ES' } })).json.value;
    expect(page.friends).toMatchObject([{ status: 'sameAddress' }]);
  });

  it('rewards the player for 20 friends a month; the friends past the cap are still rewarded', async () => {
    const referrer = await walletUser({ registerIp: freshIp() });
    const friends: User[] = [];
    for (let i = 0; i < 21; i++) {
      const f = await walletUser({ uplineId: referrer.id, registerIp: freshIp() });
      await figures(f, { deposit: 20_00n, validBet: 100_00n });
      friends.push(f);
    }
    // Decided by the page itself when the player opens it.
    const page = (await referrer.call('/wps/promotions/referral')).json.value;
    expect(page.rewardedThisMonth).toBe(20);
    expect(page.friends.filter((f: { status: string }) => f.status === 'capped')).toHaveLength(1);
    expect(await rewardsOf(referrer.id)).toHaveLength(20);
    for (const f of friends) expect(await rewardsOf(f.id)).toHaveLength(1);
    const month = dayIn(Date.now(), brand().timeZone).slice(0, 7);
    expect((await t.db.select().from(promoReferral).where(eq(promoReferral.referrerId, referrer.id))).every((r) => r.month === month)).toBe(true);
  });

  it('is not for agents (their code recruits a team), trial accounts, or members without a player upline', async () => {
    const { referrer: agent, friend: recruit } = await pair({ referrerType: AGENT_TYPES[0] });
    await figures(recruit, { deposit: 20_00n, validBet: 100_00n });
    expect(await settle(recruit.id)).toBeNull();
    expect(await rewardsOf(agent.id)).toHaveLength(0);
    const refused = await agent.call('/wps/promotions/referral', { headers: { language: 'ES' } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ errorCode: 'promotion.referral.agent', message: expect.stringContaining('agentes') });

    const trial = await walletUser({ type: 4 });
    expect((await trial.call('/wps/promotions/referral')).json).toMatchObject({ errorCode: 'account.trial' });
    const loner = await walletUser();
    await figures(loner, { deposit: 20_00n, validBet: 100_00n });
    expect(await settle(loner.id)).toBeNull();
    expect((await loner.call('/wps/promotions/referral')).json.value.friends).toEqual([]);
  });

  it('disappears while the brand runs no invite friends: no page, REFERRAL disabled in the public state', async () => {
    const u = await walletUser();
    expect((await callApi('/wps/system/status')).json.value.info.availablePromo).toContainEqual({ code: 'REFERRAL', enabled: true });
    const rules = promotionRules() as PromotionRule[];
    const at = rules.findIndex((r) => r.reward.kind === 'referral');
    const [removed] = rules.splice(at, 1);
    try {
      expect(referral()).toBeNull();
      const page = await u.call('/wps/promotions/referral', { headers: { language: 'ES' } });
      expect(page.status).toBe(404);
      expect(page.json).toMatchObject({ errorCode: 'promotion.referral.off', message: 'Invitar amigos no está disponible' });
      expect((await callApi('/wps/system/status')).json.value.info.availablePromo).toContainEqual({ code: 'REFERRAL', enabled: false });
    } finally {
      rules.splice(at, 0, removed!);
    }
  });
});

/**
 * The promotions engine (issue 15) on the demo brand's newbie bonus (brands/demo.json, id 5:
 * join within 7 days of registering, first deposit of at least 10.00 matched 100% up to 100.00,
 * wagering 10 x deposit and bonus within 30 days, live casino 20%, bets above 5.00 not counted):
 * every status and refusal, the bonus paid once from the deposit event, in the ledger, with its
 * requirement and a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionRules } from '../../server/settings.ts';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, newKey, sandboxInProcess, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { consumeAll } from '../../../../kernel/events.ts';
import { member } from '../../../accounts/index.ts';
import { eventOutbox } from '../../../../kernel/db/tables.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { depositConsumer } from '../../server/engine.ts';
import { rewardFor } from '../../server/rules.ts';
import { promoEntry } from '../../server/tables.ts';

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
const NEWBIE = 5;
const DAY = 86_400_000;

const statusOf = async (u: User, id = NEWBIE) => ((await u.call('/wps/promotions/status')).json.value as { id: number; status: string }[]).find((p) => p.id === id)?.status;
const join = (u: User, id = NEWBIE) => u.call('/wps/promotions/join', { method: 'POST', body: { id } });

/** A paid sandbox deposit, then the promotions' consumer (as the jobs would run it). */
async function deposit(u: User, amount: string): Promise<void> {
  const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
  const paid = await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } });
  expect(paid.status).toBe(200);
  await consumeAll(t.db, depositConsumer);
}

const bonuses = async (u: User) =>
  (await u.call('/wps/wallet/bonuses')).json.value as { source: string; amount: string; turnoverRequired: string; status: string; maxBet: string | null; weights: Record<string, number> }[];

describe('the newbie bonus', () => {
  it('is joined, then paid once on the first deposit with its wagering requirement, and says so in a message', async () => {
    const u = await walletUser();
    expect(await statusOf(u)).toBe('join');
    const joined = await join(u);
    expect(joined.json.value).toEqual({ id: NEWBIE, status: 'inProcess' });
    expect(await statusOf(u)).toBe('inProcess');
    const twice = await join(u);
    expect(twice.status).toBe(409);
    expect(twice.json.errorCode).toBe('promotion.joined');

    await deposit(u, '50.00');
    expect(await mainBalance(u.id)).toBe(100_00n);
    const [b] = await bonuses(u);
    expect(b).toMatchObject({ source: `promotion:${NEWBIE}`, amount: '50.00', turnoverRequired: '1000.00', status: 'active', maxBet: '5.00', weights: { LIVE: 20 } });
    expect(await statusOf(u)).toBe('issued');
    expect((await join(u)).json.errorCode).toBe('promotion.joined');

    // Handled once: running the consumer again pays nothing more.
    expect(await consumeAll(t.db, depositConsumer)).toBe(0);
    expect(await bonuses(u)).toHaveLength(1);
    // The withdrawal waits for the wagering.
    const w = await u.call('/wps/wallet/withdraw', { method: 'POST', body: { amount: '20.00', idempotencyKey: newKey() } });
    expect(w.json.errorCode).toBe('wallet.withdrawal.wagering');
    // The inbox hears of it (its message: the inbox's tests).
    const told = await t.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.kind, 'promotions.bonus.issued'), eq(eventOutbox.memberId, u.id)));
    expect(told.map((e) => e.payload)).toEqual([{ v: 1, promotionId: NEWBIE, amount: '50.00', turnover: '1000.00', symbol: '$' }]);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('caps the bonus, and computes the turnover from deposit and bonus', () => {
    const rule = promotionRules().find((r) => r.id === NEWBIE)!;
    expect(rewardFor(rule, 150_00n)).toEqual({ bonus: 100_00n, turnover: 2500_00n });
    expect(rewardFor(rule, 10_00n)).toEqual({ bonus: 10_00n, turnover: 200_00n });
  });

  it('pays nothing for a deposit below its minimum, nor to a member who did not join; both have used their first deposit', async () => {
    const small = await walletUser();
    await join(small);
    await deposit(small, '5.00');
    expect(await bonuses(small)).toHaveLength(0);
    expect(await statusOf(small)).toBe('closed');

    const notJoined = await walletUser();
    await deposit(notJoined, '50.00');
    expect(await bonuses(notJoined)).toHaveLength(0);
    expect(await statusOf(notJoined)).toBe('closed');
    const late = await join(notJoined);
    expect(late.status).toBe(409);
    expect(late.json.errorCode).toBe('promotion.notEligible');
  });

  it('is closed to a member registered more than 7 days ago, and to a trial account', async () => {
    const old = await walletUser();
    await t.db
      .update(member)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(member.id, old.id));
    expect(await statusOf(old)).toBe('closed');
    expect((await join(old)).json.errorCode).toBe('promotion.notEligible');

    const trial = await walletUser({ type: 4 });
    expect(await statusOf(trial)).toBe('closed');
    const refused = await join(trial);
    expect(refused.status).toBe(403);
    expect(refused.json.errorCode).toBe('account.trial');
  });

  it("refuses an unknown promotion and one the engine does not run, in the caller's language", async () => {
    const u = await walletUser();
    const unknown = await join(u, 999);
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorCode).toBe('promotion.unknown');
    const shown = await u.call('/wps/promotions/join', { method: 'POST', headers: { language: 'ES' }, body: { id: 2 } });
    expect(shown.json.errorCode).toBe('promotion.notJoinable');
    expect(shown.json.message).toBe('No es posible unirse a esta promoción');
    expect((await callApi('/wps/promotions/status')).status).toBe(401);
  });

  it('pays once when deposit events are handled by racing consumers', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => walletUser()));
    for (const u of users) await join(u);
    for (const u of users) {
      const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount: '20.00', channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
      await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } });
    }
    await Promise.all([consumeAll(t.db, depositConsumer, 1), consumeAll(t.db, depositConsumer, 1), consumeAll(t.db, depositConsumer, 2)]);
    for (const u of users) {
      expect(await bonuses(u)).toHaveLength(1);
      expect(await mainBalance(u.id)).toBe(40_00n);
    }
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });
});

describe('the deposit page says what a deposit can still start, and what a first deposit closed (audit 11)', () => {
  type Offers = {
    offers: { id: number; action: string; firstDeposit: boolean; minDeposit: string | null; percent: number | null; cap: string | null }[];
    missed: { id: number; reason: string; deposit: string; minDeposit: string | null; title: string }[];
  };
  const offers = async (u: User, language = 'EN') => (await u.call('/wps/promotions/deposit-offers', { headers: { language } })).json.value as Offers;
  /** What the outbox says to the inbox (its message in the reader's language: the inbox's tests). */
  const missedEvents = async (u: User) =>
    (
      await t.db
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.kind, 'promotions.bonus.missed'), eq(eventOutbox.memberId, u.id)))
    ).map((e) => e.payload);

  it('lists the newbie bonus to join before depositing, then as earned by the deposit once joined', async () => {
    const u = await walletUser();
    const before = (await offers(u)).offers.find((o) => o.id === NEWBIE);
    expect(before).toMatchObject({ action: 'join', firstDeposit: true, minDeposit: '10.00', percent: 100, cap: '100.00' });
    await join(u);
    expect((await offers(u)).offers.find((o) => o.id === NEWBIE)).toMatchObject({ action: 'ready' });
    await deposit(u, '50.00');
    const after = await offers(u);
    expect(after.offers.find((o) => o.id === NEWBIE)).toBeUndefined();
    expect(after.missed).toEqual([]);
  });

  it('tells a member whose first deposit came before Join: on the deposit page and in a message, in their language', async () => {
    const u = await walletUser();
    await deposit(u, '50.00');
    const page = await offers(u);
    expect(page.offers.find((o) => o.id === NEWBIE)).toBeUndefined();
    expect(page.missed).toEqual([expect.objectContaining({ id: NEWBIE, reason: 'notJoined', deposit: '50.00' })]);
    expect((await offers(u, 'ES')).missed[0]!.title).not.toBe(page.missed[0]!.title);
    expect(await missedEvents(u)).toEqual([
      expect.objectContaining({ promotionId: NEWBIE, reason: 'notJoined', amount: '50.00', minDeposit: '10.00', symbol: '$', titles: { en: 'Newbie bonus 100%', es: 'Bono de bienvenida 100%' } }),
    ]);
    // Said once: a second deposit closes nothing more.
    await deposit(u, '30.00');
    expect(await missedEvents(u)).toHaveLength(1);
  });

  it('tells a member who joined but whose first deposit was under the minimum', async () => {
    const u = await walletUser();
    await join(u);
    await deposit(u, '5.00');
    expect((await offers(u)).missed).toEqual([expect.objectContaining({ id: NEWBIE, reason: 'belowMinimum', deposit: '5.00', minDeposit: '10.00' })]);
    expect(await missedEvents(u)).toEqual([expect.objectContaining({ promotionId: NEWBIE, reason: 'belowMinimum', amount: '5.00' })]);
  });

  it('pays the first of two deposits credited before the consumer ran (the bonus is not lost in a batch)', async () => {
    const u = await walletUser();
    await join(u);
    for (const amount of ['40.00', '60.00']) {
      const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
      expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
    }
    await consumeAll(t.db, depositConsumer);
    expect((await bonuses(u)).map((b) => b.amount)).toEqual(['40.00']);
    expect(await statusOf(u)).toBe('issued');
    expect(await missedEvents(u)).toEqual([]);
  });

  it('says nothing to a member who was never eligible, and nothing to a trial account', async () => {
    const old = await walletUser();
    await t.db
      .update(member)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(member.id, old.id));
    expect((await offers(old)).offers.find((o) => o.id === NEWBIE)).toBeUndefined();
    await deposit(old, '50.00');
    expect((await offers(old)).missed).toEqual([]);
    expect(await missedEvents(old)).toEqual([]);
    const trial = await walletUser({ type: 4 });
    expect(await offers(trial)).toMatchObject({ offers: [], missed: [] });
    expect((await callApi('/wps/promotions/deposit-offers')).json.errorCode).toBe('login.not.session');
  });
});

describe('the weekend special (a reload bonus: id 6, joined, 30% up to 60.00 of a deposit of 20.00 or more on Saturday or Sunday, once a week, 8 x the bonus, not on a deposit that earned another bonus)', () => {
  const WEEKEND = 6;
  /** A real paid deposit whose event is dated `at` (the promotion runs from 2027-01-02), then the consumer. */
  async function depositOn(u: User, amount: string, at: string): Promise<void> {
    const order = (await u.call('/wps/wallet/deposit', { method: 'POST', body: { amount, channel: 'SANDBOX_CARD', idempotencyKey: newKey() } })).json.value;
    expect((await callApi('/wps/payment/sandbox/pay', { method: 'POST', body: { orderId: order.orderId, outcome: 'paid' } })).status).toBe(200);
    await t.db
      .update(eventOutbox)
      .set({ at: new Date(at) })
      .where(and(eq(eventOutbox.kind, 'wallet.deposit.credited'), eq(eventOutbox.memberId, u.id)));
    await consumeAll(t.db, depositConsumer);
  }
  const weekendBonuses = async (u: User) => (await bonuses(u)).filter((b) => b.source === `promotion:${WEEKEND}`);
  const joined = async (u: User, id: number) => t.db.insert(promoEntry).values({ memberId: u.id, promotionId: id, status: 'joined', joinedAt: new Date() });

  it('pays on weekend deposits once a week, not on weekdays, small deposits or to members who did not join', async () => {
    const u = await walletUser();
    await joined(u, WEEKEND);
    // Brand time is Mexico City (UTC-6): Saturday 2 January 2027 at noon.
    await depositOn(u, '50.00', '2027-01-02T18:00:00Z');
    expect(await weekendBonuses(u)).toEqual([expect.objectContaining({ amount: '15.00', turnoverRequired: '120.00' })]);
    await depositOn(u, '300.00', '2027-01-03T18:00:00Z'); // Sunday, same week: already paid
    expect(await weekendBonuses(u)).toHaveLength(1);
    await depositOn(u, '300.00', '2027-01-04T18:00:00Z'); // Monday
    expect(await weekendBonuses(u)).toHaveLength(1);
    await depositOn(u, '19.99', '2027-01-09T18:00:00Z'); // next Saturday, too small
    expect(await weekendBonuses(u)).toHaveLength(1);
    await depositOn(u, '300.00', '2027-01-10T05:30:00Z'); // Saturday 23:30 brand time: capped at 60.00
    expect((await weekendBonuses(u)).map((b) => b.amount).sort()).toEqual(['15.00', '60.00']);
    expect(await statusOf(u, WEEKEND)).not.toBe('issued');

    const stranger = await walletUser();
    await depositOn(stranger, '50.00', '2027-01-02T18:00:00Z');
    expect(await weekendBonuses(stranger)).toEqual([]);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('is not paid on the deposit that earned the newbie bonus', async () => {
    const u = await walletUser();
    await t.db
      .update(member)
      .set({ createdAt: new Date('2027-01-01T18:00:00Z') })
      .where(eq(member.id, u.id));
    await joined(u, NEWBIE);
    await joined(u, WEEKEND);
    await depositOn(u, '50.00', '2027-01-02T18:00:00Z');
    expect((await bonuses(u)).map((b) => b.source)).toEqual([`promotion:${NEWBIE}`]);
  });
});

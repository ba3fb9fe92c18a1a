/**
 * Raffles (issue 15) on the demo brand's weekly raffle (brands/demo.json, id 9: a ticket per
 * 100.00 of valid bets in the week, at most 100; prizes 500.00, 200.00, 100.00, 50.00, 50.00;
 * claimable 7 days; wagering 1 x the prize): the draw's seed committed before and revealed after,
 * winners recomputable from it, one prize per member, drawn once by racing processes, tickets by
 * the rule (cap, trial accounts out), prizes claimed with MCS2_claimRafflePromotion once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { periodAt, previousPeriod } from '../../../../kernel/periods.ts';
import { dayIn } from '../../../../kernel/days.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { auditLedger } from '../../../wallet/server/ledger.ts';
import { DRAW_GRACE_MS, drawLabel, drawWinners, runRaffleJobs } from '../../server/raffle.ts';
import { raffleDraw, raffleEntry, rafflePrize } from '../../server/tables.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const RAFFLE = 9;
const tz = () => brand().timeZone;
const seedHex = () => randomBytes(32).toString('hex');

/** Valid bets at an instant, as settled rounds write them into the daily figures. */
async function betAt(u: User, ms: number, validBet: bigint) {
  await addToDay(t.db, u.id, new Date(ms), 'JL', { betCount: 1, validBet });
}

describe('the draw', () => {
  const entries = [
    { memberId: 1, firstTicket: 0, tickets: 1 },
    { memberId: 2, firstTicket: 1, tickets: 3 },
    { memberId: 3, firstTicket: 4, tickets: 6 },
  ];

  it('is fixed by the seed and its message, gives each member one prize at most, and never more prizes than members', () => {
    const seed = seedHex();
    const a = drawWinners(seed, 'raffle:9:x', entries, 5);
    expect(drawWinners(seed, 'raffle:9:x', [...entries].reverse(), 5)).toEqual(a);
    expect(a).toHaveLength(3);
    expect(new Set(a.map((w) => w.memberId)).size).toBe(3);
    expect(a.map((w) => w.rank)).toEqual([1, 2, 3]);
    for (const w of a) {
      const e = entries.find((x) => x.memberId === w.memberId)!;
      expect(w.ticket).toBeGreaterThanOrEqual(e.firstTicket);
      expect(w.ticket).toBeLessThan(e.firstTicket + e.tickets);
    }
    // Another seed, or another message, gives other draws.
    expect(new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(drawWinners(seed, `raffle:9:${i}`, entries, 5)))).size).toBeGreaterThan(1);
    expect(drawWinners(seed, 'raffle:9:x', [], 5)).toEqual([]);
  });

  it('gives the first prize in proportion to tickets (3,000 draws, chi-square with 2 degrees of freedom)', () => {
    const counts = new Map<number, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) {
      // Fixed seeds (SHA-256 of the index): the same 3,000 draws every run, so the test cannot flake.
      const [first] = drawWinners(createHash('sha256').update(`seed-${i}`).digest('hex'), `raffle:9:${i}`, entries, 1);
      counts.set(first!.memberId, (counts.get(first!.memberId) ?? 0) + 1);
    }
    const chi = entries.reduce((sum, e) => {
      const expected = (n * e.tickets) / 10;
      return sum + ((counts.get(e.memberId) ?? 0) - expected) ** 2 / expected;
    }, 0);
    // 2 degrees of freedom: P(chi-square > 13.8) = 0.001.
    expect(chi).toBeLessThan(13.8);
  });
});

describe('the weekly raffle', () => {
  it("publishes this week's seed hash, draws last week once with racing processes, reveals a seed that matches, and pays prizes claimed once", async () => {
    const now = Date.now();
    const week = periodAt('W', now, tz());
    const last = previousPeriod(week, tz());
    // Last week's draw, committed then (the job opened it while it ran).
    const seed = seedHex();
    const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    await t.db
      .insert(raffleDraw)
      .values({ promotionId: RAFFLE, periodStart: new Date(last.start), periodEnd: new Date(last.end), seed, seedHash, status: 'open' })
      .onConflictDoNothing();

    const big = await walletUser();
    const small = await walletUser();
    const none = await walletUser();
    const trial = await walletUser({ type: 4 });
    const midLast = last.start + 2 * 86_400_000;
    await betAt(big, midLast, 50_000_00n); // 500 tickets, capped at 100
    await betAt(small, midLast, 250_00n); // 2 tickets
    await betAt(none, midLast, 99_99n); // none
    await betAt(trial, midLast, 10_000_00n); // trial accounts take no part
    await betAt(small, week.start + 3_600_000, 300_00n); // this week: 3 tickets so far

    const after = Math.max(now, last.end + DRAW_GRACE_MS);
    const runs = await Promise.all([runRaffleJobs(t.db, after), runRaffleJobs(t.db, after), runRaffleJobs(t.db, after)]);
    expect(runs.reduce((n, r) => n + r.drawn, 0)).toBeGreaterThanOrEqual(1);

    const [drawn] = await t.db
      .select()
      .from(raffleDraw)
      .where(and(eq(raffleDraw.promotionId, RAFFLE), eq(raffleDraw.periodStart, new Date(last.start))));
    expect(drawn).toMatchObject({ status: 'drawn', seed, seedHash });
    const entries = await t.db
      .select()
      .from(raffleEntry)
      .where(and(eq(raffleEntry.promotionId, RAFFLE), eq(raffleEntry.periodStart, new Date(last.start))));
    const ticketsOf = (u: User) => entries.find((e) => e.memberId === u.id)?.tickets;
    expect([ticketsOf(big), ticketsOf(small), ticketsOf(none), ticketsOf(trial)]).toEqual([100, 2, undefined, undefined]);
    expect(drawn!.tickets).toBe(entries.reduce((n, e) => n + e.tickets, 0));
    const prizes = await t.db
      .select()
      .from(rafflePrize)
      .where(and(eq(rafflePrize.promotionId, RAFFLE), eq(rafflePrize.periodStart, new Date(last.start))));
    // Drawn once: one prize per member, the recorded winners are the seed's.
    expect(prizes.length).toBe(Math.min(5, entries.length));
    expect(new Set(prizes.map((p) => p.memberId)).size).toBe(prizes.length);
    expect(drawWinners(seed, drawLabel(RAFFLE, new Date(last.start), entries), entries, 5).map((w) => [w.rank, w.ticket, w.memberId])).toEqual(
      prizes.sort((a, b) => a.rank - b.rank).map((p) => [p.rank, p.ticket, p.memberId]),
    );

    // The public check agrees.
    const verify = await callApi(`/wps/promotions/raffle/verify?promotionId=${RAFFLE}&start=${last.start}`);
    expect(verify.status).toBe(200);
    expect(verify.json.value).toMatchObject({ seed, seedHash, seedMatchesHash: true, matches: true, tickets: drawn!.tickets });
    // The message published is the one the words come from, and it depends on every ticket.
    expect(verify.json.value.message).toBe(`${drawLabel(RAFFLE, new Date(last.start), entries)}:0`);
    expect(
      drawLabel(
        RAFFLE,
        new Date(last.start),
        entries.map((e, i) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e)),
      ),
    ).not.toBe(drawLabel(RAFFLE, new Date(last.start), entries));
    expect(verify.json.value.entries[0]).toEqual({ first: 0, count: expect.any(Number) });
    expect(JSON.stringify(verify.json.value)).not.toContain(big.username);

    // The member's view: this week's hash and tickets so far, last week's result.
    const view = (await small.call('/wps/promotions/raffle')).json.value[0];
    expect(view.current).toMatchObject({ start: week.start, tickets: 3 });
    expect(view.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(view.current).not.toHaveProperty('seed');
    expect(view.last).toMatchObject({ start: last.start, from: dayIn(last.start, tz()), to: dayIn(last.end - 1, tz()), seed, myTickets: { count: 2 } });

    // Both members in a draw of fewer than five take a prize: big and small (others' tickets may be in it too).
    const prizeOf = (u: User) => prizes.find((p) => p.memberId === u.id);
    for (const u of [big, small].filter((x) => prizeOf(x))) {
      const before = await mainBalance(u.id);
      const claimed = await u.call('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: { promotionId: RAFFLE } });
      expect(claimed.status).toBe(200);
      expect(claimed.json.value.claimed).toEqual([expect.objectContaining({ kind: 'raffle', status: 'claimed', amount: (Number(prizeOf(u)!.amount) / 100).toFixed(2) })]);
      expect(await mainBalance(u.id)).toBe(before + prizeOf(u)!.amount);
      const again = await u.call('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: { promotionId: RAFFLE }, headers: { language: 'ES' } });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ errorCode: 'promotion.raffle.nothing', message: 'No tienes premios de sorteo por reclamar' });
      // Another member cannot claim it by its id.
      expect((await none.call('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: { id: prizeOf(u)!.rewardId } })).status).toBe(404);
    }
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });

    // A second run draws nothing more.
    expect((await runRaffleJobs(t.db, after)).drawn).toBe(0);
  });

  it('refuses a trial account, a draw not yet made, and a visitor', async () => {
    const trial = await walletUser({ type: 4 });
    expect((await trial.call('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: {} })).status).toBe(403);
    expect((await callApi('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body: {} })).status).toBe(401);
    await runRaffleJobs(t.db);
    const week = periodAt('W', Date.now(), tz());
    const open = await callApi(`/wps/promotions/raffle/verify?promotionId=${RAFFLE}&start=${week.start}`);
    expect(open.status).toBe(404);
    expect(open.json.errorCode).toBe('promotion.raffle.notDrawn');
    // A start beyond any date is a clear refusal, not a fault.
    expect((await callApi(`/wps/promotions/raffle/verify?promotionId=${RAFFLE}&start=9000000000000000`)).status).toBe(400);
  });
});

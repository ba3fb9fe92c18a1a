/**
 * The mission leaderboard (issue 32) of the demo brand (brands/demo.json, id 1: the week's valid
 * bets from 10.00, prizes 100.00, 50.00, 25.00, 10.00, 10.00 with 1x wagering): scores from the
 * daily figures, the top with masked names and shared ranks, the member's own rank moving at once,
 * the period paid once after its end with ties broken by its committed seed (verifiable), the
 * prizes claimed through the reward centre, and who takes no part. A past week (June 2025) that
 * no other test writes keeps the board to this file's members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { mainBalance, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { dayStart } from '../../../../kernel/days.ts';
import { hashServerSeed } from '../../../../kernel/fairness.ts';
import { maskName } from '../../../../kernel/mask.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';
import { boardPeriod, leaderboardsOf, rankEntries, runLeaderboardJob } from '../../server/leaderboards.ts';
import { leaderboardRules } from '../../server/mission-settings.ts';
import { leaderboardPeriod, leaderboardPrize, promoReward } from '../../server/tables.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
});
afterAll(() => t.dispose());

const tz = () => brand().timeZone;
const board = () => leaderboardRules().find((b) => b.id === 1)!;
// Monday 2 June 2025 to Sunday 8 June 2025, brand time.
const WEEK = ['2025-06-02', '2025-06-03', '2025-06-04'];
const midweek = () => dayStart('2025-06-04', tz()) + 12 * 3_600_000;
const bet = (memberId: number, day: string, validBet: bigint) => addToDay(t.db, memberId, new Date(dayStart(day, tz()) + 12 * 3_600_000), 'JL', { betCount: 1, validBet });

describe('the weekly leaderboard', () => {
  it('ranks by valid bets, masks names, shares ranks on ties, moves the member at once, and pays the week once with ties broken by its seed', async () => {
    const a = await walletUser();
    const b = await walletUser();
    const c = await walletUser();
    const d = await walletUser();
    const small = await walletUser();
    const trial = await walletUser({ type: TRIAL_TYPE });
    await bet(a.id, WEEK[0]!, 30_000n);
    await bet(b.id, WEEK[1]!, 20_000n);
    await bet(c.id, WEEK[1]!, 12_000n);
    await bet(c.id, WEEK[2]!, 8_000n); // c ties with b at 200.00
    await bet(d.id, WEEK[2]!, 5_000n);
    await bet(small.id, WEEK[0]!, 900n); // under the 10.00 that takes part
    await bet(trial.id, WEEK[0]!, 90_000n);

    await runLeaderboardJob(t.db, midweek());
    const view = (await leaderboardsOf(t.db, d.id, 'en', midweek())).boards.find((x) => x.id === 1)!;
    expect(view).toMatchObject({ period: 'W', unit: 'money', minScore: '10.00', prizes: ['100.00', '50.00', '25.00', '10.00', '10.00'], endsAt: dayStart('2025-06-09', tz()) });
    expect(view.top).toEqual([
      { rank: 1, account: maskName(a.username), score: '300.00', mine: false },
      { rank: 2, account: expect.any(String), score: '200.00', mine: false },
      { rank: 2, account: expect.any(String), score: '200.00', mine: false },
      { rank: 4, account: maskName(d.username), score: '50.00', mine: true },
    ]);
    expect(view.me).toEqual({ score: '50.00', rank: 4 });
    expect(view.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const below = (await leaderboardsOf(t.db, small.id, 'en', midweek())).boards[0]!;
    expect(below.me).toEqual({ score: '9.00', rank: null });
    expect((await leaderboardsOf(t.db, trial.id, 'en', midweek())).boards[0]!.me).toBeNull();

    // d bets more: their rank moves as soon as they look, before the job's next minute.
    await bet(d.id, WEEK[2]!, 26_000n);
    expect((await leaderboardsOf(t.db, d.id, 'en', midweek())).boards[0]!.me).toEqual({ score: '310.00', rank: 1 });

    // After the week (and its grace): paid once, whatever the number of runs at once. (The job
    // runs now, long after that week: it pays every closed period not paid yet.)
    const runs = await Promise.all([runLeaderboardJob(t.db), runLeaderboardJob(t.db)]);
    expect(runs.map((r) => r.paid).sort()).toEqual([0, 4]);
    expect((await runLeaderboardJob(t.db)).paid).toBe(0);
    const key = boardPeriod(board(), midweek(), tz()).key;
    const [period] = await t.db
      .select()
      .from(leaderboardPeriod)
      .where(and(eq(leaderboardPeriod.boardId, 1), eq(leaderboardPeriod.periodKey, key)));
    expect(period).toMatchObject({ status: 'paid', entries: 4, seedHash: view.seedHash });
    expect(hashServerSeed(period!.seed)).toBe(period!.seedHash);
    const prizes = await t.db
      .select()
      .from(leaderboardPrize)
      .where(and(eq(leaderboardPrize.boardId, 1), eq(leaderboardPrize.periodKey, key)))
      .orderBy(leaderboardPrize.rank);
    const tied = rankEntries(period!.seed, 1, key, [
      { memberId: b.id, score: 20_000n },
      { memberId: c.id, score: 20_000n },
    ]).map((e) => e.memberId);
    expect(prizes.map((p) => [p.rank, p.memberId, p.amount])).toEqual([
      [1, d.id, 10_000n],
      [2, a.id, 5_000n],
      [3, tied[0], 2_500n],
      [4, tied[1], 1_000n],
    ]);

    // Anyone can check the order from the revealed seed.
    const verified = await callApi('/wps/promotions/leaderboard/verify', { query: { boardId: '1', periodKey: key } });
    expect(verified.status).toBe(200);
    expect(verified.json.value).toMatchObject({ seed: period!.seed, seedMatchesHash: true, matches: true });
    expect((await callApi('/wps/promotions/leaderboard/verify', { query: { boardId: '1', periodKey: '2030-01-01T00:00:00.000Z' } })).json.errorCode).toBe('promotion.leaderboard.unknown');

    // The winners claim through the reward centre, once, with the board's wagering.
    const [prize] = await t.db
      .select()
      .from(promoReward)
      .where(and(eq(promoReward.memberId, d.id), eq(promoReward.kind, 'leaderboard')));
    expect(prize).toMatchObject({ amount: 10_000n, turnover: 10_000n, status: 'claimable', reference: `leaderboard:1:${key}` });
    const before = await mainBalance(d.id);
    const claimed = await d.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: prize!.id } });
    expect(claimed.json.value.item).toMatchObject({ kind: 'leaderboard', title: 'Weekly wager race (demo)', amount: '100.00', turnover: '100.00' });
    expect(await mainBalance(d.id)).toBe(before + 10_000n);

    // The next week shows the last one's winners and its revealed seed.
    const next = (await leaderboardsOf(t.db, d.id, 'en')).boards[0]!;
    expect(next.last).toMatchObject({ key, from: '2025-06-02', to: '2025-06-08', seed: period!.seed, entries: 4 });
    expect(next.last!.winners[0]).toEqual({ rank: 1, account: maskName(d.username), score: '310.00', amount: '100.00', mine: true });
  });

  it('answers spec 7 MCSFE_getMissionLeaderboard for a member', async () => {
    const u = await walletUser();
    const r = await u.call('/wps/relay/MCSFE_getMissionLeaderboard', { headers: { language: 'ES' } });
    expect(r.status).toBe(200);
    expect(r.json.value.boards[0]).toMatchObject({ id: 1, title: 'Carrera de apuestas semanal (demo)', me: { score: '0.00', rank: null } });
    expect((await callApi('/wps/relay/MCSFE_getMissionLeaderboard')).status).toBe(401);
  });
});

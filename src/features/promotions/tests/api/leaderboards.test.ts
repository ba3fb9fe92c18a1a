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
import { hashServerSeed, makeServerSeed } from '../../../../kernel/fairness.ts';
import { maskName } from '../../../../kernel/mask.ts';
import { addToDay } from '../../../wallet/server/daily.ts';
import { TRIAL_TYPE } from '../../../accounts/contract.ts';
import { grantByReference } from '../../../play/server/free-spins.ts';
import { selfExclude } from '../../../protection/server/state.ts';
import { pointsBalance } from '../../../wallet/server/points.ts';
import { boardPeriod, entrantOf, leaderboardsOf, rankEntries, runLeaderboardJob } from '../../server/leaderboards.ts';
import { leaderboardRules, type Leaderboard } from '../../server/mission-settings.ts';
import { game } from '../../../games/index.ts';
import { leaderboardPeriod, leaderboardPrize, promoReward } from '../../server/tables.ts';

let t: TestDb;
let slot: number;
let prizes: Leaderboard['prizes'];
beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  // The demo board's free-spin prize plays a slot of the demo catalogue: here, one of the test's own.
  const [g] = await t.db
    .insert(game)
    .values({ gameCode: 'lbfs', gameName: 'Board Slot', searchName: 'board slot', gameType: 'RNG', vassalage: 'JL', gameClassify: 'SLOT', minBet: 20n, seed: 5 })
    .returning({ nodeId: game.nodeId });
  slot = g!.nodeId;
  prizes = board().prizes;
  board().prizes = prizes.map((p) => (p.kind === 'freeSpins' ? { ...p, nodeId: slot } : p));
});
afterAll(async () => {
  board().prizes = prizes;
  await t.dispose();
});

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
    const money = (amount: string) => ({ kind: 'money', amount, count: null, on: null, game: null });
    expect(view).toMatchObject({ period: 'W', unit: 'money', minScore: '10.00', endsAt: dayStart('2025-06-09', tz()) });
    expect(view.prizes).toEqual([
      money('100.00'),
      money('50.00'),
      money('25.00'),
      { kind: 'points', amount: null, count: 1000, on: null, game: null },
      { kind: 'freeSpins', amount: null, count: 20, on: 'Board Slot', game: { nodeId: slot, vassalage: 'JL' } },
    ]);
    expect(view.top).toEqual([
      { rank: 1, account: maskName(a.username), score: '300.00', mine: false },
      { rank: 2, account: expect.any(String), score: '200.00', mine: false },
      { rank: 2, account: expect.any(String), score: '200.00', mine: false },
      { rank: 4, account: maskName(d.username), score: '50.00', mine: true },
    ]);
    expect(view.me).toEqual({ score: '50.00', rank: 4, entrant: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(view.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const below = (await leaderboardsOf(t.db, small.id, 'en', midweek())).boards[0]!;
    expect(below.me).toMatchObject({ score: '9.00', rank: null });
    expect((await leaderboardsOf(t.db, trial.id, 'en', midweek())).boards[0]!.me).toBeNull();

    // d bets more: their rank moves as soon as they look, before the job's next minute.
    await bet(d.id, WEEK[2]!, 26_000n);
    expect((await leaderboardsOf(t.db, d.id, 'en', midweek())).boards[0]!.me).toEqual({ score: '310.00', rank: 1, entrant: view.me!.entrant });

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
      { memberId: b.id, entrant: entrantOf(period!.entrantKey!, b.id), score: 20_000n },
      { memberId: c.id, entrant: entrantOf(period!.entrantKey!, c.id), score: 20_000n },
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
    expect(verified.json.value).toMatchObject({ seed: period!.seed, seedMatchesHash: true, matches: true, prizes: 4 });
    expect(verified.json.value.contenders.map((x: { entrant: string; rank: number | null }) => [x.entrant, x.rank])).toEqual([
      [entrantOf(period!.entrantKey!, d.id), 1],
      [entrantOf(period!.entrantKey!, a.id), 2],
      [entrantOf(period!.entrantKey!, tied[0]!), 3],
      [entrantOf(period!.entrantKey!, tied[1]!), 4],
    ]);
    // Codes and masked names only: no member id, no key.
    expect(JSON.stringify(verified.json.value)).not.toMatch(/memberId|entrantKey/);
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

    // The fourth prize is points: claimed once into the member's points, no wagering.
    const fourth = [b, c].find((x) => x.id === tied[1])!;
    const [points] = await t.db
      .select()
      .from(promoReward)
      .where(and(eq(promoReward.memberId, fourth.id), eq(promoReward.kind, 'leaderboard')));
    expect(points).toMatchObject({ amount: 1_000n, turnover: 0n, payout: { kind: 'points' } });
    const gave = await fourth.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: points!.id } });
    expect(gave.json.value.item).toMatchObject({ amount: '0.00', prize: { kind: 'points', count: 1000 }, status: 'claimed' });
    expect(await pointsBalance(t.db, fourth.id)).toBe(1_000n);
    expect((await fourth.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: points!.id } })).json.errorCode).toBe('promotion.reward.claimed');
    expect(await pointsBalance(t.db, fourth.id)).toBe(1_000n);

    // The next week shows the last one's winners and its revealed seed.
    const next = (await leaderboardsOf(t.db, d.id, 'en')).boards[0]!;
    expect(next.last).toMatchObject({ key, from: '2025-06-02', to: '2025-06-08', seed: period!.seed, entries: 4 });
    expect(next.last!.winners[0]).toEqual({ rank: 1, account: maskName(d.username), score: '310.00', prize: money('100.00'), mine: true });
    expect(next.last!.winners[3]!.prize).toEqual({ kind: 'points', amount: null, count: 1000, on: null, game: null });
  });

  it('publishes every contender at the prize edge by entrant code, pays free spins, and leaves blocked members out of a rank', async () => {
    // Monday 7 July 2025 to Sunday 13 July 2025: six contenders for five prizes, the last two tied.
    const day = '2025-07-08';
    const at = dayStart('2025-07-09', tz()) + 12 * 3_600_000;
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => walletUser()));
    const scores = [10_000n, 9_000n, 8_000n, 7_000n, 6_000n, 6_000n];
    for (const [i, u] of users.entries()) await bet(u.id, day, scores[i]!);
    const gone = await walletUser();
    await bet(gone.id, day, 50_000n);
    await runLeaderboardJob(t.db, at);
    // Blocked once scored: out of the top and of everyone's rank.
    await selfExclude(t.db, gone.id, '6m', '127.0.0.1');
    const seen = (await leaderboardsOf(t.db, users[0]!.id, 'en', at)).boards[0]!;
    expect(seen.me).toMatchObject({ rank: 1 });
    expect(seen.top.map((r) => r.account)).not.toContain(maskName(gone.username));

    await runLeaderboardJob(t.db);
    const key = boardPeriod(board(), at, tz()).key;
    const [period] = await t.db
      .select()
      .from(leaderboardPeriod)
      .where(and(eq(leaderboardPeriod.boardId, 1), eq(leaderboardPeriod.periodKey, key)));
    expect(period).toMatchObject({ status: 'paid', entries: 6 });
    const v = (await callApi('/wps/promotions/leaderboard/verify', { query: { boardId: '1', periodKey: key } })).json.value;
    expect(v).toMatchObject({ matches: true, prizes: 5, message: `leaderboard:1:${key}:<entrant>` });
    expect(v.contenders).toHaveLength(6);
    const codes = users.map((u) => entrantOf(period!.entrantKey!, u.id));
    expect(v.contenders.slice(0, 4).map((x: { entrant: string }) => x.entrant)).toEqual(codes.slice(0, 4));
    // The tied pair at the edge: both listed, one wins the fifth prize, the other none.
    expect(
      v.contenders
        .slice(4)
        .map((x: { entrant: string }) => x.entrant)
        .sort(),
    ).toEqual(codes.slice(4).sort());
    expect(v.contenders.map((x: { rank: number | null }) => x.rank)).toEqual([1, 2, 3, 4, 5, null]);
    // Anyone can recompute the order of the tied from the revealed seed and the codes.
    const again = rankEntries(
      v.seed,
      1,
      key,
      v.contenders.map((x: { entrant: string; score: string }) => ({ entrant: x.entrant, score: BigInt(Math.round(Number(x.score) * 100)) })),
    );
    expect(again.map((x) => x.entrant)).toEqual(v.contenders.map((x: { entrant: string }) => x.entrant));

    // The fifth prize is free spins: claimed once, a grant on the slot with the board's wagering.
    const fifth = users.find((u) => entrantOf(period!.entrantKey!, u.id) === v.contenders[4].entrant)!;
    const [spins] = await t.db
      .select()
      .from(promoReward)
      .where(and(eq(promoReward.memberId, fifth.id), eq(promoReward.kind, 'leaderboard')));
    expect(spins).toMatchObject({ amount: 20n, turnover: 0n, payout: { kind: 'freeSpins', nodeId: slot } });
    const claimed = await fifth.call('/wps/promotions/rewards/claim', { method: 'POST', body: { id: spins!.id } });
    expect(claimed.json.value.item.prize).toMatchObject({ kind: 'freeSpins', count: 20, on: 'Board Slot', game: { nodeId: slot, vassalage: 'JL' } });
    const grant = await grantByReference(t.db, fifth.id, `reward:${spins!.id}`);
    expect(grant).toMatchObject({ spins: 20, spinsLeft: 20, wageringPercent: 100, wageringDays: 14 });
  });

  it('pays a period opened before entrant codes by its member-id tie-breaks, and verifies it without publishing ids', async () => {
    // Monday 4 August 2025: its row as an older server wrote it (no entrant key).
    const at = dayStart('2025-08-06', tz()) + 12 * 3_600_000;
    const p = boardPeriod(board(), at, tz());
    const seed = makeServerSeed();
    await t.db.insert(leaderboardPeriod).values({ boardId: 1, periodKey: p.key, periodEnd: new Date(p.end), seed: seed.serverSeed, seedHash: seed.serverSeedHash, status: 'open' });
    const [x, y] = await Promise.all([walletUser(), walletUser()]);
    await bet(x.id, '2025-08-05', 4_000n);
    await bet(y.id, '2025-08-05', 4_000n);
    expect((await leaderboardsOf(t.db, x.id, 'en', at)).boards[0]!.me).toMatchObject({ entrant: '' });
    await runLeaderboardJob(t.db);
    const [row] = await t.db
      .select()
      .from(leaderboardPeriod)
      .where(and(eq(leaderboardPeriod.boardId, 1), eq(leaderboardPeriod.periodKey, p.key)));
    expect(row).toMatchObject({ status: 'paid', entrantKey: null, contenders: null });
    const order = rankEntries(seed.serverSeed, 1, p.key, [
      { memberId: x.id, entrant: String(x.id), score: 4_000n },
      { memberId: y.id, entrant: String(y.id), score: 4_000n },
    ]);
    const prizes = await t.db
      .select()
      .from(leaderboardPrize)
      .where(and(eq(leaderboardPrize.boardId, 1), eq(leaderboardPrize.periodKey, p.key)))
      .orderBy(leaderboardPrize.rank);
    expect(prizes.map((z) => z.memberId)).toEqual(order.map((o) => o.memberId));
    const v = (await callApi('/wps/promotions/leaderboard/verify', { query: { boardId: '1', periodKey: p.key } })).json.value;
    expect(v).toMatchObject({ matches: true, message: `leaderboard:1:${p.key}:<member id>` });
    expect(v.contenders.map((c: { entrant: string | null; tiebreak: string | null }) => [c.entrant, c.tiebreak])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('answers spec 7 MCSFE_getMissionLeaderboard for a member', async () => {
    const u = await walletUser();
    const r = await u.call('/wps/relay/MCSFE_getMissionLeaderboard', { headers: { language: 'ES' } });
    expect(r.status).toBe(200);
    expect(r.json.value.boards[0]).toMatchObject({ id: 1, title: 'Carrera de apuestas semanal (demo)', me: { score: '0.00', rank: null } });
    expect((await callApi('/wps/relay/MCSFE_getMissionLeaderboard')).status).toBe(401);
  });
});

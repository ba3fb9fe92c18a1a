/**
 * Lottery draws on schedule (issue 16): the schedules of the fast, Vietnamese and 4D games; a
 * draw opened with its hash published, drawn once at its time from its seed (racing jobs draw it
 * once), drawn late after a downtime, never before its time; opened numbers and the verify call
 * answer bare JSON, in the caller's language when refusing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { drawLabel, drawNumbers } from '../../server/engine/draws.ts';
import { LOTTERY_GAMES, lotteryGame, upcomingDraws } from '../../server/engine/schedule.ts';
import { runDraws } from '../../server/draws.ts';
import { lotteryDraw } from '../../server/tables.ts';
import { hashServerSeed } from '../../../../kernel/fairness.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.dispose());

describe('schedules', () => {
  it('put fast draws on the minute, the Vietnamese ones at their local hour, 4D on Wednesday, Saturday and Sunday', () => {
    const now = Date.parse('2026-11-26T10:00:30Z');
    const [a, b] = upcomingDraws(lotteryGame('SSC1')!, now);
    // Vietnam is UTC+7: 10:01 UTC is 17:01 there.
    expect(a).toEqual({ drawNo: '202611261701', opensAt: Date.parse('2026-11-26T10:00:00Z'), closesAt: Date.parse('2026-11-26T10:00:50Z'), drawAt: Date.parse('2026-11-26T10:01:00Z') });
    expect(b!.drawNo).toBe('202611261702');
    expect(upcomingDraws(lotteryGame('SSC5')!, now)[0]!.drawAt).toBe(Date.parse('2026-11-26T10:05:00Z'));
    const north = upcomingDraws(lotteryGame('VN_NORTH')!, now);
    expect(north.map((d) => [d.drawNo, new Date(d.drawAt).toISOString()])).toEqual([
      ['20261126', '2026-11-26T11:15:00.000Z'],
      ['20261127', '2026-11-27T11:15:00.000Z'],
    ]);
    expect(north[0]!.closesAt).toBe(Date.parse('2026-11-26T11:00:00Z'));
    expect(north[0]!.opensAt).toBe(Date.parse('2026-11-25T11:15:00Z'));
    // 26 November 2026 is a Thursday: the next 4D draws are Saturday 28 and Sunday 29 at 19:00 in Malaysia (UTC+8).
    expect(upcomingDraws(lotteryGame('SEA_4D')!, now).map((d) => new Date(d.drawAt).toISOString())).toEqual(['2026-11-28T11:00:00.000Z', '2026-11-29T11:00:00.000Z']);
  });
});

describe('draws', () => {
  const t0 = Date.parse('2031-03-01T00:00:30Z');
  const row = async (game: string, drawNo: string) =>
    (
      await t.db
        .select()
        .from(lotteryDraw)
        .where(and(eq(lotteryDraw.gameCode, game), eq(lotteryDraw.drawNo, drawNo)))
    )[0]!;

  it('open with a published hash, are drawn once at their time from their seed, and verify', async () => {
    expect((await runDraws(t.db, t0)).drawn).toBe(0);
    const first = upcomingDraws(lotteryGame('SSC1')!, t0)[0]!;
    const open = await row('SSC1', first.drawNo);
    expect(open).toMatchObject({ status: 'open', numbers: null });
    expect(hashServerSeed(open.serverSeed)).toBe(open.serverSeedHash);
    expect((await t.db.select().from(lotteryDraw)).length).toBe(LOTTERY_GAMES.length * 2);

    // Not before its time; then once, whatever the number of racing jobs.
    expect((await runDraws(t.db, first.drawAt - 1)).drawn).toBe(0);
    const runs = await Promise.all([runDraws(t.db, first.drawAt), runDraws(t.db, first.drawAt), runDraws(t.db, first.drawAt)]);
    expect(runs.reduce((n, r) => n + r.drawn, 0)).toBe(1);
    const drawn = await row('SSC1', first.drawNo);
    expect(drawn).toMatchObject({ status: 'drawn', serverSeedHash: open.serverSeedHash, serverSeed: open.serverSeed });
    expect(drawn.numbers).toEqual(drawNumbers('ssc', open.serverSeed, drawLabel('SSC1', first.drawNo)));
    // The next draw is open meanwhile.
    expect((await row('SSC1', upcomingDraws(lotteryGame('SSC1')!, first.drawAt)[0]!.drawNo)).status).toBe('open');

    const opened = await callApi(`/lgw/vn/numeros/opened/game?gameCode=SSC1`);
    expect(opened.json.success).toBeUndefined(); // bare JSON
    expect(opened.json.list[0]).toMatchObject({ drawNo: first.drawNo, status: 'drawn', numbers: drawn.numbers, serverSeed: open.serverSeed });
    expect((await callApi(`/lotto/lgw/games/opened/numero?gameCode=SSC1&pageSize=3000`)).json.list.length).toBeGreaterThan(0);

    const verify = (await callApi(`/lgw/lottery/verify?gameCode=SSC1&drawNo=${first.drawNo}`)).json;
    expect(verify).toMatchObject({ family: 'ssc', message: `lottery:SSC1:${first.drawNo}:0`, seedMatchesHash: true, matches: true, recomputed: drawn.numbers });
  });

  it('left open while no process ran are drawn at the next start, late but never skipped', async () => {
    const pending = await t.db.select().from(lotteryDraw).where(eq(lotteryDraw.status, 'open'));
    expect(pending.length).toBeGreaterThan(0);
    const later = t0 + 30 * 86_400_000;
    await runDraws(t.db, later);
    for (const p of pending) {
      const r = await row(p.gameCode, p.drawNo);
      expect(r.status, `${p.gameCode} ${p.drawNo}`).toBe('drawn');
      expect(r.numbers).toEqual(drawNumbers(lotteryGame(p.gameCode)!.family, p.serverSeed, drawLabel(p.gameCode, p.drawNo)));
    }
  });

  it('refuse to verify what is not drawn or does not exist, with a clear error', async () => {
    const next = upcomingDraws(lotteryGame('SSC3')!, t0 + 30 * 86_400_000)[1]!;
    const notYet = await callApi(`/lgw/lottery/verify?gameCode=SSC3&drawNo=${next.drawNo}`, { headers: { language: 'ES' } });
    expect(notYet.status).toBe(409);
    expect(notYet.json).toMatchObject({ errorCode: 'lottery.draw.notDrawn', message: expect.stringContaining('semilla') });
    const unknown = await callApi('/lgw/vn/numeros/opened/game?gameCode=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ errorCode: 'lottery.game.unknown', message: 'There is no lottery game with this code' });
    expect((await callApi('/lgw/lottery/verify?gameCode=SSC1&drawNo=x')).status).toBe(400);
  });
});

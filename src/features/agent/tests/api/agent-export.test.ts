/**
 * Report exports are streamed and bounded (audit issue, item 3): a CSV of 1,250 rounds sent in
 * pages of 100 equals the whole report (every row once, in the report's order, the headings
 * once), rounds that share a timestamp included; while an agent's export runs, its second is
 * refused with 429 agent.export.busy (in the caller's language), the process's bound holds for
 * other agents, a cancelled export frees its slot, and the status call is answered meanwhile.
 * On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { createApi } from '../../../../app/api.ts';
import { addDays } from '../../../../kernel/days.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { todayIn } from '../../../wallet/server/records.ts';
import { configureExports, EXPORT_LIMITS } from '../../server/export-stream.ts';

let t: TestDb;
type U = Awaited<ReturnType<typeof walletUser>>;
let A: U, B: U, X: U, Y: U, P1: U, P2: U;
let range: { from: string; to: string };
const ROUNDS = 1_250;
const PAGE = 100;
const api = createApi({ checkAnswers: true });

/** Starts an export and answers its Response without reading the body (the export stays running). */
async function openExport(u: U, query: Record<string, string> = {}, language = 'EN'): Promise<Response> {
  const url = new URL('http://test.local/wps/agent/report/export');
  for (const [k, v] of Object.entries({ report: 'bets', ...range, ...query })) url.searchParams.set(k, v);
  return api(new Request(url, { headers: { merchant: 'DEMO', language, device: 'web', authorization: u.token } }), { ip: '127.0.0.1' });
}

/** The lines of a CSV file, byte-order mark and final line end taken off. */
const linesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  A = await walletUser({ type: 1 });
  B = await walletUser({ type: 1 });
  X = await walletUser({ type: 1 });
  Y = await walletUser({ type: 1 });
  P1 = await walletUser({ uplineId: A.id });
  P2 = await walletUser({ uplineId: A.id });
  const today = todayIn(brand().timeZone);
  range = { from: addDays(today, -1), to: today };
  // 1,250 settled rounds of A's two players over the last few minutes, four to a timestamp (with
  // microseconds), so pages end inside a run of equal times and must resume by round id.
  await t.db.execute(sql`
    insert into game_round (round_id, member_id, vendor, game_name, bet_amount, win_amount, wallet_account, status, created_at, settled_at)
    select 'exp-' || g, case when g % 2 = 0 then ${P1.id}::int else ${P2.id}::int end, 'JL', 'Export test', 100 + g, (g % 3) * 50,
      'member:' || (case when g % 2 = 0 then ${P1.id}::int else ${P2.id}::int end) || ':main', 'settled',
      now() - interval '1 minute' - (g / 4) * interval '1.234567 second', now() - interval '1 minute'
    from generate_series(1, ${ROUNDS}) g`);
  configureExports({ pageRows: PAGE });
});

afterAll(async () => {
  configureExports({ pageRows: 500 });
  await t.dispose();
});

describe('a streamed export', () => {
  it('equals the whole report across pages: every row once, in order, the headings once', async () => {
    const res = await callApi('/wps/agent/report/export', { query: { report: 'bets', ...range }, headers: { authorization: A.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const lines = linesOf(res.text);
    expect(lines.filter((l) => l.includes('Username'))).toHaveLength(1);
    expect(lines[0]).toContain('Username');
    const exported = lines.slice(1).map((l) => l.split(',')[6]);
    // The report's own pages, as the screen shows them (newest first, then by round id).
    const shown: string[] = [];
    for (let pageNo = 1; shown.length < ROUNDS; pageNo++) {
      const page = (await A.call('/wps/agent/report/bets', { query: { ...range, pageNo, pageSize: 100 } })).json.value;
      if (page.content.length === 0) break;
      shown.push(...page.content.map((x: { roundId: string }) => x.roundId));
    }
    expect(shown).toHaveLength(ROUNDS);
    expect(exported).toEqual(shown);
    expect(new Set(exported).size).toBe(ROUNDS);
    // UTF-8 with a byte-order mark (text() would take it off), once, at the start of the file.
    const bytes = new Uint8Array(await (await openExport(A)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(bytes).toString('utf8').slice(1)).toBe(res.text);
  });
});

describe('export limits', () => {
  it("refuses an agent's second export while its first runs, holds the process's bound, and answers the status meanwhile", async () => {
    expect(EXPORT_LIMITS).toMatchObject({ perAgent: 1, total: 2 });
    const first = await openExport(A);
    expect(first.status).toBe(200);

    const again = await openExport(A);
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ success: false, errorCode: 'agent.export.busy', message: expect.stringMatching(/try again/i) });
    const spanish = await openExport(A, { report: 'loss' }, 'ES');
    expect(spanish.status).toBe(429);
    expect((await spanish.json()).message).toMatch(/Inténtalo de nuevo/);

    // Another agent takes the second slot of the process; a third is refused.
    const second = await openExport(B);
    expect(second.status).toBe(200);
    const third = await openExport(X, { report: 'overview' });
    expect([third.status, ((await third.json()) as { errorCode: string }).errorCode]).toEqual([429, 'agent.export.busy']);

    // The first is read to its end while the status call is asked again and again.
    const reading = first.text();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const status = await callApi('/wps/system/status');
      waits.push(performance.now() - t0);
      expect(status.status).toBe(200);
    }
    // Generous: the point is that it is answered while pages are read, not how fast this machine is.
    expect(Math.max(...waits)).toBeLessThan(2_000);
    const text = await reading;
    expect(linesOf(text)).toHaveLength(ROUNDS + 1);

    // A finished export frees its agent's slot; a cancelled one (the client went away) too.
    const afterFirst = await openExport(A, { report: 'overview' });
    expect(afterFirst.status).toBe(200);
    await afterFirst.body!.cancel();
    await second.body!.cancel();
    const thirdAgain = await openExport(X, { report: 'overview' });
    expect(thirdAgain.status).toBe(200);
    expect(linesOf(await thirdAgain.text())[0]).toContain('Day');
    const fourth = await openExport(Y);
    expect(fourth.status).toBe(200);
    await fourth.text();
  });

  it('frees the slot when the export is refused for its input, so a corrected one runs', async () => {
    const unknown = await openExport(A, { username: 'nobody-here' });
    expect([unknown.status, ((await unknown.json()) as { errorCode: string }).errorCode]).toEqual([404, 'agent.member.unknown']);
    const ok = await openExport(A, { username: P1.username });
    expect(ok.status).toBe(200);
    expect(linesOf(await ok.text())).toHaveLength(1 + ROUNDS / 2);
  });
});

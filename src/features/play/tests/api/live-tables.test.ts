/**
 * Live tables through the API (issue 34, live casino): a table opens a round when looked at (its
 * seed's hash committed), members' bets go on the open round through the wallet (one confirmation
 * each, replayed by its key, refused outside the window), the job draws the round once when its
 * window closes and settles every bet by the rules in the same transaction, opens the next round
 * while the table is watched, and the verify call recomputes the round from its revealed seed. A
 * stream sees the bets counted and the draw. Money is conserved (the ledger audit).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { openStream } from '../../../../../tests/support/sse.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, liveBet, liveRound, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { parseMinor } from '../../../../kernel/money.ts';
import { clock } from '../../../../kernel/clock.ts';
import { LIVE_BET_WINDOW_MS, LIVE_RESULT_MS } from '../../contract/live.ts';
import { spotReturn, tableOutcome, type TableGame } from '../../contract/tables.ts';
import { drawLiveRound, runLiveDraws } from '../../server/sandbox/live-tables.ts';

const LAUNCH = '/wps/game/launchGame';
const STATE = '/wps/sandbox/live/state';
const BET = '/wps/sandbox/live/bet';

let t: TestDb;
const g: Record<string, number> = {};
const realNow = clock.now;
// A day far from today's: sessions, rounds and their expiry all read this clock (play.ts reads the
// kernel clock as the accounts slice does), and nothing may depend on the real one.
let now = Date.parse('2030-12-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([{ code: 'LV', displayName: 'Live Vendor', gameType: 'LIVE' }]);
  const row = (name: string, o: Partial<typeof game.$inferInsert> = {}) => ({
    gameCode: name,
    gameName: name,
    searchName: name.toLowerCase(),
    gameType: 'LIVE',
    vassalage: 'LV',
    gameClassify: 'TABLE',
    minBet: 100n,
    supportPlay: 0,
    seed: 7,
    ...o,
  });
  const rows = await t.db
    .insert(game)
    .values([row('Speed Baccarat'), row('Lightning Roulette'), row('Dragon Tiger'), row('Sic Bo'), row('Bac Bo'), row('Andar Bahar')])
    .returning({ nodeId: game.nodeId, gameName: game.gameName });
  for (const r of rows) g[r.gameName] = r.nodeId;
  clock.now = () => now;
});
afterEach(() => {
  clock.now = () => now;
});
afterAll(async () => {
  clock.now = realNow;
  await t.dispose();
});

async function fundGame(memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(memberId, 'LV'), amount: minor }] }));
}
const gameBalance = async (memberId: number) => (await balancesOf(t.db, [gameAccount(memberId, 'LV')])).get(gameAccount(memberId, 'LV'))!;
async function player(funds = 100_000n) {
  const u = await walletUser();
  await fundGame(u.id, funds);
  return u;
}
async function launch(u: Awaited<ReturnType<typeof walletUser>>, nodeId: number) {
  const r = await u.call(`${LAUNCH}?nodeId=${nodeId}&accountType=1`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url as string).searchParams.get('launch')!;
}
const bet = (launchToken: string, roundNo: number, bets: { spot: string; amount: string }[], idempotencyKey = newKey()) =>
  callApi(BET, { method: 'POST', body: { launch: launchToken, roundNo, bets, idempotencyKey } });
const returnOf = (table: TableGame, stops: number[], bets: { spot: string; amount: string }[]) =>
  bets.reduce((sum, b) => sum + spotReturn(tableOutcome(table, stops), b.spot, parseMinor(b.amount, 2)!), 0n);

describe('live tables', () => {
  it('a baccarat round: bets of two members through the wallet, drawn once when its window closes, each paid by the rules', async () => {
    const a = await player();
    const b = await player();
    const ta = await launch(a, g['Speed Baccarat']!);
    const tb = await launch(b, g['Speed Baccarat']!);

    // The game page knows it is a live table; looking at it opens a round with its seed's hash committed.
    const page = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value;
    expect(page.rules).toMatchObject({ kind: 'baccarat', live: true });
    const state = (await callApi(`${STATE}?launch=${ta}`)).json.value;
    expect(state.history).toEqual([]);
    const current = state.table.current;
    expect(current).toMatchObject({ roundNo: 1, status: 'open', serverSeed: null, stops: null, bettors: 0 });
    expect(Date.parse(current.closesAt) - Date.parse(current.opensAt)).toBe(LIVE_BET_WINDOW_MS);

    // A stream of the table sees what every viewer sees.
    const stream = await openStream(`/wps/sandbox/live/stream?launch=${tb}`, {});
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'table' && (e.data.current as { roundNo: number } | null)?.roundNo === 1);

    const betsA = [
      { spot: 'banker', amount: '10.00' },
      { spot: 'tie', amount: '1.00' },
    ];
    const betsB = [{ spot: 'player', amount: '25.00' }];
    const key = newKey();
    const placed = await bet(ta, 1, betsA, key);
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect(placed.json.value.round).toMatchObject({
      bet: '11.00',
      win: '0.00',
      open: true,
      nonce: 1,
      clientSeed: `live-${g['Speed Baccarat']}`,
      serverSeedHash: current.serverSeedHash,
      serverSeed: null,
    });
    expect(placed.json.value.balance).toBe('989.00');
    // The same key replays; a second confirmation on the round is refused, with nothing moved.
    const again = await bet(ta, 1, [...betsA].reverse(), key);
    expect(again.json.value.round.roundId).toBe(placed.json.value.round.roundId);
    const second = await bet(ta, 1, [{ spot: 'player', amount: '1.00' }]);
    expect([second.status, second.json.errorCode]).toEqual([409, 'game.live.alreadyBet']);
    expect(await gameBalance(a.id)).toBe(98_900n);
    expect((await bet(tb, 1, betsB)).status).toBe(200);
    await stream.waitFor((e) => e.event === 'table' && (e.data.current as { bettors: number } | null)?.bettors === 2);

    // The round is open until its window closes: nothing is drawn before.
    now = Date.parse(current.closesAt) - 1;
    expect(await runLiveDraws(t.db, now)).toEqual({ drawn: 0 });
    // After: a bet is refused, and the job draws it once (a second run finds nothing to draw).
    now = Date.parse(current.closesAt);
    const late = await bet(tb, 1, betsB);
    expect([late.status, late.json.errorCode]).toEqual([409, 'game.live.closed']);
    expect(await runLiveDraws(t.db, now)).toEqual({ drawn: 1 });
    expect(await runLiveDraws(t.db, now)).toEqual({ drawn: 0 });

    const [drawn] = await t.db.select().from(liveRound).where(eq(liveRound.nodeId, g['Speed Baccarat']!)).orderBy(liveRound.roundNo);
    expect(drawn!.status).toBe('drawn');
    const table: TableGame = { kind: 'baccarat' };
    const winA = returnOf(table, drawn!.stops!, betsA);
    const winB = returnOf(table, drawn!.stops!, betsB);
    expect(await gameBalance(a.id)).toBe(98_900n + winA);
    expect(await gameBalance(b.id)).toBe(97_500n + winB);
    const rounds = await t.db.select().from(gameRound).where(eq(gameRound.vendor, 'LV'));
    expect(rounds.map((r) => r.status)).toEqual(['settled', 'settled']);
    expect((await t.db.select().from(liveBet)).map((x) => x.win).sort()).toEqual([winA, winB].sort());

    // The stream shows the draw with its seed revealed, and the next round, opened while the table is watched.
    const after = await stream.waitFor((e) => e.event === 'table' && (e.data.last as { roundNo: number } | null)?.roundNo === 1);
    expect(after.data.last).toMatchObject({ status: 'drawn', stops: drawn!.stops, serverSeed: drawn!.serverSeed, bettors: 2 });
    expect(after.data.current).toMatchObject({ roundNo: 2, status: 'open', opensAt: new Date(now + LIVE_RESULT_MS).toISOString() });
    expect(after.data.results).toEqual([{ roundNo: 1, stops: drawn!.stops }]);
    await stream.close();

    // The member's history shows the round settled, and the verify call recomputes its draw.
    const mine = (await callApi(`${STATE}?launch=${ta}`)).json.value.history;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ win: (Number(winA) / 100).toFixed(2), stops: drawn!.stops, serverSeed: drawn!.serverSeed });
    expect(mine[0].open).toBeUndefined();
    const v = await callApi('/wps/sandbox/game/verify', {
      query: { nodeId: g['Speed Baccarat']!, serverSeed: drawn!.serverSeed, clientSeed: mine[0].clientSeed, nonce: 1, serverSeedHash: drawn!.serverSeedHash },
    });
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json.value).toMatchObject({ hashMatches: true, stops: drawn!.stops, table: { kind: 'baccarat' } });

    // Bets of the next round wait for its window to open.
    const early = await bet(ta, 2, betsA);
    expect([early.status, early.json.errorCode]).toEqual([409, 'game.live.notYet']);
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('two processes drawing the same round draw it once, and pay once', async () => {
    const a = await player();
    const token = await launch(a, g['Dragon Tiger']!);
    const { current } = (await callApi(`${STATE}?launch=${token}`)).json.value.table;
    expect((await bet(token, current.roundNo, [{ spot: 'dragon', amount: '5.00' }])).status).toBe(200);
    const [row] = await t.db.select().from(liveRound).where(eq(liveRound.nodeId, g['Dragon Tiger']!));
    now = Date.parse(current.closesAt) + 10;
    const results = await Promise.all([drawLiveRound(t.db, row!.id, now), drawLiveRound(t.db, row!.id, now)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const stops = results.find((r) => r !== null)!.stops!;
    expect(await gameBalance(a.id)).toBe(99_500n + returnOf({ kind: 'dragonTiger' }, stops, [{ spot: 'dragon', amount: '5.00' }]));
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('a sic bo table throws three dice a round and pays every spot by the rules', async () => {
    const a = await player();
    const token = await launch(a, g['Sic Bo']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    const bets = [
      { spot: 'big', amount: '5.00' },
      { spot: 'total11', amount: '1.00' },
      { spot: 'single6', amount: '2.00' },
      { spot: 'combo56', amount: '1.00' },
    ];
    expect((await bet(token, state.table.current.roundNo, bets)).status).toBe(200);
    const [row] = await t.db.select().from(liveRound).where(eq(liveRound.nodeId, g['Sic Bo']!));
    now = Date.parse(state.table.current.closesAt) + 10;
    const drawn = await drawLiveRound(t.db, row!.id, now);
    expect(drawn!.stops).toHaveLength(3);
    expect(await gameBalance(a.id)).toBe(100_000n - 900n + returnOf({ kind: 'sicBo' }, drawn!.stops!, bets));
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('an andar bahar table deals to the rank of its joker and pays andar 0.9 to 1', async () => {
    const a = await player();
    const token = await launch(a, g['Andar Bahar']!);
    const page = (await callApi(`/wps/sandbox/game/state?launch=${token}`)).json.value;
    expect(page.rules).toMatchObject({ kind: 'andarBahar', live: true });
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    const bets = [
      { spot: 'andar', amount: '10.00' },
      { spot: 'bahar', amount: '3.00' },
    ];
    expect((await bet(token, state.table.current.roundNo, bets)).status).toBe(200);
    const [row] = await t.db.select().from(liveRound).where(eq(liveRound.nodeId, g['Andar Bahar']!));
    now = Date.parse(state.table.current.closesAt) + 10;
    const drawn = await drawLiveRound(t.db, row!.id, now);
    const o = tableOutcome({ kind: 'andarBahar' }, drawn!.stops!);
    expect(await gameBalance(a.id)).toBe(100_000n - 1_300n + (o.kind === 'andarBahar' && o.winner === 'andar' ? 1_900n : 600n));
    expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
  });

  it('refuses what a live table does not take, with nothing moved', async () => {
    const a = await player(500n);
    const token = await launch(a, g['Lightning Roulette']!);
    const { current } = (await callApi(`${STATE}?launch=${token}`)).json.value.table;
    const cases: [unknown[], number, string][] = [
      [[{ spot: 'n40', amount: '1.00' }], 400, 'game.table.spot'],
      [[{ spot: 'red', amount: '1.50' }], 400, 'game.table.amount'],
      [[{ spot: 'red', amount: '10.00' }], 400, 'wallet.balance.insufficient'],
    ];
    for (const [bets, status, code] of cases) {
      const r = await callApi(BET, { method: 'POST', body: { launch: token, roundNo: current.roundNo, bets, idempotencyKey: newKey() } });
      expect([r.status, r.json.errorCode]).toEqual([status, code]);
    }
    expect((await bet(token, current.roundNo + 5, [{ spot: 'red', amount: '1.00' }])).json.errorCode).toBe('game.live.noRound');
    // A live table is not spun, nor dealt alone; a game that is not one has no live calls.
    expect((await callApi('/wps/sandbox/game/spin', { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } })).json.errorCode).toBe('game.table.isTable');
    expect((await callApi('/wps/sandbox/game/table', { method: 'POST', body: { launch: token, bets: [{ spot: 'red', amount: '1.00' }], idempotencyKey: newKey() } })).json.errorCode).toBe(
      'game.live.shared',
    );
    const bacBo = await launch(a, g['Bac Bo']!);
    expect((await callApi(`${STATE}?launch=${bacBo}`)).json.errorCode).toBe('game.live.notLive');
    expect(await gameBalance(a.id)).toBe(500n);
    expect(await t.db.select().from(liveBet).where(eq(liveBet.memberId, a.id))).toEqual([]);
    // Another member's tab may not use this member's launch.
    const other = await walletUser();
    expect((await other.call(`${STATE}?launch=${token}`)).json.errorCode).toBe('game.session.otherMember');
  });
});

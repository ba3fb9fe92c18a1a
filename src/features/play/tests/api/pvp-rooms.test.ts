/**
 * PVP rooms through the API (issue 34, contract/rooms.ts): a PVP game's room runs shared rounds
 * (its own, apart from the game's other rooms); players join a round with one of the room's
 * stakes and are seated in turn; the draw deals every seat from the round's committed seed, the
 * best hand takes the others' stakes (up to its own) less the house's 5%, and a lone player plays
 * the house's seat. Every seat is a wallet round settled by the draw. Money is conserved.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { openStream } from '../../../../../tests/support/sse.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, liveRound, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { refundRound } from '../../../wallet/server/game-play.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { clock } from '../../../../kernel/clock.ts';
import { ROOM_SEATS, roomResult, seatsOfRound } from '../../contract/rooms.ts';
import { spotReturn, tableOutcome } from '../../contract/tables.ts';
import { drawLiveNow, runLiveDraws } from '../../server/sandbox/live-tables.ts';

const LAUNCH = '/wps/game/launchGame';
const STATE = '/wps/sandbox/live/state';
const BET = '/wps/sandbox/live/bet';

let t: TestDb;
const g: Record<string, number> = {};
const realNow = clock.now;
let now = Date.parse('2030-12-04T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([{ code: 'PV', displayName: 'Pvp Vendor', gameType: 'PVP' }]);
  const row = (name: string) => ({ gameCode: name, gameName: name, searchName: name.toLowerCase(), gameType: 'PVP', vassalage: 'PV', gameClassify: 'TABLE', minBet: 100n, supportPlay: 0, seed: 11 });
  const rows = await t.db
    .insert(game)
    .values([row('Niu Niu'), row('Teen Patti'), row('Ludo'), row('Baccarat II')])
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

const wallet = (memberId: number) => gameAccount(memberId, 'PV');
const balance = async (memberId: number) => (await balancesOf(t.db, [wallet(memberId)])).get(wallet(memberId))!;
async function player(funds = 1_000_000n) {
  const u = await walletUser();
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, memo: 'test', legs: [{ from: HOUSE.bonus, to: wallet(u.id), amount: funds }] }));
  return u;
}
async function launch(u: Awaited<ReturnType<typeof walletUser>>, query: string) {
  const r = await u.call(`${LAUNCH}?${query}&accountType=1`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url as string).searchParams.get('launch')!;
}
const join = (token: string, roundNo: number, amount: string, idempotencyKey = newKey(), spot = 'seat') =>
  callApi(BET, { method: 'POST', body: { launch: token, roundNo, bets: [{ spot, amount }], idempotencyKey } });
const audit = () => auditLedger(t.db).then((a) => expect(a).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] }));

describe('PVP rooms', () => {
  it('seats two players in a room in turn; the draw deals every seat and the best hand takes the other stake less 5%', async () => {
    const nodeId = g['Niu Niu']!;
    const [a, b, watcher] = [await player(), await player(), await player()];
    const ta = await launch(a, `roomId=${nodeId}-r2`);
    const tb = await launch(b, `roomId=${nodeId}-r2`);
    const tw = await launch(watcher, `roomId=${nodeId}-r2`);

    // The page knows it is a room of bull-bull, with the room's stakes.
    const page = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value;
    expect(page.rules).toMatchObject({ kind: 'bullBull', live: true, room: 'r2', rtp: 0.975 });
    const stakes: string[] = page.rules.bets;
    expect(stakes.length).toBeGreaterThan(0);
    const state = (await callApi(`${STATE}?launch=${ta}`)).json.value;
    const current = state.table.current;
    expect(current).toMatchObject({ roundNo: 1, status: 'open', seats: [], bettors: 0 });

    const stream = await openStream(`/wps/sandbox/live/stream?launch=${tw}`, {});
    expect(stream.status).toBe(200);

    const key = newKey();
    const joinedA = await join(ta, 1, stakes[stakes.length - 1]!, key);
    expect(joinedA.status, JSON.stringify(joinedA.json)).toBe(200);
    expect(joinedA.json.value.round).toMatchObject({
      open: true,
      nonce: 1,
      clientSeed: `room-${nodeId}-r2`,
      serverSeedHash: current.serverSeedHash,
      table: { kind: 'bullBull', bets: [{ spot: 'seat1' }] },
    });
    // The same key replays the seat; a second join of the round is refused.
    expect((await join(ta, 1, stakes[stakes.length - 1]!, key)).json.value.round.roundId).toBe(joinedA.json.value.round.roundId);
    expect((await join(ta, 1, stakes[0]!)).json.errorCode).toBe('game.live.alreadyBet');
    const joinedB = await join(tb, 1, stakes[0]!);
    expect(joinedB.json.value.round.table.bets[0].spot).toBe('seat2');
    const seen = await stream.waitFor((e) => e.event === 'table' && ((e.data.current as { seats?: unknown[] } | null)?.seats?.length ?? 0) === 2);
    expect((seen.data.current as { seats: unknown[] }).seats).toEqual([
      { seat: 1, stake: stakes[stakes.length - 1], house: false },
      { seat: 2, stake: stakes[0], house: false },
    ]);

    // The window closes; the job draws the room's round once.
    now = Date.parse(current.closesAt);
    expect((await join(tw, 1, stakes[0]!)).json.errorCode).toBe('game.live.closed');
    expect(await runLiveDraws(t.db, now)).toEqual({ drawn: 1 });
    const [drawn] = await t.db
      .select()
      .from(liveRound)
      .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.room, 'r2'), eq(liveRound.roundNo, 1)));
    expect(drawn!.stops).toHaveLength(ROOM_SEATS * 5);
    const big = parseMinor(stakes[stakes.length - 1]!, 2)!;
    const small = parseMinor(stakes[0]!, 2)!;
    const result = roomResult(
      'bullBull',
      drawn!.stops!,
      seatsOfRound([
        { seat: 1, stake: big },
        { seat: 2, stake: small },
      ]),
    );
    expect(result.seats.some((s) => s.house)).toBe(false);
    expect(await balance(a.id)).toBe(1_000_000n - big + result.seats[0]!.returned);
    expect(await balance(b.id)).toBe(1_000_000n - small + result.seats[1]!.returned);
    // Between them, the players lost the house's commission: 5% (rounded up) of the smaller stake.
    expect((await balance(a.id)) + (await balance(b.id))).toBe(2_000_000n - (small * 5n + 99n) / 100n);
    const rounds = await t.db.select().from(gameRound).where(eq(gameRound.vendor, 'PV'));
    expect(rounds.map((r) => r.status)).toEqual(['settled', 'settled']);

    const after = await stream.waitFor((e) => e.event === 'table' && (e.data.last as { roundNo: number } | null)?.roundNo === 1);
    expect(after.data.last).toMatchObject({ status: 'drawn', stops: drawn!.stops, serverSeed: drawn!.serverSeed, seats: [{ seat: 1 }, { seat: 2 }] });
    await stream.close();

    // The history shows the seat's round settled; the verify call deals the same cards from the revealed seed.
    const mine = (await callApi(`${STATE}?launch=${tb}`)).json.value.history;
    expect(mine[0]).toMatchObject({ bet: stakes[0], win: formatMinor(result.seats[1]!.returned, 2), stops: drawn!.stops, serverSeed: drawn!.serverSeed });
    const v = await callApi('/wps/sandbox/game/verify', { query: { nodeId, serverSeed: drawn!.serverSeed, clientSeed: mine[0].clientSeed, nonce: 1, serverSeedHash: drawn!.serverSeedHash } });
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json.value).toMatchObject({ hashMatches: true, stops: drawn!.stops, table: { kind: 'bullBull' } });
    await audit();
  });

  it('a lone player plays the house seat; rooms of one game run apart; a room game without a room sits in the first', async () => {
    const nodeId = g['Teen Patti']!;
    const a = await player();
    const ta = await launch(a, `nodeId=${nodeId}`);
    const page = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value;
    expect(page.rules).toMatchObject({ kind: 'teenPatti', room: 'r1' });
    const b = await player();
    const tb = await launch(b, `roomId=${nodeId}-r3`);
    const r1 = (await callApi(`${STATE}?launch=${ta}`)).json.value.table.current;
    const r3 = (await callApi(`${STATE}?launch=${tb}`)).json.value.table.current;
    expect(r1.serverSeedHash).not.toBe(r3.serverSeedHash);
    const stake = page.rules.bets[0] as string;
    expect((await join(ta, r1.roundNo, stake)).status).toBe(200);

    const drawn = await drawLiveNow(t.db, { nodeId, room: 'r1' }, now);
    expect(drawn!.stops).toHaveLength(ROOM_SEATS * 3);
    const minor = parseMinor(stake, 2)!;
    const result = roomResult('teenPatti', drawn!.stops!, seatsOfRound([{ seat: 1, stake: minor }]));
    expect(result.seats.map((s) => [s.seat, s.house])).toEqual([
      [1, false],
      [2, true],
    ]);
    const won = result.seats[0]!.winner;
    expect(await balance(a.id)).toBe(1_000_000n + (won ? minor - (minor * 5n + 99n) / 100n : -minor));
    const table = (await callApi(`${STATE}?launch=${ta}`)).json.value.table;
    expect(table.last.seats).toEqual([
      { seat: 1, stake, house: false },
      { seat: 2, stake, house: true },
    ]);
    // Room 3 is still taking players: its round is its own.
    expect((await callApi(`${STATE}?launch=${tb}`)).json.value.table.current).toMatchObject({ roundNo: r3.roundNo, status: 'open' });
    await audit();
  });

  it('a PVP baccarat room is a shared table of its own, its smallest chip the smallest stake of the room', async () => {
    const nodeId = g['Baccarat II']!;
    const a = await player();
    const ta = await launch(a, `roomId=${nodeId}-r3`);
    const page = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value;
    expect(page.rules).toMatchObject({ kind: 'baccarat', live: true, room: 'r3' });
    const { current } = (await callApi(`${STATE}?launch=${ta}`)).json.value.table;
    expect(current.seats).toBeUndefined();
    const chip = page.rules.bets[0] as string;
    const minor = parseMinor(chip, 2)!;
    // Half a chip is not a stake of this room's table.
    const half = formatMinor(minor / 2n, 2);
    expect((await callApi(BET, { method: 'POST', body: { launch: ta, roundNo: current.roundNo, bets: [{ spot: 'banker', amount: half }], idempotencyKey: newKey() } })).json.errorCode).toBe(
      'game.table.amount',
    );
    const placed = await callApi(BET, { method: 'POST', body: { launch: ta, roundNo: current.roundNo, bets: [{ spot: 'banker', amount: chip }], idempotencyKey: newKey() } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect(placed.json.value.round.clientSeed).toBe(`room-${nodeId}-r3`);
    const drawn = await drawLiveNow(t.db, { nodeId, room: 'r3' }, now);
    expect(await balance(a.id)).toBe(1_000_000n - minor + spotReturn(tableOutcome({ kind: 'baccarat' }, drawn!.stops!), 'banker', minor));
    const v = await callApi('/wps/sandbox/game/verify', { query: { nodeId, serverSeed: drawn!.serverSeed, clientSeed: `room-${nodeId}-r3`, nonce: drawn!.roundNo } });
    expect(v.json.value).toMatchObject({ stops: drawn!.stops, table: { kind: 'baccarat' } });
    await audit();
  });

  it('a seat refunded before the deal does not play: the one left plays the house seat', async () => {
    const nodeId = g['Niu Niu']!;
    const [a, b] = [await player(), await player()];
    const ta = await launch(a, `roomId=${nodeId}-r4`);
    const tb = await launch(b, `roomId=${nodeId}-r4`);
    const stake = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value.rules.bets[0] as string;
    const { current } = (await callApi(`${STATE}?launch=${ta}`)).json.value.table;
    expect((await join(ta, current.roundNo, stake)).status).toBe(200);
    const joinedB = await join(tb, current.roundNo, stake);
    // The stale-round sweeper refunds b's seat (as after a long stop), before the deal.
    await refundRound(t.db, joinedB.json.value.round.roundId);
    const drawn = await drawLiveNow(t.db, { nodeId, room: 'r4' }, now);
    const minor = parseMinor(stake, 2)!;
    const result = roomResult('bullBull', drawn!.stops!, seatsOfRound([{ seat: 1, stake: minor }]));
    expect(result.seats.map((s) => [s.seat, s.house])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await balance(a.id)).toBe(1_000_000n - minor + result.seats[0]!.returned);
    expect(await balance(b.id)).toBe(1_000_000n);
    const last = (await callApi(`${STATE}?launch=${ta}`)).json.value.table.last;
    expect(last.seats).toEqual([
      { seat: 1, stake, house: false },
      { seat: 2, stake, house: true },
    ]);
    await audit();
  });

  it('seats five at most, and refuses a stake the room does not offer, or a bet that is not a seat, with nothing moved', async () => {
    const nodeId = g['Niu Niu']!;
    const players = [];
    for (let i = 0; i < ROOM_SEATS + 1; i++) players.push(await player(100_000n));
    const tokens = [];
    for (const p of players) tokens.push(await launch(p, `roomId=${nodeId}-r1`));
    const page = (await callApi(`/wps/sandbox/game/state?launch=${tokens[0]}`)).json.value;
    const stake = page.rules.bets[0] as string;
    const { current } = (await callApi(`${STATE}?launch=${tokens[0]}`)).json.value.table;
    const refused: [string, string, number, string][] = [
      ['seat', '0.37', 400, 'game.room.stake'],
      ['banker', stake, 400, 'game.table.spot'],
    ];
    for (const [spot, amount, status, code] of refused) {
      const r = await join(tokens[0]!, current.roundNo, amount, newKey(), spot);
      expect([r.status, r.json.errorCode]).toEqual([status, code]);
    }
    const answers = await Promise.all(tokens.slice(0, ROOM_SEATS).map((tk) => join(tk, current.roundNo, stake)));
    expect(answers.map((r) => r.status)).toEqual(Array(ROOM_SEATS).fill(200));
    expect(answers.map((r) => r.json.value.round.table.bets[0].spot).sort()).toEqual(['seat1', 'seat2', 'seat3', 'seat4', 'seat5']);
    const sixth = await join(tokens[ROOM_SEATS]!, current.roundNo, stake);
    expect([sixth.status, sixth.json.errorCode]).toEqual([409, 'game.room.full']);
    expect(await balance(players[ROOM_SEATS]!.id)).toBe(100_000n);

    // A PVP game that is not built as a room is not one: it has no live calls, and a room is not spun.
    const ludo = await launch(players[0]!, `nodeId=${g['Ludo']!}`);
    expect((await callApi(`${STATE}?launch=${ludo}`)).json.errorCode).toBe('game.live.notLive');
    expect((await callApi('/wps/sandbox/game/spin', { method: 'POST', body: { launch: tokens[0], bet: stake, idempotencyKey: newKey() } })).json.errorCode).toBe('game.table.isTable');

    const drawn = await drawLiveNow(t.db, { nodeId, room: 'r1' }, now);
    const result = roomResult('bullBull', drawn!.stops!, seatsOfRound(Array.from({ length: ROOM_SEATS }, (_, i) => ({ seat: i + 1, stake: parseMinor(stake, 2)! }))));
    const total = (await Promise.all(players.slice(0, ROOM_SEATS).map((p) => balance(p.id)))).reduce((x, y) => x + y, 0n);
    expect(total + result.commission).toBe(100_000n * BigInt(ROOM_SEATS));
    await audit();
  });
});

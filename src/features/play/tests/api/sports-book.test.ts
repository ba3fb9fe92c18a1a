/**
 * The sandbox's sports book through the API (issue 34; contract/sports.ts): a sports game opens
 * its book (the schedule laid, each fixture's seed committed), singles and parlays go on through
 * the wallet at the book's prices (a moved price taken or refused by the member's setting), bets
 * close at kick-off, the job publishes each result at the fixture's end from its seed and settles
 * every bet it decides (a parlay lost at its first lost leg, open until its last otherwise); an
 * operator's void and corrected result settle the bets again through the wallet's void and
 * resettlement, once each; the stale-round sweeper leaves open bets alone until their result is
 * due. Money is conserved throughout (the ledger audit).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { hashServerSeed } from '../../../../kernel/fairness.ts';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, sportBet, sportFixture, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { refundStaleRounds } from '../../../wallet/server/game-play.ts';
import { clock } from '../../../../kernel/clock.ts';
import { legResult, type FixtureView, type Score, type SportParams } from '../../contract/sports.ts';
import { correctFixture, drawnScore, finishFixtureNow, runSportsResults, settleFixture, SETTLE_GRACE_MS, voidFixture } from '../../server/sandbox/sports-book.ts';

const LAUNCH = '/wps/game/launchGame';
const BOOK = '/wps/sandbox/sports/book';
const BET = '/wps/sandbox/sports/bet';

let t: TestDb;
const g: Record<string, number> = {};
const realNow = clock.now;
// A minute into a ten-minute slot: the slot's fixtures kick off at :00 and :05 of the next. A day
// far from today's: sessions, fixtures and their expiry all read this clock.
let now = Date.parse('2030-12-03T10:01:00Z');

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([
    { code: 'SB', displayName: 'Sports Vendor', gameType: 'SPORTS' },
    { code: 'CF', displayName: 'Cockfight Vendor', gameType: 'COCKFIGHT' },
  ]);
  const row = (name: string, gameType: string, vassalage: string) => ({
    gameCode: name,
    gameName: name,
    searchName: name.toLowerCase(),
    gameType,
    vassalage,
    gameClassify: 'SPORTSBOOK',
    minBet: 100n,
    supportPlay: 0,
    seed: 7,
  });
  const rows = await t.db
    .insert(game)
    .values([row('SB Sportsbook', 'SPORTS', 'SB'), row('SB Esports', 'SPORTS', 'SB'), row('CF Derby', 'COCKFIGHT', 'CF')])
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

async function player(vendorCode = 'SB', funds = 100_000n) {
  const u = await walletUser();
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(u.id, vendorCode), amount: funds }] }));
  return u;
}
const balance = async (memberId: number, vendorCode = 'SB') => (await balancesOf(t.db, [gameAccount(memberId, vendorCode)])).get(gameAccount(memberId, vendorCode))!;
async function launch(u: Awaited<ReturnType<typeof walletUser>>, nodeId: number) {
  const r = await u.call(`${LAUNCH}?nodeId=${nodeId}&accountType=1`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url as string).searchParams.get('launch')!;
}
type Leg = { fixtureId: number; market: string; selection: string; price: number };
const bet = (launchToken: string, legs: Leg[], stake: string, acceptOdds = 'none', idempotencyKey = newKey()) =>
  callApi(BET, { method: 'POST', body: { launch: launchToken, legs, stake, acceptOdds, idempotencyKey } });
const book = async (launchToken: string) => {
  const r = await callApi(`${BOOK}?launch=${launchToken}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.value as {
    book: string;
    fixtures: FixtureView[];
    results: FixtureView[];
    bets: { id: number; roundId: string; status: string; win: string | null; potential: string; legs: { result: string | null }[] }[];
    balance: string;
  };
};
const leg = (f: FixtureView, market: string, selection: string): Leg => ({
  fixtureId: f.id,
  market,
  selection,
  price: f.markets.find((m) => m.market === market)!.selections.find((s) => s.selection === selection)!.price!,
});
const fixtureRow = async (id: number) => (await t.db.select().from(sportFixture).where(eq(sportFixture.id, id)))[0]!;
const minor = (price: number, stake: bigint) => (stake * BigInt(price)) / 100n;
const fmt = (x: bigint) => `${x / 100n}.${String(x % 100n).padStart(2, '0')}`;
/**
 * Gives a fixture a seed that draws a result the test needs (before any bet, as the book commits
 * its seeds before kick-off), so that the paths a test means to take are taken on every run.
 */
async function forceResult(id: number, wants: (s: Score, p: SportParams) => boolean) {
  const f = await fixtureRow(id);
  for (let i = 1; i < 10_000; i++) {
    const seed = createHash('sha256').update(`test-${id}-${i}`).digest('hex');
    if (wants(drawnScore({ ...f, serverSeed: seed }), f.params as unknown as SportParams)) {
      await t.db
        .update(sportFixture)
        .set({ serverSeed: seed, serverSeedHash: hashServerSeed(seed) })
        .where(eq(sportFixture.id, id));
      return;
    }
  }
  throw new Error(`no seed draws what fixture ${id} needs`);
}
async function audit() {
  expect(await auditLedger(t.db)).toMatchObject({ total: 0n, drifted: [], unbalanced: [], negative: [], misrouted: [] });
}

describe('the sports book', () => {
  it('singles and a parlay through the wallet, settled by the results the seeds draw, a parlay open until its last leg', async () => {
    const a = await player();
    const ta = await launch(a, g['SB Sportsbook']!);

    // The game page learns it is a book (no reels to spin); looking at it lays the schedule, every seed's hash committed.
    const page = (await callApi(`/wps/sandbox/game/state?launch=${ta}`)).json.value;
    expect(page.rules).toEqual({ kind: 'book', book: 'sports', bets: ['1.00'] });
    const spin = await callApi('/wps/sandbox/game/spin', { method: 'POST', body: { launch: ta, bet: '1.00', idempotencyKey: newKey() } });
    expect([spin.status, spin.json.errorCode]).toEqual([409, 'sports.isBook']);
    const b0 = await book(ta);
    expect(b0.book).toBe('sports');
    expect(b0.bets).toEqual([]);
    const open = b0.fixtures.filter((f) => f.status === 'open');
    expect(open.length).toBeGreaterThan(20);
    expect(new Set(open.map((f) => f.sport))).toEqual(new Set(['football', 'basketball']));
    for (const f of open) {
      expect(f.serverSeed).toBeNull();
      expect(f.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      for (const m of f.markets) for (const s of m.selections) expect(s.price).toBeGreaterThanOrEqual(101);
    }
    // The first football fixtures still open kick off at 10:10 (two in the slot), a basketball game of that slot at 10:15.
    const [f1, f2] = open.filter((f) => f.sport === 'football');
    expect(f1!.startsAt).toBe('2030-12-03T10:10:00.000Z');
    const hoops = open.find((f) => f.sport === 'basketball' && f.startsAt === '2030-12-03T10:15:00.000Z')!;
    // The results this test walks through: the home side wins the first, the second goes over its total, the home side covers in basketball.
    await forceResult(f1!.id, (sc) => sc.home > sc.away);
    await forceResult(f2!.id, (sc, p) => legResult(p, 'total', 'over', sc) === 'won');
    await forceResult(hoops.id, (sc, p) => legResult(p, 'hcp', 'home', sc) === 'won');

    // A single on the first fixture's home side; replayed by its key.
    const key = newKey();
    const single = await bet(ta, [leg(f1!, '1x2', 'home')], '10.00', 'none', key);
    expect(single.status, JSON.stringify(single.json)).toBe(200);
    expect(single.json.value.bet).toMatchObject({ status: 'open', stake: '10.00', win: null, legs: [{ fixtureId: f1!.id, market: '1x2', selection: 'home', result: null }] });
    expect(single.json.value.balance).toBe('990.00');
    expect((await bet(ta, [leg(f1!, '1x2', 'home')], '10.00', 'none', key)).json.value.bet.id).toBe(single.json.value.bet.id);
    expect(await balance(a.id)).toBe(99_000n);
    // The round waits for the fixture's end: the sweeper leaves it open until then.
    const [round] = await t.db.select().from(gameRound).where(eq(gameRound.roundId, single.json.value.bet.roundId));
    expect(round).toMatchObject({ status: 'open', betAmount: 1000n, vendor: 'SB', nodeId: g['SB Sportsbook'] });
    expect(round!.settleBy!.getTime()).toBe(Date.parse(f1!.endsAt) + SETTLE_GRACE_MS);
    expect(await refundStaleRounds(t.db, Date.parse(f1!.endsAt) + 60 * 60_000, 60_000)).toBe(0);

    // A parlay of the second football fixture and the basketball game; two legs of one fixture are refused.
    const parlayLegs = [leg(f2!, 'total', 'over'), leg(hoops, 'hcp', 'home')];
    const parlay = await bet(ta, parlayLegs, '5.00');
    expect(parlay.status, JSON.stringify(parlay.json)).toBe(200);
    expect(parlay.json.value.bet.potential).toBe(fmt((500n * BigInt(parlayLegs[0]!.price) * BigInt(parlayLegs[1]!.price)) / 10_000n));
    // A parlay whose first leg loses: settled lost at once, its other leg still to play.
    const doomed = await bet(ta, [leg(f2!, 'total', 'under'), leg(hoops, 'ml', 'away')], '3.00');
    expect(doomed.status).toBe(200);
    const same = await bet(ta, [leg(f1!, '1x2', 'home'), leg(f1!, 'total', 'under')], '5.00');
    expect([same.status, same.json.errorCode]).toEqual([400, 'sports.sameFixture']);
    // A selection the market has not.
    const wrong = await bet(ta, [{ ...leg(hoops, 'ml', 'home'), selection: 'draw' }], '5.00');
    expect([wrong.status, wrong.json.errorCode]).toEqual([400, 'sports.selection.invalid']);
    // Below the game's least stake.
    const small = await bet(ta, [leg(f1!, '1x2', 'away')], '0.50');
    expect([small.status, small.json.errorCode]).toEqual([400, 'game.bet.invalid']);
    // A return above the book's most.
    const huge = await bet(ta, [leg(f1!, '1x2', 'draw')], '90000.00');
    expect([huge.status, huge.json.errorCode]).toEqual([400, 'sports.maxReturn']);

    // Bets close at kick-off.
    now = Date.parse('2030-12-03T10:10:00Z');
    const late = await bet(ta, [leg(f1!, '1x2', 'away')], '5.00');
    expect([late.status, late.json.errorCode]).toEqual([409, 'sports.closed']);
    expect((await book(ta)).fixtures.find((f) => f.id === f1!.id)).toMatchObject({ status: 'live', serverSeed: null });

    // The first fixtures end at 10:22: the job publishes both results and settles what they decide.
    now = Date.parse('2030-12-03T10:22:00Z');
    const ran = await runSportsResults(t.db, now);
    expect(ran.finished).toBeGreaterThanOrEqual(2);
    const r1 = await fixtureRow(f1!.id);
    const r2 = await fixtureRow(f2!.id);
    expect(r1.status).toBe('finished');
    expect(r1.result).toEqual(drawnScore(r1));
    const p1 = r1.params as unknown as SportParams;
    const won1 = legResult(p1, '1x2', 'home', r1.result!) === 'won';
    const b1 = await book(ta);
    const s1 = b1.bets.find((x) => x.id === single.json.value.bet.id)!;
    expect(s1).toMatchObject({ status: 'settled', win: won1 ? fmt(minor(leg(f1!, '1x2', 'home').price, 1000n)) : '0.00' });
    // The result's seed is published with it, and the fixture is among the results.
    expect(b1.results.find((f) => f.id === f1!.id)).toMatchObject({ status: 'finished', serverSeed: r1.serverSeed, result: r1.result });
    // Anyone may recompute it from the seed; another seed is not the one committed.
    const verified = await callApi(`/wps/sandbox/sports/verify?fixtureId=${f1!.id}&serverSeed=${r1.serverSeed}`);
    expect(verified.json.value).toMatchObject({ matchesHash: true, score: r1.drawn, serverSeedHash: r1.serverSeedHash });
    expect((await callApi(`/wps/sandbox/sports/verify?fixtureId=${f1!.id}&serverSeed=${'0'.repeat(64)}`)).json.value.matchesHash).toBe(false);

    expect(won1).toBe(true);
    expect(legResult(r2.params as unknown as SportParams, 'total', 'over', r2.result!)).toBe('won');
    // Open until its last leg; the other parlay lost at its first lost leg.
    expect(b1.bets.find((x) => x.id === parlay.json.value.bet.id)).toMatchObject({ status: 'open', win: null, legs: [{ result: 'won' }, { result: null }] });
    expect(b1.bets.find((x) => x.id === doomed.json.value.bet.id)).toMatchObject({ status: 'settled', win: '0.00', legs: [{ result: 'lost' }, { result: null }] });

    // The basketball game ends at 10:27.
    now = Date.parse('2030-12-03T10:27:00Z');
    await runSportsResults(t.db, now);
    const rh = await fixtureRow(hoops.id);
    expect(legResult(rh.params as unknown as SportParams, 'hcp', 'home', rh.result!)).toBe('won');
    const p2 = (await book(ta)).bets.find((x) => x.id === parlay.json.value.bet.id)!;
    const parlayWin = (500n * BigInt(parlayLegs[0]!.price) * BigInt(parlayLegs[1]!.price)) / 10_000n;
    expect(p2).toMatchObject({ status: 'settled', win: fmt(parlayWin) });

    // Every bet's money: the stakes out, the wins in.
    const paid = minor(leg(f1!, '1x2', 'home').price, 1000n) + parlayWin;
    expect(await balance(a.id)).toBe(100_000n - 1800n + paid);
    // A second run settles nothing again.
    expect(await settleFixture(t.db, f1!.id)).toBeNull();
    expect(await balance(a.id)).toBe(100_000n - 1800n + paid);
    await audit();
  });

  it('a moved price is taken or refused by the member setting', async () => {
    now = Date.parse('2030-12-03T11:01:00Z');
    const a = await player();
    const ta = await launch(a, g['SB Sportsbook']!);
    const f = (await book(ta)).fixtures.find((x) => x.status === 'open' && x.sport === 'football')!;
    const shown = leg(f, '1x2', 'away');
    // The slip showed a higher price than the book's now: refused unless any change is taken.
    const higher = { ...shown, price: shown.price + 7 };
    const none = await bet(ta, [higher], '2.00', 'none');
    expect([none.status, none.json.errorCode]).toEqual([409, 'sports.odds.changed']);
    expect(none.json.value).toEqual({ legs: [{ ...shown }] });
    const onlyHigher = await bet(ta, [higher], '2.00', 'higher');
    expect([onlyHigher.status, onlyHigher.json.errorCode]).toEqual([409, 'sports.odds.changed']);
    // A lower price shown: the better price now is taken with 'higher'.
    const lower = await bet(ta, [{ ...shown, price: shown.price - 3 }], '2.00', 'higher');
    expect(lower.status, JSON.stringify(lower.json)).toBe(200);
    expect(lower.json.value.bet.legs[0].price).toBe(shown.price);
    const any = await bet(ta, [higher], '2.00', 'any');
    expect(any.status).toBe(200);
    expect(any.json.value.bet.legs[0].price).toBe(shown.price);
    // Refusals moved nothing.
    expect(await balance(a.id)).toBe(100_000n - 400n);
    // Another book's fixture is not this game's.
    const te = await launch(a, g['SB Esports']!);
    const eb = await book(te);
    expect(eb.book).toBe('esports');
    const foreign = await bet(te, [shown], '2.00');
    expect([foreign.status, foreign.json.errorCode]).toEqual([404, 'sports.fixture.unknown']);
    await audit();
  });

  it('a corrected result and a void settle the bets again through the wallet, once each', async () => {
    now = Date.parse('2030-12-03T12:01:00Z');
    const a = await player();
    const b = await player();
    const ta = await launch(a, g['SB Sportsbook']!);
    const tb = await launch(b, g['SB Sportsbook']!);
    const [f1, f2] = (await book(ta)).fixtures.filter((x) => x.status === 'open' && x.sport === 'football');
    const home = leg(f1!, '1x2', 'home');
    const away = leg(f1!, '1x2', 'away');
    expect((await bet(ta, [home], '10.00')).status).toBe(200);
    expect((await bet(tb, [away], '10.00')).status).toBe(200);
    const parlay = await bet(ta, [home, leg(f2!, 'total', 'under')], '4.00');
    expect(parlay.status).toBe(200);

    // The sandbox ends the fixture now; then the operator corrects it to a home win, then to an away win.
    await finishFixtureNow(t.db, f1!.id, now);
    expect(await correctFixture(t.db, f1!.id, { home: 3, away: 0 })).not.toBeNull();
    expect((await book(ta)).bets.find((x) => x.legs.length === 1)).toMatchObject({ status: 'settled', win: fmt(minor(home.price, 1000n)) });
    expect((await book(tb)).bets[0]).toMatchObject({ status: 'settled', win: '0.00' });
    expect(await balance(a.id)).toBe(100_000n - 1400n + minor(home.price, 1000n));
    expect(await balance(b.id)).toBe(100_000n - 1000n);

    await correctFixture(t.db, f1!.id, { home: 0, away: 2 });
    // The winner's win is taken back (the wallet holds it), the other's paid.
    expect(await balance(a.id)).toBe(100_000n - 1400n);
    expect(await balance(b.id)).toBe(100_000n - 1000n + minor(away.price, 1000n));
    const [ra] = await t.db
      .select()
      .from(gameRound)
      .where(eq(gameRound.roundId, (await book(ta)).bets.find((x) => x.legs.length === 1)!.roundId));
    expect(ra).toMatchObject({ status: 'settled', winAmount: 0n, writtenOff: 0n });
    // The parlay's home leg lost: settled lost, whatever its other leg does.
    const pa = (await book(ta)).bets.find((x) => x.id === parlay.json.value.bet.id)!;
    expect(pa).toMatchObject({ status: 'settled', win: '0.00' });
    // Run again: nothing moves twice.
    await runSportsResults(t.db, now);
    expect(await balance(b.id)).toBe(100_000n - 1000n + minor(away.price, 1000n));

    // The fixture is then cancelled: every bet on it counts for nothing (stakes back, wins taken back).
    await voidFixture(t.db, f1!.id, now);
    expect(await balance(a.id)).toBe(100_000n - 400n);
    expect(await balance(b.id)).toBe(100_000n);
    // The parlay's void leg counts at 1.00: it is open again in spirit, waiting for its other leg (the round was settled and is corrected when that leg decides).
    await finishFixtureNow(t.db, f2!.id, now);
    const r2 = await fixtureRow(f2!.id);
    const under = legResult(r2.params as unknown as SportParams, 'total', 'under', r2.result!) === 'won';
    const pb = (await book(ta)).bets.find((x) => x.id === parlay.json.value.bet.id)!;
    const want = under ? minor(leg(f2!, 'total', 'under').price, 400n) : 0n;
    expect(pb).toMatchObject({ status: 'settled', win: fmt(want) });
    expect(await balance(a.id)).toBe(100_000n - 400n + want);
    await audit();
  });

  it('a cockfight: a draw voids meron and wala, and pays the draw; two settlements at once pay once', async () => {
    now = Date.parse('2030-12-03T13:01:00Z');
    const a = await player('CF');
    const ta = await launch(a, g['CF Derby']!);
    const cb = await book(ta);
    expect(cb.book).toBe('cockfight');
    const f = cb.fixtures.find((x) => x.status === 'open')!;
    expect(f.markets.map((m) => m.market)).toEqual(['1x2']);
    const meron = leg(f, '1x2', 'home');
    const draw = leg(f, '1x2', 'draw');
    expect((await bet(ta, [meron], '10.00')).status).toBe(200);
    expect((await bet(ta, [draw], '10.00')).status).toBe(200);
    // Meron wins the fight (its seed says so); two jobs publish the result at once: paid once.
    await forceResult(f.id, (sc) => sc.home > sc.away);
    await t.db
      .update(sportFixture)
      .set({ endsAt: new Date(now), startsAt: new Date(now - 1) })
      .where(eq(sportFixture.id, f.id));
    await Promise.all([runSportsResults(t.db, now), runSportsResults(t.db, now)]);
    expect(await balance(a.id, 'CF')).toBe(100_000n - 2000n + minor(meron.price, 1000n));
    // The result is then corrected to a draw, and two settlements of the correction run at once:
    // meron's stake comes back and its win goes, the draw is paid, each once.
    await t.db
      .update(sportFixture)
      .set({ result: { home: 0, away: 0 }, revision: sql`${sportFixture.revision} + 1` })
      .where(eq(sportFixture.id, f.id));
    const both = await Promise.all([settleFixture(t.db, f.id), settleFixture(t.db, f.id)]);
    expect(both.filter((x) => x !== null).length).toBeGreaterThanOrEqual(1);
    const bets = await t.db
      .select()
      .from(sportBet)
      .where(and(eq(sportBet.memberId, a.id)));
    expect(bets.map((x) => x.status).sort()).toEqual(['settled', 'void']);
    expect(await balance(a.id, 'CF')).toBe(100_000n - 1000n + minor(draw.price, 1000n));
    // And once more: nothing moves.
    await t.db
      .update(sportFixture)
      .set({ revision: sql`${sportFixture.revision} + 1` })
      .where(eq(sportFixture.id, f.id));
    await Promise.all([settleFixture(t.db, f.id), runSportsResults(t.db, now)]);
    expect(await balance(a.id, 'CF')).toBe(100_000n - 1000n + minor(draw.price, 1000n));
    await audit();
  });
});

/**
 * Table games through the API (issue 34, RNG tables): a roulette, baccarat and dragon tiger round
 * of real money through the wallet and on play money, each spot paid by the rules; replays,
 * refusals with nothing moved, the record feeding the betting record, and the verify call
 * recomputing a revealed round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, sandboxRound, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { crashPoint, drawTable, KENO_PAYS, PLINKO_PAYS, spotReturn, tableOutcome, type TableGame } from '../../contract/tables.ts';
import { roundWords } from '../../../../kernel/fairness.ts';

const LAUNCH = '/wps/game/launchGame';
const STATE = '/wps/sandbox/game/state';
const SPIN = '/wps/sandbox/game/spin';
const TABLE = '/wps/sandbox/game/table';
const SEED = '/wps/sandbox/game/seed';
const VERIFY = '/wps/sandbox/game/verify';

let t: TestDb;
const g: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([{ code: 'TV', displayName: 'Table Vendor', gameType: 'RNG' }]);
  const row = (name: string, o: Partial<typeof game.$inferInsert> = {}) => ({
    gameCode: name,
    gameName: name,
    searchName: name.toLowerCase(),
    gameType: 'RNG',
    vassalage: 'TV',
    gameClassify: 'TABLE',
    minBet: 100n,
    seed: 99,
    ...o,
  });
  const rows = await t.db
    .insert(game)
    .values([
      row('European Roulette'),
      row('American Roulette VIP', { minBet: 200n }),
      row('Baccarat Speed', { supportPlay: 0 }),
      row('Dragon Tiger'),
      row('Sic Bo Deluxe'),
      row('Slot Z', { gameClassify: 'SLOT' }),
      row('Ocean King', { gameType: 'FISH', gameClassify: 'FISHING', supportPlay: 0 }),
      row('Aviator X', { gameClassify: 'CRASH' }),
      row('Lucky Keno', { gameClassify: 'BINGO' }),
      row('Dice X', { gameClassify: 'CRASH' }),
      row('Neon Pachinko', { gameClassify: 'BINGO' }),
    ])
    .returning({ nodeId: game.nodeId, gameName: game.gameName });
  for (const r of rows) g[r.gameName] = r.nodeId;
});
afterAll(() => t.dispose());

async function fundGame(memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(memberId, 'TV'), amount: minor }] }));
}
const gameBalance = async (memberId: number) => (await balancesOf(t.db, [gameAccount(memberId, 'TV')])).get(gameAccount(memberId, 'TV'))!;
async function launch(u: Awaited<ReturnType<typeof walletUser>>, nodeId: number, accountType = '1') {
  const r = await u.call(`${LAUNCH}?nodeId=${nodeId}&accountType=${accountType}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url as string).searchParams.get('launch')!;
}
const play = (launchToken: string, bets: { spot: string; amount: string }[], idempotencyKey = newKey()) => callApi(TABLE, { method: 'POST', body: { launch: launchToken, bets, idempotencyKey } });

describe('table games', () => {
  it('a roulette round pays each spot by the rules, through the wallet, and replays by its key', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const token = await launch(u, g['European Roulette']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'roulette', wheel: 'european', bets: ['1.00', '5.00', '10.00', '25.00', '100.00'], maxSpot: '500.00' });
    expect(state.rules.spots).toHaveLength(37 + 12);
    expect(state.rules.rtp).toBeCloseTo(36 / 37, 10);
    expect(state.freeSpins).toBeNull();

    const bets = [
      { spot: 'red', amount: '5.00' },
      { spot: 'n17', amount: '1.00' },
      { spot: 'dozen3', amount: '10.00' },
    ];
    const key = newKey();
    const r = await play(token, bets, key);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const round = r.json.value.round;
    expect(round.bet).toBe('16.00');
    expect(round.grid).toEqual([]);
    expect(round.table.kind).toBe('roulette');
    const table: TableGame = { kind: 'roulette', wheel: 'european' };
    const outcome = tableOutcome(table, round.stops);
    const expected = bets.reduce((sum, b) => sum + spotReturn(outcome, b.spot, parseMinor(b.amount)!), 0n);
    expect(parseMinor(round.win)).toBe(expected);
    expect(round.table.bets.map((b: { spot: string }) => b.spot).sort()).toEqual(['dozen3', 'n17', 'red']);
    expect(await gameBalance(u.id)).toBe(100_000n - 1600n + expected);
    expect(r.json.value.balance).toBe(((100_000n - 1600n + expected) / 100n).toString() + '.' + ((100_000n - 1600n + expected) % 100n).toString().padStart(2, '0'));

    // The same bets in another order, with the same key: the same round, nothing moved again.
    const again = await play(token, [...bets].reverse(), key);
    expect(again.json.value.round.roundId).toBe(round.roundId);
    expect(await gameBalance(u.id)).toBe(100_000n - 1600n + expected);
    // The same key with other bets is a conflict.
    const conflict = await play(token, [{ spot: 'black', amount: '1.00' }], key);
    expect([conflict.status, conflict.json.errorCode]).toEqual([409, 'wallet.idempotency.conflict']);

    // The wallet's round and the sandbox's record agree; the betting record shows it.
    const [gr] = await t.db.select().from(gameRound).where(eq(gameRound.roundId, round.roundId));
    expect([gr!.betAmount, gr!.winAmount, gr!.status]).toEqual([1600n, expected, 'settled']);
    const [sr] = await t.db.select().from(sandboxRound).where(eq(sandboxRound.roundId, round.roundId));
    expect(sr!.tableBets).toMatchObject({ kind: 'roulette', wheel: 'european' });
    const betting = await u.call('/wps/wallet/records/bets');
    expect(JSON.stringify(betting.json.value)).toContain('European Roulette');
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted]).toEqual([0n, []]);
  });

  it('the verify call recomputes a revealed round’s draw', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const token = await launch(u, g['Baccarat Speed']!);
    const played = (
      await play(token, [
        { spot: 'banker', amount: '5.00' },
        { spot: 'tie', amount: '1.00' },
      ])
    ).json.value.round;
    const seed = (await callApi(SEED, { method: 'POST', body: { launch: token } })).json.value.revealed;
    const v = await callApi(
      `${VERIFY}?nodeId=${g['Baccarat Speed']}&serverSeed=${seed.serverSeed}&serverSeedHash=${seed.serverSeedHash}&clientSeed=${encodeURIComponent(seed.clientSeed)}&nonce=${played.nonce}`,
    );
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json.value.stops).toEqual(played.stops);
    expect(v.json.value.hashMatches).toBe(true);
    expect(v.json.value.table).toEqual({ kind: 'baccarat', wheel: null });
    // Another nonce is another coup (almost surely): the draw depends on it.
    const other = await callApi(`${VERIFY}?nodeId=${g['Baccarat Speed']}&serverSeed=${seed.serverSeed}&clientSeed=${encodeURIComponent(seed.clientSeed)}&nonce=${played.nonce + 1}`);
    expect(other.json.value.stops).not.toEqual(played.stops);
  });

  it('a sic bo round throws three dice and pays every spot by the rules', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const token = await launch(u, g['Sic Bo Deluxe']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules.kind).toBe('sicBo');
    expect(state.rules.spots).toHaveLength(52);
    let balance = 100_000n;
    for (let i = 0; i < 6; i++) {
      const bets = [
        { spot: 'small', amount: '2.00' },
        { spot: 'double3', amount: '1.00' },
        { spot: 'single1', amount: '1.00' },
        { spot: 'total9', amount: '1.00' },
      ];
      const r = (await play(token, bets)).json.value.round;
      expect(r.table.kind).toBe('sicBo');
      const o = tableOutcome({ kind: 'sicBo' }, r.stops);
      const back = bets.reduce((sum, b) => sum + spotReturn(o, b.spot, parseMinor(b.amount)!), 0n);
      expect(parseMinor(r.win)).toBe(back);
      balance += back - 500n;
    }
    expect(await gameBalance(u.id)).toBe(balance);
    // Every spot of the cloth at once (52: more than a roulette's).
    const all = state.rules.spots.map((x: { spot: string }) => ({ spot: x.spot, amount: '1.00' }));
    const every = await play(token, all);
    expect(every.status, JSON.stringify(every.json)).toBe(200);
    expect(every.json.value.round.bet).toBe('52.00');
  });

  it('baccarat and dragon tiger rounds settle every spot; a demo round touches no wallet', async () => {
    const u = await walletUser();
    await fundGame(u.id, 1_000_000n);
    const token = await launch(u, g['Dragon Tiger']!);
    let total = 0n;
    for (let i = 0; i < 12; i++) {
      const bets = [
        { spot: 'dragon', amount: '2.00' },
        { spot: 'tie', amount: '1.00' },
      ];
      const r = (await play(token, bets)).json.value.round;
      const o = tableOutcome({ kind: 'dragonTiger' }, r.stops);
      const back = spotReturn(o, 'dragon', 200n) + spotReturn(o, 'tie', 100n);
      expect(parseMinor(r.win)).toBe(back);
      total += back - 300n;
    }
    expect(await gameBalance(u.id)).toBe(1_000_000n + total);

    const demo = await launch(u, g['Baccarat Speed']!, '0');
    const before = await gameBalance(u.id);
    const d = await play(demo, [{ spot: 'player', amount: '100.00' }]);
    expect(d.status, JSON.stringify(d.json)).toBe(200);
    expect(d.json.value.round.demo).toBe(true);
    const o = tableOutcome({ kind: 'baccarat' }, d.json.value.round.stops);
    expect(parseMinor(d.json.value.balance)).toBe(200_000n - 10_000n + spotReturn(o, 'player', 10_000n));
    expect(await gameBalance(u.id)).toBe(before);
    expect((await auditLedger(t.db)).total).toBe(0n);
  });

  it('refuses bets the table does not take, a short balance, a spin at a table and a table bet at a slot, moving nothing', async () => {
    const u = await walletUser();
    await fundGame(u.id, 1_000n);
    const token = await launch(u, g['American Roulette VIP']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'roulette', wheel: 'american', bets: ['2.00', '10.00', '20.00', '50.00', '200.00'] });
    const refused = async (bets: { spot: string; amount: string }[]) => {
      const r = await play(token, bets);
      return [r.status, r.json.errorCode];
    };
    expect(await refused([{ spot: 'n00', amount: '3.00' }])).toEqual([400, 'game.table.amount']);
    expect(await refused([{ spot: 'n00', amount: '1002.00' }])).toEqual([400, 'game.table.amount']);
    expect(await refused([{ spot: 'n37', amount: '2.00' }])).toEqual([400, 'game.table.spot']);
    expect(
      await refused([
        { spot: 'red', amount: '2.00' },
        { spot: 'red', amount: '2.00' },
      ]),
    ).toEqual([400, 'game.table.spotTwice']);
    expect(await refused([])).toEqual([400, 'request.invalid']);
    const bad = await play(token, [{ spot: 'red', amount: 'abc' }]);
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'request.invalid']);
    expect(await refused([{ spot: 'n00', amount: '20.00' }])).toEqual([400, 'wallet.balance.insufficient']);
    const spin = await callApi(SPIN, { method: 'POST', body: { launch: token, bet: '2.00', idempotencyKey: newKey() } });
    expect([spin.status, spin.json.errorCode]).toEqual([409, 'game.table.isTable']);
    const slot = await launch(u, g['Slot Z']!);
    const atSlot = await play(slot, [{ spot: 'red', amount: '1.00' }]);
    expect([atSlot.status, atSlot.json.errorCode]).toEqual([409, 'game.table.notTable']);
    // Spanish, in the player's language.
    const es = await callApi(TABLE, { method: 'POST', headers: { language: 'ES' }, body: { launch: token, bets: [{ spot: 'n37', amount: '2.00' }], idempotencyKey: newKey() } });
    expect(es.json.message).toBe('Esta mesa no tiene esa casilla');
    expect(await gameBalance(u.id)).toBe(1_000n);
    expect(await t.db.select().from(sandboxRound).where(eq(sandboxRound.memberId, u.id))).toEqual([]);
    expect((await callApi(`${STATE}?launch=${token}`)).json.value.fairness.nonce).toBe(0);
  });

  it('a fish game shoots: one fish a shot, hit by the roll, paid its multiple, in real money and in demo', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u, g['Ocean King']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'fish', wheel: null, rtp: 0.96 });
    expect(state.rules.spots.map((x: { spot: string; pays: string }) => `${x.spot} ${x.pays}`)).toContain('shark ×20');
    let paid = 0n;
    for (let i = 0; i < 5; i++) {
      const r = await play(token, [{ spot: 'clownfish', amount: '1.00' }]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const { round } = r.json.value;
      const hit = round.stops[0] < 480_000;
      expect(round.win).toBe(hit ? '2.00' : '0.00');
      paid += hit ? 200n : 0n;
    }
    expect(await gameBalance(u.id)).toBe(10_000n - 500n + paid);
    // A shot aims at one fish; a fish game is not spun.
    const two = await play(token, [
      { spot: 'shark', amount: '1.00' },
      { spot: 'whale', amount: '1.00' },
    ]);
    expect([two.status, two.json.errorCode]).toEqual([400, 'game.table.oneTarget']);
    expect((await callApi(SPIN, { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } })).json.errorCode).toBe('game.table.isTable');
    // Demo shots play the session's play money.
    const demo = await launch(u, g['Ocean King']!, '0');
    const shot = await play(demo, [{ spot: 'dragon', amount: '5.00' }]);
    expect(shot.json.value.round.demo).toBe(true);
    expect(await gameBalance(u.id)).toBe(10_000n - 500n + paid);
    // A round this game played as a slot, before fish shot, still verifies as the slot it was.
    const seed = 'ab'.repeat(32);
    const asShot = await callApi(VERIFY, { query: { nodeId: g['Ocean King']!, serverSeed: seed, clientSeed: 'c', nonce: 1 } });
    expect(asShot.json.value.table).toMatchObject({ kind: 'fish' });
    const asSlot = await callApi(VERIFY, { query: { nodeId: g['Ocean King']!, serverSeed: seed, clientSeed: 'c', nonce: 1, engine: 'slot' } });
    expect(asSlot.status, JSON.stringify(asSlot.json)).toBe(200);
    expect(asSlot.json.value.table ?? null).toBeNull();
    expect(asSlot.json.value.grid.length).toBeGreaterThan(0);
  });

  it("a crash game cashes out at the one target named when the round's point reaches it, and verifies from the seeds", async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u, g['Aviator X']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'crash', wheel: null });
    expect(state.rules.rtp).toBeCloseTo(0.97, 7);
    expect(state.rules.spots.map((x: { spot: string; pays: string }) => `${x.spot} ${x.pays}`)).toContain('x200 ×2.00');
    let paid = 0n;
    for (let i = 0; i < 5; i++) {
      // Any target in hundredths, not only the ones the rules list.
      const r = await play(token, [{ spot: 'x237', amount: '1.00' }]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const { round } = r.json.value;
      const reached = crashPoint(round.stops[0]) >= 237;
      expect(round.win).toBe(reached ? '2.37' : '0.00');
      expect(round.table.bets).toEqual([{ spot: 'x237', amount: '1.00', payout: round.win }]);
      paid += reached ? 237n : 0n;
    }
    expect(await gameBalance(u.id)).toBe(10_000n - 500n + paid);
    // Targets below x1.01 or above x1,000, and two targets, are refused in the player's language.
    for (const spot of ['x100', 'x100001', 'x2']) expect((await play(token, [{ spot, amount: '1.00' }])).json.errorCode, spot).toBe('game.table.spot');
    const two = await callApi(TABLE, {
      method: 'POST',
      headers: { language: 'ES' },
      body: {
        launch: token,
        bets: [
          { spot: 'x200', amount: '1.00' },
          { spot: 'x300', amount: '1.00' },
        ],
        idempotencyKey: newKey(),
      },
    });
    expect([two.status, two.json.errorCode, two.json.message]).toEqual([400, 'game.table.oneTarget', 'Una apuesta por ronda: un pez al que disparar o un objetivo de retirada']);
    expect(await gameBalance(u.id)).toBe(10_000n - 500n + paid);
    // The verify call draws the round's roll from the seeds.
    const seed = 'cd'.repeat(32);
    const v = await callApi(VERIFY, { query: { nodeId: g['Aviator X']!, serverSeed: seed, clientSeed: 'c', nonce: 3 } });
    expect(v.json.value.table).toMatchObject({ kind: 'crash' });
    expect(v.json.value.stops).toEqual(drawTable({ kind: 'crash' }, roundWords(seed, 'c', 3)));
  });

  it('a keno ticket draws 20 numbers and pays the paytable of its picks by the picks drawn', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u, g['Lucky Keno']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'keno', wheel: null });
    expect(state.rules.spots).toHaveLength(10);
    expect(state.rules.spots[0]).toEqual({ spot: 'k01', pays: '1 → ×3.8', rtp: 0.95 });
    const picks = [3, 17, 29, 44, 80];
    let paid = 0n;
    for (let i = 0; i < 4; i++) {
      const r = await play(token, [{ spot: 'k0317294480', amount: '2.00' }]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const { round } = r.json.value;
      expect(new Set(round.stops).size).toBe(20);
      const hits = picks.filter((n) => round.stops.includes(n)).length;
      const win = (200n * BigInt(KENO_PAYS[5]![hits] ?? 0)) / 10n;
      expect(round.win).toBe(formatMinor(win, 2));
      paid += win;
    }
    expect(await gameBalance(u.id)).toBe(10_000n - 800n + paid);
    // Picks out of order, repeated, beyond 80, eleven of them, or two tickets at once are refused; no money moves.
    for (const spot of ['k0201', 'k0101', 'k81', 'k0102030405060708091011']) {
      const bad = await play(token, [{ spot, amount: '1.00' }]);
      expect([bad.status, bad.json.errorCode], spot).toEqual([400, 'game.table.spot']);
    }
    const two = await play(token, [
      { spot: 'k01', amount: '1.00' },
      { spot: 'k02', amount: '1.00' },
    ]);
    expect(two.json.errorCode).toBe('game.table.oneTarget');
    expect(await gameBalance(u.id)).toBe(10_000n - 800n + paid);
    const seed = 'ef'.repeat(32);
    const v = await callApi(VERIFY, { query: { nodeId: g['Lucky Keno']!, serverSeed: seed, clientSeed: 'c', nonce: 2 } });
    expect(v.json.value.table).toMatchObject({ kind: 'keno' });
    expect(v.json.value.stops).toEqual(drawTable({ kind: 'keno' }, roundWords(seed, 'c', 2)));
  });

  it('a dice roll pays under or over its line by the chance, and verifies from the seeds', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u, g['Dice X']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'dice', wheel: null });
    expect(state.rules.spots.map((x: { spot: string; pays: string }) => `${x.spot} ${x.pays}`)).toContain('u50 ×1.94');
    let paid = 0n;
    for (const spot of ['u50', 'o25', 'u73', 'o90']) {
      const r = await play(token, [{ spot, amount: '1.00' }]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const roll = r.json.value.round.stops[0];
      const chance = Number(spot.slice(1));
      const wins = spot[0] === 'u' ? roll < chance * 100 : roll >= 10_000 - chance * 100;
      const win = wins ? BigInt(Math.floor(9_700 / chance)) : 0n;
      expect(r.json.value.round.win, spot).toBe(formatMinor(win, 2));
      paid += win;
    }
    expect(await gameBalance(u.id)).toBe(10_000n - 400n + paid);
    for (const spot of ['u1', 'u96', 'o0']) expect((await play(token, [{ spot, amount: '1.00' }])).json.errorCode, spot).toBe('game.table.spot');
    expect(await gameBalance(u.id)).toBe(10_000n - 400n + paid);
    const seed = '12'.repeat(32);
    const v = await callApi(VERIFY, { query: { nodeId: g['Dice X']!, serverSeed: seed, clientSeed: 'c', nonce: 4 } });
    expect(v.json.value.table).toMatchObject({ kind: 'dice' });
    expect(v.json.value.stops).toEqual(drawTable({ kind: 'dice' }, roundWords(seed, 'c', 4)));
  });

  it('a plinko ball falls by its bounces into a bucket paid at the risk chosen', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u, g['Neon Pachinko']!);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'plinko', wheel: null });
    expect(state.rules.spots.map((x: { spot: string }) => x.spot)).toEqual(['lowRisk', 'mediumRisk', 'highRisk']);
    let paid = 0n;
    for (const spot of ['lowRisk', 'mediumRisk', 'highRisk'] as const) {
      const r = await play(token, [{ spot, amount: '1.00' }]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const bounces: number[] = r.json.value.round.stops;
      expect(bounces).toHaveLength(12);
      const win = (100n * BigInt(PLINKO_PAYS[spot][bounces.reduce((a, b) => a + b, 0)]!)) / 10n;
      expect(r.json.value.round.win, spot).toBe(formatMinor(win, 2));
      paid += win;
    }
    expect(await gameBalance(u.id)).toBe(10_000n - 300n + paid);
    expect((await play(token, [{ spot: 'low', amount: '1.00' }])).json.errorCode).toBe('game.table.spot');
    const seed = '34'.repeat(32);
    const v = await callApi(VERIFY, { query: { nodeId: g['Neon Pachinko']!, serverSeed: seed, clientSeed: 'c', nonce: 5 } });
    expect(v.json.value.table).toMatchObject({ kind: 'plinko' });
    expect(v.json.value.stops).toEqual(drawTable({ kind: 'plinko' }, roundWords(seed, 'c', 5)));
  });
});

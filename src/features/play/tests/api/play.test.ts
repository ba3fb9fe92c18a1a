/**
 * Playing games (issue 5): launch rules and refusals, recent games, the sandbox provider's rounds
 * through the wallet (real) and on play money (demo), replays, provably-fair seeds and verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, gameSeed, gameSession, ledgerTransfer, member, memberSession, sandboxRound, vendor, winner } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { gameConfig, SessionRecheck, spin as playSpin } from '../../server/sandbox/provider.ts';
import { grantFreeSpins } from '../../server/free-spins.ts';
import { maskName } from '../../../../kernel/mask.ts';
import { GUEST_DEMO_KEEP_MS, resolveSessionForSpin, SESSION_IDLE_MS, sweepGuestDemos } from '../../server/play.ts';
import { idempotencyRecord } from '../../../../kernel/db/tables.ts';
import { hashServerSeed } from '../../../../kernel/fairness.ts';
import { spin as engineSpin } from '../../server/sandbox/slot-engine.ts';
import { parseMinor } from '../../../../kernel/money.ts';
import { LIMITS } from '../../../../kernel/rate-limit.ts';

const LAUNCH = '/wps/game/launchGame';
const RECENT = '/wps/relay/GCS_recentGame';
const STATE = '/wps/sandbox/game/state';
const SPIN = '/wps/sandbox/game/spin';
const SEED = '/wps/sandbox/game/seed';
const ROUNDS = '/wps/sandbox/game/rounds';
const VERIFY = '/wps/sandbox/game/verify';

let t: TestDb;
const g: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([
    { code: 'PV', displayName: 'Play Vendor', gameType: 'RNG' },
    { code: 'MV', displayName: 'Maint Vendor', gameType: 'RNG', maintenance: true },
    { code: 'OV', displayName: 'Off Vendor', gameType: 'RNG', enabled: false },
    { code: 'LOTT', displayName: 'Lottery', gameType: 'LOTT' },
  ]);
  const row = (name: string, o: Partial<typeof game.$inferInsert> = {}) => ({
    gameCode: name,
    gameName: name,
    searchName: name.toLowerCase(),
    gameType: 'RNG',
    vassalage: 'PV',
    gameClassify: 'SLOT',
    minBet: 20n,
    seed: 1234,
    ...o,
  });
  const rows = await t.db
    .insert(game)
    .values([
      row('Slot A'),
      row('Slot B', { seed: 777, supportPlay: 1 }),
      row('Maint', { vassalage: 'MV' }),
      row('Off', { vassalage: 'OV' }),
      row('Disabled', { enabled: false }),
      row('Lotto', { vassalage: 'LOTT', gameType: 'LOTT' }),
      row('Lobby', { isGame: 'VASSALAGE' }),
      row('Poker', { gameType: 'PVP', gameClassify: 'CARD', seed: 4321 }),
    ])
    .returning({ nodeId: game.nodeId, gameName: game.gameName });
  for (const r of rows) g[r.gameName] = r.nodeId;
});
afterAll(() => t.dispose());

/** Puts money in a member's game wallet of vendor PV (the demo brand plays from game wallets). */
async function fundGame(memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(memberId, 'PV'), amount: minor }] }));
}
const gameBalance = async (memberId: number) => (await balancesOf(t.db, [gameAccount(memberId, 'PV')])).get(gameAccount(memberId, 'PV'))!;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('launch')!;

async function launched(u: Awaited<ReturnType<typeof walletUser>>, nodeId: number, accountType = '1', extra = '') {
  const r = await u.call(`${LAUNCH}?nodeId=${nodeId}&accountType=${accountType}${extra}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.value.content.game_url as string;
}

describe('launch', () => {
  it('names the game by gameId alone, as some clients do: a nodeId, or the vendor code of the game', async () => {
    const u = await walletUser();
    const [row] = await t.db.select({ gameCode: game.gameCode, vassalage: game.vassalage }).from(game).where(eq(game.nodeId, g['Slot A']!));
    const byNode = await u.call(`${LAUNCH}?gameId=${g['Slot A']}&launchMode=GLS&accountType=1&language=EN`);
    expect(byNode.status, JSON.stringify(byNode.json)).toBe(200);
    const byCode = await u.call(`${LAUNCH}?gameId=${encodeURIComponent(row!.gameCode)}&vassalage=${row!.vassalage}&accountType=1`);
    expect(byCode.status, JSON.stringify(byCode.json)).toBe(200);
    const sessions = await t.db.select({ nodeId: gameSession.nodeId }).from(gameSession).where(eq(gameSession.memberId, u.id));
    expect(sessions.map((x) => x.nodeId)).toEqual([g['Slot A'], g['Slot A']]);
    expect((await u.call(`${LAUNCH}?gameId=no_such_game&vassalage=${row!.vassalage}`)).json.errorCode).toBe('game.not.found');
    expect((await u.call(`${LAUNCH}?accountType=1`)).status, 'neither nodeId nor gameId').toBe(400);
  });

  it('opens a session and answers the sandbox game page, in the caller language', async () => {
    const u = await walletUser();
    const url = await launched(u, g['Slot A']!);
    // Absolute (clients of the existing API open it in a web view or check it with new URL()).
    expect(url).toMatch(/^https?:\/\/[^/]+\/play\?launch=[A-Za-z0-9_-]{43}$/);
    const es = await u.call(`${LAUNCH}?nodeId=${g['Slot A']}`, { headers: { language: 'ES' } });
    expect(es.json.value.content.game_url).toMatch(/^https?:\/\/[^/]+\/es\/play\?launch=/);
    expect(es.json.value.gameUrl, 'the same address where some clients read it').toBe(es.json.value.content.game_url);
    // Only the token's hash is stored.
    const sessions = await t.db.select().from(gameSession).where(eq(gameSession.memberId, u.id));
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.tokenHash)).not.toContain(tokenOf(url));
  });

  it('refuses guests, trial accounts and games that cannot start, each with its code', async () => {
    expect((await callApi(`${LAUNCH}?nodeId=${g['Slot A']}`)).json.errorCode).toBe('login.not.session');
    const trial = await walletUser({ type: 4 });
    const tr = await trial.call(`${LAUNCH}?nodeId=${g['Slot A']}`);
    expect([tr.status, tr.json.errorCode]).toEqual([403, 'account.trial']);

    const u = await walletUser();
    const refusal = async (q: string) => {
      const r = await u.call(`${LAUNCH}?${q}`);
      expect(r.json.success).toBe(false);
      expect(r.json.message).toBeTruthy();
      return [r.status, r.json.errorCode];
    };
    expect(await refusal('nodeId=999999')).toEqual([404, 'game.not.found']);
    expect(await refusal(`nodeId=${g['Disabled']}`)).toEqual([409, 'game.disabled']);
    expect(await refusal(`nodeId=${g['Off']}`)).toEqual([409, 'game.disabled']);
    expect(await refusal(`nodeId=${g['Maint']}`)).toEqual([503, 'game.maintenance']);
    expect(await refusal(`nodeId=${g['Lotto']}`)).toEqual([409, 'game.launch.lottery']);
    expect(await refusal(`nodeId=${g['Lobby']}`)).toEqual([409, 'game.launch.vendor']);
    expect(await refusal(`nodeId=${g['Slot B']}&accountType=0`)).toEqual([409, 'game.demo.unavailable']);
    expect(await refusal(`nodeId=${g['Slot A']}&vassalage=MV`)).toEqual([400, 'game.mismatch']);
    expect(await refusal('nodeId=abc')).toEqual([400, 'request.invalid']);
    // Nothing was launched, so nothing is recent.
    expect((await u.call(RECENT)).json.value).toEqual({ list: [], pageNum: 1, totalPages: 0 });
  });
});

describe('PVP rooms', () => {
  it('lists the rooms of a PVP game, and a launch into a room offers and accepts only its stakes', async () => {
    const u = await walletUser();
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(u.id, 'PV'), amount: 1_000_000n }] }));
    const rooms = await u.call(`/wps/relay/GLS2_roomList?nodeId=${g['Poker']}`);
    expect(rooms.status, JSON.stringify(rooms.json)).toBe(200);
    const list = rooms.json.value.list as { roomId: string; roomName: string; minBet: string; maxBet: string }[];
    // A room's id names its game as well as its table, so that a roomId alone can launch.
    expect(list.map((r) => r.roomId)).toEqual(['r1', 'r2', 'r3', 'r4'].map((r) => `${g['Poker']}-${r}`));
    expect(list[0]!.roomName).toBe('Beginner room');
    expect((await u.call(`/wps/relay/GLS2_roomList?nodeId=${g['Poker']}`, { headers: { language: 'ES' } })).json.value.list[3].roomName).toBe('Sala VIP');
    // Rooms climb: each starts above the last one's top stake.
    for (let i = 1; i < list.length; i++) expect(parseMinor(list[i]!.minBet)! > parseMinor(list[i - 1]!.maxBet)!).toBe(true);
    // Not a PVP game: no rooms. Unknown game: 404. Visitors: 401.
    expect((await u.call(`/wps/relay/GLS2_roomList?nodeId=${g['Slot A']}`)).json.value.list).toEqual([]);
    expect((await u.call('/wps/relay/GLS2_roomList?nodeId=999999')).json.errorCode).toBe('game.not.found');
    expect((await callApi(`/wps/relay/GLS2_roomList?nodeId=${g['Poker']}`)).status).toBe(401);

    const url = new URL(await launched(u, g['Poker']!, '1', `&roomId=r2&backUrl=${encodeURIComponent('/pvp?from=game')}`));
    expect(url.searchParams.get('back'), 'a path of this site is the way back').toBe('/pvp?from=game');
    const launch = url.searchParams.get('launch')!;
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    expect(state.rules.bets).toEqual([list[1]!.minBet, list[1]!.maxBet]);
    const outside = await callApi(SPIN, { method: 'POST', body: { launch, bet: list[0]!.minBet, idempotencyKey: newKey() } });
    expect([outside.status, outside.json.errorCode]).toEqual([400, 'game.bet.invalid']);
    expect((await callApi(SPIN, { method: 'POST', body: { launch, bet: list[1]!.minBet, idempotencyKey: newKey() } })).status).toBe(200);
    // A room of another game type, or one that does not exist, is refused at launch.
    // The room alone launches its game; the table alone, beside its game, too.
    const byRoomAnswer = await u.call(`${LAUNCH}?roomId=${list[2]!.roomId}&backUrl=${encodeURIComponent('https://elsewhere.example/x')}`);
    const byRoomUrl = new URL(byRoomAnswer.json.value.content.game_url);
    // Another site's backUrl is not followed: no way back leads off this site.
    expect(byRoomUrl.searchParams.has('back')).toBe(false);
    const byRoom = byRoomUrl.searchParams.get('launch')!;
    expect((await callApi(`${STATE}?launch=${byRoom}`)).json.value.rules.bets).toEqual([list[2]!.minBet, list[2]!.maxBet]);
    for (const q of [`nodeId=${g['Slot A']}&roomId=r1`, `nodeId=${g['Poker']}&roomId=r9`, `nodeId=${g['Poker']}&roomId=${g['Slot A']}-r1`, 'roomId=r1', `roomId=${g['Slot A']}-r1`]) {
      const r = await u.call(`${LAUNCH}?${q}`);
      expect([r.status, r.json.errorCode], q).toEqual([400, 'game.room.invalid']);
    }
  });
});

describe("a guest's free demo (GCS_gameTrialLaunch, GCS_gameLaunchFB)", () => {
  const TRIAL = '/wps/relay/GCS_gameTrialLaunch';
  const FB = '/wps/relay/GCS_gameLaunchFB';
  const guest = (path: string, ip: string) => callApi(path, { ip });
  let n = 0;
  const ip = () => `198.51.100.${(n++ % 250) + 1}`;

  it('plays a demo without a login: play money on the session, its own seeds and history, nothing recent', async () => {
    const from = ip();
    const r = await guest(`${TRIAL}?nodeId=${g['Slot A']}&language=EN`, from);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const url = new URL(r.json.value.content.game_url);
    expect(r.json.value.gameUrl).toBe(url.href);
    const launch = url.searchParams.get('launch')!;
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    expect(state).toMatchObject({ demo: true, balance: '2000.00', wallet: null });
    const spun = await callApi(SPIN, { method: 'POST', body: { launch, bet: state.rules.bets[0], idempotencyKey: newKey() } });
    expect(spun.status, JSON.stringify(spun.json)).toBe(200);
    const [row] = await t.db
      .select()
      .from(gameSession)
      .where(eq(gameSession.tokenHash, (await t.db.select({ h: gameSession.tokenHash }).from(gameSession).orderBy(desc(gameSession.id)).limit(1))[0]!.h));
    expect(row).toMatchObject({ memberId: null, memberSessionId: null, demo: true });
    // A second guest gets a seed pair and a history of its own.
    const other = tokenOf((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, ip())).json.value.content.game_url);
    const otherState = (await callApi(`${STATE}?launch=${other}`)).json.value;
    expect(otherState.history).toEqual([]);
    expect(otherState.fairness.serverSeedHash).not.toBe(spun.json.value.fairness.serverSeedHash);
    expect((await callApi(`${ROUNDS}?launch=${launch}`)).json.value.list).toHaveLength(1);
    // The same key from another guest is another spin, never a replay of this one.
    const key = newKey();
    const a = await callApi(SPIN, { method: 'POST', body: { launch, bet: state.rules.bets[0], idempotencyKey: key } });
    const b = await callApi(SPIN, { method: 'POST', body: { launch: other, bet: state.rules.bets[0], idempotencyKey: key } });
    expect(b.json.value.round.roundId).not.toBe(a.json.value.round.roundId);
    // Its seed rotates like a member's: the revealed seed proves the rounds played.
    const rotated = await callApi(SEED, { method: 'POST', body: { launch } });
    expect(rotated.status, JSON.stringify(rotated.json)).toBe(200);
    expect(hashServerSeed(rotated.json.value.revealed.serverSeed)).toBe(spun.json.value.fairness.serverSeedHash);
  });

  it('never plays for real money without a login, nor a game without a demo', async () => {
    const fb = await guest(`${FB}?nodeId=${g['Slot A']}&accountType=1`, ip());
    expect([fb.status, fb.json.errorCode]).toEqual([401, 'login.not.session']);
    const fbDemo = await guest(`${FB}?nodeId=${g['Slot A']}&accountType=0`, ip());
    expect(fbDemo.status, JSON.stringify(fbDemo.json)).toBe(200);
    const noDemo = await guest(`${TRIAL}?nodeId=${g['Slot B']}&accountType=1`, ip());
    expect([noDemo.status, noDemo.json.errorCode]).toEqual([409, 'game.demo.unavailable']);
    // The session table refuses a guest's real-money session outright.
    await expect(
      t.db.insert(gameSession).values({ tokenHash: newKey(), memberId: null, nodeId: g['Slot A']!, provider: 'sandbox', demo: false, expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow();
  });

  it('with a login, a trial launch is the member demo and GCS_gameLaunchFB is launchGame', async () => {
    const u = await walletUser();
    const r = await u.call(`${TRIAL}?nodeId=${g['Slot A']}&accountType=1`);
    expect(r.status).toBe(200);
    const s = (await callApi(`${STATE}?launch=${tokenOf(r.json.value.content.game_url)}`)).json.value;
    expect(s.demo, 'a trial launch is always a demo').toBe(true);
    expect((await u.call(RECENT)).json.value.list.map((x: { nodeId: number }) => x.nodeId)).toEqual([g['Slot A']]);
    await fundGame(u.id, 1_000n);
    const real = await u.call(`${FB}?nodeId=${g['Slot A']}&accountType=1`);
    expect((await callApi(`${STATE}?launch=${tokenOf(real.json.value.content.game_url)}`)).json.value).toMatchObject({ demo: false, balance: '10.00' });
    // A trial account plays demos, never real money.
    const trial = await walletUser({ type: 4 });
    expect((await trial.call(`${TRIAL}?nodeId=${g['Slot A']}`)).status).toBe(200);
    expect((await trial.call(`${FB}?nodeId=${g['Slot A']}&accountType=1`)).json.errorCode).toBe('account.trial');
  });

  it('keeps a session alive while it is used, writing its expiry at most once a minute; an expired one is refused', async () => {
    const launch = tokenOf((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, ip())).json.value.content.game_url);
    const [{ id }] = (await t.db.select({ id: gameSession.id }).from(gameSession).where(isNull(gameSession.memberId)).orderBy(desc(gameSession.id)).limit(1)) as [{ id: number }];
    const expiry = async () => (await t.db.select({ at: gameSession.expiresAt }).from(gameSession).where(eq(gameSession.id, id)))[0]!.at.getTime();
    const bet = (await callApi(`${STATE}?launch=${launch}`)).json.value.rules.bets[0];
    const spin = () => callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: newKey() } });
    const set = (at: number) =>
      t.db
        .update(gameSession)
        .set({ expiresAt: new Date(at) })
        .where(eq(gameSession.id, id));
    // Slid less than a minute ago: a spin leaves it as it is.
    const recent = Date.now() + SESSION_IDLE_MS - 30_000;
    await set(recent);
    expect((await spin()).status).toBe(200);
    expect(await expiry()).toBe(recent);
    // Lagging by ten minutes: the spin slides it to the idle limit from now.
    await set(Date.now() + SESSION_IDLE_MS - 600_000);
    const before = Date.now();
    expect((await spin()).status).toBe(200);
    expect(await expiry()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS);
    // Ended: refused, and not brought back.
    await set(Date.now() - 1_000);
    expect((await spin()).json.errorCode).toBe('game.session.invalid');
    expect(await expiry()).toBeLessThan(Date.now());
  });

  it("sweeps a guest's demo a day after its session ended: session, seeds, rounds and replay records", async () => {
    const old = tokenOf((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, ip())).json.value.content.game_url);
    const fresh = tokenOf((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, ip())).json.value.content.game_url);
    for (const launch of [old, fresh]) {
      const bet = (await callApi(`${STATE}?launch=${launch}`)).json.value.rules.bets[0];
      expect((await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: newKey() } })).status).toBe(200);
    }
    const sessions = await t.db.select({ id: gameSession.id }).from(gameSession).where(isNull(gameSession.memberId)).orderBy(desc(gameSession.id)).limit(2);
    const [freshId, oldId] = sessions.map((x) => x.id) as [number, number];
    await t.db
      .update(gameSession)
      .set({ expiresAt: new Date(Date.now() - GUEST_DEMO_KEEP_MS - 60_000) })
      .where(eq(gameSession.id, oldId));
    expect(await sweepGuestDemos(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(gameSession).where(eq(gameSession.id, oldId))).toEqual([]);
    expect(await t.db.select().from(sandboxRound).where(eq(sandboxRound.sessionId, oldId))).toEqual([]);
    expect(await t.db.select().from(gameSeed).where(eq(gameSeed.guestSessionId, oldId))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(idempotencyRecord)
        .where(like(idempotencyRecord.key, `demo-play-guest-${oldId}:%`)),
    ).toEqual([]);
    // The live one plays on.
    expect((await callApi(`${ROUNDS}?launch=${fresh}`)).json.value.list).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(idempotencyRecord)
        .where(like(idempotencyRecord.key, `demo-play-guest-${freshId}:%`)),
    ).toHaveLength(1);
    expect((await callApi(`${STATE}?launch=${old}`)).status).toBe(401);
  });

  it('limits the demos one address opens without a login', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < LIMITS.guestDemosPerIp; i++) expect((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, from)).status).toBe(200);
    const over = await guest(`${TRIAL}?nodeId=${g['Slot A']}`, from);
    expect([over.status, over.json.errorCode]).toEqual([429, 'game.guest.rate.limited']);
    expect(over.json.message).toBeTruthy();
    expect((await guest(`${TRIAL}?nodeId=${g['Slot A']}`, '203.0.113.78')).status, 'another address').toBe(200);
  });
});

describe('recent games', () => {
  it('lists launched games newest first, a relaunch moves a game to the front, and needs a session', async () => {
    const u = await walletUser();
    await launched(u, g['Slot A']!);
    await launched(u, g['Slot B']!);
    expect((await u.call(RECENT)).json.value.list.map((x: { nodeId: number }) => x.nodeId)).toEqual([g['Slot B'], g['Slot A']]);
    await launched(u, g['Slot A']!, '0');
    const v = (await u.call(`${RECENT}?pageSize=1`)).json.value;
    expect(v).toMatchObject({ pageNum: 1, totalPages: 2 });
    expect(v.list[0]).toMatchObject({ nodeId: g['Slot A'], gameName: 'Slot A', vassalage: 'PV' });
    expect((await callApi(RECENT)).status).toBe(401);
    // Another member's launches are not mine.
    expect((await (await walletUser()).call(RECENT)).json.value.list).toEqual([]);
  });
});

describe('real play through the wallet', () => {
  it('a spin debits the bet and credits the win in one go, recorded as a settled round; replays answer the same round', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const launch = tokenOf(await launched(u, g['Slot A']!));
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    expect(state).toMatchObject({ demo: false, balance: '1000.00', game: { nodeId: g['Slot A'], gameName: 'Slot A', vendorName: 'Play Vendor' } });
    expect(state.rules.bets.length).toBeGreaterThan(3);
    expect(state.fairness.nonce).toBe(0);
    const bet = state.rules.bets[1] as string;
    const betMinor = parseMinor(bet)!;

    let expected = 100_000n;
    const rounds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const key = newKey();
      const r = await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: key } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const v = r.json.value;
      expected += -betMinor + parseMinor(v.round.win)!;
      expect(parseMinor(v.balance)).toBe(expected);
      expect(v.round.nonce).toBe(i);
      expect(v.fairness.nonce).toBe(i + 1);
      expect(v.round.serverSeed).toBeNull();
      rounds.push(v.round.roundId);
      // The same key again: the same round, no money moved.
      const again = await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: key } });
      expect(again.json.value.round.roundId).toBe(v.round.roundId);
      expect(parseMinor(again.json.value.balance)).toBe(expected);
    }
    expect(await gameBalance(u.id)).toBe(expected);
    const recorded = await t.db.select().from(gameRound).where(eq(gameRound.memberId, u.id));
    expect(recorded).toHaveLength(12);
    expect(recorded.every((r) => r.status === 'settled' && r.betAmount === betMinor)).toBe(true);
    expect(new Set(recorded.map((r) => r.roundId))).toEqual(new Set(rounds));
    // The same key with another stake is a conflict, not a second round.
    const key = newKey();
    await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: key } });
    const conflict = await callApi(SPIN, { method: 'POST', body: { launch, bet: state.rules.bets[0], idempotencyKey: key } });
    expect([conflict.status, conflict.json.errorCode]).toEqual([409, 'wallet.idempotency.conflict']);

    // The rounds feed the betting record.
    const betting = await u.call('/wps/wallet/records/bets');
    expect(betting.status, JSON.stringify(betting.json)).toBe(200);
    expect(JSON.stringify(betting.json.value)).toContain('Slot A');
    const audit = await auditLedger(t.db);
    expect(audit.total).toBe(0n);
    expect(audit.drifted).toEqual([]);
  });

  it('refuses a stake the game does not offer, a short balance and a bad token, moving nothing', async () => {
    const u = await walletUser();
    await fundGame(u.id, 50n);
    const launch = tokenOf(await launched(u, g['Slot A']!));
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    const odd = await callApi(SPIN, { method: 'POST', body: { launch, bet: '0.03', idempotencyKey: newKey() } });
    expect([odd.status, odd.json.errorCode]).toEqual([400, 'game.bet.invalid']);
    const big = state.rules.bets.at(-1);
    const short = await callApi(SPIN, { method: 'POST', body: { launch, bet: big, idempotencyKey: newKey() } });
    expect([short.status, short.json.errorCode]).toEqual([400, 'wallet.balance.insufficient']);
    expect(await gameBalance(u.id)).toBe(50n);
    // The refused round left nothing: no round, no engine record, and the nonce was not used.
    expect(await t.db.select().from(sandboxRound).where(eq(sandboxRound.memberId, u.id))).toEqual([]);
    expect((await callApi(`${STATE}?launch=${launch}`)).json.value.fairness.nonce).toBe(0);
    const bad = await callApi(SPIN, { method: 'POST', body: { launch: 'A'.repeat(43), bet: state.rules.bets[0], idempotencyKey: newKey() } });
    expect([bad.status, bad.json.errorCode]).toEqual([401, 'game.session.invalid']);
    const malformed = await callApi(`${STATE}?launch=short`);
    expect([malformed.status, malformed.json.errorCode]).toEqual([400, 'request.invalid']);
  });

  it('an expired session is refused', async () => {
    const u = await walletUser();
    const launch = tokenOf(await launched(u, g['Slot A']!));
    await t.db
      .update(gameSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSession.memberId, u.id));
    expect((await callApi(`${STATE}?launch=${launch}`)).json.errorCode).toBe('game.session.invalid');
  });

  it('concurrent spins of one player each take their own nonce and conserve money', async () => {
    const u = await walletUser();
    await fundGame(u.id, 1_000_000n);
    const launch = tokenOf(await launched(u, g['Slot A']!));
    const bet = (await callApi(`${STATE}?launch=${launch}`)).json.value.rules.bets[0];
    const answers = await Promise.all(Array.from({ length: 20 }, () => callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: newKey() } })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => a.json.value.round.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const net = answers.reduce((s, a) => s - parseMinor(bet)! + parseMinor(a.json.value.round.win)!, 0n);
    expect(await gameBalance(u.id)).toBe(1_000_000n + net);
    expect((await auditLedger(t.db)).total).toBe(0n);
  });

  it('a big win goes on the winner board under a masked name, not labelled demo', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000_000n);
    const launch = tokenOf(await launched(u, g['Slot A']!));
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    const bet = state.rules.bets[0];
    // Find, with the engine, the first nonce of the committed seed pair that wins 10x or more, and
    // start the pair there (the seed itself is the server's: read it as an auditor would).
    const [seed] = await t.db
      .select()
      .from(gameSeed)
      .where(and(eq(gameSeed.memberId, u.id), eq(gameSeed.demo, false)));
    const config = gameConfig(1234);
    let nonce = 0;
    while (engineSpin(config, { serverSeed: seed!.serverSeed, clientSeed: seed!.clientSeed, nonce }, parseMinor(bet)!).totalWin < parseMinor(bet)! * 10n) nonce++;
    await t.db.update(gameSeed).set({ nonce }).where(eq(gameSeed.id, seed!.id));
    const round = (await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: newKey() } })).json.value.round;
    expect(parseMinor(round.win)! >= parseMinor(bet)! * 10n).toBe(true);
    const rows = await t.db
      .select()
      .from(winner)
      .where(and(eq(winner.nodeId, g['Slot A']!), eq(winner.winAmount, parseMinor(round.win)!)));
    expect(rows.map((r) => [r.customerName, r.isDemo])).toContainEqual([maskName(u.username), false]);
    expect(maskName(u.username)).not.toBe(u.username);
    const board = (await callApi('/wps/relay/GCSGAME_getRankList')).json.value.list;
    expect(board.some((x: { vo: { nodeId: number; demo: boolean; winAmount: string } }) => x.vo.nodeId === g['Slot A'] && !x.vo.demo && x.vo.winAmount === round.win)).toBe(true);
  });
});

describe('demo play', () => {
  it('plays with play money and never touches the ledger or the betting record', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const transfersBefore = (await t.db.select().from(ledgerTransfer)).length;
    const launch = tokenOf(await launched(u, g['Slot A']!, '0'));
    const state = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    expect(state).toMatchObject({ demo: true, balance: '2000.00' });
    let balance = 200_000n;
    for (let i = 0; i < 5; i++) {
      const v = (await callApi(SPIN, { method: 'POST', body: { launch, bet: state.rules.bets[2], idempotencyKey: newKey() } })).json.value;
      balance += parseMinor(v.round.win)! - parseMinor(state.rules.bets[2])!;
      expect(parseMinor(v.balance)).toBe(balance);
      expect(v.round.demo).toBe(true);
    }
    expect(await gameBalance(u.id)).toBe(10_000n);
    expect((await t.db.select().from(ledgerTransfer)).length).toBe(transfersBefore);
    expect(await t.db.select().from(gameRound).where(eq(gameRound.memberId, u.id))).toEqual([]);
    // Demo rounds count on their own seed pair: real play starts at nonce 0.
    const real = tokenOf(await launched(u, g['Slot A']!));
    expect((await callApi(`${STATE}?launch=${real}`)).json.value.fairness.nonce).toBe(0);
    expect((await callApi(`${ROUNDS}?launch=${real}`)).json.value.list).toEqual([]);
    expect((await callApi(`${ROUNDS}?launch=${launch}`)).json.value.list).toHaveLength(5);
    // Play money runs out like money does.
    await t.db
      .update(gameSession)
      .set({ demoBalance: 0n })
      .where(and(eq(gameSession.memberId, u.id), eq(gameSession.demo, true)));
    const short = await callApi(SPIN, { method: 'POST', body: { launch, bet: state.rules.bets[0], idempotencyKey: newKey() } });
    expect(short.json.errorCode).toBe('wallet.balance.insufficient');
  });
});

describe('provably fair', () => {
  it('shows the hash before play, reveals the seed on rotation, and every round recomputes', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const launch = tokenOf(await launched(u, g['Slot A']!));
    const before = (await callApi(`${STATE}?launch=${launch}`)).json.value;
    const bet = before.rules.bets[0];
    const played = [];
    for (let i = 0; i < 3; i++) played.push((await callApi(SPIN, { method: 'POST', body: { launch, bet, idempotencyKey: newKey() } })).json.value.round);
    expect(played.every((r) => r.serverSeedHash === before.fairness.serverSeedHash && r.clientSeed === before.fairness.clientSeed)).toBe(true);

    const rot = await callApi(SEED, { method: 'POST', body: { launch, clientSeed: 'my lucky seed' } });
    expect(rot.status, JSON.stringify(rot.json)).toBe(200);
    const { revealed, fairness } = rot.json.value;
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.fairness.serverSeedHash);
    expect(revealed).toMatchObject({ clientSeed: before.fairness.clientSeed, lastNonce: 2 });
    expect(fairness).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    expect(fairness.serverSeedHash).not.toBe(before.fairness.serverSeedHash);

    // History now carries the revealed seed, and the engine (and the public verify call) recompute each round.
    const history = (await callApi(`${ROUNDS}?launch=${launch}`)).json.value.list;
    expect(history.map((r: { roundId: string }) => r.roundId)).toEqual(played.map((r) => r.roundId).reverse());
    const config = gameConfig(1234);
    for (const r of history) {
      expect(r.serverSeed).toBe(revealed.serverSeed);
      const again = engineSpin(config, { serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce }, parseMinor(bet)!);
      expect(again.stops).toEqual(r.stops);
      const v = await callApi(
        `${VERIFY}?nodeId=${g['Slot A']}&serverSeed=${r.serverSeed}&serverSeedHash=${r.serverSeedHash}&clientSeed=${encodeURIComponent(r.clientSeed)}&nonce=${r.nonce}&bet=${bet}`,
      );
      expect(v.status, JSON.stringify(v.json)).toBe(200);
      expect(v.json.value).toMatchObject({ hashMatches: true, stops: r.stops, grid: r.grid, win: r.win });
    }
    // A seed that is not the committed one is caught.
    const other = '0'.repeat(64);
    const wrong = await callApi(`${VERIFY}?nodeId=${g['Slot A']}&serverSeed=${other}&serverSeedHash=${before.fairness.serverSeedHash}&clientSeed=x&nonce=0`);
    expect(wrong.json.value.hashMatches).toBe(false);
    // The player seed refuses the separator.
    const bad = await callApi(SEED, { method: 'POST', body: { launch, clientSeed: 'a:b' } });
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'request.invalid']);
    expect((await callApi(`${VERIFY}?nodeId=999999&serverSeed=${other}&clientSeed=x&nonce=0`)).json.errorCode).toBe('game.not.found');
  });
});

describe('a game session lives only while the login that launched it does', () => {
  const stateOf = (token: string) => callApi(STATE, { query: { launch: token } });

  it('ends when the player logs out: the launch token neither reads the state nor spins', async () => {
    const u = await walletUser();
    const token = tokenOf(await launched(u, g['Slot A']!));
    expect((await stateOf(token)).status).toBe(200);
    expect((await u.call('/wps/session/logout', { method: 'DELETE' })).status).toBe(200);
    const after = await stateOf(token);
    expect(after.status).toBe(401);
    expect(after.json.errorCode).toBe('game.session.invalid');
    const spun = await callApi(SPIN, { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } });
    expect(spun.json.errorCode).toBe('game.session.invalid');
  });

  it('ends when another device changes the password (which ends the other logins), and when an operator freezes the member', async () => {
    const u = await walletUser();
    const token = tokenOf(await launched(u, g['Slot A']!));
    await t.db.update(memberSession).set({ revokedAt: new Date() }).where(eq(memberSession.memberId, u.id));
    expect((await stateOf(token)).json.errorCode).toBe('game.session.invalid');

    const v = await walletUser();
    const other = tokenOf(await launched(v, g['Slot A']!));
    await t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, v.id));
    expect((await stateOf(other)).json.errorCode).toBe('game.session.invalid');
  });

  it("refuses a tab logged in as another member, for reads and spins, and moves nothing; the launcher's own tab and a dead login play on", async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_00n);
    const token = tokenOf(await launched(u, g['Slot A']!));
    const v = await walletUser();
    const asOther = await v.call(STATE, { query: { launch: token } });
    expect(asOther.status).toBe(403);
    expect(asOther.json.errorCode).toBe('game.session.otherMember');
    expect(asOther.json.message).toMatch(/another account/);
    const es = await v.call(STATE, { query: { launch: token }, headers: { language: 'es' } });
    expect(es.json.message).toMatch(/otra cuenta|cuenta distinta/);
    const spun = await v.call(SPIN, { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } });
    expect(spun.json.errorCode).toBe('game.session.otherMember');
    expect(await gameBalance(u.id)).toBe(10_00n);
    expect((await u.call(STATE, { query: { launch: token } })).status).toBe(200);
    // A tab whose own login has ended is no one: the launch token still acts for its member.
    expect((await v.call('/wps/session/logout', { method: 'DELETE' })).status).toBe(200);
    expect((await v.call(STATE, { query: { launch: token } })).status).toBe(200);
  });

  it('a spin soon after another takes the session as read then, and its own statement refuses it once the login ended, the member was frozen, the session expired or free spins arrived, writing nothing', async () => {
    const ends: [string, (u: { id: number }) => Promise<unknown>][] = [
      ['logout', (u) => t.db.update(memberSession).set({ revokedAt: new Date() }).where(eq(memberSession.memberId, u.id))],
      ['frozen', (u) => t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, u.id))],
      [
        'expired',
        (u) =>
          t.db
            .update(gameSession)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(gameSession.memberId, u.id)),
      ],
      [
        'free spins',
        (u) =>
          t.db.transaction((tx) =>
            grantFreeSpins(tx, {
              memberId: u.id,
              nodeId: g['Slot A']!,
              reference: `test-${newKey()}`,
              source: 'test',
              titles: { en: 'Test spins' },
              spins: 3,
              bet: 100n,
              wageringMultiple: 1,
              wageringDays: 7,
              expiresAt: new Date(Date.now() + 86_400_000),
            }),
          ),
      ],
    ];
    for (const [what, end] of ends) {
      const u = await walletUser();
      await fundGame(u.id, 10_00n);
      const token = tokenOf(await launched(u, g['Slot A']!));
      const spinOnce = () => callApi(SPIN, { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } });
      expect((await spinOnce()).status, what).toBe(200);
      // Read by that spin a moment ago: the next one is answered without reading it.
      const unread = await resolveSessionForSpin(t.db, token);
      expect(unread.unchecked, what).toBe(true);
      await end(u);
      const rounds = async () => (await t.db.select({ id: gameRound.roundId }).from(gameRound).where(eq(gameRound.memberId, u.id))).length;
      const before = { rounds: await rounds(), balance: await gameBalance(u.id) };
      // The statement itself finds the session changed and writes nothing...
      await expect(playSpin(t.db, unread, 100n, newKey()), what).rejects.toBeInstanceOf(SessionRecheck);
      expect(await rounds(), what).toBe(before.rounds);
      expect(await gameBalance(u.id), what).toBe(before.balance);
      // ...and through the API the spin reads the session again: refused, or a free spin.
      const next = await spinOnce();
      if (what === 'free spins') {
        expect(next.status, what).toBe(200);
        expect(next.json.value.freeSpins?.left, what).toBe(2);
        expect(await gameBalance(u.id), what).toBeGreaterThanOrEqual(before.balance);
      } else {
        expect(next.json.errorCode, what).toBe('game.session.invalid');
        expect(await rounds(), what).toBe(before.rounds);
        expect(await gameBalance(u.id), what).toBe(before.balance);
      }
    }
  });

  it('ends when the login expires, and playing keeps the login alive', async () => {
    const u = await walletUser();
    const token = tokenOf(await launched(u, g['Slot A']!));
    // Ten minutes without a call with the member token, the login would end in twenty.
    const soon = new Date(Date.now() + 20 * 60_000);
    await t.db
      .update(memberSession)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000), expiresAt: soon })
      .where(eq(memberSession.memberId, u.id));
    expect((await stateOf(token)).status).toBe(200);
    const [slid] = await t.db.select().from(memberSession).where(eq(memberSession.memberId, u.id));
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 5 * 60_000);
    await t.db
      .update(memberSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberSession.memberId, u.id));
    expect((await stateOf(token)).json.errorCode).toBe('game.session.invalid');
  });
});

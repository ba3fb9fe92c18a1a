/**
 * The lottery's menus and launches (issue 16; spec 3, 4, 7): the catalogue's lottery games are the
 * engine's (same codes and vendors, nothing invented); `/lgw/vn/games/game_menu` groups them with
 * the draw taking bets, by prize mode; the recent menu lists the games a member bought tickets for;
 * the lottery form of launchGame opens the vendor's page with the game code, in the caller's
 * language, for real accounts only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { clock } from '../../../../kernel/clock.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { buildCatalogue } from '../../../games/server/seed.ts';
import { game, vendor } from '../../../games/server/tables.ts';
import { HOUSE, gameAccount, mainAccount } from '../../../wallet/server/accounts.ts';
import { postTransfer } from '../../../wallet/server/ledger.ts';
import { LOTTERY_GAMES, lotteryGame, upcomingDraws } from '../../server/engine/schedule.ts';
import { runDraws } from '../../server/draws.ts';

let t: TestDb;
const realNow = clock.now;
const LOTTERY_VENDORS = ['TCG_LOTTO_VN', 'LOTT', 'ELOTT', 'TCG_SEA'];
const catalogue = buildCatalogue();
const lotteryRows = catalogue.games.filter((g) => LOTTERY_VENDORS.includes(g.vassalage));

beforeAll(async () => {
  t = await openTestDb();
  await t.db
    .insert(vendor)
    .values(catalogue.vendors.filter((v) => LOTTERY_VENDORS.includes(v.code)))
    .onConflictDoNothing();
  await t.db.insert(game).values(lotteryRows);
});
afterEach(() => {
  clock.now = realNow;
});
afterAll(() => t.dispose());

describe('the lottery catalogue', () => {
  it("holds exactly the engine's games, by code and vendor, played for real money only", () => {
    const fromCatalogue = lotteryRows.map((g) => [g.gameCode, g.vassalage, g.gameName]).sort();
    const fromEngine = LOTTERY_GAMES.map((g) => [g.code, g.vendor, g.name]).sort();
    expect(fromCatalogue).toEqual(fromEngine);
    expect(lotteryRows.every((g) => g.supportPlay === 1 && g.isGame === 'GAME')).toBe(true);
  });
});

describe('lottery menus', () => {
  const now = Date.parse('2034-02-01T02:00:05Z');

  it('group the games with the draw taking bets, by prize mode (bare JSON)', async () => {
    clock.now = () => now;
    await runDraws(t.db, now);
    const all = (await callApi('/lgw/vn/games/game_menu?prizeMode=&device=WEB')).json;
    expect(all.success).toBeUndefined();
    expect(Object.keys(all)).toEqual(['VN', 'SSC', '11X5', 'PK10', 'LHC', 'SEA']);
    expect(all.VN.gameMenus.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VN_NORTH', 'VN_SOUTH']);
    const ssc1 = all.SSC.gameMenus[0];
    const slot = upcomingDraws(lotteryGame('SSC1')!, now)[0]!;
    expect(ssc1).toEqual({
      gameCode: 'SSC1',
      gameName: 'SSC 1 Min',
      accountTypeName: 'TCG_LOTTO_VN',
      vendor: 'ELOTT',
      family: 'ssc',
      everyMinutes: 1,
      drawTime: null,
      weekdays: null,
      timeZone: 'Asia/Ho_Chi_Minh',
      nextDraw: { drawNo: slot.drawNo, closesAt: slot.closesAt, drawAt: slot.drawAt },
    });
    expect(all.VN.gameMenus[0]).toMatchObject({ drawTime: '18:15', weekdays: [0, 1, 2, 3, 4, 5, 6], everyMinutes: null });
    // Spec 4's prize modes: the lottery category (VN, Mark Six), the e-lottery one (fast games, 4D), SEA alone.
    const keys = async (mode: string) => Object.keys((await callApi(`/lgw/vn/games/game_menu?prizeMode=${mode}&device=WEB`)).json);
    expect(await keys('LOTT')).toEqual(['VN', 'LHC']);
    expect(await keys('ZY')).toEqual(['VN', 'LHC']);
    expect(await keys('ELOTT')).toEqual(['SSC', '11X5', 'PK10', 'SEA']);
    expect(await keys('SEA')).toEqual(['SEA']);
  });

  it("list a member's recent lottery games, latest first, and need a real session", async () => {
    clock.now = () => now;
    const u = await walletUser();
    const wallet = (v: string) => (brand().wallet.singleWallet ? mainAccount(u.id) : gameAccount(u.id, v));
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, legs: ['ELOTT', 'LOTT'].map((v) => ({ from: HOUSE.bonus, to: wallet(v), amount: 10_00n })) }));
    expect((await u.call('/lgw/vn/games/game_menu/recent')).json).toEqual({ gameMenus: [] });
    for (const [gameCode, ticket] of [
      ['PK10', { betType: 'pk10.position', numbers: [1], position: 1, stake: '1.00' }],
      ['LHC', { betType: 'lhc.special', numbers: [7], stake: '1.00' }],
    ] as const) {
      const drawNo = upcomingDraws(lotteryGame(gameCode)!, now)[0]!.drawNo;
      const r = await u.call('/lgw/lottery/bet', { method: 'POST', body: { gameCode, drawNo, idempotencyKey: newKey(), tickets: [ticket] } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      clock.now = () => now + 1000;
    }
    const recent = (await u.call('/lgw/vn/games/game_menu/recent?prizeMode=LOTT&device=WEB')).json;
    expect(recent.gameMenus.map((g: { gameCode: string }) => g.gameCode)).toEqual(['LHC', 'PK10']);
    expect((await callApi('/lgw/vn/games/game_menu/recent')).status).toBe(401);
  });
});

describe('the lottery form of launchGame', () => {
  it("opens the vendor's page with the game code in the caller's language; a lobby view or no code opens the area's page", async () => {
    const u = await walletUser();
    const launch = async (q: string, lang = 'EN') => {
      const r = await u.call(`/wps/game/launchGame?${q}`, { headers: { language: lang } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const url = new URL(r.json.value.content.game_url);
      expect(r.json.value.gameUrl).toBe(url.toString());
      return url.pathname + url.search;
    };
    const form = 'device=WEB&lottoArea=VN&launchMode=LOTT&lottoPrizeMode=LOTT&lottoView=betting&language=en';
    expect(await launch(`${form}&lottoGameCode=VN_NORTH`)).toBe('/vnLottery?gameCode=VN_NORTH');
    expect(await launch(`${form}&lottoGameCode=SEA_4D`, 'ES')).toBe('/es/seaLottery?gameCode=SEA_4D');
    expect(await launch(`${form}&lottoGameCode=SSC5`)).toBe('/lottery?gameCode=SSC5');
    expect(await launch(`${form}&lottoGameCode=LHC`)).toBe('/lottery?gameCode=LHC');
    expect(await launch('lottoGameCode=PK10&lottoMode=Traditional')).toBe('/lottery?gameCode=PK10');
    expect(await launch('device=WEB&lottoArea=VN&launchMode=LOTT&lottoView=lobby&lottoGameCode=VN_SOUTH')).toBe('/vnLottery');
    expect(await launch('device=WEB&lottoArea=VN&launchMode=LOTT&lottoView=lobby')).toBe('/vnLottery');

    const unknown = await u.call(`/wps/game/launchGame?${form}&lottoGameCode=NOPE`);
    expect([unknown.status, unknown.json.errorCode]).toEqual([404, 'game.not.found']);
    const trial = await walletUser({ type: 4 });
    const refused = await trial.call(`/wps/game/launchGame?${form}&lottoGameCode=VN_NORTH`);
    expect([refused.status, refused.json.errorCode]).toEqual([403, 'account.trial']);
    expect((await callApi(`/wps/relay/GCS_gameLaunchFB?${form}&lottoGameCode=VN_NORTH`)).json.errorCode).toBe('login.not.session');
    expect((await callApi(`/wps/relay/GCS_gameTrialLaunch?${form}&lottoGameCode=VN_NORTH`)).json.errorCode).toBe('game.demo.unavailable');
  });
});

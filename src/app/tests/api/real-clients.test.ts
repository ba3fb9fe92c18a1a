/**
 * Real clients of the existing API (wire notes, "What real clients send and read"): each request
 * replayed as those clients send it, headers included (lower-case names, the language as stored,
 * the extra headers they add, cache busters, empty filters), and every field they read asserted
 * with its type. On both databases (the pglite and postgres projects). Calls of features not
 * built yet are listed in docs/protocol.md ('Not served yet').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { callApi, type CallOptions } from '../../../../tests/support/api.ts';
import { fund, mainBalance, newKey, walletUser } from '../../../../tests/support/wallet.ts';
import { seedCatalogue, seedDemoWinners } from '../../../features/games/server/seed.ts';
import { seedContent } from '../../../features/content/server/seed.ts';
import { GAME_TYPES } from '../../../features/games/contract.ts';
import { callEnc, freshIp, lastSms, makeUser } from '../../../../tests/support/accounts.ts';
import { setBrandOverrides } from '../../../kernel/brand/index.ts';
import { LIMITS } from '../../../kernel/rate-limit.ts';

let t: TestDb;

/** What the clients send besides the envelope's own headers (wire notes: Requests). */
const CLIENT_HEADERS = {
  merchant: 'DEMO',
  language: 'en',
  device: 'web',
  'x-real-ua': Buffer.from('Mozilla/5.0 (Linux; Android 14) Mobile').toString('base64'),
  moduleid: 'GAMELO3',
  'x-gateway-version': '2',
  'x-timestamp': String(Date.now()),
};
const asClient = (path: string, o: CallOptions = {}) => callApi(path, { ...o, headers: { ...CLIENT_HEADERS, ...o.headers } });
const buster = () => String(Date.now());

const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

beforeAll(async () => {
  t = await openTestDb();
  await seedCatalogue(t.db, { size: 400 });
  await seedDemoWinners(t.db, 60);
  await seedContent(t.db);
});
afterAll(async () => {
  await t.dispose();
});

describe('catalogue calls as real clients send them', () => {
  it('gameList: every filter in the query, empty ones meaning any, 3000 meaning all there is', async () => {
    const r = await asClient('/wps/relay/GCSGAME_gameList', {
      query: { clientType: '3', platform: 'html5', gameType: '', vassalage: '', gameClassify: '', gameName: '', pageNo: 1, pageSize: 3000, language: 'en', isNew: '0', t: buster() },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const v = r.json.value;
    for (const k of ['pageNum', 'totalPages', 'totalCount']) expect(isNumber(v[k]), k).toBe(true);
    expect(v.totalCount).toBeGreaterThan(100);
    // Clamped to the largest page rather than refused; totalPages tells the truth about the rest.
    expect(v.games).toHaveLength(100);
    expect(v.totalPages).toBe(Math.ceil(v.totalCount / 100));
    for (const g of v.games.slice(0, 20)) {
      expect(isNumber(g.nodeId)).toBe(true);
      expect(isString(g.gameName) && isString(g.nodeName)).toBe(true);
      expect(isString(g.showIcon) && isString(g.defaultIcon) && isString(g.iconUrl)).toBe(true);
      expect(g.showIcon).toBe(g.iconUrl);
      expect(isString(g.vassalage) && isString(g.displayName)).toBe(true);
      expect(GAME_TYPES).toContain(g.gameType);
      expect(g.roomId === null || isString(g.roomId)).toBe(true);
    }
  });

  it('hot games: the mobile clients JSON body with isPlatform as a number, items keyed by gameId', async () => {
    const r = await asClient('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', body: { isPlatform: 2, language: 'en', platform: 'html5' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(Array.isArray(r.json.value.list)).toBe(true);
    for (const g of r.json.value.list) expect(g.gameId).toBe(g.nodeId);
    // The desktop client sends the same in the query.
    const q = await asClient('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', query: { isPlatform: '2', platform: 'html5', language: 'EN' }, body: {} });
    expect(q.status, JSON.stringify(q.json)).toBe(200);
  });

  it('vendor lanes: the title is the game-type code the clients compare, cards carry what they show', async () => {
    const r = await asClient('/wps/relay/GCSGAME_newGameVendor', { query: { platform: 'html5', language: 'en', _: buster() } });
    expect(r.status).toBe(200);
    const lanes = r.json.value.data.lanes;
    expect(lanes.length).toBeGreaterThan(3);
    for (const lane of lanes) {
      expect(GAME_TYPES).toContain(lane.title);
      expect(isString(lane.label)).toBe(true);
      for (const c of lane.cards) expect(isString(c.vassalage) && isString(c.smallIcon) && isString(c.displayName)).toBe(true);
    }
  });

  it('winner board: by GCSGAME_getRankList and ODSFE2_getWinnerBoard, the same items', async () => {
    const rank = await asClient('/wps/relay/GCSGAME_getRankList', { query: { gameCategory: 'ALL', language: 'en', limitNum: 50 } });
    const board = await asClient('/wps/relay/ODSFE2_getWinnerBoard', { query: { gameCategory: 'ALL', language: 'en', limitNum: 50 } });
    expect(rank.status).toBe(200);
    expect(board.json.value).toEqual(rank.json.value);
    expect(rank.json.value.list.length).toBeGreaterThan(10);
    for (const { vo } of rank.json.value.list) {
      expect(isString(vo.gameName) && isString(vo.customerName) && isString(vo.winAmount) && isString(vo.iconUrl)).toBe(true);
      expect(isNumber(vo.nodeId)).toBe(true);
      expect(GAME_TYPES).toContain(vo.gameType);
      expect(vo.vendor).toBe(vo.vassalage);
    }
  });

  it('announcements: CCSFE_getListAnnouncements answers value.list, .promotion and .announcements, with images', async () => {
    const r = await asClient('/wps/relay/CCSFE_getListAnnouncements', { query: { types: 'PR', platform: 'M' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const v = r.json.value;
    expect(v.promotion).toEqual(v.list);
    expect(v.announcements).toEqual(v.list);
    const all = await asClient('/wps/relay/CCSFE_getListAnnouncements');
    expect(all.json.value.list.length).toBeGreaterThan(0);
    for (const a of all.json.value.list) expect(Array.isArray(a.announcementImages)).toBe(true);
  });

  it('the country dialing codes at /wps/system/country', async () => {
    const r = await asClient('/wps/system/country');
    expect(r.status).toBe(200);
    expect(r.json.value.list.length).toBeGreaterThan(5);
    for (const c of r.json.value.list) expect(isString(c.iso) && isString(c.dialingCode) && isString(c.name)).toBe(true);
  });
});

describe('a member as real clients speak for it', () => {
  it('member info: account, nickname, masked mobile, regDate and type as numbers, clubLabel', async () => {
    const u = await walletUser({ mobile: '5512345678', countryDialingCode: '52' });
    const r = await asClient('/wps/member/info', { headers: { authorization: u.token, moduleid: 'COMM3' } });
    expect(r.status).toBe(200);
    const v = r.json.value;
    expect(v.account).toBe(u.username);
    expect(isString(v.nickname)).toBe(true);
    expect(v.mobile).toMatch(/\*/);
    expect(isNumber(v.regDate) && isNumber(v.type)).toBe(true);
    // The demo brand runs a VIP programme: a new member's level label, where the clients look for it.
    expect(v.clubLabel).toEqual({ labelName: 'VIP 0' });
  });

  it('favourites and recent games with the empty gameType that means all', async () => {
    const u = await walletUser();
    const fav = await asClient('/wps/relay/MCSFE_getFavoriteGamesList', { headers: { authorization: u.token }, query: { pageNo: 1, pageSize: 20, gameType: '', vendor: '', language: 'en' } });
    expect(fav.status, JSON.stringify(fav.json)).toBe(200);
    expect(isNumber(fav.json.value.pageNum) && isNumber(fav.json.value.totalPages)).toBe(true);
    const recent = await asClient('/wps/relay/GCS_recentGame', { headers: { authorization: u.token }, query: { page: 1, pageSize: 20, gameType: '', language: 'en', clientType: '3', vassalage: '' } });
    expect(recent.status, JSON.stringify(recent.json)).toBe(200);
    expect(Array.isArray(recent.json.value.list)).toBe(true);
  });

  it('launchGame: the desktop client query with its extras; an absolute address at content.game_url and gameUrl', async () => {
    const u = await walletUser();
    const list = await asClient('/wps/relay/GCSGAME_gameList', { query: { gameType: 'RNG', pageSize: 5 } });
    const g = list.json.value.games.find((x: { isGame: string }) => x.isGame === 'GAME');
    const r = await asClient('/wps/game/launchGame', {
      headers: { authorization: u.token },
      query: {
        gameType: g.gameType,
        vassalage: g.vassalage,
        gameId: g.nodeId,
        nodeId: g.nodeId,
        platform: 'html5',
        launchMode: 'GLS',
        accountType: '1',
        language: 'en',
        confirmTrans: '1',
        clientType: '3',
        webView: '0',
        isCoin: '0',
        username: u.username,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const url = r.json.value.content.game_url as string;
    expect(url).toMatch(/^https?:\/\//);
    expect(() => new URL(url)).not.toThrow();
    expect(r.json.value.gameUrl).toBe(url);
  });

  it('launchGame by roomId and backUrl alone, as one client sends it: the room names its game', async () => {
    const u = await walletUser();
    const list = await asClient('/wps/relay/GCSGAME_gameList', { query: { gameType: 'PVP', pageSize: 20 } });
    const g = list.json.value.games.find((x: { isGame: string; vassalage: string }) => x.isGame === 'GAME' && !['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT'].includes(x.vassalage));
    const rooms = await asClient('/wps/relay/GLS2_roomList', { headers: { authorization: u.token }, query: { nodeId: g.nodeId } });
    // The game item names its first room, the one the list starts with.
    expect(g.roomId).toBe(rooms.json.value.list[0].roomId);
    const roomId = rooms.json.value.list[1].roomId as string;
    const backUrl = 'http://127.0.0.1/pvp';
    const r = await asClient('/wps/game/launchGame', { headers: { authorization: u.token }, query: { roomId, backUrl } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(() => new URL(r.json.value.content.game_url)).not.toThrow();
    expect(r.json.value.gameUrl).toBe(r.json.value.content.game_url);
    const recent = await asClient('/wps/relay/GCS_recentGame', { headers: { authorization: u.token }, query: { pageSize: 1 } });
    expect(recent.json.value.list[0].nodeId, 'the room launched its own game').toBe(g.nodeId);
  });

  it('GCS_gameTrialLaunch and GCS_gameLaunchFB without a token: a free demo at an absolute address', async () => {
    const list = await asClient('/wps/relay/GCSGAME_gameList', { query: { gameType: 'RNG', pageSize: 50 } });
    const g = list.json.value.games.find((x: { isGame: string; supportPlay: number }) => x.isGame === 'GAME' && x.supportPlay === 0);
    const query = { gameType: g.gameType, vassalage: g.vassalage, gameId: g.nodeId, nodeId: g.nodeId, platform: 'html5', launchMode: 'GLS', language: 'en', t: buster() };
    for (const path of ['/wps/relay/GCS_gameTrialLaunch', '/wps/relay/GCS_gameLaunchFB']) {
      const r = await asClient(path, { query: { ...query, accountType: '0' } });
      expect(r.status, `${path} ${JSON.stringify(r.json)}`).toBe(200);
      const url = r.json.value.content.game_url as string;
      expect(url).toMatch(/^https?:\/\//);
      expect(r.json.value.gameUrl).toBe(url);
    }
    const real = await asClient('/wps/relay/GCS_gameLaunchFB', { query: { ...query, accountType: '1' } });
    expect([real.status, real.json.errorCode]).toEqual([401, 'login.not.session']);
  });

  it('the server language update of spec 4: POST /wps/member/language, kept and shown in member info', async () => {
    const u = await walletUser();
    const before = await asClient('/wps/member/info', { headers: { authorization: u.token } });
    expect(before.json.value.language).toBeNull();
    const set = await asClient('/wps/member/language', { method: 'POST', headers: { authorization: u.token }, body: { language: 'ES-mx' } });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.value).toEqual({ language: 'es' });
    expect((await asClient('/wps/member/info', { headers: { authorization: u.token } })).json.value.language).toBe('es');
    const refused = await asClient('/wps/member/language', { method: 'POST', headers: { authorization: u.token, language: 'ES' }, body: { language: 'fr' } });
    expect(refused.status).toBe(400);
    expect(refused.json.errorCode).toBe('language.unsupported');
    expect(refused.json.message).toMatch(/idioma/);
    expect((await asClient('/wps/member/language', { method: 'POST', body: { language: 'en' } })).status, 'no session').toBe(401);
  });

  it('logout by POST, as one mobile client sends it, ends the session like DELETE', async () => {
    const u = await walletUser();
    const out = await asClient('/wps/session/logout', { method: 'POST', headers: { authorization: u.token } });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect(out.json.success).toBe(true);
    const after = await asClient('/wps/member/info', { headers: { authorization: u.token } });
    expect(after.status).toBe(401);
    expect(after.json.errorCode).toBe('user.or.token.invalid');
  });
});

describe('the wallet as real clients read and move it', () => {
  afterAll(async () => {
    await setBrandOverrides(t.db, {});
  });

  it('balance (typeId=0): sumBalance and availBalance are numbers, the main wallet is accountTypeId 2', async () => {
    const u = await walletUser();
    await fund(u.id, 25n);
    const r = await asClient('/wps/v2/wallets/balance', { headers: { authorization: u.token, moduleid: 'COMM3' }, query: { typeId: '0', t: buster() } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const v = r.json.value;
    expect(v.sumBalance).toBe(0.25);
    const main = v.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 2);
    expect(main.availBalance).toBe(0.25);
    for (const b of v.balance) expect(isNumber(b.accountTypeId) && isNumber(b.availBalance), JSON.stringify(b)).toBe(true);
    expect(isString(v.currency) && isString(v.currencySymbol)).toBe(true);
  });

  it('transfer (FUNDTRANS3) without an idempotency key: strict refuses it; compatible moves the money once per call', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const vendors = (await asClient('/wps/relay/GCS_merchantWallet', { headers: { authorization: u.token } })).json.value.vendors;
    const game = vendors[0].accountTypeId as number;
    const send = () => asClient('/wps/relay/GCS_walletTransfer', { method: 'POST', headers: { authorization: u.token, moduleid: 'FUNDTRANS3' }, body: { from: 2, to: game, amount: 1.5 } });
    await setBrandOverrides(t.db, {});
    const strict = await send();
    expect(strict.status).toBe(400);
    expect(strict.json.errorCode).toBe('wallet.idempotency.key.invalid');
    expect(await mainBalance(u.id)).toBe(10_00n);
    await setBrandOverrides(t.db, { protocol: 'compatible' });
    const first = await send();
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.value.balance.find((b: { accountTypeId: number }) => b.accountTypeId === game).availBalance).toBe(1.5);
    // No key, no way to know a retry: the same request sent again is a second transfer (docs/protocol.md).
    const second = await send();
    expect(second.json.value.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 2).availBalance).toBe(7);
    expect(await mainBalance(u.id)).toBe(7_00n);
    // A key that is sent still makes a retry harmless, in either profile.
    const idempotencyKey = newKey();
    const keyed = () => asClient('/wps/relay/GCS_walletTransfer', { method: 'POST', headers: { authorization: u.token }, body: { from: game, to: 2, amount: 3, idempotencyKey } });
    expect((await keyed()).status).toBe(200);
    expect((await keyed()).status).toBe(200);
    expect(await mainBalance(u.id)).toBe(10_00n);
  });
});

describe('the compatible protocol profile: logins and registrations as real clients send them', () => {
  /** The login body the clients send (wire notes): no proof of work, captcha empty until asked. */
  const clientLogin = (username: string, password: string, captcha = '') => ({
    username,
    password,
    captcha,
    type: 'username',
    loginDeviceId: '7f0c2a64-3e1b-4b7e-9a57-2f1c9d1e5b20',
    isSms: false,
    isOfficialAppLogin: false,
  });
  const clientRegister = (username: string) => ({ username, password: 'Secret123', confirmPassword: 'Secret123', captcha: '', registerMethod: 'WEB' });

  afterAll(async () => {
    await setBrandOverrides(t.db, {});
  });

  it('strict (the default) asks our proof of work; compatible lets a client in without one', async () => {
    const u = await makeUser();
    await setBrandOverrides(t.db, {});
    const strict = await callEnc('/wps/session/login', 'POST', clientLogin(u.username, u.password), { ip: freshIp(), headers: CLIENT_HEADERS });
    expect(strict.json.errorCode).toBe('verification.required');
    await setBrandOverrides(t.db, { protocol: 'compatible' });
    const ip = freshIp();
    const ok = await callEnc('/wps/session/login', 'POST', clientLogin(u.username, u.password), { ip, headers: CLIENT_HEADERS });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(isString(ok.json.value.token) && ok.json.value.customerId === u.id).toBe(true);
    // The client that sends type '1' means a username login.
    const typeOne = await callEnc('/wps/session/login', 'POST', { ...clientLogin(u.username, u.password), type: '1' }, { ip, headers: CLIENT_HEADERS });
    expect(typeOne.status, JSON.stringify(typeOne.json)).toBe(200);
    // A proof that is sent is still checked.
    const forged = await callEnc('/wps/session/login', 'POST', { ...clientLogin(u.username, u.password), challengeId: 'x'.repeat(20), challengeNonce: '1' }, { ip, headers: CLIENT_HEADERS });
    expect(forged.json.errorCode).toBe('verification.required');
  });

  it('a login from a new address continues at POST /wps/session/login/verification, the answer under the names clients use', async () => {
    await setBrandOverrides(t.db, { protocol: 'compatible' });
    const withMobile = await makeUser({ mobile: '5522230001', countryDialingCode: '52' });
    const home = freshIp();
    expect((await callEnc('/wps/session/login', 'POST', clientLogin(withMobile.username, withMobile.password), { ip: home, headers: CLIENT_HEADERS })).status).toBe(200);
    const away = freshIp();
    const prompt = await callEnc('/wps/session/login', 'POST', clientLogin(withMobile.username, withMobile.password), { ip: away, headers: CLIENT_HEADERS });
    expect([prompt.status, prompt.json.errorCode]).toEqual([403, 'login.ip.verify']);
    const code = (await lastSms('5522230001'))!.code!;
    const verifyHeaders = { ...CLIENT_HEADERS, moduleid: 'LOGINIPVERF3' };
    const wrong = await callEnc(
      '/wps/session/login/verification',
      'POST',
      { ...clientLogin(withMobile.username, withMobile.password), verifyCode: code === '000000' ? '111111' : '000000' },
      { ip: away, headers: verifyHeaders },
    );
    expect(wrong.json.errorCode).toBe('login.ip.verify.invalid');
    const ok = await callEnc('/wps/session/login/verification', 'POST', { ...clientLogin(withMobile.username, withMobile.password), verifyCode: code }, { ip: away, headers: verifyHeaders });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(isString(ok.json.value.token)).toBe(true);
    // The payee name, under its own name; the password is checked on this step as on any login.
    const withPayee = await makeUser({ payeeName: 'Lucía Gómez' });
    expect((await callEnc('/wps/session/login', 'POST', clientLogin(withPayee.username, withPayee.password), { ip: home, headers: CLIENT_HEADERS })).status).toBe(200);
    const other = freshIp();
    const badPassword = await callEnc(
      '/wps/session/login/verification',
      'POST',
      { ...clientLogin(withPayee.username, 'not-the-password'), payeeName: 'Lucía Gómez' },
      { ip: other, headers: verifyHeaders },
    );
    expect(badPassword.json.errorCode).toBe('login.failed');
    const byName = await callEnc(
      '/wps/session/login/verification',
      'POST',
      { ...clientLogin(withPayee.username, withPayee.password), payeeName: 'lucía gómez' },
      { ip: other, headers: verifyHeaders },
    );
    expect(byName.status, JSON.stringify(byName.json)).toBe(200);
    // Strict asks its proof of work on this step too.
    await setBrandOverrides(t.db, {});
    const strict = await callEnc(
      '/wps/session/login/verification',
      'POST',
      { ...clientLogin(withPayee.username, withPayee.password), payeeName: 'Lucía Gómez' },
      { ip: freshIp(), headers: verifyHeaders },
    );
    expect(strict.json.errorCode).toBe('verification.required');
  });

  it('compatible keeps the captcha after failed logins and the lockout', async () => {
    await setBrandOverrides(t.db, { protocol: 'compatible' });
    const u = await makeUser();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.captchaAfterFailures; i++) {
      const r = await callEnc('/wps/session/login', 'POST', clientLogin(u.username, 'wrong-password'), { ip, headers: CLIENT_HEADERS });
      expect(r.json.errorCode).toBe('login.failed');
    }
    const asked = await callEnc('/wps/session/login', 'POST', clientLogin(u.username, u.password), { ip, headers: CLIENT_HEADERS });
    expect(asked.json.errorCode, 'even the right password needs the captcha now').toBe('captcha.required');
    expect(asked.json.value.captchaRequired).toBe(true);
  });

  it('compatible registers without a proof, answering customerId, and limits registrations per address', async () => {
    await setBrandOverrides(t.db, { protocol: 'compatible' });
    const ip = freshIp();
    const first = await callEnc('/wps/member/register', 'PUT', clientRegister(`cmp${Date.now().toString(36).slice(-6)}`), { ip, headers: CLIENT_HEADERS });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(isNumber(first.json.value.customerId)).toBe(true);
    for (let i = 1; i < LIMITS.registrationsPerIp; i++) {
      const r = await callEnc('/wps/member/register', 'PUT', clientRegister(`cmp${i}x${Date.now().toString(36).slice(-5)}`), { ip, headers: CLIENT_HEADERS });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const over = await callEnc('/wps/member/register', 'PUT', clientRegister(`cmpover${Date.now().toString(36).slice(-4)}`), { ip, headers: CLIENT_HEADERS });
    expect(over.status).toBe(429);
    expect(over.json.errorCode).toBe('register.rate.limited');
  });
});

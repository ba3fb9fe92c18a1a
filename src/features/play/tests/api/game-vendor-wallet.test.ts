/**
 * Real game vendors (issue 5): launching through the http game provider (a gateway stub on
 * node:http here), and the seamless-wallet door the vendor calls back, signed, idempotent by
 * round id, refusing foreign rounds, demo sessions, bad signatures and stale calls; rounds left
 * open are refunded by the sweeper after the timeout.
 */
import http from 'node:http';
import { siteOrigin } from '../../../../kernel/http/origins.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, gameSession, memberDay, rgLimit, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { refundStaleRounds } from '../../../wallet/server/game-play.ts';
import { gameWalletSecret, signWalletCall, type WalletCallFields } from '../../../../providers/games/signature.ts';
import { runOps } from '../../../../app/ops.ts';

const LAUNCH = '/wps/game/launchGame';
const WALLET = '/wps/game/wallet/http';
const VENDOR = 'HV';
const TIMEOUT = 10 * 60_000;

let t: TestDb;
let secret: string;
let gateway: http.Server;
const launches: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
const g: Record<string, number> = {};
const savedEnv = { ...process.env };

beforeAll(async () => {
  t = await openTestDb();
  // The fake vendor's gateway: answers /launch with the game's address on its own site.
  gateway = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as Record<string, unknown>;
      if (req.method !== 'POST' || req.url !== '/gw/launch') return void res.writeHead(404).end();
      launches.push({ body, authorization: req.headers.authorization });
      if (body.gameCode === 'Broken') return void res.writeHead(500).end('down');
      const url = body.gameCode === 'Evil' ? 'javascript:alert(1)' : `https://games.vendor.example/play?t=${body.token}&lang=${body.language}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url }));
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const port = (gateway.address() as AddressInfo).port;
  Object.assign(process.env, { GAME_HTTP_VENDORS: `XX, ${VENDOR.toLowerCase()}, TCG_LOTTO_VN`, GAME_HTTP_URL: `http://127.0.0.1:${port}/gw`, GAME_HTTP_TOKEN: 'gateway-token' });
  delete process.env.GAME_HTTP_SECRET;
  delete process.env.GAME_WALLET_CALLBACK_ORIGIN;
  delete process.env.GAME_PROVIDER;

  await t.db.insert(vendor).values([
    { code: VENDOR, displayName: 'HTTP Vendor', gameType: 'RNG' },
    { code: 'SV', displayName: 'Sandbox Vendor', gameType: 'RNG' },
    { code: 'TCG_LOTTO_VN', displayName: 'TCG Lotto VN', gameType: 'LOTT' },
    { code: 'ELOTT', displayName: 'E-Lotto', gameType: 'ELOTT' },
  ]);
  const row = (name: string, o: Partial<typeof game.$inferInsert> = {}) => ({
    gameCode: name,
    gameName: name,
    searchName: name.toLowerCase(),
    gameType: 'RNG',
    vassalage: VENDOR,
    gameClassify: 'SLOT',
    minBet: 20n,
    seed: 99,
    ...o,
  });
  const rows = await t.db
    .insert(game)
    .values([
      row('Vendor Slot'),
      row('Broken'),
      row('Evil'),
      row('Local Slot', { vassalage: 'SV' }),
      row('Northern VN Lottery', { gameCode: 'VN_NORTH', vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameClassify: 'LOTTO', supportPlay: 1 }),
      row('SSC 1 Min', { gameCode: 'SSC1', vassalage: 'ELOTT', gameType: 'ELOTT', gameClassify: 'LOTTO', supportPlay: 1 }),
    ])
    .returning({ nodeId: game.nodeId, gameName: game.gameName });
  for (const r of rows) g[r.gameName] = r.nodeId;
  // The secret made once for this database (no GAME_HTTP_SECRET): the vendor is given the same.
  secret = await gameWalletSecret(t.db);
});
afterAll(async () => {
  for (const k of ['GAME_HTTP_VENDORS', 'GAME_HTTP_URL', 'GAME_HTTP_TOKEN', 'GAME_HTTP_SECRET']) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  await new Promise((r) => gateway.close(r));
  await t.dispose();
});

type User = Awaited<ReturnType<typeof walletUser>>;

async function fund(memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(memberId, VENDOR), amount: minor }] }));
}
const balance = async (memberId: number) => (await balancesOf(t.db, [gameAccount(memberId, VENDOR)])).get(gameAccount(memberId, VENDOR))!;
const roundOf = async (roundId: string) => (await t.db.select().from(gameRound).where(eq(gameRound.roundId, roundId)))[0];
let roundSeq = 0;
const newRound = () => `hv-${Date.now().toString(36)}-${++roundSeq}`;

/** Launches a real-money (or demo) game of the http vendor; answers the launch token the gateway got. */
async function launched(u: User, name = 'Vendor Slot', accountType = '1'): Promise<string> {
  const r = await u.call(`${LAUNCH}?nodeId=${g[name]}&accountType=${accountType}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return launches.at(-1)!.body.token as string;
}

/** A signed wallet call as the vendor sends it. */
function signed(fields: Omit<WalletCallFields, 'timestamp'> & { timestamp?: number }, key = secret) {
  const f = { ...fields, timestamp: fields.timestamp ?? Date.now() };
  return { ...f, signature: signWalletCall(f, key) };
}
const walletCall = (fields: Omit<WalletCallFields, 'timestamp'> & { timestamp?: number }, o: { key?: string; language?: string } = {}) =>
  callApi(WALLET, { method: 'POST', body: signed(fields, o.key), headers: o.language ? { language: o.language } : {} });
const debit = (token: string, roundId: string, amount: string) => walletCall({ action: 'debit', token, roundId, amount, gameCode: 'Vendor Slot' });
const credit = (token: string, roundId: string, amount: string) => walletCall({ action: 'credit', token, roundId, amount });
const refund = (token: string, roundId: string) => walletCall({ action: 'refund', token, roundId });
const refused = (r: { status: number; json: { errorCode?: string } }) => [r.status, r.json.errorCode];

async function expectCleanLedger() {
  const audit = await auditLedger(t.db);
  expect(audit.total).toBe(0n);
  expect(audit.drifted).toEqual([]);
  expect(audit.unbalanced).toEqual([]);
  expect(audit.negative).toEqual([]);
  expect(audit.misrouted).toEqual([]);
}

describe('launch through the game gateway', () => {
  it('asks the gateway with the bearer token and answers its address; the session is the http provider', async () => {
    const u = await walletUser();
    const r = await u.call(`${LAUNCH}?nodeId=${g['Vendor Slot']}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const sent = launches.at(-1)!;
    expect(sent.authorization).toBe('Bearer gateway-token');
    expect(sent.body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      gameCode: 'Vendor Slot',
      vendor: VENDOR,
      demo: false,
      language: 'en',
      currency: 'USD',
      // The site's configured address (SITE_URL), never the launch request's Host.
      walletUrl: `${siteOrigin()}/wps/game/wallet/http`,
    });
    expect(r.json.value.content.game_url).toBe(`https://games.vendor.example/play?t=${sent.body.token}&lang=en`);
    const sessions = await t.db.select().from(gameSession).where(eq(gameSession.memberId, u.id));
    expect(sessions.map((s) => [s.provider, s.demo])).toEqual([['http', false]]);
    // The token itself is never stored.
    expect(sessions[0]!.tokenHash).not.toBe(sent.body.token);

    // Vendors not listed stay on the sandbox.
    const local = await u.call(`${LAUNCH}?nodeId=${g['Local Slot']}`);
    expect(local.json.value.content.game_url).toMatch(/^https?:\/\/[^/]+\/play\?launch=/);
  });

  it('sends wallet calls to GAME_WALLET_CALLBACK_ORIGIN when set', async () => {
    process.env.GAME_WALLET_CALLBACK_ORIGIN = 'https://casino.example/';
    try {
      const u = await walletUser();
      await launched(u);
      expect(launches.at(-1)!.body.walletUrl).toBe('https://casino.example/wps/game/wallet/http');
    } finally {
      delete process.env.GAME_WALLET_CALLBACK_ORIGIN;
    }
  });

  it('answers 502 game.provider.unavailable when the gateway fails or answers no valid address', async () => {
    const u = await walletUser();
    const broken = await u.call(`${LAUNCH}?nodeId=${g['Broken']}`);
    expect(refused(broken)).toEqual([502, 'game.provider.unavailable']);
    expect(broken.json.message).toMatch(/game provider/i);
    const es = await u.call(`${LAUNCH}?nodeId=${g['Broken']}`, { headers: { language: 'ES' } });
    expect(es.json.message).toMatch(/proveedor del juego/);
    const evil = await u.call(`${LAUNCH}?nodeId=${g['Evil']}`);
    expect(refused(evil)).toEqual([502, 'game.provider.unavailable']);
    const saved = process.env.GAME_HTTP_URL;
    process.env.GAME_HTTP_URL = 'http://127.0.0.1:9/gw';
    try {
      expect(refused(await u.call(`${LAUNCH}?nodeId=${g['Vendor Slot']}`))).toEqual([502, 'game.provider.unavailable']);
    } finally {
      process.env.GAME_HTTP_URL = saved;
    }
  });
});

describe('a lottery vendor switched to the gateway', () => {
  it("serves its own lobby: launchGame's lottery form launches it through the gateway with the area, prize mode and view; the sandbox no longer sells its games", async () => {
    const u = await walletUser();
    const r = await u.call(`${LAUNCH}?device=WEB&lottoArea=VN&launchMode=LOTT&lottoPrizeMode=LOTT&lottoView=betting&lottoGameCode=VN_NORTH&language=en`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const sent = launches.at(-1)!;
    expect(sent.body).toMatchObject({ gameCode: 'VN_NORTH', vendor: 'TCG_LOTTO_VN', demo: false, lotto: { area: 'VN', prizeMode: 'LOTT', view: 'betting' } });
    expect(r.json.value.content.game_url).toBe(`https://games.vendor.example/play?t=${sent.body.token}&lang=en`);
    // Its tickets come through the seamless-wallet door like any vendor's bets.
    await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId: u.id, memo: 'test', legs: [{ from: HOUSE.bonus, to: gameAccount(u.id, 'TCG_LOTTO_VN'), amount: 10_00n }] }));
    const roundId = newRound();
    const bet = await walletCall({ action: 'debit', token: sent.body.token as string, roundId, amount: '2.00', gameCode: 'VN_NORTH' });
    expect(bet.status, JSON.stringify(bet.json)).toBe(200);
    expect((await roundOf(roundId))!.vendor).toBe('TCG_LOTTO_VN');
    // The sandbox lottery leaves it out of its menu and refuses its board; its other vendors stay.
    const menu = (await callApi('/lgw/vn/games/game_menu')).json;
    expect(menu.VN).toBeUndefined();
    expect(menu.SSC.gameMenus.map((x: { gameCode: string }) => x.gameCode)).toContain('SSC1');
    expect((await callApi('/lgw/lottery/game?gameCode=VN_NORTH')).json.errorCode).toBe('lottery.game.unknown');
    // A lottery vendor left on the sandbox still opens its page.
    const local = await u.call(`${LAUNCH}?lottoGameCode=SSC1&lottoMode=Traditional`);
    expect(new URL(local.json.value.content.game_url).pathname + new URL(local.json.value.content.game_url).search).toBe('/lottery?gameCode=SSC1');
  });
});

describe('the seamless wallet', () => {
  it('answers the balance, debits a bet and credits a win; the ledger stays clean', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const token = await launched(u);
    const b = await walletCall({ action: 'balance', token });
    expect(b.status, JSON.stringify(b.json)).toBe(200);
    expect(b.json.value).toEqual({ balance: '100.00' });

    const roundId = newRound();
    const bet = await debit(token, roundId, '10.00');
    expect(bet.json.value).toEqual({ balance: '90.00', roundId, status: 'open' });
    expect(await balance(u.id)).toBe(90_00n);
    const win = await credit(token, roundId, '25.50');
    expect(win.json.value).toEqual({ balance: '115.50', roundId, status: 'settled' });
    expect(await balance(u.id)).toBe(115_50n);
    expect(await roundOf(roundId)).toMatchObject({ memberId: u.id, vendor: VENDOR, betAmount: 10_00n, winAmount: 25_50n, status: 'settled', nodeId: g['Vendor Slot'] });

    // A loss: credit 0.00 settles the round with nothing.
    const lost = newRound();
    await debit(token, lost, '5.00');
    const zero = await credit(token, lost, '0.00');
    expect(zero.json.value).toEqual({ balance: '110.50', roundId: lost, status: 'settled' });
    await expectCleanLedger();
  });

  it('answers a replayed debit or credit the same and moves the money once; another amount is a conflict', async () => {
    const u = await walletUser();
    await fund(u.id, 50_00n);
    const token = await launched(u);
    const roundId = newRound();
    const first = await debit(token, roundId, '7.00');
    const again = await debit(token, roundId, '7.00');
    expect(again.status).toBe(200);
    expect(again.json.value).toEqual(first.json.value);
    expect(await balance(u.id)).toBe(43_00n);
    expect(refused(await debit(token, roundId, '8.00'))).toEqual([409, 'wallet.idempotency.conflict']);
    // The same debit sent twice at once (a vendor's retry racing its first try) takes effect once.
    const raced = newRound();
    const [x, y] = await Promise.all([debit(token, raced, '3.00'), debit(token, raced, '3.00')]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.json.value).toEqual(y.json.value);
    expect(await balance(u.id)).toBe(40_00n);
    await credit(token, raced, '3.00');

    const won = await credit(token, roundId, '14.00');
    const wonAgain = await credit(token, roundId, '14.00');
    expect(wonAgain.json.value).toEqual(won.json.value);
    expect(won.json.value.balance).toBe('57.00');
    expect(await balance(u.id)).toBe(57_00n);
    expect(refused(await credit(token, roundId, '15.00'))).toEqual([409, 'wallet.idempotency.conflict']);
    // A debit replayed after the round was settled still answers the same and takes nothing.
    expect((await debit(token, roundId, '7.00')).json.value).toEqual(first.json.value);
    expect(await balance(u.id)).toBe(57_00n);
    await expectCleanLedger();
  });

  it('refunds an open round once, and refuses a refund after a credit and a credit after a refund', async () => {
    const u = await walletUser();
    await fund(u.id, 30_00n);
    const token = await launched(u);
    const r1 = newRound();
    await debit(token, r1, '10.00');
    const back = await refund(token, r1);
    expect(back.json.value).toEqual({ balance: '30.00', roundId: r1, status: 'refunded' });
    expect((await refund(token, r1)).json.value).toEqual(back.json.value);
    expect(refused(await credit(token, r1, '5.00'))).toEqual([409, 'wallet.round.closed']);

    const r2 = newRound();
    await debit(token, r2, '10.00');
    await credit(token, r2, '0.00');
    const late = await refund(token, r2);
    expect(refused(late)).toEqual([409, 'wallet.round.closed']);
    expect(late.json.message).toBe('This game round is already settled');
    expect(await balance(u.id)).toBe(20_00n);
    await expectCleanLedger();
  });

  it("refuses another member's round id and leaves that round untouched", async () => {
    const a = await walletUser();
    const b = await walletUser();
    await fund(a.id, 20_00n);
    await fund(b.id, 20_00n);
    const tokenA = await launched(a);
    const tokenB = await launched(b);
    const roundId = newRound();
    await debit(tokenA, roundId, '5.00');

    expect(refused(await credit(tokenB, roundId, '100.00'))).toEqual([404, 'wallet.round.unknown']);
    expect(refused(await refund(tokenB, roundId))).toEqual([404, 'wallet.round.unknown']);
    // The same answer as for a round that does not exist at all.
    expect(refused(await credit(tokenB, newRound(), '1.00'))).toEqual([404, 'wallet.round.unknown']);
    // B's bet cannot take A's round id either.
    expect(refused(await debit(tokenB, roundId, '5.00'))).toEqual([409, 'wallet.idempotency.conflict']);

    expect(await roundOf(roundId)).toMatchObject({ memberId: a.id, status: 'open', winAmount: null, betAmount: 5_00n });
    expect(await balance(a.id)).toBe(15_00n);
    expect(await balance(b.id)).toBe(20_00n);
    // A's vendor settles it as usual.
    expect((await credit(tokenA, roundId, '2.00')).json.value).toEqual({ balance: '17.00', roundId, status: 'settled' });
    await expectCleanLedger();
  });

  it('refuses a bad signature, a tampered field, another secret and a stale timestamp', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const token = await launched(u);
    const roundId = newRound();

    const body = signed({ action: 'debit', token, roundId, amount: '1.00' });
    const tampered = await callApi(WALLET, { method: 'POST', body: { ...body, amount: '9.00' } });
    expect(refused(tampered)).toEqual([401, 'game.wallet.signature']);
    const garbage = await callApi(WALLET, { method: 'POST', body: { ...body, signature: 'nope' } });
    expect(refused(garbage)).toEqual([401, 'game.wallet.signature']);
    const es = await walletCall({ action: 'debit', token, roundId, amount: '1.00' }, { key: 'another-secret-of-the-vendor', language: 'ES' });
    expect(refused(es)).toEqual([401, 'game.wallet.signature']);
    expect(es.json.message).toBe('La firma de la solicitud no es válida');
    const stale = await walletCall({ action: 'debit', token, roundId, amount: '1.00', timestamp: Date.now() - 6 * 60_000 });
    expect(refused(stale)).toEqual([400, 'game.wallet.stale']);
    const future = await walletCall({ action: 'balance', token, timestamp: Date.now() + 6 * 60_000 });
    expect(refused(future)).toEqual([400, 'game.wallet.stale']);

    expect(await roundOf(roundId)).toBeUndefined();
    expect(await balance(u.id)).toBe(10_00n);
    // Unsigned fields the contract does not know are refused by its schema.
    const missing = await walletCall({ action: 'debit', token, amount: '1.00' });
    expect(refused(missing)).toEqual([400, 'request.invalid']);
    expect(Object.keys(missing.json.fieldErrors ?? {})).toContain('roundId');
  });

  it('refuses a debit over the balance and opens no round', async () => {
    const u = await walletUser();
    await fund(u.id, 3_00n);
    const token = await launched(u);
    const roundId = newRound();
    const short = await debit(token, roundId, '3.01');
    expect(refused(short)).toEqual([400, 'wallet.balance.insufficient']);
    expect(await roundOf(roundId)).toBeUndefined();
    expect(await balance(u.id)).toBe(3_00n);
    // The same round id with an amount that fits goes through afterwards (a refusal leaves no claim).
    expect((await debit(token, roundId, '3.00')).json.value).toEqual({ balance: '0.00', roundId, status: 'open' });
    expect(refused(await debit(token, newRound(), '0.00'))).toEqual([400, 'wallet.amount.positive']);
    await credit(token, roundId, '0.00');
  });

  it('refuses demo sessions, sandbox sessions and unknown tokens', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const demo = await launched(u, 'Vendor Slot', '0');
    expect(launches.at(-1)!.body.demo).toBe(true);
    expect(refused(await debit(demo, newRound(), '1.00'))).toEqual([409, 'game.demo.wallet']);
    expect(refused(await walletCall({ action: 'balance', token: demo }))).toEqual([409, 'game.demo.wallet']);

    const local = await u.call(`${LAUNCH}?nodeId=${g['Local Slot']}`);
    const sandboxToken = new URL(local.json.value.content.game_url, 'http://x').searchParams.get('launch')!;
    expect(refused(await debit(sandboxToken, newRound(), '1.00'))).toEqual([401, 'game.session.invalid']);
    expect(refused(await walletCall({ action: 'balance', token: 'A'.repeat(43) }))).toEqual([401, 'game.session.invalid']);
    expect(await balance(u.id)).toBe(10_00n);
  });
});

describe('rounds left open', () => {
  it('are refunded by the sweeper after the timeout and not before; a late credit is refused', async () => {
    const u = await walletUser();
    await fund(u.id, 40_00n);
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '12.00');
    expect(await balance(u.id)).toBe(28_00n);

    await refundStaleRounds(t.db, Date.now(), TIMEOUT);
    await refundStaleRounds(t.db, Date.now() + TIMEOUT - 5_000, TIMEOUT);
    expect((await roundOf(roundId))!.status).toBe('open');

    expect(await refundStaleRounds(t.db, Date.now() + TIMEOUT + 5_000, TIMEOUT)).toBeGreaterThanOrEqual(1);
    expect(await roundOf(roundId)).toMatchObject({ status: 'refunded', winAmount: null });
    expect(await balance(u.id)).toBe(40_00n);
    // A second sweep finds nothing of it; the vendor's late credit is refused, a late refund replays.
    await refundStaleRounds(t.db, Date.now() + TIMEOUT + 5_000, TIMEOUT);
    expect(refused(await credit(token, roundId, '30.00'))).toEqual([409, 'wallet.round.closed']);
    expect((await refund(token, roundId)).json.value).toMatchObject({ roundId, status: 'refunded', balance: '40.00' });
    expect(await balance(u.id)).toBe(40_00n);
    await expectCleanLedger();
  });

  it('npm run ops -- rounds:sweep refunds what is older than --minutes', async () => {
    const u = await walletUser();
    await fund(u.id, 5_00n);
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '5.00');
    const young = await runOps(t.db, ['rounds:sweep'], 'test');
    expect(young.ok).toBe(true);
    expect((await roundOf(roundId))!.status).toBe('open');
    expect((await runOps(t.db, ['rounds:sweep', '--minutes', '0'], 'test')).ok).toBe(false);
    // Age the round past one minute, then sweep with --minutes 1.
    await t.db
      .update(gameRound)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(gameRound.roundId, roundId));
    const swept = await runOps(t.db, ['rounds:sweep', '--minutes', '1'], 'test');
    expect(swept.ok).toBe(true);
    expect(swept.output).toMatch(/^Refunded [1-9]\d* round/);
    expect((await roundOf(roundId))!.status).toBe('refunded');
    expect(await balance(u.id)).toBe(5_00n);
  });

  it('a credit racing a refund of the same round: exactly one wins', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const token = await launched(u);
    for (let i = 0; i < 6; i++) {
      const roundId = newRound();
      await debit(token, roundId, '10.00');
      const before = await balance(u.id);
      const [c, r] = await Promise.all([credit(token, roundId, '20.00'), refund(token, roundId)]);
      const wins = [c, r].filter((x) => x.status === 200);
      expect(wins.length, JSON.stringify([c.json, r.json])).toBe(1);
      const loser = c.status === 200 ? r : c;
      expect(refused(loser)).toEqual([409, 'wallet.round.closed']);
      const round = (await roundOf(roundId))!;
      if (c.status === 200) {
        expect(round.status).toBe('settled');
        expect(await balance(u.id)).toBe(before + 20_00n);
      } else {
        expect(round.status).toBe('refunded');
        expect(await balance(u.id)).toBe(before + 10_00n);
      }
    }
    await expectCleanLedger();
  });
});

describe('bets settled later, corrections and voids (issue 34)', () => {
  const resettle = (token: string, roundId: string, amount: string, transactionId: string) => walletCall({ action: 'resettle', token, roundId, amount, transactionId });
  const voided = (token: string, roundId: string, transactionId: string) => walletCall({ action: 'void', token, roundId, transactionId });
  let txSeq = 0;
  const newTx = () => `tx-${Date.now().toString(36)}-${++txSeq}`;
  const dayOf = async (memberId: number) =>
    (await t.db.select({ bets: memberDay.betCount, valid: memberDay.validBet, payout: memberDay.payout }).from(memberDay).where(eq(memberDay.memberId, memberId)))[0];

  it('a bet whose result is due later stays open past the timeout until then, is settled when it comes, and refunded only once its due time and the timeout passed', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const token = await launched(u);
    const now = Date.now();
    const kickOff = now + 3 * 3_600_000;
    const settled = newRound();
    const forgotten = newRound();
    for (const roundId of [settled, forgotten]) {
      const r = await walletCall({ action: 'debit', token, roundId, amount: '10.00', gameCode: 'Vendor Slot', settleBy: kickOff });
      expect(r.json.value, JSON.stringify(r.json)).toMatchObject({ status: 'open' });
    }
    expect((await roundOf(settled))!.settleBy?.getTime()).toBe(kickOff);
    // An hour later the sweeper refunds rounds left open ten minutes: not these.
    await refundStaleRounds(t.db, now + 3_600_000, TIMEOUT);
    expect((await roundOf(settled))!.status).toBe('open');
    expect((await roundOf(forgotten))!.status).toBe('open');
    expect((await credit(token, settled, '19.00')).json.value).toMatchObject({ status: 'settled' });
    // Past its due time and the timeout, the one never settled is refunded.
    await refundStaleRounds(t.db, kickOff + TIMEOUT + 1_000, TIMEOUT);
    expect((await roundOf(forgotten))!.status).toBe('refunded');
    expect(await balance(u.id)).toBe(100_00n - 10_00n + 19_00n);
    await expectCleanLedger();
  });

  it('a resettle pays the difference or takes it back, once per transaction id; the day figures follow', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '10.00');
    await credit(token, roundId, '25.00');
    expect(await balance(u.id)).toBe(115_00n);
    const up = newTx();
    const raised = await resettle(token, roundId, '40.00', up);
    expect(raised.json.value).toEqual({ balance: '130.00', roundId, status: 'settled', win: '40.00', unrecovered: '0.00' });
    // The same transaction again: the same answer, no money.
    expect((await resettle(token, roundId, '40.00', up)).json.value).toEqual(raised.json.value);
    expect(refused(await resettle(token, roundId, '50.00', up))).toEqual([409, 'wallet.idempotency.conflict']);
    expect(await balance(u.id)).toBe(130_00n);
    const lowered = await resettle(token, roundId, '5.00', newTx());
    expect(lowered.json.value).toMatchObject({ balance: '95.00', win: '5.00', unrecovered: '0.00' });
    expect((await roundOf(roundId))!.winAmount).toBe(5_00n);
    expect(await dayOf(u.id)).toEqual({ bets: 1, valid: 10_00n, payout: 5_00n });
    // Only a settled round's result can be corrected; a correction needs its own id; the round must be the player's.
    const open = newRound();
    await debit(token, open, '1.00');
    expect(refused(await resettle(token, open, '3.00', newTx()))).toEqual([409, 'wallet.round.notSettled']);
    expect(refused(await walletCall({ action: 'resettle', token, roundId, amount: '3.00' }))).toEqual([400, 'request.invalid']);
    const other = await launched(await walletUser());
    expect(refused(await resettle(other, roundId, '500.00', newTx()))).toEqual([404, 'wallet.round.unknown']);
    await credit(token, open, '0.00');
    await expectCleanLedger();
  });

  it('a raise adds to an open round’s stake once (a blackjack double), checked as a debit; the settle counts the whole stake', async () => {
    const raise = (token: string, roundId: string, amount: string, transactionId: string) => walletCall({ action: 'raise', token, roundId, amount, transactionId });
    const u = await walletUser();
    await fund(u.id, 20_00n);
    await t.db.insert(rgLimit).values({ memberId: u.id, kind: 'wager', period: 'day', amount: 15_00n, since: new Date(Date.now() - 60_000) });
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '5.00');
    const tx1 = newTx();
    const r1 = await raise(token, roundId, '5.00', tx1);
    expect(r1.json.value, JSON.stringify(r1.json)).toEqual({ balance: '10.00', roundId, status: 'open', bet: '10.00' });
    // Replayed: the same answer and nothing more moved; the same id with another amount is refused.
    expect((await raise(token, roundId, '5.00', tx1)).json.value).toEqual(r1.json.value);
    expect(refused(await raise(token, roundId, '1.00', tx1))).toEqual([409, 'wallet.idempotency.conflict']);
    // The wager limit (15.00 a day) has 5.00 left: a raise beyond it is refused, with nothing moved.
    expect(refused(await raise(token, roundId, '6.00', newTx()))[1]).toMatch(/^protection\./);
    expect(await balance(u.id)).toBe(10_00n);
    expect((await roundOf(roundId))!.betAmount).toBe(10_00n);
    await credit(token, roundId, '20.00');
    expect((await roundOf(roundId))!).toMatchObject({ status: 'settled', betAmount: 10_00n, winAmount: 20_00n });
    expect(await balance(u.id)).toBe(30_00n);
    expect(refused(await raise(token, roundId, '1.00', newTx()))).toEqual([409, 'wallet.round.closed']);
    expect(refused(await walletCall({ action: 'raise', token, roundId, amount: '1.00' }))).toEqual([400, 'request.invalid']);
    const other = await launched(await walletUser());
    expect(refused(await raise(other, roundId, '1.00', newTx()))).toEqual([404, 'wallet.round.unknown']);
    await expectCleanLedger();
  });

  it('a bet settled in several parts: each part paid once while the round stays open, the closing credit adds the last; the day figures count them at the settle', async () => {
    const part = (token: string, roundId: string, amount: string, transactionId: string) => walletCall({ action: 'part', token, roundId, amount, transactionId });
    const u = await walletUser();
    await fund(u.id, 100_00n);
    // A loss limit counts the stake when it is placed, and the whole win (every part) at the settle.
    await t.db.insert(rgLimit).values({ memberId: u.id, kind: 'loss', period: 'day', amount: 1_000_00n, since: new Date(Date.now() - 60_000) });
    const lossUsed = async () => (await t.db.select({ used: rgLimit.used }).from(rgLimit).where(eq(rgLimit.memberId, u.id)))[0]!.used;
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '10.00');
    const first = newTx();
    const p1 = await part(token, roundId, '3.00', first);
    expect(p1.json.value, JSON.stringify(p1.json)).toEqual({ balance: '93.00', roundId, status: 'open', win: '3.00' });
    // Replayed: the same answer, no money; the same id with another amount is refused.
    expect((await part(token, roundId, '3.00', first)).json.value).toEqual(p1.json.value);
    expect(refused(await part(token, roundId, '4.00', first))).toEqual([409, 'wallet.idempotency.conflict']);
    expect((await part(token, roundId, '2.00', newTx())).json.value).toMatchObject({ balance: '95.00', status: 'open', win: '5.00' });
    expect(await dayOf(u.id)).toBeUndefined();
    expect(await lossUsed()).toBe(10_00n);
    // A round paid in part is not refunded: it is settled, or voided.
    expect(refused(await refund(token, roundId))).toEqual([409, 'wallet.round.partlyPaid']);
    expect(refused(await walletCall({ action: 'part', token, roundId, amount: '1.00' }))).toEqual([400, 'request.invalid']);
    await expectCleanLedger();
    const closed = await credit(token, roundId, '4.00');
    expect(closed.json.value).toMatchObject({ balance: '99.00', status: 'settled' });
    expect((await roundOf(roundId))!).toMatchObject({ status: 'settled', winAmount: 9_00n, partPaid: 5_00n });
    expect(await dayOf(u.id)).toEqual({ bets: 1, valid: 10_00n, payout: 9_00n });
    expect(await lossUsed()).toBe(1_00n);
    expect(refused(await part(token, roundId, '1.00', newTx()))).toEqual([409, 'wallet.round.closed']);
    await expectCleanLedger();

    // A round paid in part and then voided: the stake back, the parts taken back.
    const voidedRound = newRound();
    await debit(token, voidedRound, '10.00');
    await part(token, voidedRound, '6.00', newTx());
    expect(await balance(u.id)).toBe(95_00n);
    expect((await voided(token, voidedRound, newTx())).json.value).toMatchObject({ balance: '99.00', status: 'refunded', unrecovered: '0.00' });
    // It counts for nothing: not in the day figures, not against the limit.
    expect(await dayOf(u.id)).toEqual({ bets: 1, valid: 10_00n, payout: 9_00n });
    expect(await lossUsed()).toBe(1_00n);
    expect(refused(await part(token, voidedRound, '1.00', newTx()))).toEqual([409, 'wallet.round.closed']);
    // And one the vendor forgot after a part: the sweeper closes it with what it paid.
    const forgotten = newRound();
    await debit(token, forgotten, '10.00');
    await part(token, forgotten, '2.50', newTx());
    await refundStaleRounds(t.db, Date.now() + TIMEOUT + 60_000, TIMEOUT);
    expect((await roundOf(forgotten))!).toMatchObject({ status: 'settled', winAmount: 2_50n });
    expect(await balance(u.id)).toBe(91_50n);
    await expectCleanLedger();
  });

  it('never takes a wallet below zero: what it cannot give back is written off by the house, and said', async () => {
    const u = await walletUser();
    await fund(u.id, 10_00n);
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '10.00');
    await credit(token, roundId, '100.00');
    // The player plays most of it on: 5.00 is left when the result is corrected to a loss.
    const later = newRound();
    await debit(token, later, '95.00');
    await credit(token, later, '0.00');
    expect(await balance(u.id)).toBe(5_00n);
    const r = await resettle(token, roundId, '0.00', newTx());
    expect(r.json.value).toEqual({ balance: '0.00', roundId, status: 'settled', win: '0.00', unrecovered: '95.00' });
    expect((await roundOf(roundId))!.writtenOff).toBe(95_00n);
    await expectCleanLedger();
    // Corrected back to the 100.00 win: the 95.00 written off was never taken back, so only 5.00 is paid.
    const back = await resettle(token, roundId, '100.00', newTx());
    expect(back.json.value).toEqual({ balance: '5.00', roundId, status: 'settled', win: '100.00', unrecovered: '0.00' });
    expect((await roundOf(roundId))!.writtenOff).toBe(0n);
    await expectCleanLedger();
  });

  it('a void makes a settled round count for nothing (stake back, win taken back) and refunds an open one; once', async () => {
    const u = await walletUser();
    await fund(u.id, 100_00n);
    // Loss and wager limits: after the corrections they count what they counted before the round.
    const since = new Date(Date.now() - 60_000);
    await t.db.insert(rgLimit).values((['loss', 'wager'] as const).map((kind) => ({ memberId: u.id, kind, period: 'day' as const, amount: 1_000_00n, since })));
    const used = async () => Object.fromEntries((await t.db.select({ kind: rgLimit.kind, used: rgLimit.used }).from(rgLimit).where(eq(rgLimit.memberId, u.id))).map((l) => [l.kind, l.used]));
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '10.00');
    await credit(token, roundId, '30.00');
    expect(await balance(u.id)).toBe(120_00n);
    const id = newTx();
    const v = await voided(token, roundId, id);
    expect(v.json.value).toEqual({ balance: '100.00', roundId, status: 'refunded', win: '30.00', unrecovered: '0.00' });
    expect((await voided(token, roundId, id)).json.value).toEqual(v.json.value);
    expect(refused(await voided(token, roundId, newTx()))).toEqual([409, 'wallet.round.closed']);
    // The vendor's first credit sent again replays its answer and moves nothing.
    expect((await credit(token, roundId, '30.00')).json.value).toMatchObject({ roundId, status: 'settled' });
    expect(await balance(u.id)).toBe(100_00n);
    expect(refused(await resettle(token, roundId, '1.00', newTx()))).toEqual([409, 'wallet.round.notSettled']);
    expect(await dayOf(u.id)).toEqual({ bets: 0, valid: 0n, payout: 0n });
    expect(await used()).toEqual({ loss: 0n, wager: 0n });
    // A resettled round's loss follows its win, up and back.
    const corrected = newRound();
    await debit(token, corrected, '10.00');
    await credit(token, corrected, '4.00');
    expect(await used()).toEqual({ loss: 6_00n, wager: 10_00n });
    await resettle(token, corrected, '30.00', newTx());
    await resettle(token, corrected, '0.00', newTx());
    expect(await used()).toEqual({ loss: 10_00n, wager: 10_00n });
    await resettle(token, corrected, '4.00', newTx());
    expect(await used()).toEqual({ loss: 6_00n, wager: 10_00n });
    await voided(token, corrected, newTx());
    expect(await used()).toEqual({ loss: 0n, wager: 0n });
    const open = newRound();
    await debit(token, open, '7.00');
    expect((await voided(token, open, newTx())).json.value).toMatchObject({ balance: '100.00', status: 'refunded', win: null });
    // cancel is the vendors' word for a refund of an open round.
    const cancelled = newRound();
    await debit(token, cancelled, '4.00');
    expect((await walletCall({ action: 'cancel', token, roundId: cancelled })).json.value).toMatchObject({ balance: '100.00', status: 'refunded' });
    expect(await balance(u.id)).toBe(100_00n);
    await expectCleanLedger();
  });

  it('corrections land after the session ended, and their transaction id and due time are signed', async () => {
    const u = await walletUser();
    await fund(u.id, 20_00n);
    const token = await launched(u);
    const roundId = newRound();
    await debit(token, roundId, '10.00');
    await credit(token, roundId, '10.00');
    expect((await u.call('/wps/session/logout', { method: 'DELETE' })).status).toBe(200);
    const id = newTx();
    const body = signed({ action: 'resettle', token, roundId, amount: '15.00', transactionId: id });
    expect(refused(await callApi(WALLET, { method: 'POST', body: { ...body, transactionId: `${id}x` } }))).toEqual([401, 'game.wallet.signature']);
    const late = signed({ action: 'debit', token: await launched(await walletUser()), roundId: newRound(), amount: '1.00', settleBy: Date.now() + 60_000 });
    expect(refused(await callApi(WALLET, { method: 'POST', body: { ...late, settleBy: late.settleBy! + 1 } }))).toEqual([401, 'game.wallet.signature']);
    expect((await callApi(WALLET, { method: 'POST', body })).json.value).toMatchObject({ balance: '25.00', win: '15.00' });
    await expectCleanLedger();
  });
});

/**
 * The lottery page's store (client/lottery-flow.ts) against a scripted API, without a DOM: the
 * game it opens on, a real vendor's lobby, the slip and its purchase (one idempotency key while
 * the same slip is retried), the reading of the game when its draw closes and is drawn, and the
 * verification of a draw.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';

const headerReads = vi.fn();
vi.mock('../../wallet/client.ts', async (original) => ({ ...(await original<object>()), refreshBalance: async () => headerReads() }));
const { createLotteryFlow } = await import('../client/lottery-flow.ts');

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
/** The server's clock runs a minute ahead of the browser's. */
const SKEW = 60_000;
const draw = (drawNo: string, opensAt: number, closesAt: number, drawAt: number) => ({
  gameCode: 'SSC1',
  drawNo,
  opensAt,
  closesAt,
  drawAt,
  status: 'open' as const,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  numbers: null,
});
const T0 = NOW + SKEW;
const info = (gameCode = 'SSC1') => ({
  gameCode,
  name: gameCode,
  vendor: 'ELOTT',
  family: 'ssc',
  closeMs: 5000,
  everyMinutes: 1,
  betTypes: [{ code: 'ssc.position', pay: 9800, rtp: 0.98 }],
  stake: { min: '1.00', max: '10000.00' },
  maxTickets: 3,
  draws: [draw('202501011201', T0 - 10_000, T0 + 20_000, T0 + 25_000), draw('202501011202', T0 + 25_000, T0 + 80_000, T0 + 85_000)],
  now: Date.now() + SKEW,
});
const item = (gameCode: string, vendor = 'ELOTT') => ({
  gameCode,
  gameName: gameCode,
  accountTypeName: 'TCG_LOTTO_VN' as const,
  vendor,
  family: 'ssc',
  everyMinutes: 1,
  drawTime: null,
  weekdays: null,
  timeZone: 'UTC',
  nextDraw: null,
});
const menu = { VN: { groupCode: 'VN', groupName: 'VN', gameMenus: [item('VN_NORTH', 'TCG_LOTTO_VN')] }, SSC: { groupCode: 'SSC', groupName: 'SSC', gameMenus: [item('SSC1'), item('SSC3')] } };

type Input = { body?: Record<string, unknown>; query?: Record<string, unknown> };
let sent: { name: string; body?: Record<string, unknown>; query?: Record<string, unknown> }[] = [];
let answers: Record<string, (input: Input) => unknown> = {};
const client = {
  async call(def: CallDef, input: Input = {}) {
    sent.push({ name: def.name, body: input.body, query: input.query });
    const answer = answers[def.name];
    if (!answer) throw new Error(`unexpected call ${def.name}`);
    return answer(input);
  },
} as unknown as ApiClient;
const calls = (name: string) => sent.filter((s) => s.name === name);

function page(href: string, area: 'vn' | 'sea' | 'lotto' = 'lotto') {
  const address = {
    at: href,
    left: [] as string[],
    href: () => address.at,
    replace: (to: string) => void (address.at = new URL(to, address.at).href),
    assign: (to: string) => void address.left.push(to),
  };
  const flow = createLotteryFlow({ api: () => client, area, address, words: { placed: '{{count}} tickets on draw {{drawNo}}, {{total}}' }, format: (a) => `$${a}` });
  return { flow, address };
}
/** Lets the scripted answers (already resolved promises) reach the store. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
const ticket = { betType: 'ssc.position', numbers: [7], position: 0, stake: '1.00' };

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sent = [];
  headerReads.mockClear();
  answers = {
    lotteryGameMenu: () => menu,
    lotteryRecentMenu: () => ({ gameMenus: [item('SSC3')] }),
    lotteryGameInfo: (i) => info(i.query!.gameCode as string),
    openedNumbers: () => ({ gameCode: 'SSC1', list: [] }),
    lotteryTickets: () => ({ total: 0, list: [] }),
    walletBalance: () => ({ balance: '10.00', wallets: [] }),
  };
});
afterEach(() => vi.useRealTimers());

describe('the lottery page store', () => {
  it('opens the area’s first game when the address names none, keeps it in the address and reads its board on the server’s clock', async () => {
    const { flow, address } = page('https://casino.test/lottery');
    const stop = flow.start();
    await settle();
    expect(flow.$gameCode.get()).toBe('SSC1');
    expect(address.at).toBe('https://casino.test/lottery?gameCode=SSC1');
    expect(flow.$info.get()?.gameCode).toBe('SSC1');
    expect(flow.$recent.get().map((g) => g.gameCode)).toEqual(['SSC3']);
    expect(flow.$results.get()).toEqual([]);
    expect(flow.$tickets.get()).toEqual({ total: 0, list: [] });
    expect(flow.$balance.get()).toMatchObject({ balance: '10.00' });
    expect(headerReads).toHaveBeenCalled();
    // The server is a minute ahead: its open draw is the first, closing in 20 seconds.
    expect(flow.$serverNow.get()).toBe(T0);
    expect(flow.$draw.get()?.drawNo).toBe('202501011201');
    expect(flow.$vendor.get()).toBe('ELOTT');
    stop();
  });

  it('opens the game the address names at once, and a real vendor’s lobby (once) for a game it does not draw', async () => {
    const named = page('https://casino.test/vnLottery?gameCode=VN_NORTH', 'vn');
    named.flow.start()();
    await settle();
    expect(calls('lotteryGameInfo')[0]!.query).toEqual({ gameCode: 'VN_NORTH' });
    expect(named.flow.$gameCode.get()).toBe('VN_NORTH');

    sent = [];
    answers.launchGame = () => ({ content: { game_url: 'https://vendor.test/lobby?g=TCG_X' } });
    const other = page('https://casino.test/vnLottery?gameCode=TCG_X', 'vn');
    const stop = other.flow.start();
    await settle();
    expect(calls('launchGame')[0]!.query).toMatchObject({ lottoGameCode: 'TCG_X', lottoArea: 'VN', launchMode: 'LOTT' });
    expect(other.address.left).toEqual(['https://vendor.test/lobby?g=TCG_X']);
    // The page shows its own area's first game meanwhile (the unknown game's answer comes too late).
    expect(other.flow.$gameCode.get()).toBe('VN_NORTH');
    expect(other.flow.$info.get()?.gameCode).toBe('VN_NORTH');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls('launchGame')).toHaveLength(1);
    stop();

    // A launch that leads back to this site stays on the page.
    answers.launchGame = () => ({ content: { game_url: 'https://casino.test/vnLottery?gameCode=TCG_Y' } });
    const back = page('https://casino.test/vnLottery?gameCode=TCG_Y', 'vn');
    back.flow.start()();
    await settle();
    expect(back.address.left).toEqual([]);
  });

  it('fills the slip up to the game’s limit and buys it with one key while the same slip is retried', async () => {
    const { flow } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    await settle();
    flow.addToSlip([ticket, { ...ticket, numbers: [8] }]);
    flow.addToSlip([
      { ...ticket, numbers: [9] },
      { ...ticket, numbers: [1] },
    ]);
    expect(flow.$slip.get().map((t) => t.numbers[0])).toEqual([7, 8, 9]);
    expect(flow.$slipFull.get()).toBe(true);
    flow.removeFromSlip(1);
    expect(flow.$slipTotal.get()).toBe('2.00');

    answers.lotteryBet = () => {
      throw new ApiFailure('Network error', 'network', 0);
    };
    await flow.buy();
    expect(flow.$purchase.get()).toEqual({ placing: false, placed: '', error: 'Network error' });
    const body = (n: number) => calls('lotteryBet')[n]!.body!;
    answers.lotteryBet = (i) => ({ slipId: 'S', gameCode: 'SSC1', drawNo: i.body!.drawNo, total: '2.00', wallet: 'ELOTT', balance: '8.00', tickets: [{}, {}] });
    await flow.buy();
    expect(body(0)).toMatchObject({ gameCode: 'SSC1', drawNo: '202501011201', tickets: [ticket, { ...ticket, numbers: [9] }] });
    expect(body(1).idempotencyKey).toBe(body(0).idempotencyKey);
    expect(flow.$slip.get()).toEqual([]);
    expect(flow.$purchase.get()).toEqual({ placing: false, placed: '2 tickets on draw 202501011201, $2.00', error: '' });

    flow.addToSlip([ticket]);
    expect(flow.$purchase.get().placed).toBe('');
    await flow.buy();
    expect(body(2).idempotencyKey).not.toBe(body(0).idempotencyKey);
    stop();
  });

  it('asks for the game wallet’s form when a purchase is refused for want of money, and sells nothing once betting closed', async () => {
    const { flow } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    await settle();
    answers.lotteryBet = () => {
      throw new ApiFailure('Not enough money', 'wallet.balance.insufficient', 400);
    };
    flow.addToSlip([ticket]);
    await flow.buy();
    expect(flow.$needMoney.get()).toBe(1);
    expect(flow.$purchase.get().error).toBe('Not enough money');
    // 20 seconds on, the draw has closed and the next opens 5 seconds later.
    vi.setSystemTime(NOW + 21_000);
    await flow.buy();
    expect(calls('lotteryBet')).toHaveLength(1);
    stop();
  });

  it('reads the game again when its draw closes and twice after it is drawn, and not in between', async () => {
    const { flow } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    await settle();
    const reads = () => calls('lotteryGameInfo').length;
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads()).toBe(2);
    expect(flow.$draw.get()).toBeNull();
    expect(flow.$closing.get()?.drawNo).toBe('202501011201');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(reads()).toBe(3);
    expect(flow.$draw.get()?.drawNo).toBe('202501011202');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads()).toBe(4);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads()).toBe(4);
    stop();
  });

  it('reads ten more tickets at once, and starts a chosen game with an empty slip', async () => {
    const { flow, address } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    await settle();
    flow.moreTickets();
    await settle();
    expect(calls('lotteryTickets').map((c) => c.query!.pageSize)).toEqual([10, 20]);
    flow.addToSlip([ticket]);
    flow.choose('SSC3');
    expect(flow.$slip.get()).toEqual([]);
    expect(flow.$info.get()).toBeNull();
    await settle();
    expect(flow.$info.get()?.gameCode).toBe('SSC3');
    expect(address.at).toBe('https://casino.test/lottery?gameCode=SSC3');
    stop();
  });

  it('keeps the answers of the game chosen last when the player moves on before a game is read', async () => {
    let release: (v: unknown) => void = () => undefined;
    answers.lotteryGameInfo = (i) => (i.query!.gameCode === 'SSC1' ? new Promise((r) => (release = () => r(info('SSC1')))) : info('SSC3'));
    const { flow } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    flow.choose('SSC3');
    await settle();
    release(null);
    await settle();
    expect(flow.$info.get()?.gameCode).toBe('SSC3');
    stop();
  });

  it('verifies a drawn draw from its revealed seed, and drops an answer for a draw no longer asked about', async () => {
    const { flow } = page('https://casino.test/lottery?gameCode=SSC1');
    const stop = flow.start();
    await settle();
    answers.lotteryVerify = (i) => ({ ...draw(i.query!.drawNo as string, 0, 0, 0), family: 'ssc', message: 'm', seedMatchesHash: true, recomputed: [1], matches: true });
    const first = flow.verify('202501011159');
    expect(flow.$verification.get()).toEqual({ drawNo: '202501011159' });
    const second = flow.verify('202501011200');
    await Promise.all([first, second]);
    expect(flow.$verification.get()).toMatchObject({ drawNo: '202501011200', value: { matches: true } });
    answers.lotteryVerify = () => {
      throw new ApiFailure('Not drawn yet', 'lottery.draw.notDrawn', 400);
    };
    await flow.verify('202501011201');
    expect(flow.$verification.get()).toEqual({ drawNo: '202501011201', error: 'Not drawn yet' });
    stop();
  });
});

/**
 * Blackjack through the API (issue 34, RNG tables): hands dealt from the member's seed pair and
 * played in turns, the stake raised through the wallet by a split, a double and insurance, settled
 * at the last action; replays, stale steps and refusals with nothing moved; one open hand, a seed
 * that cannot be revealed under it; an idle hand played out by the job; the verify call replaying
 * a revealed hand; play money in demo. The deals are forced: the test picks the client seed whose
 * stream deals what each path needs (the server seed read from the database), so every run takes
 * the paths meant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { newKey, walletUser } from '../../../../../tests/support/wallet.ts';
import { game, gameRound, gameSeed, sandboxRound, vendor } from '../../../../app/schema.ts';
import { HOUSE, gameAccount } from '../../../wallet/server/accounts.ts';
import { auditLedger, balancesOf, postTransfer } from '../../../wallet/server/ledger.ts';
import { refundRound } from '../../../wallet/server/game-play.ts';
import { roundWords } from '../../../../kernel/fairness.ts';
import { uniformBelow } from '../../../../kernel/uniform.ts';
import { applyAction, blackjackValue, replayBlackjack, settleBlackjack, stakeOf, startBlackjack, type BlackjackAction, type BlackjackState } from '../../contract/blackjack.ts';
import { playOutIdleHands, IDLE_MS } from '../../server/sandbox/blackjack.ts';

const LAUNCH = '/wps/game/launchGame';
const STATE = '/wps/sandbox/game/state';
const BJ = '/wps/sandbox/game/blackjack';
const SPIN = '/wps/sandbox/game/spin';
const SEED = '/wps/sandbox/game/seed';
const VERIFY = '/wps/sandbox/game/verify';

let t: TestDb;
let nodeId = 0;
let slotId = 0;

beforeAll(async () => {
  t = await openTestDb();
  await t.db.insert(vendor).values([{ code: 'BV', displayName: 'Blackjack Vendor', gameType: 'RNG' }]);
  const row = (name: string, classify: string) => ({ gameCode: name, gameName: name, searchName: name.toLowerCase(), gameType: 'RNG', vassalage: 'BV', gameClassify: classify, minBet: 100n, seed: 7 });
  const rows = await t.db
    .insert(game)
    .values([row('Blackjack Gold', 'TABLE'), row('Slot B', 'SLOT')])
    .returning({ nodeId: game.nodeId });
  nodeId = rows[0]!.nodeId;
  slotId = rows[1]!.nodeId;
});
afterAll(() => t.dispose());

type User = Awaited<ReturnType<typeof walletUser>>;
const wallet = (memberId: number) => gameAccount(memberId, 'BV');
async function fundGame(memberId: number, minor: bigint) {
  await t.db.transaction((tx) => postTransfer(tx, { kind: 'bonus', memberId, memo: 'test', legs: [{ from: HOUSE.bonus, to: wallet(memberId), amount: minor }] }));
}
const balance = async (memberId: number) => (await balancesOf(t.db, [wallet(memberId)])).get(wallet(memberId)) ?? 0n;
async function launch(u: User, accountType = '1', node = nodeId) {
  const r = await u.call(`${LAUNCH}?nodeId=${node}&accountType=${accountType}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new URL(r.json.value.content.game_url as string).searchParams.get('launch')!;
}
const call = (token: string, body: Record<string, unknown>, idempotencyKey = newKey()) => callApi(BJ, { method: 'POST', body: { launch: token, idempotencyKey, ...body } });
const stream = (serverSeed: string, clientSeed: string, nonce: number) => {
  const words = roundWords(serverSeed, clientSeed, nonce);
  return () => uniformBelow(52, words);
};

/**
 * Sets the member's active seed pair's client seed to one whose next hand's deal meets `wanted`
 * (and the actions after it, if given, see `then`): answers the pair as forced.
 */
async function force(memberId: number, demo: boolean, wanted: (s: BlackjackState) => boolean) {
  const [seed] = await t.db
    .select()
    .from(gameSeed)
    .where(and(eq(gameSeed.memberId, memberId), eq(gameSeed.demo, demo), isNull(gameSeed.revealedAt)));
  for (let i = 0; i < 200_000; i++) {
    const clientSeed = `force-${i}`;
    if (wanted(startBlackjack(stream(seed!.serverSeed, clientSeed, seed!.nonce)))) {
      await t.db.update(gameSeed).set({ clientSeed }).where(eq(gameSeed.id, seed!.id));
      return { ...seed!, clientSeed };
    }
  }
  throw new Error('no client seed deals that');
}
const up = (s: BlackjackState) => blackjackValue(s.dealer[0]!);
const hole = (s: BlackjackState) => blackjackValue(s.dealer[1]!);

describe('blackjack', () => {
  it('deals, splits, doubles and stands through the wallet, settling at the last action', async () => {
    const u = await walletUser();
    await fundGame(u.id, 100_000n);
    const token = await launch(u);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.rules).toMatchObject({ kind: 'blackjack', bets: ['1.00', '5.00', '10.00', '25.00', '100.00'], maxSpot: '500.00' });
    expect(state.freeSpins).toBeNull();
    // A spin, or a table's bets, at a blackjack table are refused.
    expect((await callApi(SPIN, { method: 'POST', body: { launch: token, bet: '1.00', idempotencyKey: newKey() } })).json.errorCode).toBe('game.table.isTable');

    // A pair of eights against a six: split, then double the first hand, stand on the second.
    const seed = await force(u.id, false, (s) => s.phase === 'player' && blackjackValue(s.hands[0]!.cards[0]!) === 8 && blackjackValue(s.hands[0]!.cards[1]!) === 8 && up(s) === 6);
    const next = stream(seed.serverSeed, seed.clientSeed, seed.nonce);
    let expected = startBlackjack(next);

    // Stakes the table does not take.
    expect((await call(token, { action: 'deal', bet: '1.50' })).json.errorCode).toBe('game.table.amount');
    expect((await call(token, { action: 'deal', bet: '501.00' })).json.errorCode).toBe('game.table.amount');
    expect((await call(token, { action: 'deal' })).json.errorCode).toBe('request.invalid');

    const dealKey = newKey();
    const dealt = await call(token, { action: 'deal', bet: '5.00' }, dealKey);
    expect(dealt.status, JSON.stringify(dealt.json)).toBe(200);
    const round = dealt.json.value.round;
    expect(round.open).toBe(true);
    expect(round.table.blackjack).toMatchObject({ phase: 'player', step: 0, allowed: ['hit', 'stand', 'double', 'split'] });
    // The dealer's hole card is not shown, nor in the round's cards.
    expect(round.table.blackjack.dealer.cards).toEqual([expected.dealer[0]]);
    expect(round.stops).toEqual([expected.cards[0], expected.cards[1], expected.cards[2]]);
    expect(await balance(u.id)).toBe(100_000n - 500n);
    const [open] = await t.db.select().from(gameRound).where(eq(gameRound.roundId, round.roundId));
    expect([open!.status, open!.betAmount]).toEqual(['open', 500n]);
    // The deal replays by its key.
    expect((await call(token, { action: 'deal', bet: '5.00' }, dealKey)).json.value.round.roundId).toBe(round.roundId);
    // A second hand at this table waits for this one.
    expect((await call(token, { action: 'deal', bet: '5.00' })).json.errorCode).toBe('game.blackjack.handOpen');
    // The seed pair is not revealed while a hand dealt from it is played.
    expect((await callApi(SEED, { method: 'POST', body: { launch: token } })).json.errorCode).toBe('game.seed.handOpen');

    const act = (action: BlackjackAction, step: number, key = newKey()) => call(token, { action, roundId: round.roundId, step }, key);
    // Not an action the hand takes now; a step it has left.
    expect((await act('insurance', 0)).json.errorCode).toBe('game.blackjack.notAllowed');
    expect((await act('hit', 3)).json.errorCode).toBe('game.blackjack.stale');

    const splitKey = newKey();
    const split = await act('split', 0, splitKey);
    expect(split.status, JSON.stringify(split.json)).toBe(200);
    expected = applyAction(expected, 'split', next);
    expect(split.json.value.round.table.blackjack.hands.map((h: { cards: number[] }) => h.cards)).toEqual(expected.hands.map((h) => h.cards));
    expect(await balance(u.id)).toBe(100_000n - 1000n);
    // A retry of the split (same key) replays it; the same step with another key is stale.
    expect((await act('split', 0, splitKey)).json.value.round.table.blackjack.step).toBe(1);
    expect((await act('split', 0)).json.errorCode).toBe('game.blackjack.stale');
    expect(await balance(u.id)).toBe(100_000n - 1000n);

    // Play the hands out: double the first when it may, stand on the rest.
    let step = 1;
    let last = split.json.value;
    while (expected.phase !== 'done') {
      const a: BlackjackAction = expected.hands[expected.active]!.cards.length === 2 && expected.active === 0 ? 'double' : 'stand';
      const r = await act(a, step++);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expected = applyAction(expected, a, next);
      last = r.json.value;
    }
    const settled = settleBlackjack(expected, 500n);
    const staked = stakeOf(expected, 500n);
    expect(staked).toBe(1500n);
    expect(last.round.open).toBeUndefined();
    expect(last.round.bet).toBe('15.00');
    expect(last.round.table.blackjack.dealer.cards).toEqual(expected.dealer);
    expect(last.round.table.blackjack.hands.map((h: { result: string }) => h.result)).toEqual(settled.hands.map((h) => h.result));
    expect(await balance(u.id)).toBe(100_000n - staked + settled.win);
    const [gr] = await t.db.select().from(gameRound).where(eq(gameRound.roundId, round.roundId));
    expect([gr!.status, gr!.betAmount, gr!.winAmount]).toEqual(['settled', staked, settled.win]);
    expect((await act('stand', step)).json.errorCode).toBe('game.blackjack.over');

    // Revealed now: the verify call replays the hand from the seeds and its actions.
    expect((await callApi(SEED, { method: 'POST', body: { launch: token } })).status).toBe(200);
    const actions = last.round.table.blackjack.actions as string[];
    const v = await callApi(`${VERIFY}?nodeId=${nodeId}&serverSeed=${seed.serverSeed}&clientSeed=${seed.clientSeed}&nonce=${seed.nonce}&bet=5.00&actions=${actions.join(',')}`);
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json.value.stops).toEqual(expected.cards);
    expect(v.json.value.win).toBe(last.round.win);
    expect(v.json.value.table.blackjack.dealer.cards).toEqual(expected.dealer);
    expect((await callApi(`${VERIFY}?nodeId=${nodeId}&serverSeed=${seed.serverSeed}&clientSeed=${seed.clientSeed}&nonce=${seed.nonce}&actions=split,split`)).json.errorCode).toBe(
      'game.blackjack.actions',
    );
    const bare = await callApi(`${VERIFY}?nodeId=${nodeId}&serverSeed=${seed.serverSeed}&clientSeed=${seed.clientSeed}&nonce=${seed.nonce}`);
    expect(bare.json.value.stops.slice(0, expected.cards.length)).toEqual(expected.cards);

    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted]).toEqual([0n, []]);
  });

  it('insurance costs half a stake and pays 2 to 1 on the dealer’s blackjack; a short wallet is refused with nothing moved', async () => {
    const u = await walletUser();
    await fundGame(u.id, 1500n);
    const token = await launch(u);
    await callApi(`${STATE}?launch=${token}`);
    await force(u.id, false, (s) => s.phase === 'insurance' && hole(s) === 10 && handTotal2(s) < 21);
    const dealt = (await call(token, { action: 'deal', bet: '10.00' })).json.value.round;
    expect(dealt.table.blackjack).toMatchObject({ phase: 'insurance', allowed: ['insurance', 'noInsurance'] });
    // 5.00 is left: insurance (5.00) is taken, and the dealer's blackjack pays it 15.00.
    const r = await call(token, { action: 'insurance', roundId: dealt.roundId, step: 0 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.value.round).toMatchObject({ bet: '15.00', win: '15.00' });
    expect(r.json.value.round.table.blackjack.insurance).toMatchObject({ state: 'taken', payout: '15.00' });
    expect(await balance(u.id)).toBe(1500n);

    // A double the wallet cannot pay: refused, the hand and the money as they were.
    await force(u.id, false, (s) => s.phase === 'player' && s.hands[0]!.cards.length === 2);
    const second = (await call(token, { action: 'deal', bet: '10.00' })).json.value.round;
    const refused = await call(token, { action: 'double', roundId: second.roundId, step: 0 });
    expect([refused.status, refused.json.errorCode]).toEqual([400, 'wallet.balance.insufficient']);
    expect(await balance(u.id)).toBe(500n);
    const [sr] = await t.db.select().from(sandboxRound).where(eq(sandboxRound.roundId, second.roundId));
    expect([sr!.open, sr!.betAmount, sr!.tableBets!.actions]).toEqual([true, 1000n, []]);
    expect((await call(token, { action: 'stand', roundId: second.roundId, step: 0 })).status).toBe(200);
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted]).toEqual([0n, []]);
  });

  it('an idle hand is played out by the job: insurance declined, stood, settled once', async () => {
    const u = await walletUser();
    await fundGame(u.id, 10_000n);
    const token = await launch(u);
    await callApi(`${STATE}?launch=${token}`);
    const seed = await force(u.id, false, (s) => s.phase === 'insurance' && hole(s) !== 10 && handTotal2(s) < 21);
    const dealt = (await call(token, { action: 'deal', bet: '1.00' })).json.value.round;
    expect(await playOutIdleHands(t.db, Date.now())).toBe(0);
    await t.db
      .update(sandboxRound)
      .set({ actedAt: new Date(Date.now() - IDLE_MS - 1000) })
      .where(eq(sandboxRound.roundId, dealt.roundId));
    // Two runs at once (two processes): the hand ends once.
    const runs = await Promise.all([playOutIdleHands(t.db, Date.now()), playOutIdleHands(t.db, Date.now())]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const expected = replayBlackjack(['noInsurance', 'stand'], stream(seed.serverSeed, seed.clientSeed, seed.nonce));
    const win = settleBlackjack(expected, 100n).win;
    const [gr] = await t.db.select().from(gameRound).where(eq(gameRound.roundId, dealt.roundId));
    expect([gr!.status, gr!.winAmount]).toEqual(['settled', win]);
    expect(await balance(u.id)).toBe(10_000n - 100n + win);
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.history[0]).toMatchObject({ roundId: dealt.roundId, win: (Number(win) / 100).toFixed(2) });
    expect(state.history[0].table.blackjack.actions).toEqual(['noInsurance', 'stand']);

    // A hand whose wallet round the stale-round sweeper refunded (left far past its settleBy) is
    // never paid too: the next action finds it over, and it is closed with no win.
    await force(u.id, false, (s) => s.phase === 'player');
    const before = await balance(u.id);
    const left = (await call(token, { action: 'deal', bet: '1.00' })).json.value.round;
    await refundRound(t.db, left.roundId);
    expect(await balance(u.id)).toBe(before);
    const late = await call(token, { action: 'stand', roundId: left.roundId, step: 0 });
    expect([late.status, late.json.errorCode]).toEqual([409, 'game.blackjack.over']);
    const [closed] = await t.db.select().from(sandboxRound).where(eq(sandboxRound.roundId, left.roundId));
    expect([closed!.open, closed!.winAmount]).toEqual([false, 0n]);
    expect(await balance(u.id)).toBe(before);
    const audit = await auditLedger(t.db);
    expect([audit.total, audit.drifted]).toEqual([0n, []]);
  });

  it('a demo hand plays the session’s play money, and never touches the wallet', async () => {
    const u = await walletUser();
    const token = await launch(u, '0');
    const state = (await callApi(`${STATE}?launch=${token}`)).json.value;
    expect(state.demo).toBe(true);
    await force(u.id, true, (s) => s.phase === 'player');
    const dealt = await call(token, { action: 'deal', bet: '100.00' });
    expect(dealt.status, JSON.stringify(dealt.json)).toBe(200);
    expect(dealt.json.value.round.demo).toBe(true);
    expect(dealt.json.value.balance).toBe('1900.00');
    const d = await call(token, { action: 'double', roundId: dealt.json.value.round.roundId, step: 0 });
    expect(d.status, JSON.stringify(d.json)).toBe(200);
    const win = BigInt(Math.round(Number(d.json.value.round.win) * 100));
    expect(d.json.value.round.bet).toBe('200.00');
    expect(d.json.value.balance).toBe(((200_000n - 20_000n + win) / 100n).toString() + '.00');
    expect(await balance(u.id)).toBe(0n);
    // The demo's hand is not the real wallet's: a real session does not see it.
    const real = await launch(u);
    expect((await call(real, { action: 'stand', roundId: dealt.json.value.round.roundId, step: 1 })).json.errorCode).toBe('game.blackjack.unknown');
    // Not a blackjack game.
    const slot = await launch(u, '1', slotId);
    expect((await call(slot, { action: 'deal', bet: '1.00' })).json.errorCode).toBe('game.blackjack.notBlackjack');
  });
});

/** The player's first two cards' total. */
function handTotal2(s: BlackjackState) {
  const [a, b] = s.hands[0]!.cards.map(blackjackValue) as [number, number];
  return a === 1 && b === 10 ? 21 : b === 1 && a === 10 ? 21 : a + b;
}

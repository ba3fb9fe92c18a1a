/**
 * Blackjack's rules (issue 34, RNG tables: contract/blackjack.ts): totals, the deal and the peek,
 * every action, the dealer's draws, the payouts, the replay of a record; and the return of the
 * main bet played with basic strategy, simulated through the very dealing the server uses and set
 * against the published figure (BLACKJACK_RTP) within 4.5 standard errors: 4 million hands in
 * the slow run, 200,000 every day.
 *
 * Cards are written by rank (0 ace, 1 two ... 9 ten, 10 jack, 11 queen, 12 king; the suit is the
 * card / 13 and plays no part).
 */
import { describe, expect, it } from 'vitest';
import { simulationWords } from '../../../kernel/fairness.ts';
import { uniformBelow } from '../../../kernel/uniform.ts';
import { sampleSize } from '../../../../tests/support/samples.ts';
import {
  actionCost,
  allowedActions,
  applyAction,
  BLACKJACK_RTP,
  blackjackOfRecord,
  blackjackValue,
  handTotal,
  isBlackjackGame,
  replayBlackjack,
  settleBlackjack,
  stakeOf,
  startBlackjack,
  viewOfBlackjack,
  visibleCards,
  type BlackjackAction,
  type BlackjackState,
} from '../contract/blackjack.ts';

const A = 0;
const T = 9; // a ten
const K = 12;
/** Cards as the stream gives them, in dealing order: player, dealer up, player, dealer hole, then the draws. */
const deck = (...cards: number[]) => {
  let i = 0;
  return () => {
    if (i >= cards.length) throw new Error('the test deck ran out');
    return cards[i++]!;
  };
};
const play = (cards: number[], actions: BlackjackAction[]) => replayBlackjack(actions, deck(...cards));
const n = (pips: number) => pips - 1; // the card of a two to nine

describe('blackjack totals', () => {
  it('counts an ace as 11 when it helps, and says the hand is soft', () => {
    expect(handTotal([A, n(6)])).toEqual({ total: 17, soft: true });
    expect(handTotal([A, n(6), n(9)])).toEqual({ total: 16, soft: false });
    expect(handTotal([A, A])).toEqual({ total: 12, soft: true });
    expect(handTotal([A, K])).toEqual({ total: 21, soft: true });
    expect(handTotal([K, 11, n(2)])).toEqual({ total: 22, soft: false });
    expect([A, n(5), T, 10, 11, K].map(blackjackValue)).toEqual([1, 5, 10, 10, 10, 10]);
  });

  it('names the blackjack games of the RNG lane', () => {
    expect(isBlackjackGame({ gameType: 'RNG', gameName: 'Blackjack Gold' })).toBe(true);
    expect(isBlackjackGame({ gameType: 'RNG', gameName: 'Speed Blackjack' })).toBe(true);
    expect(isBlackjackGame({ gameType: 'LIVE', gameName: 'Blackjack' })).toBe(false);
    expect(isBlackjackGame({ gameType: 'RNG', gameName: 'Blackjacks Fortune' })).toBe(false);
  });
});

describe('the deal and the peek', () => {
  it('deals player, dealer up, player, dealer hole, and waits for the player', () => {
    const s = play([n(9), n(7), n(8), n(6)], []);
    expect(s.hands[0]!.cards).toEqual([n(9), n(8)]);
    expect(s.dealer).toEqual([n(7), n(6)]);
    expect([s.phase, s.active]).toEqual(['player', 0]);
    expect(allowedActions(s)).toEqual(['hit', 'stand', 'double']);
    // The hole card is hidden while the hand is played.
    expect(visibleCards(s)).toEqual([n(9), n(7), n(8)]);
  });

  it('pays a blackjack 3 to 2 at once, and pushes it against the dealer’s', () => {
    const bj = play([A, n(9), K, n(7)], []);
    expect(bj.phase).toBe('done');
    expect(settleBlackjack(bj, 200n)).toEqual({ hands: [{ result: 'blackjack', payout: 500n }], insurance: 0n, win: 500n });
    const both = play([A, K, K, A], []);
    expect(settleBlackjack(both, 200n).hands[0]).toEqual({ result: 'push', payout: 200n });
  });

  it('peeks under a ten: the dealer’s blackjack ends the hand before the player acts', () => {
    const s = play([n(9), K, n(9), A], []);
    expect(s.phase).toBe('done');
    expect(settleBlackjack(s, 100n).hands[0]!.result).toBe('lose');
  });

  it('offers insurance under an ace; it pays 2 to 1 on the dealer’s blackjack, and is lost otherwise', () => {
    const offered = play([n(9), A, n(9), K], []);
    expect([offered.phase, allowedActions(offered)]).toEqual(['insurance', ['insurance', 'noInsurance']]);
    expect(actionCost(offered, 'insurance', 200n)).toBe(100n);
    const taken = applyAction(offered, 'insurance', deck());
    expect(taken.phase).toBe('done');
    expect(stakeOf(taken, 200n)).toBe(300n);
    // The hand loses its 200, the insurance of 100 returns 300: the player is even.
    expect(settleBlackjack(taken, 200n)).toEqual({ hands: [{ result: 'lose', payout: 0n }], insurance: 300n, win: 300n });
    const noBj = applyAction(play([n(9), A, n(9), n(5)], []), 'insurance', deck(n(2)));
    expect(noBj.phase).toBe('player');
    expect(applyAction(noBj, 'stand', deck(n(2), n(10 - 1))).phase).toBe('done');
  });
});

describe('the player’s actions', () => {
  it('hits until bust; the dealer does not draw when every hand is bust', () => {
    const s = play([T, n(9), n(6), n(7), K], ['hit']);
    expect(s.hands[0]!.cards).toEqual([T, n(6), K]);
    expect(s.phase).toBe('done');
    expect(s.dealer).toEqual([n(9), n(7)]);
    expect(settleBlackjack(s, 100n).hands[0]).toEqual({ result: 'bust', payout: 0n });
  });

  it('doubles with one card and twice the stake', () => {
    const s = play([n(6), n(6), n(5), K, T, n(8)], ['double']);
    expect(s.hands[0]).toMatchObject({ cards: [n(6), n(5), T], doubled: true, done: true });
    // The dealer: 6 + 10, draws an 8: bust.
    expect(s.dealer).toEqual([n(6), K, n(8)]);
    expect(stakeOf(s, 100n)).toBe(200n);
    expect(settleBlackjack(s, 100n).hands[0]).toEqual({ result: 'win', payout: 400n });
  });

  it('splits a pair into two hands, each dealt its second card, then plays them in turn', () => {
    const s0 = play([n(8), n(6), n(8), K], []);
    expect(allowedActions(s0)).toContain('split');
    const s = play([n(8), n(6), n(8), K, n(3), T], ['split']);
    expect(s.hands.map((h) => h.cards)).toEqual([
      [n(8), n(3)],
      [n(8), T],
    ]);
    expect([s.active, allowedActions(s)]).toEqual([0, ['hit', 'stand', 'double']]);
    const after = replayBlackjack(['split', 'double', 'stand'], deck(n(8), n(6), n(8), K, n(3), T, T, n(5)));
    // Hand one: 8 3 doubled with a ten (21); hand two stands on 18; the dealer draws a 5 to 21.
    expect(after.phase).toBe('done');
    expect(after.dealer).toEqual([n(6), K, n(5)]);
    expect(stakeOf(after, 100n)).toBe(300n);
    expect(settleBlackjack(after, 100n)).toEqual({
      hands: [
        { result: 'push', payout: 200n },
        { result: 'lose', payout: 0n },
      ],
      insurance: 0n,
      win: 200n,
    });
  });

  it('splits aces once, a card each, and a split 21 is not a blackjack', () => {
    const s = play([A, n(7), A, n(9), K, n(5), n(2)], ['split']);
    expect(s.hands.map((h) => h.cards)).toEqual([
      [A, K],
      [A, n(5)],
    ]);
    expect(s.phase).toBe('done');
    expect(settleBlackjack(s, 100n).hands.map((h) => h.result)).toEqual(['win', 'lose']);
    // Tens of different faces split as a pair; a split hand never splits again.
    const tens = play([K, n(5), 10, n(6), n(8), n(8)], ['split']);
    expect(tens.hands.length).toBe(2);
    expect(allowedActions(tens)).not.toContain('split');
  });

  it('the dealer stands on a soft 17 and draws to 17 otherwise', () => {
    const soft = play([T, A, n(7), n(6)], ['noInsurance', 'stand']);
    expect(soft.dealer).toEqual([A, n(6)]);
    expect(settleBlackjack(soft, 100n).hands[0]!.result).toBe('push');
    const drawn = play([T, n(2), n(9), n(3), n(2), n(4), K], ['stand']);
    expect(drawn.dealer).toEqual([n(2), n(3), n(2), n(4), K]);
  });

  it('refuses an action the hand does not take now', () => {
    const s = play([n(9), n(7), n(8), n(6)], []);
    expect(() => applyAction(s, 'split', deck())).toThrow(RangeError);
    expect(() => applyAction(s, 'insurance', deck())).toThrow(RangeError);
    const over = play([T, n(9), n(6), n(7), K], ['hit']);
    expect(() => applyAction(over, 'stand', deck())).toThrow(RangeError);
  });
});

describe('a hand’s record', () => {
  it('replays from its cards and actions, and refuses a record the rules could not deal', () => {
    const cards = [n(8), n(6), n(8), K, n(3), T, T, n(5)];
    const actions: BlackjackAction[] = ['split', 'double', 'stand'];
    expect(blackjackOfRecord(cards, actions)).toEqual(play(cards, actions));
    expect(() => blackjackOfRecord(cards.slice(0, -1), actions)).toThrow(RangeError);
    expect(() => blackjackOfRecord([...cards, n(2)], actions)).toThrow(RangeError);
    expect(() => blackjackOfRecord([52, ...cards.slice(1)], actions)).toThrow(RangeError);
  });

  it('shows the hand as the player may see it, and all of it once over', () => {
    const fmt = (x: bigint) => (Number(x) / 100).toFixed(2);
    const open = viewOfBlackjack(play([n(9), n(7), n(8), n(6)], []), [], 100n, fmt);
    expect(open.dealer).toEqual({ cards: [n(7)], total: 7, soft: false });
    expect(open.hands[0]).toMatchObject({ total: 17, result: null, payout: null, stake: '1.00' });
    const done = viewOfBlackjack(play([n(9), n(7), n(8), n(6), n(5)], ['stand']), ['stand'], 100n, fmt);
    expect(done.dealer.cards).toEqual([n(7), n(6), n(5)]);
    expect(done.hands[0]).toMatchObject({ result: 'lose', payout: '0.00' });
    expect(done.step).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Basic strategy for these rules (infinite deck, dealer stands on soft 17, double after split,
// no surrender, one split), by the player's cards and the dealer's up card (2..11, ace 11).

function basic(s: BlackjackState): BlackjackAction {
  const allowed = allowedActions(s);
  if (s.phase === 'insurance') return 'noInsurance';
  const h = s.hands[s.active]!;
  const up = blackjackValue(s.dealer[0]!) === 1 ? 11 : blackjackValue(s.dealer[0]!);
  const can = (a: BlackjackAction) => allowed.includes(a);
  if (can('split')) {
    const v = blackjackValue(h.cards[0]!);
    const split = v === 1 || v === 8 ? true : v === 9 ? up <= 9 && up !== 7 : v === 7 ? up <= 7 : v === 6 ? up <= 6 : v === 4 ? up === 5 || up === 6 : v === 2 || v === 3 ? up <= 7 : false;
    if (split) return 'split';
  }
  const { total, soft } = handTotal(h.cards);
  const dbl = (a: boolean) => (a && can('double') ? 'double' : 'hit');
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return up >= 3 && up <= 6 && can('double') ? 'double' : up <= 8 ? 'stand' : 'hit';
    if (total === 17) return dbl(up >= 3 && up <= 6);
    if (total >= 15) return dbl(up >= 4 && up <= 6);
    return dbl(up === 5 || up === 6);
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return dbl(up <= 10);
  if (total === 10) return dbl(up <= 9);
  if (total === 9) return dbl(up >= 3 && up <= 6);
  return 'hit';
}

const HANDS = sampleSize(4_000_000, 200_000);

describe('the return of the main bet with basic strategy', () => {
  it('is the published figure, within 4.5 standard errors', { timeout: 600_000 }, () => {
    const words = simulationWords(0xb1ac);
    const next = () => uniformBelow(52, words);
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < HANDS; i++) {
      let s = startBlackjack(next);
      while (s.phase !== 'done') s = applyAction(s, basic(s), next);
      // Returned per first stake (of 2 units, so half stakes are whole): what came back, less what
      // the doubles, splits and insurance added to the stake.
      const r = 1 + Number(settleBlackjack(s, 2n).win - stakeOf(s, 2n)) / 2;
      sum += r;
      squares += r * r;
    }
    const mean = sum / HANDS;
    const variance = (squares - HANDS * mean * mean) / (HANDS - 1);
    const z = (mean - BLACKJACK_RTP) / Math.sqrt(variance / HANDS);
    expect(Math.abs(z), `measured ${mean.toFixed(5)}, published ${BLACKJACK_RTP}`).toBeLessThan(4.5);
  });
});

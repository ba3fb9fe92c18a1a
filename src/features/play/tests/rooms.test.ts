/**
 * The PVP rooms' rules (contract/rooms.ts): bull-bull and Teen Patti hands, the deal from one
 * deck, the seats (the house's next to a lone player), what each seat takes back, and the room's
 * published return measured by simulation.
 */
import { describe, expect, it } from 'vitest';
import { simulationWords } from '../../../kernel/fairness.ts';
import { bullHand, compareHands, drawRoom, ROOM_RTP, ROOM_SEATS, roomHands, roomResult, seatsOfRound, teenPattiHand } from '../contract/rooms.ts';

// Cards: rank = card % 13 (ace 0 ... king 12), suit = card / 13 (spades, hearts, diamonds, clubs).
const S = 0;
const H = 13;
const D = 26;
const C = 39;
const A = 0;
const J = 10;
const Q = 11;
const K = 12;
const n = (pips: number) => pips - 1;

describe('bull-bull hands', () => {
  it('finds the bull: three cards making ten, the other two modulo ten', () => {
    // 3 + 7 + K = 20: a bull; 4 + 5 = 9.
    expect(bullHand([S + n(3), H + n(7), D + K, C + n(4), S + n(5)]).name).toBe('bull9');
    // 10 + J + Q = 30, and 6 + 4 = 10: bull-bull.
    expect(bullHand([S + n(10), H + J, D + Q, C + n(6), S + n(4)]).name).toBe('bullBull');
    // No three of A, 2, 3, 4, 6 sum to a multiple of ten... A+3+6 = 10: bull (2+4 = 6).
    expect(bullHand([S + A, H + n(2), D + n(3), C + n(4), S + n(6)]).name).toBe('bull6');
    // A, A, 2, 2, 3: no three make ten.
    expect(bullHand([S + A, H + A, D + n(2), C + n(2), S + n(3)]).name).toBe('noBull');
  });

  it('takes the best bull when several choices make ten', () => {
    // 5 + 5 + K = 20 leaves 10 + 10 = bull-bull; other splits leave less.
    expect(bullHand([S + n(5), H + n(5), D + K, C + Q, S + J]).name).toBe('bullBull');
  });

  it('orders bull-bull above bull 9 above no bull; equal bulls by the highest card, then its suit', () => {
    const bb = bullHand([S + n(10), H + J, D + Q, C + n(6), S + n(4)]);
    const b9 = bullHand([S + n(3), H + n(7), D + K, C + n(4), S + n(5)]);
    const none = bullHand([S + A, H + A, D + n(2), C + n(2), S + n(3)]);
    expect(compareHands(bb, b9)).toBeGreaterThan(0);
    expect(compareHands(b9, none)).toBeGreaterThan(0);
    // Bull 9 with a king of spades beats bull 9 with a king of hearts.
    const kingSpades = bullHand([H + n(3), C + n(7), S + K, D + n(4), H + n(5)]);
    const kingHearts = bullHand([S + n(3), D + n(7), H + K, C + n(4), C + n(5)]);
    expect(kingSpades.name).toBe('bull9');
    expect(kingHearts.name).toBe('bull9');
    expect(compareHands(kingSpades, kingHearts)).toBeGreaterThan(0);
  });
});

describe('Teen Patti hands', () => {
  it('names each category and orders them', () => {
    const trail = teenPattiHand([S + n(2), H + n(2), D + n(2)]);
    const pure = teenPattiHand([S + n(4), S + n(5), S + n(6)]);
    const seq = teenPattiHand([S + Q, H + K, D + A]);
    const colour = teenPattiHand([H + n(2), H + n(9), H + K]);
    const pair = teenPattiHand([S + A, H + A, D + n(2)]);
    const high = teenPattiHand([S + A, H + K, D + J]);
    expect([trail, pure, seq, colour, pair, high].map((h) => h.name)).toEqual(['trail', 'pureSequence', 'sequence', 'colour', 'pair', 'highCard']);
    for (let i = 0; i + 1 < 6; i++) expect(compareHands([trail, pure, seq, colour, pair, high][i]!, [trail, pure, seq, colour, pair, high][i + 1]!)).toBeGreaterThan(0);
  });

  it('counts A-2-3 as the lowest sequence, and compares pairs by the pair first', () => {
    const wheel = teenPattiHand([S + A, H + n(2), D + n(3)]);
    const low = teenPattiHand([S + n(2), H + n(3), D + n(4)]);
    expect(wheel.name).toBe('sequence');
    expect(compareHands(low, wheel)).toBeGreaterThan(0);
    const kingsLow = teenPattiHand([S + K, H + K, D + n(2)]);
    const queensAce = teenPattiHand([S + Q, H + Q, D + A]);
    expect(compareHands(kingsLow, queensAce)).toBeGreaterThan(0);
  });

  it('puts A-K-Q above K-Q-J, and a pair of aces above a pair of kings whatever the kicker', () => {
    expect(compareHands(teenPattiHand([S + A, H + K, D + Q]), teenPattiHand([S + K, H + Q, D + J]))).toBeGreaterThan(0);
    expect(compareHands(teenPattiHand([S + A, H + A, D + n(2)]), teenPattiHand([S + K, C + K, D + Q]))).toBeGreaterThan(0);
    // Two pairs of nines: the kicker decides; with the same kicker rank, the suit of the pair's best card.
    expect(compareHands(teenPattiHand([S + n(9), H + n(9), D + n(5)]), teenPattiHand([D + n(9), C + n(9), S + n(4)]))).toBeGreaterThan(0);
    expect(compareHands(teenPattiHand([S + n(9), D + n(9), D + n(5)]), teenPattiHand([H + n(9), C + n(9), C + n(5)]))).toBeGreaterThan(0);
  });

  it('decides equal hands by the suit of the highest card', () => {
    const a = teenPattiHand([S + A, H + n(9), D + n(4)]);
    const b = teenPattiHand([H + A, S + n(9), C + n(4)]);
    expect(compareHands(a, b)).toBeGreaterThan(0);
  });
});

describe('the deal and the seats', () => {
  it('deals every seat from one deck, never a card twice, and refuses a record it could not deal', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const stops = drawRoom('bullBull', simulationWords(seed));
      expect(stops).toHaveLength(ROOM_SEATS * 5);
      expect(new Set(stops).size).toBe(stops.length);
      expect(roomHands('bullBull', stops)).toHaveLength(ROOM_SEATS);
    }
    const tp = drawRoom('teenPatti', simulationWords(9));
    expect(tp).toHaveLength(ROOM_SEATS * 3);
    expect(() => roomHands('teenPatti', [...tp.slice(1), tp[0]!, 0].slice(0, 14))).toThrow(RangeError);
    expect(() => roomHands('teenPatti', [tp[0]!, ...tp.slice(0, 14)])).toThrow(RangeError);
  });

  it('puts the house next to a lone player with the same stake, and nowhere else', () => {
    expect(seatsOfRound([{ seat: 1, stake: 500n }])).toEqual([
      { seat: 1, stake: 500n, house: false },
      { seat: 2, stake: 500n, house: true },
    ]);
    expect(
      seatsOfRound([
        { seat: 2, stake: 500n },
        { seat: 1, stake: 100n },
      ]).map((s) => [s.seat, s.house]),
    ).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(seatsOfRound([])).toEqual([]);
  });

  it('pays the best hand what each other seat stakes up to its own, less 5% rounded up; the others keep the rest', () => {
    // Find a deal where seat 2 wins among three seats (about one in three).
    for (let seed = 1; ; seed++) {
      if (seed > 1000) throw new Error('no deal where seat 2 wins');
      const stops = drawRoom('bullBull', simulationWords(seed));
      const seats = [
        { seat: 1, stake: 1000n, house: false },
        { seat: 2, stake: 300n, house: false },
        { seat: 3, stake: 200n, house: false },
      ];
      const r = roomResult('bullBull', stops, seats);
      const winner = r.seats.find((s) => s.winner)!;
      if (winner.seat !== 2) continue;
      // Seat 1 pays 300 (the winner's stake) and keeps 700; seat 3 pays its 200. Won: 500; commission 25.
      expect(r.seats.map((s) => s.returned)).toEqual([700n, 300n + 500n - 25n, 0n]);
      expect(r.commission).toBe(25n);
      // Money is conserved: what went in is what comes back, plus the commission.
      expect(r.seats.reduce((t, s) => t + s.returned, 0n) + r.commission).toBe(1500n);
      // The winner's hand beats every other.
      for (const s of r.seats) if (s !== winner) expect(compareHands(winner.hand, s.hand)).toBeGreaterThan(0);
      break;
    }
  });

  it('rounds the commission up to the minor unit', () => {
    for (let seed = 1; ; seed++) {
      if (seed > 1000) throw new Error('no deal the player wins');
      const stops = drawRoom('teenPatti', simulationWords(seed));
      const r = roomResult('teenPatti', stops, seatsOfRound([{ seat: 1, stake: 101n }]));
      if (!r.seats[0]!.winner) continue;
      // Won 101 from the house: 5% is 5.05, taken as 6.
      expect(r.commission).toBe(6n);
      expect(r.seats[0]!.returned).toBe(101n + 101n - 6n);
      break;
    }
  });
});

describe('the return', () => {
  // A lone player against the house wins half the deals: the return is (2 - 5%) / 2.
  it.each(['bullBull', 'teenPatti'] as const)('%s: a lone player returns 97.5% of stakes (within 4.5 standard errors)', (game) => {
    const hands = process.env.SLOW_TESTS ? 400_000 : 40_000;
    const stake = 10_000n;
    let back = 0n;
    const words = simulationWords(game === 'bullBull' ? 11 : 12);
    for (let i = 0; i < hands; i++) back += roomResult(game, drawRoom(game, words), seatsOfRound([{ seat: 1 + (i % ROOM_SEATS), stake }])).seats.find((s) => !s.house)!.returned;
    const rtp = Number(back) / Number(stake * BigInt(hands));
    // Per hand: 1.95 or 0, with p = 1/2: SD 0.975.
    const se = 0.975 / Math.sqrt(hands);
    expect(Math.abs(rtp - ROOM_RTP)).toBeLessThan(4.5 * se);
  });
});

/** The table games' rules (issue 34, RNG tables): the deal, the tableau, the payouts and the exact returns. */
import { describe, expect, it } from 'vitest';
import { roundWords, makeServerSeed } from '../../../kernel/fairness.ts';
import {
  baccaratValue,
  dealBaccaratWith,
  drawTable,
  pocketColour,
  spotReturn,
  spotTerms,
  tableBetsIssue,
  tableGameOf,
  tableLimits,
  tableOutcome,
  tableSpots,
  FISH,
  fishHit,
  CRASH_MAX,
  CRASH_SPAN,
  crashPoint,
  crashTarget,
  KENO_PAYS,
  kenoChance,
  kenoPicks,
  kenoSpot,
  diceBet,
  diceMultiple,
  PLINKO_PAYS,
  type TableGame,
  type TableOutcome,
} from '../contract/tables.ts';
import { liveTableOf } from '../contract/live.ts';
import { addChip, removeSpot, stakesKey, stakesList, stakesTotal } from '../client/table-logic.ts';

const EU: TableGame = { kind: 'roulette', wheel: 'european' };
const US: TableGame = { kind: 'roulette', wheel: 'american' };
const BAC: TableGame = { kind: 'baccarat' };
const DT: TableGame = { kind: 'dragonTiger' };
/** Why a table refuses two bets of one smallest chip on two spots (a one-bet game: 'oneTarget'). */
const twoBetsIssue = (t: TableGame, a: string, b: string) =>
  tableBetsIssue(
    t,
    [
      { spot: a, amount: 100n },
      { spot: b, amount: 100n },
    ],
    100n,
  );
/** A card of a rank (0 ace .. 12 king) in a suit (0 spades .. 3 clubs). */
const card = (rank: number, suit = 0) => suit * 13 + rank;
/** A card worth `v` in baccarat (0 as a ten). */
const worth = (v: number, suit = 0) => card(v === 0 ? 9 : v - 1, suit);

describe('which games are tables', () => {
  it('reads the RNG lane’s table games by name, and nothing of other lanes', () => {
    expect(tableGameOf({ gameType: 'RNG', gameName: 'European Roulette Gold' })).toEqual(EU);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'American Roulette' })).toEqual(US);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Baccarat Speed' })).toEqual(BAC);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Dragon Tiger Mini' })).toEqual(DT);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Lucky Dragon Tigers' })).toBeNull();
    expect(tableGameOf({ gameType: 'LIVE', gameName: 'Baccarat' })).toBeNull();
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Blackjack' })).toBeNull();
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Sic Bo Deluxe' })).toEqual({ kind: 'sicBo' });
    expect(tableGameOf({ gameType: 'FISH', gameName: 'Ocean King' })).toEqual({ kind: 'fish' });
  });

  it('reads the live lane’s shared tables by name: baccarat (No Commission too; not Bac Bo), roulette on the European wheel, dragon tiger', () => {
    const live = (gameName: string) => liveTableOf({ gameType: 'LIVE', gameName });
    expect(['Speed Baccarat', 'Baccarat Squeeze'].map(live)).toEqual([BAC, BAC]);
    expect(['Lightning Roulette', 'Auto Roulette', 'European Roulette', 'Speed Roulette'].map(live)).toEqual([EU, EU, EU, EU]);
    expect(live('Dragon Tiger II')).toEqual(DT);
    expect(live('Super Sic Bo')).toEqual({ kind: 'sicBo' });
    expect(live('Andar Bahar')).toEqual({ kind: 'andarBahar' });
    expect(['Bac Bo', 'Blackjack', 'Evolution Lobby'].map(live)).toEqual([null, null, null]);
    expect(live('No Commission Baccarat')).toEqual({ kind: 'baccarat', noCommission: true });
    expect(liveTableOf({ gameType: 'RNG', gameName: 'Baccarat' })).toBeNull();
  });
});

describe('roulette', () => {
  it('pays straight 35, dozens and columns 2, even chances 1, and zero loses outside bets', () => {
    const at = (pocket: number, spot: string) => spotReturn({ kind: 'roulette', pocket }, spot, 100n);
    expect(at(17, 'n17')).toBe(3600n);
    expect(at(17, 'n18')).toBe(0n);
    expect(at(17, 'black')).toBe(200n);
    expect(at(17, 'red')).toBe(0n);
    expect(at(17, 'odd')).toBe(200n);
    expect(at(17, 'low')).toBe(200n);
    expect(at(17, 'dozen2')).toBe(300n);
    expect(at(17, 'column2')).toBe(300n);
    expect(at(36, 'column3')).toBe(300n);
    expect(at(1, 'column1')).toBe(300n);
    expect(at(0, 'n0')).toBe(3600n);
    for (const s of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen1', 'column1']) expect(at(0, s)).toBe(0n);
    expect(spotReturn({ kind: 'roulette', pocket: 37 }, 'n00', 100n)).toBe(3600n);
    expect(spotReturn({ kind: 'roulette', pocket: 37 }, 'even', 100n)).toBe(0n);
  });

  it('colours the wheel as the cloth: 18 red, 18 black, green zeros', () => {
    const colours = Array.from({ length: 38 }, (_, p) => pocketColour(p));
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'green')).toHaveLength(2);
    expect(pocketColour(1)).toBe('red');
    expect(pocketColour(2)).toBe('black');
  });

  it('returns exactly 36/37 (European) and 36/38 (American) on every spot, counted pocket by pocket', () => {
    for (const [t, pockets] of [
      [EU, 37],
      [US, 38],
    ] as const) {
      for (const spot of tableSpots(t)) {
        let back = 0n;
        for (let p = 0; p < pockets; p++) back += spotReturn(tableOutcome(t, [p]), spot, 1n);
        expect(Number(back) / pockets, spot).toBeCloseTo(spotTerms(t, spot).rtp, 12);
      }
    }
  });

  it('refuses a record that is not a pocket of the wheel', () => {
    expect(() => tableOutcome(EU, [37])).toThrow(RangeError);
    expect(() => tableOutcome(US, [38])).toThrow(RangeError);
    expect(() => tableOutcome(EU, [1, 2])).toThrow(RangeError);
  });
});

/** A baccarat spot's exact return on the infinite deck: every deal the tableau can make, each with its chance. */
function enumeratedReturn(table: TableGame, spot: string): number {
  let back = 0;
  const walk = (cards: number[], p: number) => {
    let i = 0;
    let short = false;
    try {
      dealBaccaratWith(() => {
        if (i < cards.length) return cards[i++]!;
        short = true;
        throw new Error('more');
      });
    } catch (err) {
      if (!short) throw err;
      // Suits play no part but in pairs, which go by rank: a card per rank is enough.
      for (let r = 0; r < 13; r++) walk([...cards, card(r)], p / 13);
      return;
    }
    back += (p * Number(spotReturn(tableOutcome(table, cards), spot, 10_000n))) / 10_000;
  };
  walk([], 1);
  return back;
}

describe('baccarat', () => {
  const deal = (...values: number[]) => {
    let i = 0;
    return dealBaccaratWith(() => worth(values[i++]!));
  };
  const totals = (h: { player: number[]; banker: number[] }) => [h.player.reduce((t, c) => t + baccaratValue(c), 0) % 10, h.banker.reduce((t, c) => t + baccaratValue(c), 0) % 10];

  it('counts tens and faces as 0 and only the last digit', () => {
    expect(baccaratValue(card(0))).toBe(1);
    expect(baccaratValue(card(8))).toBe(9);
    for (const r of [9, 10, 11, 12]) expect(baccaratValue(card(r))).toBe(0);
  });

  it('stands both on a natural', () => {
    const h = deal(4, 3, 4, 3); // player 8, banker 6
    expect(h.player).toHaveLength(2);
    expect(h.banker).toHaveLength(2);
    expect(deal(1, 4, 1, 5).banker).toHaveLength(2); // banker 9
  });

  it('draws the player on 0-5 and stands on 6-7', () => {
    expect(deal(2, 3, 3, 3, 0, 0).player).toHaveLength(3); // player 5
    expect(deal(3, 3, 3, 3).player).toHaveLength(2); // player 6; banker 6 stands too
  });

  it('draws the banker on 0-5 when the player stood', () => {
    const h = deal(3, 2, 3, 3, 0); // player 6 stands, banker 5 draws
    expect(h.player).toHaveLength(2);
    expect(h.banker).toHaveLength(3);
    expect(deal(3, 3, 4, 3).banker).toHaveLength(2); // player 7, banker 6 stands
  });

  it('follows the third-card tableau for the banker', () => {
    // [banker total, player's third card value, banker draws]
    const cases: [number, number, boolean][] = [
      [2, 8, true],
      [3, 8, false],
      [3, 9, true],
      [4, 1, false],
      [4, 2, true],
      [4, 7, true],
      [4, 8, false],
      [5, 3, false],
      [5, 4, true],
      [5, 7, true],
      [5, 8, false],
      [6, 5, false],
      [6, 6, true],
      [6, 7, true],
      [6, 8, false],
      [7, 6, false],
    ];
    for (const [b, x, draws] of cases) {
      // Player 0+1 = 1 draws; banker b = 0 + b.
      const h = deal(0, 0, 1, b, x, 0);
      expect(h.player).toHaveLength(3);
      expect(totals({ player: h.player.slice(0, 2), banker: h.banker.slice(0, 2) })).toEqual([1, b]);
      expect(h.banker.length === 3, `banker ${b}, third ${x}`).toBe(draws);
    }
  });

  it('pays player 1:1, banker 0.95:1, tie 8:1 with player and banker pushed, pairs 11:1', () => {
    const o = (winner: 'player' | 'banker' | 'tie', pairs = false): TableOutcome => ({
      kind: 'baccarat',
      player: [],
      banker: [],
      playerTotal: 0,
      bankerTotal: 0,
      winner,
      playerPair: pairs,
      bankerPair: false,
    });
    expect(spotReturn(o('player'), 'player', 100n)).toBe(200n);
    expect(spotReturn(o('banker'), 'banker', 100n)).toBe(195n);
    expect(spotReturn(o('banker'), 'player', 100n)).toBe(0n);
    expect(spotReturn(o('tie'), 'player', 100n)).toBe(100n);
    expect(spotReturn(o('tie'), 'banker', 100n)).toBe(100n);
    expect(spotReturn(o('tie'), 'tie', 100n)).toBe(900n);
    expect(spotReturn(o('player', true), 'playerPair', 100n)).toBe(1200n);
    expect(spotReturn(o('player', true), 'bankerPair', 100n)).toBe(0n);
  });

  it('reads a pair by rank, not by suit', () => {
    // Player 4 + 4 (a natural 8: both stand), banker ace + 3.
    const out = tableOutcome(BAC, [card(3, 0), card(0, 1), card(3, 2), card(2, 1)]);
    expect(out.kind === 'baccarat' && out.playerPair).toBe(true);
    expect(out.kind === 'baccarat' && out.bankerPair).toBe(false);
  });

  it('publishes the exact returns of the infinite deck (every deal enumerated)', () => {
    for (const spot of ['player', 'banker', 'tie', 'playerPair']) expect(enumeratedReturn(BAC, spot), spot).toBeCloseTo(spotTerms(BAC, spot).rtp, 5);
  });

  it('No Commission: the banker pays 1 to 1, half that on a winning 6, and returns what it publishes (every deal enumerated)', () => {
    const NC: TableGame = { kind: 'baccarat', noCommission: true };
    // Banker 6 against player 5: pays 1.5 times the stake back; banker 7 against 6: twice.
    const six = tableOutcome(NC, [worth(2), worth(3), worth(3), worth(3), worth(0)]);
    expect(six).toMatchObject({ winner: 'banker', bankerTotal: 6, noCommission: true });
    expect(spotReturn(six, 'banker', 1000n)).toBe(1500n);
    const seven = tableOutcome(NC, [worth(3), worth(3), worth(3), worth(4)]);
    expect(seven).toMatchObject({ winner: 'banker', bankerTotal: 7 });
    expect(spotReturn(seven, 'banker', 1000n)).toBe(2000n);
    expect(spotReturn(tableOutcome(BAC, [worth(3), worth(3), worth(3), worth(4)]), 'banker', 1000n)).toBe(1950n);
    expect(enumeratedReturn(NC, 'banker')).toBeCloseTo(spotTerms(NC, 'banker').rtp, 5);
    expect(spotTerms(NC, 'player')).toEqual(spotTerms(BAC, 'player'));
  });

  it('refuses a record that the tableau could not have dealt', () => {
    expect(() => tableOutcome(BAC, [worth(4), worth(3), worth(4), worth(3), worth(1)])).toThrow(/Too many/);
    expect(() => tableOutcome(BAC, [worth(0), worth(0), worth(1), worth(1)])).toThrow(/Too few/);
    expect(() => tableOutcome(BAC, [52, 0, 0, 0])).toThrow(RangeError);
  });
});

describe('sic bo', () => {
  const SB = { kind: 'sicBo' } as const;
  const throwOf = (a: number, b: number, c: number) => tableOutcome(SB, [a, b, c]);
  it('pays small and big, odd and even 1:1 except on a triple; a total by its table; a number once per die', () => {
    const at = (dice: [number, number, number], spot: string) => spotReturn(throwOf(...dice), spot, 100n);
    expect([at([1, 2, 4], 'small'), at([1, 2, 4], 'big'), at([1, 2, 4], 'odd'), at([1, 2, 4], 'even')]).toEqual([200n, 0n, 200n, 0n]);
    expect([at([3, 3, 3], 'small'), at([3, 3, 3], 'odd'), at([3, 3, 3], 'anyTriple'), at([3, 3, 3], 'triple3'), at([3, 3, 3], 'triple2')]).toEqual([0n, 0n, 3100n, 18100n, 0n]);
    expect([at([5, 5, 2], 'double5'), at([5, 5, 5], 'double5'), at([5, 2, 3], 'double5')]).toEqual([1100n, 1100n, 0n]);
    expect([at([1, 1, 2], 'total4'), at([6, 6, 5], 'total17'), at([3, 3, 4], 'total10'), at([3, 3, 4], 'total11')]).toEqual([6100n, 6100n, 700n, 0n]);
    expect([at([4, 2, 1], 'single4'), at([4, 4, 1], 'single4'), at([4, 4, 4], 'single4'), at([1, 2, 3], 'single4')]).toEqual([200n, 300n, 400n, 0n]);
    expect([at([2, 6, 6], 'combo26'), at([2, 2, 5], 'combo26')]).toEqual([600n, 0n]);
    expect(tableSpots(SB)).toHaveLength(52);
  });

  it('publishes the exact return of every spot (all 216 throws counted)', () => {
    for (const spot of tableSpots(SB)) {
      let returned = 0n;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) returned += spotReturn(throwOf(a, b, c), spot, 1n);
      expect(spotTerms(SB, spot).rtp, spot).toBeCloseTo(Number(returned) / 216, 12);
    }
    expect(spotTerms(SB, 'small').rtp).toBeCloseTo(0.97222, 5);
  });

  it('refuses a record that is not three dice', () => {
    expect(() => tableOutcome(SB, [1, 2])).toThrow(RangeError);
    expect(() => tableOutcome(SB, [1, 2, 7])).toThrow(RangeError);
    expect(() => tableOutcome(SB, [0, 2, 3])).toThrow(RangeError);
  });
});

describe('dragon tiger', () => {
  it('ranks ace low and king high; a tie pays 11:1 and gives half of dragon and tiger back', () => {
    const dt = (d: number, t: number) => tableOutcome(DT, [d, t]);
    expect(dt(card(12), card(0)).kind === 'dragonTiger' && dt(card(12), card(0))).toMatchObject({ winner: 'dragon' });
    expect(dt(card(0, 1), card(1))).toMatchObject({ winner: 'tiger' });
    const tie = dt(card(5, 0), card(5, 3));
    expect(tie).toMatchObject({ winner: 'tie' });
    expect(spotReturn(tie, 'dragon', 100n)).toBe(50n);
    expect(spotReturn(tie, 'tie', 100n)).toBe(1200n);
    expect(spotReturn(dt(card(12), card(0)), 'dragon', 100n)).toBe(200n);
    expect(spotReturn(dt(card(12), card(0)), 'tiger', 100n)).toBe(0n);
  });

  it('returns exactly what it publishes, counted over every pair of ranks', () => {
    for (const spot of tableSpots(DT)) {
      let back = 0n;
      for (let d = 0; d < 13; d++) for (let t = 0; t < 13; t++) back += spotReturn(tableOutcome(DT, [card(d), card(t)]), spot, 100n);
      expect(Number(back) / 169 / 100, spot).toBeCloseTo(spotTerms(DT, spot).rtp, 12);
    }
  });
});

describe('a round from its seeds', () => {
  it('draws the same record from the same seeds, and a record the rules accept', () => {
    const { serverSeed } = makeServerSeed();
    for (const t of [EU, US, BAC, DT]) {
      for (let nonce = 0; nonce < 200; nonce++) {
        const a = drawTable(t, roundWords(serverSeed, 'player seed', nonce));
        expect(drawTable(t, roundWords(serverSeed, 'player seed', nonce))).toEqual(a);
        expect(() => tableOutcome(t, a)).not.toThrow();
      }
    }
  });

  it('matches a known vector (so a change of the deal cannot pass unseen)', () => {
    // Written down from the first implementation: the verify pages of rounds already played rely on them.
    const seed = 'a'.repeat(64);
    expect(drawTable(EU, roundWords(seed, 'client', 0))).toEqual([11]);
    expect(drawTable(US, roundWords(seed, 'client', 1))).toEqual([19]);
    expect(drawTable(BAC, roundWords(seed, 'client', 2))).toEqual([36, 20, 5, 3, 44]);
    expect(drawTable(DT, roundWords(seed, 'client', 3))).toEqual([21, 42]);
  });
});

describe('the table’s limits and bets', () => {
  it('makes chips whole hundreds of minor units, so commission and half stakes are whole', () => {
    expect(tableLimits(100n)).toEqual({ chip: 100n, chips: [100n, 500n, 1000n, 2500n, 10000n], maxSpot: 50_000n });
    expect(tableLimits(250n).chip).toBe(300n);
    expect(tableLimits(1n).chip).toBe(100n);
  });

  it('refuses no bets, unknown or repeated spots, and stakes off the chips or over the limit', () => {
    expect(tableBetsIssue(EU, [], 100n)).toBe('empty');
    expect(tableBetsIssue(EU, [{ spot: 'n00', amount: 100n }], 100n)).toBe('spot');
    expect(tableBetsIssue(US, [{ spot: 'n00', amount: 100n }], 100n)).toBeNull();
    expect(tableBetsIssue(BAC, [{ spot: 'red', amount: 100n }], 100n)).toBe('spot');
    expect(
      tableBetsIssue(
        BAC,
        [
          { spot: 'player', amount: 100n },
          { spot: 'player', amount: 100n },
        ],
        100n,
      ),
    ).toBe('twice');
    expect(tableBetsIssue(DT, [{ spot: 'tie', amount: 150n }], 100n)).toBe('amount');
    expect(tableBetsIssue(DT, [{ spot: 'tie', amount: 50_100n }], 100n)).toBe('amount');
    expect(tableBetsIssue(DT, [{ spot: 'tie', amount: 50_000n }], 100n)).toBeNull();
  });
});

describe('the game page’s stakes', () => {
  it('adds chips to a spot up to its limit, and says when a chip was cut', () => {
    let s = addChip({}, 'red', '5.00', '12.00');
    expect(s).toEqual({ stakes: { red: '5.00' }, capped: false });
    s = addChip(s.stakes, 'red', '5.00', '12.00');
    s = addChip(s.stakes, 'red', '5.00', '12.00');
    expect(s).toEqual({ stakes: { red: '12.00' }, capped: true });
    const full = addChip(s.stakes, 'red', '1.00', '12.00');
    expect(full.stakes).toBe(s.stakes);
    expect(full.capped).toBe(true);
  });

  it('lists stakes by spot, totals them and keys the same stakes alike in any order', () => {
    const a = { red: '1.00', n17: '2.50' };
    const b = { n17: '2.50', red: '1.00' };
    expect(stakesList(a)).toEqual([
      { spot: 'n17', amount: '2.50' },
      { spot: 'red', amount: '1.00' },
    ]);
    expect(stakesTotal(a)).toBe('3.50');
    expect(stakesKey(a)).toBe(stakesKey(b));
    expect(stakesKey(removeSpot(a, 'red'))).toBe('n17=2.50');
  });
});

describe('fish', () => {
  const FISHES: TableGame = { kind: 'fish' };
  it('hits a fish when the roll is below 960,000 over its multiple, and returns the stake times the multiple', () => {
    expect(spotReturn({ kind: 'fish', roll: 47_999 }, 'shark', 100n)).toBe(2000n);
    expect(spotReturn({ kind: 'fish', roll: 48_000 }, 'shark', 100n)).toBe(0n);
    expect(spotReturn({ kind: 'fish', roll: 479_999 }, 'clownfish', 100n)).toBe(200n);
    expect(spotReturn({ kind: 'fish', roll: 9_599 }, 'dragon', 100n)).toBe(10_000n);
    expect(spotReturn({ kind: 'fish', roll: 0 }, 'kraken', 100n)).toBe(0n);
  });
  it('returns exactly 96% on every fish (the rolls that hit, counted)', () => {
    for (const f of FISH) {
      const hits = FISH_ROLLS_TEST.filter((r) => fishHit(f.id, r)).length;
      expect(hits * f.multiple).toBe(960_000);
      expect(spotTerms(FISHES, f.id)).toEqual({ pays: `×${f.multiple}`, rtp: 0.96 });
    }
  });
  it('draws one roll below a million, takes one target a shot, and refuses a record of another shape', () => {
    const stops = drawTable(FISHES, roundWords(makeServerSeed().serverSeed, 'c', 1));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toBeGreaterThanOrEqual(0);
    expect(stops[0]).toBeLessThan(1_000_000);
    expect(() => tableOutcome(FISHES, [1_000_000])).toThrow(RangeError);
    expect(() => tableOutcome(FISHES, [1, 2])).toThrow(RangeError);
    expect(tableBetsIssue(FISHES, [{ spot: 'shark', amount: 100n }], 100n)).toBeNull();
    expect(twoBetsIssue(FISHES, 'shark', 'whale')).toBe('oneTarget');
    expect(tableSpots(FISHES)).toEqual(FISH.map((f) => f.id));
  });
});

/** Every roll a shot can make: the hit counts are exact, not sampled. */
const FISH_ROLLS_TEST = Array.from({ length: 1_000_000 }, (_, i) => i);

describe('andar bahar', () => {
  const AB = { kind: 'andarBahar' } as const;
  it('deals to andar first until the rank of the joker falls, and pays andar 0.9:1, bahar 1:1', () => {
    // Joker: a seven. Andar gets a two, bahar a king, andar a seven of another suit: andar wins.
    const o = tableOutcome(AB, [card(6, 0), card(1), card(12), card(6, 2)]);
    expect(o).toMatchObject({ kind: 'andarBahar', andar: [card(1), card(6, 2)], bahar: [card(12)], winner: 'andar' });
    expect(spotReturn(o, 'andar', 1000n)).toBe(1900n);
    expect(spotReturn(o, 'bahar', 1000n)).toBe(0n);
    const b = tableOutcome(AB, [card(6, 0), card(1), card(6, 3)]);
    expect(b).toMatchObject({ winner: 'bahar' });
    expect(spotReturn(b, 'bahar', 1000n)).toBe(2000n);
  });

  it('refuses a record that does not stop at the first card of the rank of the joker', () => {
    expect(() => tableOutcome(AB, [card(6)])).toThrow(RangeError);
    expect(() => tableOutcome(AB, [card(6, 0), card(6, 1), card(6, 2)])).toThrow(RangeError);
    expect(() => tableOutcome(AB, [card(6, 0), card(1), card(2)])).toThrow(RangeError);
  });

  it('returns exactly what it publishes: andar wins 13/25 of rounds (summed over its turns to 400 cards)', () => {
    // P(the match is the k-th card dealt) = (12/13)^(k-1) / 13; andar deals the odd ones.
    let andar = 0;
    for (let k = 1; k <= 400; k++) if (k % 2 === 1) andar += (12 / 13) ** (k - 1) / 13;
    expect(andar).toBeCloseTo(13 / 25, 12);
    expect(spotTerms(AB, 'andar').rtp).toBeCloseTo(andar * 1.9, 12);
    expect(spotTerms(AB, 'bahar').rtp).toBeCloseTo((1 - andar) * 2, 12);
  });
});

describe('crash', () => {
  const CRASH: TableGame = { kind: 'crash' };
  it("is what the crash lane's multiplier games play, by name with or without a variant", () => {
    for (const name of ['Aviator', 'Rocket X', 'Jet Turbo', 'Crash 2', 'Balloon Mini', 'Space Dash Deluxe', 'Limbo', 'Trader Pro'])
      expect(tableGameOf({ gameType: 'RNG', gameName: name }), name).toEqual(CRASH);
    for (const name of ['Rocket Riches', 'Golden Jet Fortune', 'Mines', 'Tower X']) expect(tableGameOf({ gameType: 'RNG', gameName: name }), name).toBeNull();
    expect(tableGameOf({ gameType: 'LIVE', gameName: 'Aviator' })).toBeNull();
  });
  it('crashes at 97 * span / (span - roll) hundredths, at least x1.00 and at most x1,000', () => {
    expect(crashPoint(0)).toBe(100);
    expect(crashPoint(3_000_000)).toBe(100); // 97 / 0.97 = 100
    // x1.00 on 1 - 0.97 / 1.01 of the rolls (about 4 in 100): the first to reach x1.01 is 3,960,397.
    expect(crashPoint(3_960_396)).toBe(100);
    expect(crashPoint(3_960_397)).toBe(101);
    expect(crashPoint(51_500_000)).toBe(200); // 97 / 0.485
    expect(crashPoint(CRASH_SPAN - 1)).toBe(CRASH_MAX);
    expect(tableOutcome(CRASH, [51_500_000])).toEqual({ kind: 'crash', roll: 51_500_000, point: 200 });
  });
  it('pays the stake times the target when the point reaches it, nothing when it crashes first', () => {
    expect(spotReturn({ kind: 'crash', roll: 0, point: 250 }, 'x250', 100n)).toBe(250n);
    expect(spotReturn({ kind: 'crash', roll: 0, point: 249 }, 'x250', 100n)).toBe(0n);
    expect(spotReturn({ kind: 'crash', roll: 0, point: 100_000 }, 'x100000', 300n)).toBe(300_000n);
    expect(spotReturn({ kind: 'crash', roll: 0, point: 100 }, 'x101', 100n)).toBe(0n);
  });
  it('reaches a target in exactly floor(97 * span / target) rolls: no target returns more than 97%, none less by target / 100 parts in the span', () => {
    for (const target of [101, 137, 150, 200, 333, 1_000, 4_999, 10_000, 99_999, CRASH_MAX]) {
      const reached = Math.floor((97 * CRASH_SPAN) / target);
      // The rolls reaching it are the top `reached` ones: the boundary is exact.
      const first = CRASH_SPAN - reached;
      expect(crashPoint(first), `${target}`).toBeGreaterThanOrEqual(target);
      expect(crashPoint(first - 1), `${target}`).toBeLessThan(target);
      const short = 0.97 - spotTerms(CRASH, `x${target}`).rtp;
      expect(short, `${target}`).toBeGreaterThanOrEqual(-1e-15);
      expect(short, `${target}`).toBeLessThan(target / 100 / CRASH_SPAN);
    }
    expect(spotTerms(CRASH, 'x250').pays).toBe('×2.50');
  });
  it('takes one target from x1.01 to x1,000 a round, in hundredths, and refuses a record of another shape', () => {
    expect(crashTarget('x101')).toBe(101);
    expect(crashTarget('x100000')).toBe(CRASH_MAX);
    for (const spot of ['x100', 'x100001', 'x0250', 'x25', 'x2.5', '250', 'xx']) expect(crashTarget(spot), spot).toBeNull();
    expect(tableBetsIssue(CRASH, [{ spot: 'x250', amount: 100n }], 100n)).toBeNull();
    expect(tableBetsIssue(CRASH, [{ spot: 'x100', amount: 100n }], 100n)).toBe('spot');
    expect(twoBetsIssue(CRASH, 'x200', 'x300')).toBe('oneTarget');
    const stops = drawTable(CRASH, roundWords(makeServerSeed().serverSeed, 'c', 1));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toBeLessThan(CRASH_SPAN);
    expect(() => tableOutcome(CRASH, [CRASH_SPAN])).toThrow(RangeError);
    expect(() => tableOutcome(CRASH, [1, 2])).toThrow(RangeError);
  });
});

/** Each paytable's return, 1 to 10 picks, worked out apart (exact fractions of binomials, in Python): the code's figure must agree. */
const KENO_RETURNS = [0.95, 0.944937, 0.943525, 0.94857, 0.948703, 0.942053, 0.938145, 0.943332, 0.944897, 0.948623];

describe('keno', () => {
  const KENO: TableGame = { kind: 'keno' };
  it('is what every game named Keno plays, in the crash lane and in bingo', () => {
    for (const name of ['Keno', 'Keno X', 'Lucky Keno']) expect(tableGameOf({ gameType: 'RNG', gameName: name }), name).toEqual(KENO);
    expect(tableGameOf({ gameType: 'LIVE', gameName: 'Keno' })).toBeNull();
  });
  it('names a set of picks one way: k and two digits each, ascending, 1 to 10 numbers of 1 to 80', () => {
    expect(kenoSpot([80, 7, 15])).toBe('k071580');
    expect(kenoPicks('k071580')).toEqual([7, 15, 80]);
    expect(kenoPicks(kenoSpot(Array.from({ length: 10 }, (_, i) => 71 + i)))).toHaveLength(10);
    for (const spot of ['k', 'k7', 'k1507', 'k0707', 'k00', 'k81', 'k0102030405060708091011', 'x0102']) expect(kenoPicks(spot), spot).toBeNull();
    expect(tableBetsIssue(KENO, [{ spot: 'k0102', amount: 100n }], 100n)).toBeNull();
    expect(tableBetsIssue(KENO, [{ spot: 'k0201', amount: 100n }], 100n)).toBe('spot');
    expect(twoBetsIssue(KENO, 'k01', 'k02')).toBe('oneTarget');
  });
  it('draws 20 different numbers of 1 to 80 and refuses a record of another shape', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const drawn = drawTable(KENO, roundWords(makeServerSeed().serverSeed, 'c', nonce));
      expect(drawn).toHaveLength(20);
      expect(new Set(drawn).size).toBe(20);
      expect(drawn.every((n) => n >= 1 && n <= 80)).toBe(true);
    }
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(tableOutcome(KENO, twenty)).toEqual({ kind: 'keno', drawn: twenty });
    expect(() => tableOutcome(KENO, [...twenty.slice(1), 2])).toThrow(RangeError);
    expect(() => tableOutcome(KENO, [...twenty.slice(1), 81])).toThrow(RangeError);
    expect(() => tableOutcome(KENO, twenty.slice(1))).toThrow(RangeError);
  });
  it('pays the paytable of the number picked by the picks drawn, in tenths of the stake', () => {
    const o = tableOutcome(
      KENO,
      Array.from({ length: 20 }, (_, i) => i + 1),
    ) as Extract<TableOutcome, { kind: 'keno' }>;
    expect(spotReturn(o, 'k01', 100n)).toBe(380n);
    expect(spotReturn(o, 'k80', 100n)).toBe(0n);
    expect(spotReturn(o, 'k0180', 100n)).toBe(100n); // 1 of 2: x1
    expect(spotReturn(o, 'k01020304', 200n)).toBe(20_000n); // 4 of 4: x100
    expect(spotReturn(o, 'k0102212223', 100n)).toBe(0n); // 2 of 5: nothing
  });
  it("publishes each paytable's exact return from the hypergeometric chances (93.8% to 95%)", () => {
    for (let n = 1; n <= 10; n++) {
      const total = Array.from({ length: n + 1 }, (_, h) => kenoChance(n, h)).reduce((a, b) => a + b, 0);
      expect(total, `${n}`).toBeCloseTo(1, 12);
      const rtp = spotTerms(KENO, kenoSpot(Array.from({ length: n }, (_, i) => i + 1))).rtp;
      expect(rtp, `${n}`).toBeCloseTo(KENO_RETURNS[n - 1]!, 5);
    }
    // One pick: drawn 20 times in 80, paid x3.8.
    expect(kenoChance(1, 1)).toBe(0.25);
    expect(spotTerms(KENO, 'k42')).toEqual({ pays: '1 → ×3.8', rtp: 0.95 });
    expect(Object.keys(KENO_PAYS)).toHaveLength(10);
  });
});

describe('dice', () => {
  const DICE: TableGame = { kind: 'dice' };
  it("is what the crash lane's Dice games play", () => {
    for (const name of ['Dice', 'Dice Turbo']) expect(tableGameOf({ gameType: 'RNG', gameName: name }), name).toEqual(DICE);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Lucky Dice Fortune' })).toBeNull();
    expect(tableGameOf({ gameType: 'PVP', gameName: 'Poker Dice' })).toBeNull();
  });
  it('wins under the line or at and over the line from the top, paying floor(9700 / chance) hundredths', () => {
    expect(spotReturn({ kind: 'dice', roll: 4_999 }, 'u50', 100n)).toBe(194n);
    expect(spotReturn({ kind: 'dice', roll: 5_000 }, 'u50', 100n)).toBe(0n);
    expect(spotReturn({ kind: 'dice', roll: 7_500 }, 'o25', 100n)).toBe(388n);
    expect(spotReturn({ kind: 'dice', roll: 7_499 }, 'o25', 100n)).toBe(0n);
    expect(spotReturn({ kind: 'dice', roll: 199 }, 'u2', 200n)).toBe(9_700n);
    expect(diceMultiple(95)).toBe(102);
  });
  it('returns chance x multiple on every bet, counted over all 10,000 rolls, never above 97%', () => {
    for (const side of ['u', 'o']) {
      for (let chance = 2; chance <= 95; chance++) {
        const spot = `${side}${chance}`;
        let back = 0n;
        for (let roll = 0; roll < 10_000; roll++) back += spotReturn({ kind: 'dice', roll }, spot, 100n);
        expect(Number(back) / 10_000 / 100, spot).toBeCloseTo(spotTerms(DICE, spot).rtp, 12);
        expect(spotTerms(DICE, spot).rtp, spot).toBeLessThanOrEqual(0.97);
        // The rounding down costs less than one hundredth of the multiple: chance / 10,000 of the stake.
        expect(spotTerms(DICE, spot).rtp, spot).toBeGreaterThan(0.97 - chance / 10_000);
      }
    }
  });
  it('takes one bet from 2% to 95% a roll, under or over, and refuses a record of another shape', () => {
    expect(diceBet('u50')).toEqual({ side: 'under', chance: 50 });
    expect(diceBet('o95')).toEqual({ side: 'over', chance: 95 });
    for (const spot of ['u1', 'u96', 'u05', 'x50', 'u', 'o100']) expect(diceBet(spot), spot).toBeNull();
    expect(tableBetsIssue(DICE, [{ spot: 'u50', amount: 100n }], 100n)).toBeNull();
    expect(twoBetsIssue(DICE, 'u50', 'o50')).toBe('oneTarget');
    const stops = drawTable(DICE, roundWords(makeServerSeed().serverSeed, 'c', 1));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toBeLessThan(10_000);
    expect(() => tableOutcome(DICE, [10_000])).toThrow(RangeError);
  });
});

describe('plinko', () => {
  const PLINKO: TableGame = { kind: 'plinko' };
  it('is what Plinko and every Pachinko play', () => {
    for (const name of ['Plinko', 'Plinko Mini', 'Golden Pachinko']) expect(tableGameOf({ gameType: 'RNG', gameName: name }), name).toEqual(PLINKO);
    expect(tableGameOf({ gameType: 'RNG', gameName: 'Plinko Palace Riches' })).toBeNull();
  });
  it('drops the ball into the bucket of its right bounces and pays that bucket at the risk chosen', () => {
    const path = [1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0];
    const o = tableOutcome(PLINKO, path);
    expect(o).toEqual({ kind: 'plinko', path, bucket: 4 });
    expect(spotReturn(o, 'lowRisk', 100n)).toBe(110n);
    expect(spotReturn(o, 'highRisk', 100n)).toBe(60n);
    expect(spotReturn(tableOutcome(PLINKO, new Array(12).fill(1)), 'highRisk', 200n)).toBe(34_000n);
    expect(spotReturn(o, 'low', 100n)).toBe(0n);
  });
  it('returns exactly what the rules say on each risk, every one of the 4,096 paths counted', () => {
    for (const risk of ['lowRisk', 'mediumRisk', 'highRisk'] as const) {
      let back = 0n;
      for (let n = 0; n < 4096; n++)
        back += spotReturn(
          tableOutcome(
            PLINKO,
            Array.from({ length: 12 }, (_, i) => (n >> i) & 1),
          ),
          risk,
          100n,
        );
      expect(Number(back) / 4096 / 100, risk).toBeCloseTo(spotTerms(PLINKO, risk).rtp, 12);
      // Worked out apart: sum of C(12, k) x tenths over 40,960.
      expect(spotTerms(PLINKO, risk).rtp, risk).toBeCloseTo({ lowRisk: 39_608, mediumRisk: 39_806, highRisk: 39_608 }[risk] / 40_960, 14);
      // The buckets pay the same either side of the middle.
      expect([...PLINKO_PAYS[risk]].reverse()).toEqual([...PLINKO_PAYS[risk]]);
    }
  });
  it('draws 12 bounces of 0 or 1, takes one risk a ball, and refuses a record of another shape', () => {
    const stops = drawTable(PLINKO, roundWords(makeServerSeed().serverSeed, 'c', 1));
    expect(stops).toHaveLength(12);
    expect(stops.every((b) => b === 0 || b === 1)).toBe(true);
    expect(() => tableOutcome(PLINKO, [...stops, 0])).toThrow(RangeError);
    expect(() => tableOutcome(PLINKO, [2, ...stops.slice(1)])).toThrow(RangeError);
    expect(tableBetsIssue(PLINKO, [{ spot: 'mediumRisk', amount: 100n }], 100n)).toBeNull();
    expect(tableBetsIssue(PLINKO, [{ spot: 'medium', amount: 100n }], 100n)).toBe('spot');
    expect(twoBetsIssue(PLINKO, 'lowRisk', 'highRisk')).toBe('oneTarget');
  });
});

/**
 * The sports book's rules (issue 34; contract/sports.ts): which games open which book, each
 * sport's model (its score distribution sums to one, its lines near even), what each selection
 * does with a score (a cockfight's draw voids meron and wala), prices carrying the margin, what a
 * single and a parlay return, and the draw: the same seed draws the same score, and drawn scores
 * follow the model the prices come from (a simulation through the server's very draw; the bound is
 * 4.5 standard errors, 400,000 fixtures a sport in the slow run, 40,000 every day).
 */
import { describe, expect, it } from 'vitest';
import { roundWords, simulationWords } from '../../../kernel/fairness.ts';
import { sampleSize } from '../../../../tests/support/samples.ts';
import {
  betReturn,
  drawScore,
  fairChances,
  legResult,
  marketsOf,
  MARGIN,
  potentialReturn,
  priceOf,
  pricesAt,
  PRICE_STEP_MS,
  scoreDistribution,
  sportBookOf,
  type SportParams,
} from '../contract/sports.ts';
import { modelOf } from '../server/sandbox/sports-book.ts';

const FOOTBALL = modelOf('football', 'Harbour City', 'Stonebridge');
const BASKETBALL = modelOf('basketball', 'Capital Comets', 'Iron Owls');
const ESPORTS = modelOf('esports', 'Nova Five', 'Frostbyte');
const COCKFIGHT = modelOf('cockfight', 'Red Ember', 'Blue Spur');
const MODELS: [string, SportParams][] = [
  ['football', FOOTBALL],
  ['basketball', BASKETBALL],
  ['esports', ESPORTS],
  ['cockfight', COCKFIGHT],
];

describe('books', () => {
  it('every sports, e-sports and cockfight game opens its book, and nothing else does', () => {
    expect(sportBookOf({ gameType: 'SPORTS', gameName: 'SBOBET Sportsbook' })).toBe('sports');
    expect(sportBookOf({ gameType: 'SPORTS', gameName: 'BTi Sports Virtual Basketball' })).toBe('sports');
    expect(sportBookOf({ gameType: 'SPORTS', gameName: 'IM Esports' })).toBe('esports');
    expect(sportBookOf({ gameType: 'ESPORTS', gameName: 'TF Gaming Arena' })).toBe('esports');
    expect(sportBookOf({ gameType: 'COCKFIGHT', gameName: 'SV388 Derby' })).toBe('cockfight');
    expect(sportBookOf({ gameType: 'LIVE', gameName: 'Speed Baccarat' })).toBeNull();
    expect(sportBookOf({ gameType: 'RNG', gameName: 'Football Fever' })).toBeNull();
  });
});

describe('models', () => {
  it.each(MODELS)('%s: the score distribution sums to one and every market is priced with its margin', (_n, p) => {
    const total = scoreDistribution(p).reduce((n, d) => n + d.p, 0);
    expect(total).toBeCloseTo(1, 9);
    const chances = fairChances(p);
    for (const { market, selections } of marketsOf(p.sport)) {
      const prices = selections.map((s) => priceOf(chances[`${market}:${s}`]!, MARGIN[p.sport]));
      const implied = prices.reduce((n, x) => n + 100 / x, 0);
      // A cockfight's meron and wala are priced given no draw (a draw voids them): the draw is its own bet.
      if (p.sport === 'cockfight') expect(100 / prices[0]! + 100 / prices[2]!).toBeGreaterThan(1 + MARGIN[p.sport] - 0.01);
      else expect(implied, market).toBeGreaterThan(1 + MARGIN[p.sport] - 0.01);
    }
  });

  it('lines are half points near even, and the sides are the same on every run', () => {
    for (const p of [FOOTBALL, BASKETBALL, ESPORTS]) {
      if (p.sport === 'cockfight') continue;
      expect(Math.abs(p.hcp % 1)).toBe(0.5);
      expect(Math.abs(p.total % 1)).toBe(0.5);
      const c = fairChances(p);
      if (p.sport !== 'esports') expect(Math.abs(c['total:over']! - 0.5)).toBeLessThan(0.2);
    }
    expect(modelOf('football', 'Harbour City', 'Stonebridge')).toEqual(FOOTBALL);
  });

  it('prices move within the quarter hour only at its turn, by at most the drift', () => {
    const chances = fairChances(FOOTBALL);
    const t0 = Date.parse('2026-12-03T10:00:00Z');
    const a = pricesAt(7, FOOTBALL, chances, t0);
    expect(pricesAt(7, FOOTBALL, chances, t0 + PRICE_STEP_MS - 1)).toEqual(a);
    const b = pricesAt(7, FOOTBALL, chances, t0 + PRICE_STEP_MS);
    expect(b).not.toEqual(a);
    for (const k of Object.keys(a)) expect(Math.abs(a[k]! - b[k]!) / a[k]!).toBeLessThan(0.05);
  });
});

describe('selections', () => {
  const f = { ...FOOTBALL, hcp: -1.5, total: 2.5 };
  it('football: the winner, the handicap and the total', () => {
    expect(legResult(f, '1x2', 'home', { home: 2, away: 1 })).toBe('won');
    expect(legResult(f, '1x2', 'draw', { home: 1, away: 1 })).toBe('won');
    expect(legResult(f, '1x2', 'away', { home: 1, away: 1 })).toBe('lost');
    // Home -1.5: it must win by two.
    expect(legResult(f, 'hcp', 'home', { home: 2, away: 1 })).toBe('lost');
    expect(legResult(f, 'hcp', 'away', { home: 2, away: 1 })).toBe('won');
    expect(legResult(f, 'hcp', 'home', { home: 3, away: 1 })).toBe('won');
    expect(legResult(f, 'total', 'over', { home: 2, away: 1 })).toBe('won');
    expect(legResult(f, 'total', 'under', { home: 1, away: 1 })).toBe('won');
  });

  it('cockfight: meron is the home corner, and a draw voids meron and wala', () => {
    expect(legResult(COCKFIGHT, '1x2', 'home', { home: 1, away: 0 })).toBe('won');
    expect(legResult(COCKFIGHT, '1x2', 'away', { home: 1, away: 0 })).toBe('lost');
    expect(legResult(COCKFIGHT, '1x2', 'home', { home: 0, away: 0 })).toBe('void');
    expect(legResult(COCKFIGHT, '1x2', 'away', { home: 0, away: 0 })).toBe('void');
    expect(legResult(COCKFIGHT, '1x2', 'draw', { home: 0, away: 0 })).toBe('won');
  });

  it('a single returns stake x price, a parlay the product, a void leg counts at 1.00, a lost leg loses all', () => {
    expect(betReturn(1000n, [{ price: 185, result: 'won' }])).toBe(1850n);
    expect(betReturn(1000n, [{ price: 185, result: 'lost' }])).toBe(0n);
    expect(betReturn(1000n, [{ price: 185, result: 'void' }])).toBe(1000n);
    expect(
      betReturn(1000n, [
        { price: 185, result: 'won' },
        { price: 210, result: 'won' },
        { price: 333, result: 'void' },
      ]),
    ).toBe(3885n);
    expect(
      betReturn(1000n, [
        { price: 185, result: 'won' },
        { price: 210, result: 'lost' },
      ]),
    ).toBe(0n);
    // Rounded down to the minor unit.
    expect(potentialReturn(333n, [150, 150])).toBe(749n);
  });
});

const FIXTURES = sampleSize(400_000, 40_000);

describe('the draw', () => {
  it('a seed draws the same score every time (what the verify page recomputes)', () => {
    const seed = 'ab'.repeat(32);
    for (const [, p] of MODELS) expect(drawScore(p, roundWords(seed, 'sport-42', 0))).toEqual(drawScore(p, roundWords(seed, 'sport-42', 0)));
  });

  it.each(MODELS)('%s: drawn results follow the model the prices come from, within 4.5 standard errors', { timeout: 120_000 }, (_n, p) => {
    const words = simulationWords(0x5b0 + p.sport.length);
    const chances = fairChances(p);
    const keys = Object.keys(chances);
    const won = new Array<number>(keys.length).fill(0);
    const decided = new Array<number>(keys.length).fill(0);
    for (let i = 0; i < FIXTURES; i++) {
      const s = drawScore(p, words);
      keys.forEach((k, j) => {
        const [market, selection] = k.split(':') as [never, never];
        const r = legResult(p, market, selection, s);
        if (r !== 'void') decided[j]!++;
        if (r === 'won') won[j]!++;
      });
    }
    keys.forEach((k, j) => {
      const q = chances[k]!;
      const se = Math.sqrt((q * (1 - q)) / decided[j]!);
      expect(Math.abs(won[j]! / decided[j]! - q), k).toBeLessThan(4.5 * se + 1e-9);
    });
  });
});

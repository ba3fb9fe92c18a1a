/**
 * The lottery engine (issue 16), pure: every family's draw is fixed by its seed and label and has
 * the right shape; numbers are uniform (chi-square over a million draws per family in the slow run, 200,000 every day); every bet
 * type's return to player is computed exactly, checked against a brute-force enumeration where
 * the outcomes can be counted (SSC, 11x5) and against a large simulation elsewhere; payouts floor.
 */
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { chiSquare, chiSquareCritical } from '../../../../tests/support/chi-square.ts';
import { sampleSize } from '../../../../tests/support/samples.ts';
import { roundWords, simulationWords } from '../../../kernel/fairness.ts';
import { byTier, drawFrom, drawLabel, drawNumbers, drawSize, FAMILIES, TIERS, type Family } from '../server/engine/draws.ts';
import { BET_TYPES, add, betTypesOf, frac, orderings, toNumber, winOf, type BetType, type Fraction, type Selection } from '../server/engine/bets.ts';

const SEED = 'ab'.repeat(32);
/** Draws per family of the uniformity test, and of the return-to-player simulation (slow run: full). */
const DRAWS = sampleSize(1_000_000, 200_000);
const SIMULATED = sampleSize(400_000, 80_000);

describe('draws', () => {
  it('are fixed by the seed and the draw label, and read HMAC-SHA256 words of `${label}:0` first', () => {
    const label = drawLabel('SSC1', '20261126-0001');
    expect(label).toBe('lottery:SSC1:20261126-0001');
    expect(drawNumbers('ssc', SEED, label)).toEqual(drawNumbers('ssc', SEED, label));
    expect(drawNumbers('ssc', SEED, label)).not.toEqual(drawNumbers('ssc', 'cd'.repeat(32), label));
    const first = createHmac('sha256', Buffer.from(SEED, 'hex')).update(`${label}:0`).digest();
    const words = roundWords(SEED, label, 0);
    expect(words()).toBe(first.readUInt32BE(0));
  });

  it('have the shape of their family', () => {
    for (let i = 0; i < 200; i++) {
      const w = simulationWords(i);
      const ssc = drawFrom('ssc', w);
      expect(ssc).toHaveLength(5);
      expect(ssc.every((d) => d >= 0 && d <= 9)).toBe(true);
      const e = drawFrom('11x5', w);
      expect(new Set(e).size).toBe(5);
      expect(e.every((n) => n >= 1 && n <= 11)).toBe(true);
      expect([...drawFrom('pk10', w)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const l = drawFrom('lhc', w);
      expect(new Set(l).size).toBe(7);
      expect(l.every((n) => n >= 1 && n <= 49)).toBe(true);
      const d4 = drawFrom('4d', w);
      expect(new Set(d4).size).toBe(23);
      expect(d4.every((n) => n >= 0 && n <= 9999)).toBe(true);
      for (const f of ['vnNorth', 'vnSouth'] as const) {
        const v = drawFrom(f, w);
        expect(v).toHaveLength(drawSize(f));
        for (const { tier, numbers } of byTier(f, v)) {
          expect(numbers).toHaveLength(tier.count);
          expect(numbers.every((n) => n.length === tier.digits)).toBe(true);
        }
      }
    }
    expect(drawSize('vnNorth')).toBe(27);
    expect(drawSize('vnSouth')).toBe(18);
  });

  /** Counts of `cells` values over `draws` draws of a family, and the chi-square test against uniform. */
  function uniform(family: Family, draws: number, cells: number, cellOf: (n: number, i: number) => number) {
    const counts = new Array<number>(cells).fill(0);
    const w = simulationWords(0xdecade + family.length);
    let total = 0;
    for (let i = 0; i < draws; i++) {
      const d = drawFrom(family, w);
      for (let j = 0; j < d.length; j++) counts[cellOf(d[j]!, j)]!++;
      total += d.length;
    }
    const stat = chiSquare(counts, new Array<number>(cells).fill(total / cells));
    expect(stat, `${family}: chi-square ${stat.toFixed(1)} on ${cells - 1} degrees of freedom`).toBeLessThan(chiSquareCritical(cells - 1));
  }

  // A million draws of each family in the slow run; 200,000 every day (a cell bias about 2.2 times
  // larger is what the everyday size finds reliably, see tests/support/samples.ts).
  it(`draw uniform digits and balls: chi-square over ${DRAWS.toLocaleString('en')} draws of each family`, { timeout: 120_000 }, () => {
    const M = DRAWS;
    uniform('ssc', M, 50, (x, i) => i * 10 + x); // each position's digit
    uniform('11x5', M, 55, (x, i) => i * 11 + x - 1); // each draw order's ball
    uniform('pk10', M, 100, (x, i) => i * 10 + x - 1); // each position's car
    uniform('lhc', M, 49, (x) => x - 1);
    uniform('vnNorth', M, 100, (x) => x % 100); // the lô pairs
    uniform('vnSouth', M, 100, (x) => x % 100);
    uniform('4d', M, 10, (x) => x % 10); // the last digit (the others: the shape test's range and the pairs above)
    uniform('4d', M / 4, 100, (x) => Math.floor(x / 100)); // the first two digits
  });
});

/** A valid selection of each bet type, for the checks below. */
const SAMPLE: Record<string, Selection> = {
  'ssc.position': { numbers: [7], position: 2 },
  'ssc.sumBigSmall': { numbers: [], side: 'big' },
  'ssc.sumOddEven': { numbers: [], side: 'odd' },
  'ssc.front3': { numbers: [1, 2, 3] },
  '11x5.any1': { numbers: [4] },
  '11x5.any2': { numbers: [4, 9] },
  '11x5.any3': { numbers: [1, 4, 9] },
  '11x5.first': { numbers: [11] },
  'pk10.position': { numbers: [3], position: 1 },
  'pk10.bigSmall': { numbers: [], position: 10, side: 'small' },
  'lhc.special': { numbers: [49] },
  'lhc.specialBigSmall': { numbers: [], side: 'big' },
  'lhc.any1': { numbers: [13] },
  '4d.big': { numbers: [1234] },
  '4d.small': { numbers: [7] },
  '4d.boxBig': { numbers: [1123] },
};
for (const f of ['vnNorth', 'vnSouth']) {
  Object.assign(SAMPLE, {
    [`${f}.lo2`]: { numbers: [27] },
    [`${f}.lo3`]: { numbers: [527] },
    [`${f}.de`]: { numbers: [0] },
    [`${f}.head`]: { numbers: [9] },
    [`${f}.tail`]: { numbers: [0] },
    [`${f}.xien2`]: { numbers: [11, 88] },
  });
}

describe('bet types', () => {
  it('every one has a sample selection it accepts, and refuses a bad one', () => {
    for (const b of BET_TYPES.values()) {
      expect(SAMPLE[b.code], b.code).toBeDefined();
      expect(b.check(SAMPLE[b.code]!), b.code).toBeNull();
      expect(b.check({ numbers: [-1, 100_000] }), b.code).not.toBeNull();
    }
    expect(BET_TYPES.get('11x5.any2')!.check({ numbers: [4, 4] })).not.toBeNull();
  });

  it('pay a return to player computed exactly, as published', () => {
    const table = Object.fromEntries([...BET_TYPES.values()].map((b) => [b.code, `${b.rtp().n}/${b.rtp().d}`]));
    expect(table).toEqual({
      'ssc.position': '49/50',
      'ssc.sumBigSmall': '49/50',
      'ssc.sumOddEven': '49/50',
      'ssc.front3': '49/50',
      '11x5.any1': '49/50',
      '11x5.any2': '49/50',
      '11x5.any3': '49/50',
      '11x5.first': '49/50',
      'pk10.position': '49/50',
      'pk10.bigSmall': '49/50',
      'lhc.special': '48/49',
      'lhc.specialBigSmall': '1201/1225', // 24/49 x 1.96 + 1/49 (the push)
      'lhc.any1': '48/49',
      'vnNorth.lo2': '243/250',
      'vnNorth.lo3': '483/500',
      'vnNorth.de': '49/50',
      'vnNorth.head': '49/50',
      'vnNorth.tail': '49/50',
      'vnNorth.xien2': table['vnNorth.xien2'],
      'vnSouth.lo2': '243/250',
      'vnSouth.lo3': '969/1000',
      'vnSouth.de': '49/50',
      'vnSouth.head': '49/50',
      'vnSouth.tail': '49/50',
      'vnSouth.xien2': table['vnSouth.xien2'],
      '4d.big': '16/25',
      '4d.small': '13/20',
      '4d.boxBig': '16/25',
    });
    // Xiên 2: 17.5 x (1 - 2 (0.99)^27 + (0.98)^27) and 37 x (1 - 2 (0.99)^18 + (0.98)^18).
    expect(toNumber(BET_TYPES.get('vnNorth.xien2')!.rtp())).toBeCloseTo(17.5 * (1 - 2 * 0.99 ** 27 + 0.98 ** 27), 12);
    expect(toNumber(BET_TYPES.get('vnSouth.xien2')!.rtp())).toBeCloseTo(37 * (1 - 2 * 0.99 ** 18 + 0.98 ** 18), 12);
    for (const b of BET_TYPES.values()) {
      const r = toNumber(b.rtp());
      if (b.family === '4d') expect(r, b.code).toBeGreaterThan(0.6);
      else expect(r, b.code).toBeGreaterThan(0.93);
      expect(r, b.code).toBeLessThan(1);
    }
  });

  /** The exact mean of `returns` over every outcome of `outcomes`, each equally likely. */
  function enumerated(b: BetType, outcomes: number[][]): Fraction {
    let sum = frac(0);
    for (const o of outcomes) sum = add(sum, b.returns(SAMPLE[b.code]!, o));
    return frac(sum.n, sum.d * BigInt(outcomes.length));
  }

  it('match a brute-force count of every outcome where they can be counted (SSC: 100,000; 11x5: 55,440 ordered draws)', () => {
    const ssc: number[][] = [];
    for (let i = 0; i < 100_000; i++) ssc.push(String(i).padStart(5, '0').split('').map(Number));
    for (const b of betTypesOf('ssc')) expect(enumerated(b, ssc), b.code).toEqual(b.rtp());
    const eleven: number[][] = [];
    const walk = (acc: number[]) => {
      if (acc.length === 5) return void eleven.push([...acc]);
      for (let n = 1; n <= 11; n++) if (!acc.includes(n)) walk([...acc, n]);
    };
    walk([]);
    expect(eleven).toHaveLength(55_440);
    for (const b of betTypesOf('11x5')) expect(enumerated(b, eleven), b.code).toEqual(b.rtp());
  });

  it(`match a simulation of ${SIMULATED.toLocaleString('en')} draws elsewhere (within 5 standard errors)`, { timeout: 120_000 }, () => {
    for (const family of ['pk10', 'lhc', 'vnNorth', 'vnSouth'] as const) {
      const bets = betTypesOf(family);
      const sums = bets.map(() => 0);
      const squares = bets.map(() => 0);
      const w = simulationWords(0x5eed + family.length);
      const N = SIMULATED;
      for (let i = 0; i < N; i++) {
        const d = drawFrom(family, w);
        bets.forEach((b, j) => {
          const r = toNumber(b.returns(SAMPLE[b.code]!, d));
          sums[j]! += r;
          squares[j]! += r * r;
        });
      }
      bets.forEach((b, j) => {
        const mean = sums[j]! / N;
        const sd = Math.sqrt(squares[j]! / N - mean * mean);
        expect(Math.abs(mean - toNumber(b.rtp())), `${b.code}: ${mean} vs ${toNumber(b.rtp())}`).toBeLessThan((5 * sd) / Math.sqrt(N) + 1e-9);
      });
    }
  });

  it('pay floor(stake x multiple): per hit, a push returns the stake, a box bet divides by the orderings', () => {
    const get = (code: string) => BET_TYPES.get(code)!;
    expect(winOf(get('ssc.position'), { numbers: [7], position: 2 }, [0, 0, 7, 0, 0], 100n)).toBe(980n);
    expect(winOf(get('ssc.position'), { numbers: [7], position: 2 }, [7, 0, 0, 0, 0], 100n)).toBe(0n);
    expect(winOf(get('11x5.any1'), { numbers: [4] }, [4, 1, 2, 3, 5], 1n)).toBe(2n); // 2.156 floored
    expect(winOf(get('lhc.specialBigSmall'), { numbers: [], side: 'small' }, [1, 2, 3, 4, 5, 6, 49], 500n)).toBe(500n);
    const north = new Array<number>(27).fill(12345);
    north[3] = 99927;
    north[26] = 27;
    expect(winOf(get('vnNorth.lo2'), { numbers: [27] }, north, 1000n)).toBe(7200n); // two hits at 3.6
    expect(winOf(get('vnNorth.de'), { numbers: [45] }, north, 1000n)).toBe(98_000n); // the special ends in 45
    expect(orderings(1123)).toBe(12);
    expect(orderings(1234)).toBe(24);
    expect(orderings(7)).toBe(4); // 0007
    expect(orderings(8888)).toBe(1);
    const four = [1213, ...Array.from({ length: 22 }, (_, i) => 5000 + i)];
    expect(winOf(get('4d.boxBig'), { numbers: [1123] }, four, 1200n)).toBe(250_000n); // 2500 x 12.00 / 12
    expect(winOf(get('4d.big'), { numbers: [1213] }, four, 100n)).toBe(250_000n);
    expect(TIERS['4d'].reduce((n, t) => n + t.count, 0)).toBe(23);
    expect(FAMILIES).toHaveLength(7);
  });
});

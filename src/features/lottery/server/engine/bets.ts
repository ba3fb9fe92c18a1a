/**
 * The lottery's bet types (issue 16): what a ticket picks, how a draw pays it, and the exact
 * return to player of each, as a fraction (`rtp`), from the draw's distribution: every number of
 * a family is uniform (draws.ts), so each bet's chance is a count of outcomes.
 *
 * A payout is a multiple of the stake in thousandths (`pay`, per hit): a win is
 * floor(stake x pay x hits / 1000) minor units (for a 4D box bet, divided by the number's
 * orderings as well), so no rounding ever favours the player beyond the table. A push returns the
 * stake (LHC's special 49 on big/small).
 *
 * The fractions are BigInt pairs (numerator, denominator): a dozen lines, where a library would add
 * a dependency for four operations.
 */
import { z } from 'zod';
import { TIERS, type Family } from './draws.ts';

export interface Fraction {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  const nn = BigInt(n);
  const dd = BigInt(d);
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
}
export const add = (a: Fraction, b: Fraction) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => frac(a.n * b.n, a.d * b.d);
export const sub = (a: Fraction, b: Fraction) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const pow = (a: Fraction, k: number) => frac(a.n ** BigInt(k), a.d ** BigInt(k));
export const toNumber = (a: Fraction) => Number(a.n) / Number(a.d);

/** What a ticket picks: numbers (and a position or a side for some bets). */
export interface Selection {
  numbers: number[];
  position?: number;
  side?: 'big' | 'small' | 'odd' | 'even';
}

/** The outcome of a ticket: the multiple of the stake it returns, as a fraction (0: lost). */
export interface BetType {
  code: string;
  family: Family;
  /** Per hit, in thousandths of the stake. */
  pay: number;
  /** Checks a selection; answers the refusal's reason, or null. */
  check(s: Selection): string | null;
  /** The multiple of the stake a draw returns for the selection. */
  returns(s: Selection, numbers: readonly number[]): Fraction;
  /** The exact return to player (expected `returns` over the draw's distribution, any valid selection). */
  rtp(): Fraction;
}

const ints = (n: number[], min: number, max: number, count: number, distinct = true) =>
  n.length === count && n.every((x) => Number.isInteger(x) && x >= min && x <= max) && (!distinct || new Set(n).size === n.length);
const milli = (pay: number, hits: number | bigint = 1) => frac(BigInt(pay) * BigInt(hits), 1000n);
const choose = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** Last `k` digits of a number. */
const tail = (n: number, k: number) => n % 10 ** k;

/** The Vietnamese families' numbers with their digit counts, in draw order. */
function vnDigits(family: 'vnNorth' | 'vnSouth'): number[] {
  return TIERS[family].flatMap((t) => Array.from({ length: t.count }, () => t.digits));
}

function sscTypes(): BetType[] {
  return [
    {
      code: 'ssc.position',
      family: 'ssc',
      pay: 9800,
      check: (s) => (s.position !== undefined && Number.isInteger(s.position) && s.position >= 0 && s.position <= 4 && ints(s.numbers, 0, 9, 1) ? null : 'numbers'),
      returns: (s, d) => (d[s.position!] === s.numbers[0] ? milli(9800) : frac(0)),
      rtp: () => mul(frac(1, 10), milli(9800)),
    },
    {
      code: 'ssc.sumBigSmall',
      family: 'ssc',
      pay: 1960,
      check: (s) => (s.numbers.length === 0 && (s.side === 'big' || s.side === 'small') ? null : 'side'),
      returns: (s, d) => {
        const sum = d.reduce((a, b) => a + b, 0);
        return sum >= 23 === (s.side === 'big') ? milli(1960) : frac(0);
      },
      // The sum of 5 digits is symmetric about 22.5 (s <-> 45 - s): big and small are each 1/2.
      rtp: () => mul(frac(1, 2), milli(1960)),
    },
    {
      code: 'ssc.sumOddEven',
      family: 'ssc',
      pay: 1960,
      check: (s) => (s.numbers.length === 0 && (s.side === 'odd' || s.side === 'even') ? null : 'side'),
      returns: (s, d) => {
        const sum = d.reduce((a, b) => a + b, 0);
        return (sum % 2 === 1) === (s.side === 'odd') ? milli(1960) : frac(0);
      },
      rtp: () => mul(frac(1, 2), milli(1960)),
    },
    {
      code: 'ssc.front3',
      family: 'ssc',
      pay: 980_000,
      check: (s) => (ints(s.numbers, 0, 9, 3, false) ? null : 'numbers'),
      returns: (s, d) => (s.numbers.every((x, i) => d[i] === x) ? milli(980_000) : frac(0)),
      rtp: () => mul(frac(1, 1000), milli(980_000)),
    },
  ];
}

function elevenTypes(): BetType[] {
  // Any k: the k picks are all among the 5 drawn: C(5,k) / C(11,k).
  const any = (k: number, pay: number): BetType => ({
    code: `11x5.any${k}`,
    family: '11x5',
    pay,
    check: (s) => (ints(s.numbers, 1, 11, k) ? null : 'numbers'),
    returns: (s, d) => (s.numbers.every((x) => d.includes(x)) ? milli(pay) : frac(0)),
    rtp: () => mul(frac(choose(5, k), choose(11, k)), milli(pay)),
  });
  return [
    any(1, 2156),
    any(2, 5390),
    any(3, 16_170),
    {
      code: '11x5.first',
      family: '11x5',
      pay: 10_780,
      check: (s) => (ints(s.numbers, 1, 11, 1) ? null : 'numbers'),
      returns: (s, d) => (d[0] === s.numbers[0] ? milli(10_780) : frac(0)),
      rtp: () => mul(frac(1, 11), milli(10_780)),
    },
  ];
}

function pk10Types(): BetType[] {
  const position = (s: Selection) => s.position !== undefined && Number.isInteger(s.position) && s.position >= 1 && s.position <= 10;
  return [
    {
      code: 'pk10.position',
      family: 'pk10',
      pay: 9800,
      check: (s) => (position(s) && ints(s.numbers, 1, 10, 1) ? null : 'numbers'),
      returns: (s, d) => (d[s.position! - 1] === s.numbers[0] ? milli(9800) : frac(0)),
      rtp: () => mul(frac(1, 10), milli(9800)),
    },
    {
      code: 'pk10.bigSmall',
      family: 'pk10',
      pay: 1960,
      // Cars 6-10 are big, 1-5 small.
      check: (s) => (position(s) && s.numbers.length === 0 && (s.side === 'big' || s.side === 'small') ? null : 'side'),
      returns: (s, d) => (d[s.position! - 1]! >= 6 === (s.side === 'big') ? milli(1960) : frac(0)),
      rtp: () => mul(frac(1, 2), milli(1960)),
    },
  ];
}

function lhcTypes(): BetType[] {
  return [
    {
      code: 'lhc.special',
      family: 'lhc',
      pay: 48_000,
      check: (s) => (ints(s.numbers, 1, 49, 1) ? null : 'numbers'),
      returns: (s, d) => (d[6] === s.numbers[0] ? milli(48_000) : frac(0)),
      rtp: () => mul(frac(1, 49), milli(48_000)),
    },
    {
      code: 'lhc.specialBigSmall',
      family: 'lhc',
      pay: 1960,
      // 1-24 small, 25-48 big; a special 49 returns the stake.
      check: (s) => (s.numbers.length === 0 && (s.side === 'big' || s.side === 'small') ? null : 'side'),
      returns: (s, d) => {
        const sp = d[6]!;
        if (sp === 49) return frac(1);
        return sp >= 25 === (s.side === 'big') ? milli(1960) : frac(0);
      },
      rtp: () => add(mul(frac(24, 49), milli(1960)), frac(1, 49)),
    },
    {
      code: 'lhc.any1',
      family: 'lhc',
      pay: 8000,
      check: (s) => (ints(s.numbers, 1, 49, 1) ? null : 'numbers'),
      returns: (s, d) => (d.slice(0, 6).includes(s.numbers[0]!) ? milli(8000) : frac(0)),
      rtp: () => mul(frac(6, 49), milli(8000)),
    },
  ];
}

/** The Vietnamese bets of a region: lô 2 and 3 digits (per hit), đề, head and tail of the special, xiên 2. */
function vnTypes(family: 'vnNorth' | 'vnSouth', pays: { lo2: number; lo3: number; xien2: number }): BetType[] {
  const digits = vnDigits(family);
  const lo2Count = digits.length;
  const lo3Count = digits.filter((d) => d >= 3).length;
  const lo2 = (d: readonly number[]) => d.map((n) => tail(n, 2));
  return [
    {
      code: `${family}.lo2`,
      family,
      pay: pays.lo2,
      check: (s) => (ints(s.numbers, 0, 99, 1) ? null : 'numbers'),
      returns: (s, d) => milli(pays.lo2, lo2(d).filter((x) => x === s.numbers[0]).length),
      // Each prize's last two digits are uniform: lo2Count / 100 hits expected.
      rtp: () => mul(frac(lo2Count, 100), milli(pays.lo2)),
    },
    {
      code: `${family}.lo3`,
      family,
      pay: pays.lo3,
      check: (s) => (ints(s.numbers, 0, 999, 1) ? null : 'numbers'),
      returns: (s, d) => milli(pays.lo3, d.filter((n, i) => digits[i]! >= 3 && tail(n, 3) === s.numbers[0]).length),
      rtp: () => mul(frac(lo3Count, 1000), milli(pays.lo3)),
    },
    {
      code: `${family}.de`,
      family,
      pay: 98_000,
      check: (s) => (ints(s.numbers, 0, 99, 1) ? null : 'numbers'),
      returns: (s, d) => (tail(d[0]!, 2) === s.numbers[0] ? milli(98_000) : frac(0)),
      rtp: () => mul(frac(1, 100), milli(98_000)),
    },
    {
      code: `${family}.head`,
      family,
      pay: 9800,
      // The tens digit of the special prize's last two.
      check: (s) => (ints(s.numbers, 0, 9, 1) ? null : 'numbers'),
      returns: (s, d) => (Math.floor(tail(d[0]!, 2) / 10) === s.numbers[0] ? milli(9800) : frac(0)),
      rtp: () => mul(frac(1, 10), milli(9800)),
    },
    {
      code: `${family}.tail`,
      family,
      pay: 9800,
      check: (s) => (ints(s.numbers, 0, 9, 1) ? null : 'numbers'),
      returns: (s, d) => (tail(d[0]!, 1) === s.numbers[0] ? milli(9800) : frac(0)),
      rtp: () => mul(frac(1, 10), milli(9800)),
    },
    {
      code: `${family}.xien2`,
      family,
      pay: pays.xien2,
      // Both pairs among the prizes' last two digits (once each is enough).
      check: (s) => (ints(s.numbers, 0, 99, 2) ? null : 'numbers'),
      returns: (s, d) => {
        const l = lo2(d);
        return s.numbers.every((x) => l.includes(x)) ? milli(pays.xien2) : frac(0);
      },
      // Inclusion-exclusion over n independent uniform pairs: 1 - 2 (99/100)^n + (98/100)^n.
      rtp: () => mul(add(sub(frac(1), mul(frac(2), pow(frac(99, 100), lo2Count))), pow(frac(98, 100), lo2Count)), milli(pays.xien2)),
    },
  ];
}

/** The number of different orderings of a 4-digit number's digits (24, 12, 6, 4 or 1). */
export function orderings(n: number): number {
  const digits = String(n).padStart(4, '0').split('');
  const counts = Object.values(digits.reduce<Record<string, number>>((c, x) => ({ ...c, [x]: (c[x] ?? 0) + 1 }), {}));
  return 24 / counts.reduce((p, c) => p * [1, 1, 2, 6, 24][c]!, 1);
}
const permutationsOf = (n: number): number[] => {
  const d = String(n).padStart(4, '0').split('');
  const out = new Set<number>();
  const walk = (left: string[], acc: string) => {
    if (!left.length) out.add(Number(acc));
    left.forEach((x, i) => walk([...left.slice(0, i), ...left.slice(i + 1)], acc + x));
  };
  walk(d, '');
  return [...out];
};

/** 4D: a number's prize in each tier (per unit staked), Big (every tier) or Small (the top three); Box plays every ordering. */
function fourDTypes(): BetType[] {
  const tiers = TIERS['4d'];
  const tierOf = (i: number) => {
    let at = 0;
    for (let t = 0; t < tiers.length; t++) {
      at += tiers[t]!.count;
      if (i < at) return t;
    }
    return -1;
  };
  const make = (code: string, prizes: number[], box: boolean): BetType => ({
    code,
    family: '4d',
    pay: prizes[0]! * 1000,
    check: (s) => (ints(s.numbers, 0, 9999, 1) ? null : 'numbers'),
    returns: (s, d) => {
      const wanted = box ? permutationsOf(s.numbers[0]!) : [s.numbers[0]!];
      let total = frac(0);
      d.forEach((n, i) => {
        const t = tierOf(i);
        if (wanted.includes(n) && (prizes[t] ?? 0) > 0) total = add(total, frac(prizes[t]!));
      });
      return box ? mul(total, frac(1, wanted.length)) : total;
    },
    // Each of the 23 different numbers is uniform over 10,000: a number is in a given slot with
    // chance 1/10,000; a box bet's orderings each add that, and its prizes are divided by them.
    rtp: () =>
      frac(
        tiers.reduce((sum, t, i) => sum + t.count * (prizes[i] ?? 0), 0),
        10_000,
      ),
  });
  return [make('4d.big', [2500, 1000, 500, 180, 60], false), make('4d.small', [3500, 2000, 1000], false), make('4d.boxBig', [2500, 1000, 500, 180, 60], true)];
}

/** Every bet type, by code. */
export const BET_TYPES: ReadonlyMap<string, BetType> = new Map(
  [
    ...sscTypes(),
    ...elevenTypes(),
    ...pk10Types(),
    ...lhcTypes(),
    ...vnTypes('vnNorth', { lo2: 3600, lo3: 42_000, xien2: 17_500 }),
    ...vnTypes('vnSouth', { lo2: 5400, lo3: 57_000, xien2: 37_000 }),
    ...fourDTypes(),
  ].map((b) => [b.code, b]),
);

/** The bet types of a family. */
export const betTypesOf = (family: Family): BetType[] => [...BET_TYPES.values()].filter((b) => b.family === family);

/** A selection as the API takes it. */
export const selectionInput = z.object({
  numbers: z.array(z.number().int()).max(10).default([]),
  position: z.number().int().optional(),
  side: z.enum(['big', 'small', 'odd', 'even']).optional(),
});

/** What a ticket of `stake` minor units wins: floor(stake x returns). */
export function winOf(bet: BetType, s: Selection, numbers: readonly number[], stake: bigint): bigint {
  const r = bet.returns(s, numbers);
  return (stake * r.n) / r.d;
}

/**
 * Slot configurations of the sandbox game provider: reel strips, paylines and a paytable derived
 * deterministically from a catalogue game's `seed`, tuned so that the exact return to player
 * (computed analytically from the strips, not simulated) equals a target between 94% and 97%.
 *
 * Pays are whole multiples of the line bet, and a bet must be a multiple of the number of lines
 * (`betStep`), so every win is a whole number of minor units: no rounding ever happens and the
 * analytic RTP is exactly what every accepted bet earns on average.
 */
import { prng, type Prng } from '../../../../kernel/prng.ts';

/** The game types the sandbox engine plays. */
export const SLOT_KINDS = ['classic3', 'lines5', 'volatile5'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

/** Bounds of a configured return to player (issue 5: between 94 and 97 percent). */
export const RTP_MIN = 0.94;
export const RTP_MAX = 0.97;
/** How far the exact RTP of a tuned paytable may sit from its target. */
export const RTP_TOLERANCE = 0.0005;

/** A complete, immutable slot configuration; everything a round needs besides its randomness. */
export interface SlotConfig {
  kind: SlotKind;
  /** The catalogue game's seed it was derived from. */
  seed: number;
  reels: number;
  rows: number;
  /** Symbol ids, lowest paying first; strips and pays refer to symbols by index. */
  symbols: readonly string[];
  /** One strip per reel: symbol indices; a stop shows `rows` consecutive cells, wrapping around. */
  strips: readonly (readonly number[])[];
  /** One entry per payline: the row it crosses on each reel. */
  lines: readonly (readonly number[])[];
  /** Fewest same symbols from the leftmost reel that pay. */
  minCount: number;
  /** pays[symbol][count]: multiple of the line bet for exactly `count` from the left (0 = no pay). */
  pays: readonly (readonly number[])[];
  /** Bets must be positive multiples of this (one minor unit per line). */
  betStep: bigint;
  targetRtp: number;
  /** The exact analytic RTP of this configuration, as a float. */
  rtp: number;
}

interface KindSpec {
  reels: number;
  rows: number;
  stripLength: number;
  lines: number;
  minCount: number;
  symbols: readonly string[];
  /** Relative frequency of each symbol on a strip. */
  weights: readonly number[];
  /** Relative value of each symbol, and the factor of each count from minCount up. */
  values: readonly number[];
  countFactors: readonly number[];
}

/** The 20 classic 5x3 paylines; the high-volatility variant uses the first 10. */
const LINES_5X3: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
const LINES_3X3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

const KINDS: Record<SlotKind, KindSpec> = {
  // Fruit machine: 3 reels, 5 lines, three of a kind pays.
  classic3: {
    reels: 3,
    rows: 3,
    stripLength: 30,
    lines: 5,
    minCount: 3,
    symbols: ['CHERRY', 'LEMON', 'ORANGE', 'PLUM', 'BELL', 'BAR', 'SEVEN'],
    weights: [8, 7, 6, 4, 2.5, 1.5, 1],
    values: [4, 6, 8, 12, 30, 60, 150],
    countFactors: [1],
  },
  // Video slot: 5 reels, 20 lines, 3 to 5 of a kind pay, many modest wins.
  lines5: {
    reels: 5,
    rows: 3,
    stripLength: 40,
    lines: 20,
    minCount: 3,
    symbols: ['TEN', 'JACK', 'QUEEN', 'KING', 'ACE', 'GEM', 'COIN', 'CROWN', 'DRAGON'],
    weights: [8, 7, 6, 5, 4, 3, 3, 2, 2],
    values: [4, 5, 6, 8, 10, 15, 20, 30, 50],
    countFactors: [1, 4, 15],
  },
  // High volatility: 5 reels, 10 lines, premium symbols rare and long runs paying far more.
  volatile5: {
    reels: 5,
    rows: 3,
    stripLength: 48,
    lines: 10,
    minCount: 3,
    symbols: ['TEN', 'JACK', 'QUEEN', 'KING', 'ACE', 'SCARAB', 'MASK', 'PHARAOH'],
    weights: [12, 11, 10, 8, 3, 2, 1.2, 0.8],
    values: [2, 3, 4, 5, 20, 50, 150, 400],
    countFactors: [1, 6, 40],
  },
};

/** The game type a catalogue seed plays, when the caller does not choose one. */
export function slotKindForSeed(seed: number): SlotKind {
  return SLOT_KINDS[prng(seed ^ 0x51075107).int(0, SLOT_KINDS.length - 1)]!;
}

/** The configured RTP of a catalogue seed: 94.0% to 97.0% in steps of 0.1 point. */
export function targetRtpForSeed(seed: number): number {
  return (940 + prng(seed ^ 0x00e7e7e7).int(0, 30)) / 1000;
}

/** Builds the slot configuration of a catalogue game's seed; the same seed always gives the same game. */
export function slotConfig(seed: number, options: { kind?: SlotKind; targetRtp?: number } = {}): SlotConfig {
  const kind = options.kind ?? slotKindForSeed(seed);
  const targetRtp = options.targetRtp ?? targetRtpForSeed(seed);
  if (!(targetRtp >= RTP_MIN && targetRtp <= RTP_MAX)) throw new RangeError(`A target RTP must be within [${RTP_MIN}, ${RTP_MAX}]`);
  const spec = KINDS[kind];
  const r = prng((seed >>> 0) ^ 0x5107_0000);
  const strips = Array.from({ length: spec.reels }, () => makeStrip(r, spec));
  const values = spec.values.map((v) => v * (0.85 + 0.3 * r.next()));
  const base = values.map((v) => {
    const row = new Array<number>(spec.reels + 1).fill(0);
    spec.countFactors.forEach((f, i) => (row[spec.minCount + i] = v * f));
    return row;
  });
  const lines = (spec.reels === 3 ? LINES_3X3 : LINES_5X3).slice(0, spec.lines);
  const pays = tunePays(strips, spec.symbols.length, spec.minCount, base, targetRtp);
  return buildConfig({ kind, seed, rows: spec.rows, symbols: spec.symbols, strips, lines, minCount: spec.minCount, pays, targetRtp });
}

/** Assembles a configuration from its parts and computes its exact RTP (also for hand-made test games). */
export function buildConfig(parts: Omit<SlotConfig, 'reels' | 'betStep' | 'rtp'>): SlotConfig {
  const reels = parts.strips.length;
  if (reels < 1 || parts.lines.length < 1) throw new RangeError('A slot needs reels and lines');
  for (const strip of parts.strips) {
    if (strip.length < parts.rows) throw new RangeError('A strip is shorter than the window');
    if (strip.some((s) => !Number.isInteger(s) || s < 0 || s >= parts.symbols.length)) throw new RangeError('A strip names an unknown symbol');
  }
  for (const line of parts.lines) {
    if (line.length !== reels || line.some((row) => !Number.isInteger(row) || row < 0 || row >= parts.rows)) throw new RangeError('A line leaves the window');
  }
  if (parts.pays.length !== parts.symbols.length || parts.pays.some((p) => p.length !== reels + 1 || p.some((m) => !Number.isSafeInteger(m) || m < 0)))
    throw new RangeError('Pays are whole multiples of the line bet per symbol and count');
  const config = { ...parts, reels, betStep: BigInt(parts.lines.length), rtp: 0 };
  const exact = exactRtp(config);
  config.rtp = Number(exact.numerator) / Number(exact.denominator);
  return config;
}

/**
 * The exact RTP of a configuration as a fraction. Every line sees, on each reel, a symbol that is
 * uniform over that reel's strip cells, and reels are independent, so one line pays symbol s for
 * exactly k reels with probability prod_{i<k} f_i(s) * (1 - f_k(s)) (no last factor when k is
 * every reel), f_i(s) being s's share of strip i. A line's bet is bet / lines, so the RTP of the
 * whole spin is the sum over s and k of that probability times pays[s][k], whatever the lines are.
 */
export function exactRtp(config: Pick<SlotConfig, 'strips' | 'pays' | 'minCount'>): { numerator: bigint; denominator: bigint } {
  const weights = exactWeights(config.strips, config.pays.length, config.minCount);
  let numerator = 0n;
  for (const w of weights) numerator += w.weight * BigInt(config.pays[w.symbol]![w.count]!);
  const denominator = config.strips.reduce((d, s) => d * BigInt(s.length), 1n);
  return { numerator, denominator };
}

/** Probability of each (symbol, count) line outcome, times the product of the strip lengths. */
function exactWeights(strips: readonly (readonly number[])[], symbolCount: number, minCount: number) {
  const reels = strips.length;
  const counts = strips.map((strip) => {
    const c = new Array<bigint>(symbolCount).fill(0n);
    for (const s of strip) c[s]! += 1n;
    return c;
  });
  const out: { symbol: number; count: number; weight: bigint }[] = [];
  for (let s = 0; s < symbolCount; s++) {
    for (let k = minCount; k <= reels; k++) {
      let weight = 1n;
      for (let i = 0; i < k; i++) weight *= counts[i]![s]!;
      if (k < reels) weight *= BigInt(strips[k]!.length) - counts[k]![s]!;
      for (let i = k + 1; i < reels; i++) weight *= BigInt(strips[i]!.length);
      out.push({ symbol: s, count: k, weight });
    }
  }
  return out;
}

/** A strip of the kind's length: every symbol at least once, counts close to the jittered weights, shuffled. */
function makeStrip(r: Prng, spec: KindSpec): number[] {
  const jittered = spec.weights.map((w) => w * (0.8 + 0.4 * r.next()));
  const total = jittered.reduce((a, b) => a + b, 0);
  const free = spec.stripLength - spec.symbols.length;
  const exact = jittered.map((w) => (w / total) * free);
  const counts = exact.map((x) => 1 + Math.floor(x));
  // Largest remainders take the cells that flooring left over.
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let left = spec.stripLength - counts.reduce((a, b) => a + b, 0), j = 0; left > 0; left--, j++) counts[order[j]!.i]! += 1;
  const strip = counts.flatMap((c, s) => new Array<number>(c).fill(s));
  for (let i = strip.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [strip[i], strip[j]] = [strip[j]!, strip[i]!];
  }
  return strip;
}

/**
 * Whole-number pays of the given shape whose exact RTP is the target: a common scale is found by
 * bisection on the rounded paytable, then the remaining error is handed down the outcomes from the
 * most to the least likely, each absorbing what whole steps of its probability can (at most a
 * quarter of its pay), so the error left is about half the probability of the rarest outcome: the
 * exact RTP is a multiple of 1 / prod(strip lengths), 1/27,000 for the classic game.
 */
function tunePays(strips: readonly (readonly number[])[], symbolCount: number, minCount: number, base: number[][], target: number): number[][] {
  const weights = exactWeights(strips, symbolCount, minCount).filter((w) => base[w.symbol]![w.count]! > 0);
  const denominator = Number(strips.reduce((d, s) => d * BigInt(s.length), 1n));
  const entries = weights.map((w) => ({ ...w, p: Number(w.weight) / denominator, base: base[w.symbol]![w.count]! }));
  const rounded = (scale: number) => entries.map((e) => Math.max(1, Math.round(e.base * scale)));
  const rtpOf = (mults: number[]) => mults.reduce((sum, m, i) => sum + m * entries[i]!.p, 0);
  let lo = 0;
  let hi = 1;
  while (rtpOf(rounded(hi)) < target) hi *= 2;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (rtpOf(rounded(mid)) < target) lo = mid;
    else hi = mid;
  }
  const mults = rounded(hi);
  let residual = target - rtpOf(mults);
  const order = entries
    .map((_, i) => i)
    .filter((i) => entries[i]!.p > 0)
    .sort((a, b) => entries[b]!.p - entries[a]!.p);
  for (const i of order) {
    const e = entries[i]!;
    const room = Math.max(1, Math.floor(mults[i]! / 4));
    const delta = Math.max(-room, Math.min(room, Math.max(1 - mults[i]!, Math.round(residual / e.p))));
    mults[i]! += delta;
    residual -= delta * e.p;
  }
  const pays = Array.from({ length: symbolCount }, () => new Array<number>(strips.length + 1).fill(0));
  entries.forEach((e, i) => (pays[e.symbol]![e.count] = mults[i]!));
  return pays;
}

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashServerSeed, makeClientSeed, makeServerSeed, rotateServerSeed, roundWords, seedMatchesHash, uniformBelow } from '../../../kernel/fairness.ts';
import { buildConfig, exactRtp, RTP_MAX, RTP_MIN, RTP_TOLERANCE, SLOT_KINDS, slotConfig, slotKindForSeed, targetRtpForSeed } from '../server/sandbox/paytable.ts';
import { evaluate, spin, verifyRound } from '../server/sandbox/slot-engine.ts';
import { prng } from '../../../kernel/prng.ts';
import { chiSquare, chiSquareCritical } from '../../../../tests/support/chi-square.ts';

const SERVER_SEED = '6b1f0e2a9c4d3b8a7f6e5d4c3b2a19080f1e2d3c4b5a69788796a5b4c3d2e1f0';
const CLIENT_SEED = 'lucky-player';

/** Every combination of one stop per reel, as an odometer. */
function* allStops(lengths: readonly number[]): Generator<number[]> {
  const stops = lengths.map(() => 0);
  for (;;) {
    yield stops;
    let reel = lengths.length - 1;
    while (reel >= 0 && ++stops[reel]! === lengths[reel]!) stops[reel--] = 0;
    if (reel < 0) return;
  }
}

describe('slot configurations from a game seed', () => {
  it('are the same for the same seed and differ between seeds', () => {
    expect(slotConfig(424242)).toEqual(slotConfig(424242));
    expect(slotConfig(424242, { kind: 'lines5' }).strips).not.toEqual(slotConfig(424243, { kind: 'lines5' }).strips);
  });

  it('spread the catalogue seeds over every game type and over targets from 94% to 97%', () => {
    const r = prng(7);
    const seeds = Array.from({ length: 600 }, () => r.int(0, 999_999));
    expect(new Set(seeds.map(slotKindForSeed))).toEqual(new Set(SLOT_KINDS));
    const targets = seeds.map(targetRtpForSeed);
    expect(Math.min(...targets)).toBeGreaterThanOrEqual(RTP_MIN);
    expect(Math.max(...targets)).toBeLessThanOrEqual(RTP_MAX);
    expect(new Set(targets).size).toBeGreaterThan(20);
  });

  it('refuse a target outside 94% to 97%', () => {
    expect(() => slotConfig(1, { targetRtp: 0.93 })).toThrow(RangeError);
    expect(() => slotConfig(1, { targetRtp: 0.98 })).toThrow(RangeError);
  });

  it.each(SLOT_KINDS)('%s: the exact RTP of every tuned game equals its target, and pays rise with the count and the symbol', (kind) => {
    const r = prng(0x7e57 + kind.length);
    let worst = 0;
    const targets = [RTP_MIN, RTP_MAX, ...Array.from({ length: 200 }, () => undefined)];
    for (const targetRtp of targets) {
      const config = slotConfig(r.int(0, 999_999), { kind, targetRtp });
      const { numerator, denominator } = exactRtp(config);
      const rtp = Number(numerator) / Number(denominator);
      expect(rtp).toBe(config.rtp);
      expect(Math.abs(rtp - config.targetRtp)).toBeLessThanOrEqual(RTP_TOLERANCE);
      expect(rtp).toBeGreaterThanOrEqual(RTP_MIN - RTP_TOLERANCE);
      expect(rtp).toBeLessThanOrEqual(RTP_MAX + RTP_TOLERANCE);
      worst = Math.max(worst, Math.abs(rtp - config.targetRtp));
      for (const row of config.pays) {
        for (let k = config.minCount; k < config.reels; k++) expect(row[k + 1]!).toBeGreaterThan(row[k]!);
        expect(row[config.minCount]!).toBeGreaterThanOrEqual(1);
      }
      // The three-of-a-kind pay of the rarest (last) symbol beats that of the commonest.
      expect(config.pays.at(-1)![config.minCount]!).toBeGreaterThan(config.pays[0]![config.minCount]!);
    }
    expect(worst).toBeLessThanOrEqual(RTP_TOLERANCE);
  });

  it('classic3: the analytic RTP is exactly the average of every one of the 27,000 stop combinations', () => {
    const config = slotConfig(99_001, { kind: 'classic3' });
    const { numerator, denominator } = exactRtp(config);
    let total = 0n;
    for (const stops of allStops(config.strips.map((s) => s.length))) total += BigInt(evaluate(config, stops).totalMultiplier);
    // mean return = total / (combinations x lines) must be numerator / denominator exactly.
    expect(denominator).toBe(27_000n);
    expect(total).toBe(numerator * config.betStep);
  });

  it('5 reels: the analytic RTP is exactly the enumerated average of a small hand-made game', () => {
    const r = prng(55);
    const symbols = ['A', 'B', 'C'];
    const strips = [5, 4, 5, 4, 5].map((n) => Array.from({ length: n }, (_, i) => (i < 3 ? i : r.int(0, 2))));
    const pays = symbols.map((_, s) => [0, 0, 0, 2 + s, 10 + 3 * s, 50 + 20 * s]);
    const lines = slotConfig(1, { kind: 'lines5' }).lines;
    const config = buildConfig({ kind: 'lines5', seed: 0, rows: 3, symbols, strips, lines, minCount: 3, pays, targetRtp: 0.95 });
    let total = 0n;
    let count = 0n;
    for (const stops of allStops(strips.map((s) => s.length))) {
      total += BigInt(evaluate(config, stops).totalMultiplier);
      count++;
    }
    const { numerator, denominator } = exactRtp(config);
    expect(denominator).toBe(count);
    expect(total).toBe(numerator * config.betStep);
  });
});

describe('provably fair rounds', () => {
  it('derive the stops from HMAC-SHA256(serverSeed, "clientSeed:nonce") by rejection sampling', () => {
    const config = slotConfig(31337, { kind: 'volatile5' });
    const words: number[] = [];
    for (let block = 0; block < 2; block++) {
      const message = block === 0 ? `${CLIENT_SEED}:7` : `${CLIENT_SEED}:7:${block}`;
      const digest = createHmac('sha256', Buffer.from(SERVER_SEED, 'hex')).update(message).digest();
      for (let i = 0; i < 32; i += 4) words.push(digest.readUInt32BE(i));
    }
    // An independent re-derivation: accept a word below the largest multiple of the strip length.
    const expected: number[] = [];
    let next = 0;
    for (const strip of config.strips) {
      const limit = 2 ** 32 - (2 ** 32 % strip.length);
      while (words[next]! >= limit) next++;
      expected.push(words[next++]! % strip.length);
    }
    const result = spin(config, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 7 }, 1000n);
    expect(result.stops).toEqual(expected);
    expect(result.grid).toEqual(config.strips.map((strip, reel) => [0, 1, 2].map((row) => config.symbols[strip[(expected[reel]! + row) % strip.length]!])));
  });

  it('continue the word stream with further HMAC blocks when one block runs out', () => {
    const words = roundWords(SERVER_SEED, CLIENT_SEED, 3);
    const got = Array.from({ length: 20 }, () => words());
    const block = (message: string) => createHmac('sha256', Buffer.from(SERVER_SEED, 'hex')).update(message).digest();
    const expected = [block(`${CLIENT_SEED}:3`), block(`${CLIENT_SEED}:3:1`), block(`${CLIENT_SEED}:3:2`)].flatMap((d) => Array.from({ length: 8 }, (_, i) => d.readUInt32BE(4 * i)));
    expect(got).toEqual(expected.slice(0, 20));
  });

  it('are deterministic, differ by nonce, and pay line bet times multiplier in whole minor units', () => {
    const config = slotConfig(777, { kind: 'lines5' });
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0 };
    expect(spin(config, seeds, 2000n)).toEqual(spin(config, seeds, 2000n));
    const stops = new Set(Array.from({ length: 50 }, (_, nonce) => spin(config, { ...seeds, nonce }, 20n).stops.join(',')));
    expect(stops.size).toBeGreaterThan(45);
    let won = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const result = spin(config, { ...seeds, nonce }, 2000n);
      const lineBet = 2000n / BigInt(config.lines.length);
      for (const w of result.lineWins) {
        expect(w.payout).toBe(lineBet * BigInt(w.multiplier));
        expect(w.multiplier).toBe(config.pays[config.symbols.indexOf(w.symbol)]![w.count]);
        const rows = config.lines[w.line]!;
        for (let reel = 0; reel < w.count; reel++) expect(result.grid[reel]![rows[reel]!]).toBe(w.symbol);
        if (w.count < config.reels) expect(result.grid[w.count]![rows[w.count]!]).not.toBe(w.symbol);
      }
      expect(result.totalWin).toBe(result.lineWins.reduce((s, w) => s + w.payout, 0n));
      expect(result.totalWin).toBe(lineBet * BigInt(result.totalMultiplier));
      if (result.totalWin > 0n) won++;
    }
    expect(won).toBeGreaterThan(20);
  });

  it('refuse a bet that is not a positive multiple of one minor unit per line', () => {
    const config = slotConfig(777, { kind: 'lines5' });
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0 };
    expect(config.betStep).toBe(20n);
    for (const bet of [0n, -20n, 19n, 30n]) expect(() => spin(config, seeds, bet)).toThrow(RangeError);
    expect(() => spin(config, seeds, 20n)).not.toThrow();
    expect(() => spin(config, { ...seeds, nonce: -1 }, 20n)).toThrow(RangeError);
    expect(() => spin(config, { ...seeds, serverSeed: 'abc' }, 20n)).toThrow(RangeError);
  });

  it('verifyRound recomputes a past round once the seed is revealed, and refuses a seed that does not match its hash', () => {
    const config = slotConfig(2024, { kind: 'classic3' });
    const committed = makeServerSeed();
    expect(committed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(committed.serverSeedHash).toBe(createHash('sha256').update(Buffer.from(committed.serverSeed, 'hex')).digest('hex'));
    const clientSeed = makeClientSeed();
    const played = Array.from({ length: 5 }, (_, nonce) => spin(config, { serverSeed: committed.serverSeed, clientSeed, nonce }, 500n));
    const { revealed, next } = rotateServerSeed(committed);
    expect(revealed).toEqual(committed);
    expect(next.serverSeed).not.toBe(committed.serverSeed);
    expect(seedMatchesHash(next.serverSeed, next.serverSeedHash)).toBe(true);
    played.forEach((round, nonce) => {
      expect(verifyRound({ ...revealed, clientSeed, nonce, gameConfig: config, betMinorUnits: 500n })).toEqual(round);
      expect(verifyRound({ ...revealed, clientSeed, nonce, gameConfig: config }).stops).toEqual(round.stops);
    });
    expect(() => verifyRound({ serverSeed: next.serverSeed, serverSeedHash: committed.serverSeedHash, clientSeed, nonce: 0, gameConfig: config })).toThrow(/hash/);
    expect(() => rotateServerSeed({ serverSeed: next.serverSeed, serverSeedHash: committed.serverSeedHash })).toThrow();
    expect(hashServerSeed(SERVER_SEED)).toHaveLength(64);
  });
});

describe('unbiased scaling', () => {
  it('rejects words at or above the largest multiple of n and draws again', () => {
    const feed = (list: number[]) => {
      let i = 0;
      return Object.assign(() => list[i++]!, { used: () => i });
    };
    const n = 3 * 2 ** 30;
    const words = feed([2 ** 32 - 1, 3 * 2 ** 30, 5]);
    expect(uniformBelow(n, words)).toBe(5);
    expect(words.used()).toBe(3);
    // 2^32 - 2^32 % 10 = 4294967290: the last six words are refused.
    const tens = feed([4294967295, 4294967290, 4294967289]);
    expect(uniformBelow(10, tens)).toBe(9);
    expect(tens.used()).toBe(3);
    expect(() => uniformBelow(0, tens)).toThrow(RangeError);
    expect(() => uniformBelow(2.5, tens)).toThrow(RangeError);
  });

  it('the HMAC stream gives no modulo bias where modulo would double a third of the range', () => {
    // With n = 3 * 2^30, a plain w % n would give the bottom third of [0, n) twice the weight.
    const words = roundWords(SERVER_SEED, 'bias-check', 1);
    const n = 3 * 2 ** 30;
    const bins = [0, 0, 0];
    let consumed = 0;
    const counted = () => (consumed++, words());
    const draws = 30_000;
    for (let i = 0; i < draws; i++) bins[Math.floor(uniformBelow(n, counted) / 2 ** 30)]!++;
    expect(chiSquare(bins, [draws / 3, draws / 3, draws / 3])).toBeLessThan(chiSquareCritical(2));
    // A quarter of the words are refused: about 40,000 words for 30,000 draws.
    expect(consumed / draws).toBeGreaterThan(1.3);
    expect(consumed / draws).toBeLessThan(1.37);
  });

  it.each(SLOT_KINDS)('%s: stops drawn through HMAC rounds are uniform over every strip (chi-square)', (kind) => {
    const config = slotConfig(4096, { kind });
    const rounds = 20_000;
    const counts = config.strips.map((s) => new Array<number>(s.length).fill(0));
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { stops } = spin(config, { serverSeed: SERVER_SEED, clientSeed: 'uniformity', nonce }, config.betStep);
      stops.forEach((stop, reel) => counts[reel]![stop]!++);
    }
    for (const reelCounts of counts) {
      const expected = reelCounts.map(() => rounds / reelCounts.length);
      expect(chiSquare(reelCounts, expected)).toBeLessThan(chiSquareCritical(reelCounts.length - 1));
    }
  });
});

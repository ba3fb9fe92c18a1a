/**
 * Properties of the contract economics (issue 14), over random agent trees, contracts and
 * members' bets (fast-check): nobody is paid below zero; along the contracts under a top
 * contract, the agents together are paid exactly what the top contract's gross due allows and
 * never more than its rate on the volume it covers; each team's figures are recomputed here
 * from the bets themselves; and the rate rule of offers holds tier by tier.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cornerOf,
  excessOver,
  headlineRate,
  settlePeriod,
  tierReached,
  withinUpline,
  type ContractKind,
  type DividendTerms,
  type InForce,
  type PeriodFigures,
  type RealtimeTerms,
  type Terms,
  type TieredTerms,
} from '../server/economics.ts';

interface Bet {
  member: number;
  stake: bigint;
  payout: bigint;
}

/** A random tree: node 0 is the top agent; node i > 0 hangs below a node before it. */
const treeArb = fc.integer({ min: 2, max: 14 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }).map((ps) => [-1, ...ps.map((p, i) => p % (i + 1))]),
    fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  ),
);
const betArb = (n: number) =>
  fc.array(
    fc.record({
      member: fc.nat({ max: n - 1 }),
      stake: fc.bigInt({ min: 1n, max: 1_000_000n }),
      payout: fc.bigInt({ min: 0n, max: 3_000_000n }),
    }),
    { maxLength: 60 },
  );
// Thresholds are often 0, so that most contracts reach a tier and the interesting cases (a
// downline's claim above what its upline may pay) come up.
const threshold = (max: number) => fc.oneof(fc.constant(0), fc.nat({ max }));
const tierArb = fc.record({
  minValidBet: threshold(3_000_000),
  minActive: threshold(4),
  minLoss: threshold(500_000),
  rate: fc.nat({ max: 5_000 }),
});
const termsArb = (kind: ContractKind): fc.Arbitrary<Terms> =>
  kind === 'realtime'
    ? fc.record({ lossRate: fc.nat({ max: 300 }), winRate: fc.nat({ max: 300 }), minSingleBet: threshold(200_000) })
    : kind === 'dividend'
      ? fc.record({
          tiers: fc.array(tierArb, { minLength: 1, maxLength: 4 }),
          periodicMinBet: threshold(1_000_000),
          feeRate: fc.nat({ max: 3_000 }),
          period: fc.constant('M' as const),
          carry: fc.boolean(),
        })
      : fc.record({ tiers: fc.array(tierArb, { minLength: 1, maxLength: 4 }), periodicMinBet: threshold(1_000_000) });

/** Everyone below node `top` (at any depth), and itself. */
function subtree(parents: number[], top: number): Set<number> {
  const out = new Set([top]);
  for (let i = 0; i < parents.length; i++) {
    for (let p = i; p !== -1; p = parents[p]!) {
      if (p === top) out.add(i);
    }
  }
  return out;
}

/** A team's figures, from the bets of its members (the agent's own bets are not its team's). */
function figuresFrom(bets: Bet[], parents: number[], agent: number, minSingle = 0): PeriodFigures {
  const team = subtree(parents, agent);
  team.delete(agent);
  const mine = bets.filter((b) => team.has(b.member));
  const q = mine.filter((b) => b.stake >= BigInt(minSingle));
  return {
    validBet: mine.reduce((s, b) => s + b.stake, 0n),
    payout: mine.reduce((s, b) => s + b.payout, 0n),
    active: new Set(mine.map((b) => b.member)).size,
    lostBet: q.filter((b) => b.payout < b.stake).reduce((s, b) => s + b.stake, 0n),
    wonBet: q.filter((b) => b.payout >= b.stake).reduce((s, b) => s + b.stake, 0n),
  };
}

const scenario = (kind: ContractKind) =>
  treeArb.chain(([n, parents, hasContract]) =>
    fc.tuple(
      fc.constant(parents),
      fc.constant(hasContract),
      fc.array(termsArb(kind), { minLength: n, maxLength: n }),
      betArb(n),
      fc.array(fc.bigInt({ min: -2_000_000n, max: 0n }), { minLength: n, maxLength: n }),
    ),
  );

for (const kind of ['daily', 'realtime', 'dividend'] as ContractKind[]) {
  describe(`${kind}: settlement over random trees`, () => {
    it('pays nobody below zero, and under a top contract pays its gross due in all, never more than its rate on the volume', () => {
      fc.assert(
        fc.property(scenario(kind), ([parents, hasContract, terms, bets, carries]) => {
          // Node 0 always holds the top contract; others hold one when drawn, below the nearest holder above them.
          const holds = hasContract.map((h, i) => i === 0 || h);
          const holderAbove = (i: number): number | null => {
            for (let p = parents[i]!; p !== -1; p = parents[p]!) if (holds[p]) return p;
            return null;
          };
          const contracts: InForce[] = [];
          holds.forEach((h, i) => {
            if (!h) return;
            const up = i === 0 ? null : holderAbove(i);
            contracts.push({ contractId: 100 + i, agentId: i, uplineContractId: up === null ? null : 100 + up, kind, terms: terms[i]!, carryIn: kind === 'dividend' ? carries[i] : 0n });
          });
          const settled = settlePeriod(contracts, (agent) => {
            const c = contracts.find((x) => x.agentId === agent)!;
            return figuresFrom(bets, parents, agent, kind === 'realtime' ? (c.terms as { minSingleBet: number }).minSingleBet : 0);
          });
          for (const s of settled) expect(s.pay).toBeGreaterThanOrEqual(0n);
          const top = settled.find((s) => s.agentId === 0)!;
          const total = settled.reduce((sum, s) => sum + s.pay, 0n);
          expect(total).toBe(BigInt(top.figures.gross));
          // The top contract's rate on its own volume bounds everything paid.
          const f = figuresFrom(bets, parents, 0, kind === 'realtime' ? (terms[0] as { minSingleBet: number }).minSingleBet : 0);
          const rate = BigInt(headlineRate(kind, terms[0]!));
          const volume = kind === 'dividend' ? (f.validBet - f.payout > 0n ? f.validBet - f.payout : 0n) : kind === 'realtime' ? f.lostBet! + f.wonBet! : f.validBet;
          // A carried loss only lowers a dividend's base.
          expect(total * 10_000n).toBeLessThanOrEqual(volume * rate);
          // Each contract's figures are its team's, recomputed from the bets.
          for (const s of settled) {
            const mine = figuresFrom(bets, parents, s.agentId);
            expect(s.figures.validBet).toBe(String(mine.validBet));
            expect(s.figures.active).toBe(mine.active);
          }
        }),
        { numRuns: 300 },
      );
    });
  });
}

describe('salaries: differential pay telescopes when rates step down', () => {
  it('a chain of 2 %, 1.5 %, 1 % pays 0.5 %, 0.5 % and 1 % of the volume that came through each', () => {
    const t = (rate: number): Terms => ({ tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate }], periodicMinBet: 0 });
    const contracts: InForce[] = [
      { contractId: 1, agentId: 1, uplineContractId: null, kind: 'daily', terms: t(200) },
      { contractId: 2, agentId: 2, uplineContractId: 1, kind: 'daily', terms: t(150) },
      { contractId: 3, agentId: 3, uplineContractId: 2, kind: 'daily', terms: t(100) },
    ];
    const figures: Record<number, PeriodFigures> = {
      1: { validBet: 1_000_000n, payout: 0n, active: 3 },
      2: { validBet: 600_000n, payout: 0n, active: 2 },
      3: { validBet: 200_000n, payout: 0n, active: 1 },
    };
    const pays = settlePeriod(contracts, (a) => figures[a]).map((s) => s.pay);
    expect(pays).toEqual([20_000n - 9_000n, 9_000n - 2_000n, 2_000n]);
  });

  it("a downline whose tier is above its upline's reached tier is capped at it", () => {
    const contracts: InForce[] = [
      {
        contractId: 1,
        agentId: 1,
        uplineContractId: null,
        kind: 'daily',
        terms: {
          tiers: [
            { minValidBet: 5_000_000, minActive: 0, minLoss: 0, rate: 300 },
            { minValidBet: 0, minActive: 0, minLoss: 0, rate: 100 },
          ],
          periodicMinBet: 0,
        },
      },
      { contractId: 2, agentId: 2, uplineContractId: 1, kind: 'daily', terms: { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 250 }], periodicMinBet: 0 } },
    ];
    const [a, b] = settlePeriod(contracts, (x) => (x === 1 ? { validBet: 1_000_000n, payout: 0n, active: 2 } : { validBet: 1_000_000n, payout: 0n, active: 1 }));
    expect(a!.figures.effectiveRate).toBe(100);
    expect(b!.figures.effectiveRate).toBe(100);
    expect(a!.pay + b!.pay).toBe(10_000n);
    expect(a!.pay).toBe(0n);
  });

  it('tiers: the best rate whose every threshold is met, nothing below the periodic minimum', () => {
    const terms = {
      tiers: [
        { minValidBet: 100, minActive: 1, minLoss: 0, rate: 50 },
        { minValidBet: 1_000, minActive: 3, minLoss: 0, rate: 80 },
        { minValidBet: 1_000, minActive: 1, minLoss: 500, rate: 90 },
      ],
      periodicMinBet: 150,
    };
    expect(tierReached(terms, { validBet: 120n, payout: 0n, active: 5 })).toBe(-1);
    expect(tierReached(terms, { validBet: 2_000n, payout: 1_800n, active: 3 })).toBe(1);
    expect(tierReached(terms, { validBet: 2_000n, payout: 1_000n, active: 2 })).toBe(2);
    expect(tierReached(terms, { validBet: 2_000n, payout: 1_600n, active: 2 })).toBe(0);
  });
});

describe('the rate rule of offers', () => {
  /** What tiered terms pay on these figures, as a settlement reaches it (tierReached). */
  const paid = (terms: Terms, f: PeriodFigures) => {
    const t = terms as TieredTerms;
    const i = tierReached(t, f);
    return i < 0 ? 0 : t.tiers[i]!.rate;
  };
  const figuresArb = fc
    .record({ validBet: threshold(4_000_000), payout: fc.nat({ max: 8_000_000 }), active: fc.nat({ max: 6 }) })
    .map((f) => ({ validBet: BigInt(f.validBet), payout: BigInt(f.payout), active: f.validBet > 0 ? Math.max(1, f.active) : 0 }));

  it('an offer within its upline pays no more than the upline on any figures; one that is not pays more at the thresholds of the tier refused', () => {
    fc.assert(
      fc.property(termsArb('daily'), termsArb('daily'), fc.array(figuresArb, { minLength: 1, maxLength: 8 }), (o, u, figures) => {
        const excess = excessOver('daily', o, u);
        expect(withinUpline('daily', o, u)).toBe(excess.length === 0);
        if (excess.length === 0) for (const f of figures) expect(paid(o, f)).toBeLessThanOrEqual(paid(u, f));
        for (const e of excess) {
          const i = Number(/^terms\.tiers\.(\d+)\.rate$/.exec(e.field)![1]);
          const c = cornerOf(o as TieredTerms, i);
          const f = { validBet: BigInt(c.validBet), payout: BigInt(c.validBet - c.loss), active: c.active };
          expect(paid(o, f)).toBeGreaterThan(paid(u, f));
          expect('max' in e && e.max).toBe(paid(u, f));
        }
      }),
    );
  });

  it('the example of the audit: 0.8 % from $0 and 1.5 % from $20,000 does not cover 1.5 % from $0', () => {
    const own = {
      tiers: [
        { minValidBet: 0, minActive: 0, minLoss: 0, rate: 80 },
        { minValidBet: 2_000_000, minActive: 0, minLoss: 0, rate: 150 },
      ],
      periodicMinBet: 0,
    };
    expect(excessOver('daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 150 }], periodicMinBet: 0 }, own)).toEqual([{ field: 'terms.tiers.0.rate', max: 80 }]);
    expect(
      withinUpline(
        'daily',
        {
          tiers: [
            { minValidBet: 0, minActive: 0, minLoss: 0, rate: 80 },
            { minValidBet: 2_500_000, minActive: 3, minLoss: 0, rate: 150 },
          ],
          periodicMinBet: 0,
        },
        own,
      ),
    ).toBe(true);
  });

  it("dividends need the same period, a fee at least the upline's and carry when it carries; real time each rate at most and the minimum single bet at least", () => {
    fc.assert(
      fc.property(termsArb('dividend'), termsArb('dividend'), (o, u) => {
        const [a, b] = [o as DividendTerms, u as DividendTerms];
        const fields = excessOver('dividend', o, u).map((e) => e.field);
        expect(fields.includes('terms.feeRate')).toBe(a.feeRate < b.feeRate);
        expect(fields.includes('terms.carry')).toBe(b.carry && !a.carry);
      }),
    );
    fc.assert(
      fc.property(termsArb('realtime'), termsArb('realtime'), (o, u) => {
        const [a, b] = [o as RealtimeTerms, u as RealtimeTerms];
        expect(withinUpline('realtime', o, u)).toBe(a.lossRate <= b.lossRate && a.winRate <= b.winRate && a.minSingleBet >= b.minSingleBet);
      }),
    );
  });
});

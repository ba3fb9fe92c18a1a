/**
 * The economics of agent contracts (issue 14), as pure functions over one period: what each
 * contract in force earns from its team's figures, and how much of it each agent is paid. No
 * database here: settle.ts feeds it figures and pays what it answers; the property tests run it
 * over random trees. The model is written down in docs/architecture.md, 'Contracts and
 * settlements'; in short:
 *
 * - Rates are integers in hundredths of a percent (basis points); money is integer minor units.
 * - Each contract reaches a tier on its own team's figures (valid bets, active members, the
 *   team's loss); its effective rate is that tier's rate, capped by its upline's effective rate
 *   (the house grants the top contracts, uncapped). Below the periodic minimum bet: rate 0.
 * - The contract's gross due is its effective rate on its base: valid bets (salaries), the house's
 *   win after the fee plus any carried loss (dividends), or each qualifying bet at the loss or
 *   the win rate (real-time salary).
 * - Allocation runs top-down: a top contract may pay its gross due in all; each agent passes to
 *   its direct downlines their gross dues out of what it may pay, cut pro rata if they claim
 *   more than that, and is paid the rest. So the agents along any chain together earn the top
 *   contract's gross due and never more (differential pay), and nobody is paid below zero.
 */

export type ContractKind = 'daily' | 'hourly' | 'realtime' | 'dividend';
export const CONTRACT_KINDS: readonly ContractKind[] = ['daily', 'hourly', 'realtime', 'dividend'];

export interface Tier {
  /** The team's valid bets in the period, at least (minor units). */
  minValidBet: number;
  /** Team members with a bet in the period, at least. */
  minActive: number;
  /** The team's loss in the period (the house's win, valid bets minus payouts), at least (minor units; 0: any). */
  minLoss: number;
  /** Basis points. */
  rate: number;
}

export interface TieredTerms {
  tiers: Tier[];
  /** Below this many valid bets in the period nothing is due (minor units). */
  periodicMinBet: number;
}
export interface DividendTerms extends TieredTerms {
  /** The platform's fee, taken off a positive house win before the share (basis points). */
  feeRate: number;
  /** D, W, H (semimonthly) or M. */
  period: 'D' | 'W' | 'H' | 'M';
  /** A period with a negative base carries it into the next period's base. */
  carry: boolean;
}
export interface RealtimeTerms {
  /** On each qualifying bet the player lost (payout below the stake), basis points. */
  lossRate: number;
  /** On each qualifying bet the player won or pushed, basis points. */
  winRate: number;
  /** Bets below this stake do not count (minor units). */
  minSingleBet: number;
}
export type Terms = TieredTerms | DividendTerms | RealtimeTerms;

/** A contract's headline rate, what the rate rules compare: its highest rate. */
export function headlineRate(kind: ContractKind, terms: Terms): number {
  if (kind === 'realtime') {
    const t = terms as RealtimeTerms;
    return Math.max(t.lossRate, t.winRate);
  }
  return Math.max(0, ...(terms as TieredTerms).tiers.map((t) => t.rate));
}

/** The rate `terms` pays on figures at least these (its best tier reached there; 0 below every tier). */
export function rateAt(terms: TieredTerms, at: { validBet: number; active: number; loss: number }): number {
  if (at.validBet < terms.periodicMinBet) return 0;
  let best = 0;
  for (const t of terms.tiers) {
    if (at.validBet >= t.minValidBet && at.active >= t.minActive && (t.minLoss <= 0 || at.loss >= t.minLoss)) best = Math.max(best, t.rate);
  }
  return best;
}

/**
 * The smallest figures that reach tier `i` of `terms`: its thresholds, the periodic minimum bet,
 * a loss never above the valid bets (payouts are not negative) and a member with a bet when
 * there are bets.
 */
export function cornerOf(terms: TieredTerms, i: number): { validBet: number; active: number; loss: number } {
  const t = terms.tiers[i]!;
  const loss = Math.max(0, t.minLoss);
  const validBet = Math.max(t.minValidBet, terms.periodicMinBet, loss);
  return { validBet, active: Math.max(t.minActive, validBet > 0 ? 1 : 0), loss };
}

/** Where an offer is better than the offering agent's own terms: a field of the API and what its own allows. */
export type Excess =
  | { field: `terms.tiers.${number}.rate`; max: number }
  | { field: 'terms.lossRate' | 'terms.winRate'; max: number }
  | { field: 'terms.feeRate' | 'terms.minSingleBet'; min: number }
  | { field: 'terms.carry' | 'terms.period' };

/**
 * Every way `offered` looks better than `own` (the offering agent's own contract of the same
 * kind), so that no downline's contract shows terms its upline does not have. Tiered kinds are
 * compared tier by tier: each offered tier must pay no more than `own` pays on the smallest
 * figures that reach it (its thresholds, raised to the offer's periodic minimum bet); as `own`'s
 * rate only grows with the figures, the offer then pays no more than `own` on any figures.
 * Dividends also need the same period, a fee rate at least `own`'s and carry when `own` carries;
 * real-time salary each rate at most `own`'s and a minimum single bet at least `own`'s.
 */
export function excessOver(kind: ContractKind, offered: Terms, own: Terms): Excess[] {
  const out: Excess[] = [];
  if (kind === 'realtime') {
    const [o, u] = [offered as RealtimeTerms, own as RealtimeTerms];
    if (o.lossRate > u.lossRate) out.push({ field: 'terms.lossRate', max: u.lossRate });
    if (o.winRate > u.winRate) out.push({ field: 'terms.winRate', max: u.winRate });
    if (o.minSingleBet < u.minSingleBet) out.push({ field: 'terms.minSingleBet', min: u.minSingleBet });
    return out;
  }
  const [o, u] = [offered as TieredTerms, own as TieredTerms];
  o.tiers.forEach((t, i) => {
    const at = cornerOf(o, i);
    const max = rateAt(u, at);
    if (t.rate > max) out.push({ field: `terms.tiers.${i}.rate`, max });
  });
  if (kind === 'dividend') {
    const [od, ud] = [offered as DividendTerms, own as DividendTerms];
    if (od.period !== ud.period) out.push({ field: 'terms.period' });
    if (od.feeRate < ud.feeRate) out.push({ field: 'terms.feeRate', min: ud.feeRate });
    if (ud.carry && !od.carry) out.push({ field: 'terms.carry' });
  }
  return out;
}

/** Does `offered` stay within `own` (the offering agent's own contract of the same kind)? See excessOver. */
export function withinUpline(kind: ContractKind, offered: Terms, own: Terms): boolean {
  return excessOver(kind, offered, own).length === 0;
}

/** A team's figures over one period (minor units). */
export interface PeriodFigures {
  validBet: bigint;
  payout: bigint;
  active: number;
  /** Real-time salary: stakes of the qualifying bets the players lost, and of those they won or pushed. */
  lostBet?: bigint;
  wonBet?: bigint;
}

export interface InForce {
  contractId: number;
  agentId: number;
  /** The contract of the same kind its upline holds; null for a contract from the house. */
  uplineContractId: number | null;
  kind: ContractKind;
  terms: Terms;
  /** Dividends: the base carried from the previous period (0 or negative). */
  carryIn?: bigint;
}

export interface Settled {
  contractId: number;
  agentId: number;
  figures: {
    validBet: string;
    payout: string;
    active: number;
    lostBet?: string;
    wonBet?: string;
    /** Dividends: the house's win, the fee, the carried loss and the base shared. */
    houseWin?: string;
    fee?: string;
    carryIn?: string;
    base?: string;
    /** Index of the tier reached (0-based), or -1. */
    tier: number;
    /** The tier's rate and the rate applied after the upline's cap (basis points; real-time: loss/win). */
    tierRate: number;
    effectiveRate: number;
    effectiveWinRate?: number;
    /** The contract's gross due, what it passed to its downlines, and what it may pay in all. */
    gross: string;
    granted: string;
    budget: string;
  };
  /** What the agent is paid for the period (minor units, never negative). */
  pay: bigint;
  /** Dividends: the base carried into the next period (0 when none, or not carried). */
  carryOut: bigint;
}

const BP = 10_000n;
const ZERO: PeriodFigures = { validBet: 0n, payout: 0n, active: 0, lostBet: 0n, wonBet: 0n };

/** The highest tier the figures reach (-1: none), given the team's loss. */
export function tierReached(terms: TieredTerms, f: PeriodFigures): number {
  if (f.validBet < BigInt(terms.periodicMinBet)) return -1;
  const loss = f.validBet - f.payout;
  let best = -1;
  terms.tiers.forEach((t, i) => {
    const ok = f.validBet >= BigInt(t.minValidBet) && f.active >= t.minActive && (t.minLoss <= 0 || loss >= BigInt(t.minLoss));
    if (ok && (best < 0 || t.rate > terms.tiers[best]!.rate)) best = i;
  });
  return best;
}

/** Settles one period of one kind: every contract in force, with its team's figures (by agent id). */
export function settlePeriod(contracts: InForce[], figuresOf: (agentId: number) => PeriodFigures | undefined): Settled[] {
  const byId = new Map(contracts.map((c) => [c.contractId, c]));
  const children = new Map<number, InForce[]>();
  const roots: InForce[] = [];
  for (const c of contracts) {
    if (c.uplineContractId === null) roots.push(c);
    else if (byId.has(c.uplineContractId)) {
      if (!children.has(c.uplineContractId)) children.set(c.uplineContractId, []);
      children.get(c.uplineContractId)!.push(c);
    }
    // A contract whose upline holds none in force is outside every chain: nothing to share, paid 0.
  }

  const out = new Map<number, Settled>();
  // Top-down from each top contract: what it may pay in all (its gross due, or what its upline
  // passed to it), what it passes to its direct downlines (their gross dues under its caps, cut
  // pro rata when they claim more than it may pay), and the rest is its agent's.
  const visit = (c: InForce, due: Due, budget: bigint): void => {
    const kids = (children.get(c.contractId) ?? []).map((k) => ({ k, due: dueOf(k, figuresOf(k.agentId) ?? ZERO, due.eff, due.effWin ?? due.eff) }));
    const claimed = kids.reduce((s, x) => s + x.due.gross, 0n);
    const gives = kids.map((x) => (claimed <= budget ? x.due.gross : (x.due.gross * budget) / claimed));
    const granted = gives.reduce((s, g) => s + g, 0n);
    out.set(c.contractId, record(c, figuresOf(c.agentId) ?? ZERO, due, granted, budget));
    kids.forEach((x, i) => visit(x.k, x.due, gives[i]!));
  };
  for (const r of roots) {
    const due = dueOf(r, figuresOf(r.agentId) ?? ZERO, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    visit(r, due, due.gross);
  }
  // Contracts outside every chain: recorded, nothing paid.
  for (const c of contracts) {
    if (!out.has(c.contractId)) out.set(c.contractId, record(c, figuresOf(c.agentId) ?? ZERO, dueOf(c, figuresOf(c.agentId) ?? ZERO, 0, 0), 0n, 0n));
  }
  return contracts.map((c) => out.get(c.contractId)!);
}

/** A contract's due on its team's figures, under its upline's effective rates. */
interface Due {
  tier: number;
  tierRate: number;
  eff: number;
  effWin?: number;
  gross: bigint;
  carryOut: bigint;
  extra: Partial<Settled['figures']>;
}

function dueOf(c: InForce, f: PeriodFigures, capLoss: number, capWin: number): Due {
  if (c.kind === 'realtime') {
    const t = c.terms as RealtimeTerms;
    const eff = Math.min(t.lossRate, capLoss);
    const effWin = Math.min(t.winRate, capWin);
    const gross = ((f.lostBet ?? 0n) * BigInt(eff) + (f.wonBet ?? 0n) * BigInt(effWin)) / BP;
    return { tier: 0, tierRate: t.lossRate, eff, effWin, gross, carryOut: 0n, extra: { lostBet: String(f.lostBet ?? 0n), wonBet: String(f.wonBet ?? 0n) } };
  }
  const t = c.terms as TieredTerms;
  const tier = tierReached(t, f);
  const tierRate = tier >= 0 ? t.tiers[tier]!.rate : 0;
  const eff = Math.min(tierRate, capLoss);
  if (c.kind !== 'dividend') return { tier, tierRate, eff, gross: (f.validBet * BigInt(eff)) / BP, carryOut: 0n, extra: {} };
  const d = c.terms as DividendTerms;
  const houseWin = f.validBet - f.payout;
  const fee = houseWin > 0n ? (houseWin * BigInt(d.feeRate)) / BP : 0n;
  const carryIn = c.carryIn ?? 0n;
  const base = houseWin - fee + carryIn;
  return {
    tier,
    tierRate,
    eff,
    gross: base > 0n ? (base * BigInt(eff)) / BP : 0n,
    carryOut: d.carry && base < 0n ? base : 0n,
    extra: { houseWin: String(houseWin), fee: String(fee), carryIn: String(carryIn), base: String(base) },
  };
}

function record(c: InForce, f: PeriodFigures, due: Due, granted: bigint, budget: bigint): Settled {
  return {
    contractId: c.contractId,
    agentId: c.agentId,
    figures: {
      validBet: String(f.validBet),
      payout: String(f.payout),
      active: f.active,
      ...due.extra,
      tier: due.tier,
      tierRate: due.tierRate,
      effectiveRate: due.eff,
      ...(due.effWin !== undefined ? { effectiveWinRate: due.effWin } : {}),
      gross: String(due.gross),
      granted: String(granted),
      budget: String(budget),
    },
    pay: budget - granted,
    carryOut: due.carryOut,
  };
}

/**
 * The promotions' arithmetic, pure (issue 27): what a bonus must be wagered, and what a deposit
 * earns. One place for the wagering multiple's rounding, which every reward kind (deposit
 * bonuses, VIP, referral, raffle prizes) shares; tested in ../tests/rules.test.ts.
 */
import type { PromotionRule } from './settings.ts';

type Wagering = PromotionRule['wagering'];

/**
 * The wagering multiple in hundredths, as a bigint (3.5 times -> 350n; none -> 0n), for SQL that
 * computes turnovers itself: turnover = amount * hundredths / 100, floored.
 */
export function multipleInHundredths(wagering: Wagering | null | undefined): bigint {
  return BigInt(Math.round((wagering?.multiple ?? 0) * 100));
}

/**
 * The turnover a bonus asks: `base` (minor units) times the multiple, floored to a minor unit;
 * 0 when the rule asks no wagering.
 * @example turnoverOf(10_00n, { multiple: 3.5, of: 'bonus', days: 7 }) // 35_00n
 */
export function turnoverOf(base: bigint, wagering: Wagering | null | undefined): bigint {
  return wagering ? (base * multipleInHundredths(wagering)) / 100n : 0n;
}

/** The bonus a deposit of `deposit` earns under `rule`, and its turnover (on the bonus, or on deposit and bonus). */
export function rewardFor(rule: PromotionRule, deposit: bigint): { bonus: bigint; turnover: bigint } {
  const r = rule.reward;
  if (r.kind !== 'fixed' && r.kind !== 'depositPercent') return { bonus: 0n, turnover: 0n };
  const share = r.kind === 'depositPercent' ? (deposit * BigInt(r.percent)) / 100n : 0n;
  const bonus = r.kind === 'fixed' ? r.amount : share < r.cap ? share : r.cap;
  const w = rule.wagering;
  if (!w) return { bonus, turnover: 0n };
  return { bonus, turnover: turnoverOf(w.of === 'bonus' ? bonus : deposit + bonus, w) };
}

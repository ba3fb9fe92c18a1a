/** The promotions' pure arithmetic (server/rules.ts): wagering turnovers and deposit rewards. */
import { describe, expect, it } from 'vitest';
import { multipleInHundredths, rewardFor, turnoverOf } from '../server/rules.ts';
import type { PromotionRule } from '../server/settings.ts';

const wagering = (multiple: number, of: 'bonus' | 'depositAndBonus' = 'bonus') => ({ multiple, of, days: 7, weights: {} });
const rule = (reward: PromotionRule['reward'], w?: ReturnType<typeof wagering>) => ({ reward, wagering: w }) as unknown as PromotionRule;

describe('wagering', () => {
  it('is the multiple in hundredths, rounded once, for SQL and for code alike', () => {
    expect(multipleInHundredths(wagering(3.5))).toBe(350n);
    expect(multipleInHundredths(wagering(0.005))).toBe(1n);
    expect(multipleInHundredths(wagering(1.1))).toBe(110n);
    expect(multipleInHundredths(undefined)).toBe(0n);
  });

  it('asks a turnover of the amount times the multiple, floored to a minor unit; none without wagering', () => {
    expect(turnoverOf(10_00n, wagering(3.5))).toBe(35_00n);
    expect(turnoverOf(3n, wagering(1.5))).toBe(4n);
    expect(turnoverOf(10_00n, undefined)).toBe(0n);
    expect(turnoverOf(0n, wagering(20))).toBe(0n);
  });
});

describe('deposit rewards', () => {
  it('give a share of the deposit up to the cap, or a fixed amount, with the turnover on the bonus or on both', () => {
    expect(rewardFor(rule({ kind: 'depositPercent', percent: 100, cap: 100_00n }, wagering(25, 'depositAndBonus')), 150_00n)).toEqual({ bonus: 100_00n, turnover: 6250_00n });
    expect(rewardFor(rule({ kind: 'depositPercent', percent: 50, cap: 100_00n }, wagering(10)), 40_00n)).toEqual({ bonus: 20_00n, turnover: 200_00n });
    expect(rewardFor(rule({ kind: 'fixed', amount: 5_00n }), 40_00n)).toEqual({ bonus: 5_00n, turnover: 0n });
  });

  it('are nothing for the kinds that pay otherwise (rebate, sign-in, VIP, raffle, referral, free spins)', () => {
    expect(rewardFor(rule({ kind: 'rebate' } as unknown as PromotionRule['reward'], wagering(5)), 100_00n)).toEqual({ bonus: 0n, turnover: 0n });
  });
});

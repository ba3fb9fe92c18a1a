/**
 * The lottery's families and the prize tiers of its Vietnamese and 4D draws (shared by the engine
 * and the pages, which list a draw's numbers by tier; plain data).
 */
export const FAMILIES = ['ssc', '11x5', 'pk10', 'lhc', 'vnNorth', 'vnSouth', '4d'] as const;
export type Family = (typeof FAMILIES)[number];

/** A prize tier of a Vietnamese or 4D draw: its name, how many numbers, of how many digits. */
export interface Tier {
  name: string;
  count: number;
  digits: number;
}

/** Prize tiers, highest first, as they are drawn and listed. */
export const TIERS: Record<'vnNorth' | 'vnSouth' | '4d', readonly Tier[]> = {
  vnNorth: [
    { name: 'special', count: 1, digits: 5 },
    { name: 'first', count: 1, digits: 5 },
    { name: 'second', count: 2, digits: 5 },
    { name: 'third', count: 6, digits: 5 },
    { name: 'fourth', count: 4, digits: 4 },
    { name: 'fifth', count: 6, digits: 4 },
    { name: 'sixth', count: 3, digits: 3 },
    { name: 'seventh', count: 4, digits: 2 },
  ],
  vnSouth: [
    { name: 'special', count: 1, digits: 6 },
    { name: 'first', count: 1, digits: 5 },
    { name: 'second', count: 1, digits: 5 },
    { name: 'third', count: 2, digits: 5 },
    { name: 'fourth', count: 7, digits: 5 },
    { name: 'fifth', count: 1, digits: 4 },
    { name: 'sixth', count: 3, digits: 4 },
    { name: 'seventh', count: 1, digits: 3 },
    { name: 'eighth', count: 1, digits: 2 },
  ],
  '4d': [
    { name: 'first', count: 1, digits: 4 },
    { name: 'second', count: 1, digits: 4 },
    { name: 'third', count: 1, digits: 4 },
    { name: 'special', count: 10, digits: 4 },
    { name: 'consolation', count: 10, digits: 4 },
  ],
};

/** A Vietnamese or 4D number written with its tier's digits ('07', '00451'). */
export function padded(n: number, digits: number): string {
  return String(n).padStart(digits, '0');
}

/** The numbers of a tiered draw grouped by tier, as the results board lists them. */
export function byTier(family: 'vnNorth' | 'vnSouth' | '4d', numbers: readonly number[]): { tier: Tier; numbers: string[] }[] {
  let at = 0;
  return TIERS[family].map((tier) => {
    const mine = numbers.slice(at, at + tier.count).map((n) => padded(n, tier.digits));
    at += tier.count;
    return { tier, numbers: mine };
  });
}

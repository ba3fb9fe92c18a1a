/**
 * The table games' bets on the game page (issue 34, RNG tables), pure: chips put on spots,
 * capped at the table's limit, listed for the call and keyed for its idempotency.
 */
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { TABLE_KINDS, type TableKind } from '../contract/tables.ts';

/** The stakes on a table's spots (2-decimal strings); a spot without a stake is absent. */
export type TableStakes = Readonly<Record<string, string>>;

/** Whether a game's rules are a table's (else a slot's). */
export const isTableKind = (kind: string): kind is TableKind => (TABLE_KINDS as readonly string[]).includes(kind);

/** Puts one chip on a spot, up to the spot's limit: answers the new stakes and whether the chip was cut to fit. */
export function addChip(stakes: TableStakes, spot: string, chip: string, maxSpot: string): { stakes: TableStakes; capped: boolean } {
  const had = parseMinor(stakes[spot] ?? '0') ?? 0n;
  const add = parseMinor(chip) ?? 0n;
  const max = parseMinor(maxSpot) ?? 0n;
  if (add <= 0n || had >= max) return { stakes, capped: add > 0n };
  const next = had + add > max ? max : had + add;
  return { stakes: { ...stakes, [spot]: formatMinor(next) }, capped: had + add > max };
}

/** Takes a spot's stake off the table. */
export function removeSpot(stakes: TableStakes, spot: string): TableStakes {
  const { [spot]: _, ...rest } = stakes;
  return rest;
}

/** The stakes as the call sends them, in a fixed order (by spot). */
export function stakesList(stakes: TableStakes): { spot: string; amount: string }[] {
  return Object.keys(stakes)
    .sort()
    .map((spot) => ({ spot, amount: stakes[spot]! }));
}

/** The total staked (2-decimal string). */
export function stakesTotal(stakes: TableStakes): string {
  return formatMinor(Object.values(stakes).reduce((t, a) => t + (parseMinor(a) ?? 0n), 0n));
}

/** One text per distinct set of stakes: the same stakes retried after a lost answer keep their idempotency key. */
export const stakesKey = (stakes: TableStakes) =>
  stakesList(stakes)
    .map((b) => `${b.spot}=${b.amount}`)
    .join('&');

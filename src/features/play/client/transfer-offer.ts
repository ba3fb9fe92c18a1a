/**
 * What the game page offers to move into an empty game wallet (issue: never the whole main
 * balance by default): the amount the player moved last in this browser, else the brand's
 * default, never more than the main wallet holds. Amounts are 2-decimal strings.
 */
import { formatMinor, parseMinor } from '../../../kernel/money.ts';

/** Local storage key of the last amount the player moved into a game wallet. */
export const LAST_TRANSFER_KEY = 'play.lastTransfer';

/**
 * The amount to fill in: `last` when it is a positive amount, else `brandDefault`, capped at `main`.
 * @example offeredTransfer('1187.65', '20.00', null) // '20.00'
 * @example offeredTransfer('1187.65', '20.00', '35.50') // '35.50'
 * @example offeredTransfer('12.00', '20.00', null) // '12.00'
 */
export function offeredTransfer(main: string, brandDefault: string, last: string | null): string {
  const have = parseMinor(main) ?? 0n;
  const remembered = last === null ? null : parseMinor(last);
  const wanted = remembered !== null && remembered > 0n ? remembered : (parseMinor(brandDefault) ?? 0n);
  return formatMinor(wanted < have ? wanted : have);
}

/** The last amount moved into a game wallet in this browser, or null. */
export function lastTransfer(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_TRANSFER_KEY);
  } catch {
    return null;
  }
}

/** Remembers an amount the player chose to move into a game wallet. */
export function rememberTransfer(amount: string): void {
  try {
    localStorage.setItem(LAST_TRANSFER_KEY, amount);
  } catch {
    /* storage unavailable: the brand's default is offered next time */
  }
}

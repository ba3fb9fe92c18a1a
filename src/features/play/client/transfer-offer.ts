/**
 * What the game page offers to move into an empty game wallet (issue: never the whole main
 * balance by default): the amount the player moved last in this browser, else the brand's
 * default, never more than the main wallet holds; what opening a game that cannot pay its
 * smallest bet does by the brand's rule; and what the move form says of an amount it refuses.
 * Amounts are 2-decimal strings. No DOM: ../tests/transfer-offer.test.ts runs them in Node.
 */
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import type { checkAmount } from '../../wallet/client.ts';
import type { GameWalletLabels } from './game-wallet.ts';

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

/** What opening the game does about its wallet: nothing, all of the main wallet moved in, or an amount offered in the form. */
export type OpeningTransfer = { kind: 'none' } | { kind: 'all'; amount: string } | { kind: 'ask'; amount: string };

/**
 * Opening a game whose wallet cannot pay `minBet` (issue 17): by the brand's `rule`, all of the
 * main wallet moves in ('all'), or the form offers `offeredTransfer`'s amount ('ask', the
 * default); nothing when the game wallet can pay or the main wallet is empty.
 * @example openingTransfer({ game: '0.00', minBet: '0.50', main: '40.00', rule: 'ask', brandDefault: '20.00', last: null }) // { kind: 'ask', amount: '20.00' }
 */
export function openingTransfer(o: { game: string; minBet: string; main: string; rule: 'ask' | 'all' | undefined; brandDefault: string; last: string | null }): OpeningTransfer {
  const have = (a: string) => parseMinor(a) ?? 0n;
  if (have(o.game) >= have(o.minBet) || have(o.main) <= 0n) return { kind: 'none' };
  if (o.rule === 'all') return { kind: 'all', amount: o.main };
  return { kind: 'ask', amount: offeredTransfer(o.main, o.brandDefault, o.last) };
}

/**
 * What the move form says of the amount it refuses (`issue`, of the wallet's checkAmount against
 * the main wallet), in the page's words; '' when there is none. `main` is the main wallet's
 * balance (over it: how much it has); `example` an amount as the player types it ('25,00' in Spanish).
 */
export function moveIssueText(issue: ReturnType<typeof checkAmount>, o: { words: GameWalletLabels; fmt: (amount: string) => string; main: string | null; example: string }): string {
  if (!issue) return '';
  switch (issue.key) {
    case 'required':
      return o.words.amountRequired;
    case 'decimals':
      return o.words.amountDecimals;
    case 'positive':
      return o.words.amountPositive;
    case 'max':
      return fill(o.words.notEnough, { amount: o.fmt(o.main ?? '0.00') });
    default:
      return fill(o.words.amountInvalid, { example: o.example });
  }
}

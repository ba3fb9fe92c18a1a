/**
 * What the wallet's stores need to say things (`WalletWords` of client/form.ts), from the pages'
 * own pieces: the stores are made once, so money is written with the symbol known at each call
 * (the balance may arrive after the store was made), as `useMoney` renders it.
 */
import type { WalletWords } from '../client/form.ts';
import { currencySymbol } from '../client/wallet.ts';
import { amountError } from './form.tsx';
import { money } from './format.ts';
import type { WalletLabels } from './labels.ts';

/** The words of the page's language `lang` for a wallet store. */
export function walletWords(w: WalletLabels, lang: string): WalletWords {
  const fmt = (amount: string) => money(amount, currencySymbol(), lang);
  return { w, lang, money: fmt, amountError: (typed, bounds, notEnough) => amountError(w, fmt, typed, bounds, notEnough) };
}

/**
 * What every part of the lottery page shares (issue 27): the page's store, its words and the
 * ways it writes money, times and game names. LotteryApp.tsx provides it; the parts read it with
 * `useLotteryPage()` rather than through a chain of props.
 */
import { createContext, useContext } from 'react';
import type { LotteryFlow } from '../client/lottery-flow.ts';
import { betLabel as labelOfBet, type BetTypeLabels } from '../bet-labels.ts';
import type lotteryCatalogue from '../i18n/en/lottery.json';

export type LotteryLabels = typeof lotteryCatalogue;

export interface LotteryPage {
  flow: LotteryFlow;
  labels: LotteryLabels;
  /** BCP 47 language of the page. */
  lang: string;
  /** An amount in the brand's currency. */
  money: (amount: string) => string;
  /** A time on the brand's clock; with the day for daily games and the next opening. */
  time: (ms: number, withDay?: boolean) => string;
  /** A game's name in the page's language. */
  gameName: (code: string) => string;
}

export const LotteryPageContext = createContext<LotteryPage | null>(null);

/** The page's store and words, inside LotteryApp. */
export function useLotteryPage(): LotteryPage {
  const page = useContext(LotteryPageContext);
  if (!page) throw new Error('A part of the lottery page outside LotteryApp');
  return page;
}

/** A bet type's name and help, the help's pay written in the page's locale (bet-labels.ts). */
export function betLabel(L: LotteryLabels, code: string, payMilli?: number, lang = 'en'): { name: string; help: string } {
  return labelOfBet(L.betTypes as unknown as BetTypeLabels, code, payMilli, lang);
}

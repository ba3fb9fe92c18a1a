/**
 * The launch rules of spec 4 'Game launch' and 2.13, in the spec's order, as one pure function
 * so that they are tested without a browser (tests/unit/launch-rules.test.ts):
 * 1. a visitor gets the login popup and nothing else;
 * 2. a trial account is told a real account is needed (in_need_true_account) and nothing else;
 * 3. by vendor (vassalage): TCG_LOTTO_VN to /vnLottery, TCG_SEA to /seaLottery, LOTT or ELOTT
 *    to /lottery, each with ?gameCode=;
 * 4. a vendor item (isGame VASSALAGE): of type RNG, FISH, PVP or LIVE it goes to that category's
 *    page with ?vassalage= (the spec's 'remembers the vendor'); any other opens the vendor popup;
 * 5. anything else is launched (launchGame, then the game's address in a new window).
 */
import type { GameItem } from '../contract/games.ts';
import { CATEGORY_ROUTE, type Category } from '../shared/categories.ts';

/** What a tile says about its game (its data-* attributes). */
export type LaunchGame = Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType' | 'gameCode' | 'isGame'>;

export interface Who {
  login: boolean;
  trial: boolean;
}

export type LaunchStep =
  | { kind: 'login' }
  | { kind: 'trial' }
  /** Go to this path of the site (unprefixed; the caller adds the language). */
  | { kind: 'go'; path: string }
  | { kind: 'vendor' }
  | { kind: 'launch' };

/** Lottery vendors and the page each one's games open on (spec 4). */
export const LOTTERY_ROUTES: Readonly<Record<string, string>> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** Vendor items of these types go to their category page (spec 2.13). */
export const CATEGORY_VENDOR_TYPES: readonly string[] = ['RNG', 'FISH', 'PVP', 'LIVE'];

/** The next step of launching `game` for `who`. */
export function launchStep(game: LaunchGame, who: Who): LaunchStep {
  if (!who.login) return { kind: 'login' };
  if (who.trial) return { kind: 'trial' };
  const lottery = LOTTERY_ROUTES[game.vassalage];
  if (lottery) return { kind: 'go', path: `${lottery}?gameCode=${encodeURIComponent(game.gameCode)}` };
  if (game.isGame === 'VASSALAGE') {
    if (CATEGORY_VENDOR_TYPES.includes(game.gameType)) {
      return { kind: 'go', path: `/${CATEGORY_ROUTE[game.gameType as Category]}?vassalage=${encodeURIComponent(game.vassalage)}` };
    }
    return { kind: 'vendor' };
  }
  return { kind: 'launch' };
}

/** Does a click on this vendor item open the vendor popup (rather than follow its link)? */
export const opensVendorPopup = (g: Pick<GameItem, 'isGame' | 'gameType' | 'vassalage'>): boolean =>
  g.isGame === 'VASSALAGE' && !LOTTERY_ROUTES[g.vassalage] && !CATEGORY_VENDOR_TYPES.includes(g.gameType);

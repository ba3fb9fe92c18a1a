/**
 * The launch rules of spec 4 'Game launch' and 2.13, in the spec's order, as one pure function
 * so that they are tested without a browser (src/features/play/tests/lobby-stores.test.ts, ../tests/launch.test.ts):
 * 1. a visitor gets the login popup and nothing else;
 * 2. a trial account is told a real account is needed (in_need_true_account) and nothing else;
 *    except (issue 17) a game's free demo, which is for everyone: a visitor or a trial account
 *    launches it as a guest's demo (GCS_gameTrialLaunch, play money only);
 * 3. by vendor (vassalage): TCG_LOTTO_VN to /vnLottery, TCG_SEA to /seaLottery, LOTT or ELOTT
 *    to /lottery, each with ?gameCode=;
 * 4. a vendor item (isGame VASSALAGE): of type RNG, FISH, PVP or LIVE it goes to that category's
 *    page with ?vassalage= (the spec's 'remembers the vendor'); any other opens the vendor popup;
 * 5. anything else is launched (launchGame, then the game's address in a new window); a PVP game
 *    played for real money first asks for a room (GLS2_roomList): the room picker, whose click
 *    launches with that roomId; a game without rooms, and any free demo, launches without one.
 */
import { LOTTERY_PAGES, type GameItem } from '../contract/catalogue.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { CATEGORY_ROUTE, type Category } from '../../../kernel/categories.ts';

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
  /** Pick a PVP room first (the room picker), then launch with it. */
  | { kind: 'rooms' }
  | { kind: 'launch' };

/** Lottery vendors and the page each one's games open on (spec 4; shared with the server's lottery launch). */
export const LOTTERY_ROUTES = LOTTERY_PAGES;

/** Vendor items of these types go to their category page (spec 2.13). */
export const CATEGORY_VENDOR_TYPES: readonly string[] = ['RNG', 'FISH', 'PVP', 'LIVE'];

/** The next step of launching `game` for `who`; `demo`: the tile's free demo (not Play). */
export function launchStep(game: LaunchGame, who: Who, demo = false): LaunchStep {
  const openDemo = demo && game.isGame === 'GAME' && !LOTTERY_ROUTES[game.vassalage];
  if (!who.login && !openDemo) return { kind: 'login' };
  if (who.trial && !openDemo) return { kind: 'trial' };
  const lottery = LOTTERY_ROUTES[game.vassalage];
  if (lottery) return { kind: 'go', path: `${lottery}?gameCode=${encodeURIComponent(game.gameCode)}` };
  if (game.isGame === 'VASSALAGE') {
    if (CATEGORY_VENDOR_TYPES.includes(game.gameType)) {
      return { kind: 'go', path: `/${CATEGORY_ROUTE[game.gameType as Category]}?vassalage=${encodeURIComponent(game.vassalage)}` };
    }
    return { kind: 'vendor' };
  }
  return !demo && hasRooms(game) ? { kind: 'rooms' } : { kind: 'launch' };
}

/** Does a real-money launch of this game first ask for a room (a PVP game, not a vendor item)? */
export const hasRooms = (g: Pick<GameItem, 'isGame' | 'gameType'>): boolean => g.isGame === 'GAME' && g.gameType === 'PVP';

/** A room of a PVP game as GLS2_roomList answers it (2-decimal strings). */
export interface Room {
  roomId: string;
  roomName: string;
  minBet: string;
  maxBet: string;
}

/**
 * What the room picker does with GLS2_roomList's answer: no room (the server offers none for
 * this game) launches without one, as before rooms existed; otherwise the player picks.
 */
export function roomChoice(list: readonly Room[]): { kind: 'launch' } | { kind: 'pick'; rooms: readonly Room[] } {
  return list.length === 0 ? { kind: 'launch' } : { kind: 'pick', rooms: list };
}

/**
 * A 2-decimal amount ('1234.5') as `lang` writes money, exactly (no float): '1,234.50', '1.234,50'.
 */
export function stake(amount: string, lang: string): string {
  return formatMoney(amount.replace(/^\s*\+/, ''), lang);
}

/** A room's stakes as the picker shows them: '0.20 – 0.40' ('0,20 – 0,40' in Spanish); one stake alone. */
export function stakeRange(room: Pick<Room, 'minBet' | 'maxBet'>, lang: string): string {
  const [min, max] = [stake(room.minBet, lang), stake(room.maxBet, lang)];
  return min === max ? min : `${min} – ${max}`;
}

/** Does a click on this vendor item open the vendor popup (rather than follow its link)? */
export const opensVendorPopup = (g: Pick<GameItem, 'isGame' | 'gameType' | 'vassalage'>): boolean =>
  g.isGame === 'VASSALAGE' && !LOTTERY_ROUTES[g.vassalage] && !CATEGORY_VENDOR_TYPES.includes(g.gameType);

/**
 * The player's favourite games (spec 4 Favourites): the ids (strings of nodeId, spec 3) and, on
 * the /favorite page, the list. Loads do nothing when not logged in; a toggle adds a game that is
 * not a favourite and removes one that is, at most one action per second (leading call only).
 */
import { atom } from 'nanostores';
import { addFavoriteGame, getFavoriteGames, getFavoriteGamesList, removeFavoriteGame } from '../contract/favourites.ts';
import type { GameItem } from '../contract/catalogue.ts';
import { FAVOURITE_THROTTLE_MS } from '../../../kernel/constants.ts';
import { $isLogin, api } from '../../accounts/client.ts';

/** Favourite nodeIds as strings; empty until loaded, and for a visitor. */
export const $favouriteIds = atom<string[]>([]);
/** The /favorite page's games (first page); null until loaded. */
export const $favouriteList = atom<GameItem[] | null>(null);

/** What a toggle needs of a game: the body of add and remove. */
export interface FavouriteGame {
  nodeId: number;
  vendor: string;
  gameType: string;
}

/** Loads the favourite ids; does nothing when not logged in. */
export async function loadFavouriteIds(): Promise<void> {
  if (!$isLogin.get()) return;
  $favouriteIds.set(await api().call(getFavoriteGames));
}

/** Loads the first page of favourite games (spec 7: pageSize 20); does nothing when not logged in. */
export async function loadFavouriteList(pageSize = 20): Promise<void> {
  if (!$isLogin.get()) return;
  const v = await api().call(getFavoriteGamesList, { query: { pageNo: 1, pageSize } });
  $favouriteList.set(v.content);
}

/** Forgets the favourites (logout). */
export function clearFavourites(): void {
  $favouriteIds.set([]);
  $favouriteList.set(null);
}

async function add(g: FavouriteGame): Promise<void> {
  const id = String(g.nodeId);
  if ($favouriteIds.get().includes(id)) return; // spec 4: adding is skipped if already present
  await api().call(addFavoriteGame, { body: { nodeId: g.nodeId, vendor: g.vendor, gameType: g.gameType as never } });
  if (!$favouriteIds.get().includes(id)) $favouriteIds.set([id, ...$favouriteIds.get()]);
  // The list, when shown, is reloaded so the new game appears in its server order.
  if ($favouriteList.get() !== null) await loadFavouriteList().catch(() => undefined);
}

async function remove(g: FavouriteGame): Promise<void> {
  const id = String(g.nodeId);
  await api().call(removeFavoriteGame, { body: { nodeId: g.nodeId, vendor: g.vendor, gameType: g.gameType as never } });
  // Spec 4: removing updates ids and list at once.
  $favouriteIds.set($favouriteIds.get().filter((x) => x !== id));
  const list = $favouriteList.get();
  if (list) $favouriteList.set(list.filter((x) => x.nodeId !== g.nodeId));
}

let lastAction = -Infinity;

/**
 * Toggles a favourite. Answers 'skipped' when the throttle drops the call (a second action
 * within FAVOURITE_THROTTLE_MS of the last accepted one), else 'added' or 'removed'; API
 * refusals (account.trial, game.disabled...) are thrown as ApiFailure for the caller to show.
 */
export async function toggleFavourite(g: FavouriteGame, now = Date.now()): Promise<'added' | 'removed' | 'skipped'> {
  if (now - lastAction < FAVOURITE_THROTTLE_MS) return 'skipped';
  lastAction = now;
  if ($favouriteIds.get().includes(String(g.nodeId))) {
    await remove(g);
    return 'removed';
  }
  await add(g);
  return 'added';
}

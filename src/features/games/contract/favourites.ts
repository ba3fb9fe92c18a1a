/**
 * Favourite games (spec 3 Favourite games, 4 Favourites, 7 Games; wire notes 'favourites').
 *
 * Choices written down here, where the spec is silent:
 * - Every call needs a session (token). Reading favourites is open to trial accounts (they may
 *   browse, spec 6) and answers an empty list for them; adding and removing are account actions
 *   and refuse a trial account with `account.trial` (the client shows in_need_true_account).
 * - getFavoriteGamesList pages by pageNo/pageSize, default page size 20 (spec 7 gives 20 as the
 *   query's pageSize); newest favourite first. Only games that are still listed (game and vendor
 *   enabled) appear in the list; their ids stay in getFavoriteGames so a removal still works.
 * - add is idempotent (adding a present favourite answers success); remove of an absent one
 *   answers success too. An unknown nodeId answers 404 `game.not.found`; a disabled game (or a
 *   game of a disabled vendor) answers 409 `game.disabled` on add (removing it is allowed).
 *   `vendor` and `gameType`, when sent, must match the game, else 400 `game.mismatch`.
 */
import { z } from 'zod';
import { defineCall, idLike, intParam, pageSizeParam } from '../../../kernel/contract.ts';
import { gameItem, gameType, MAX_PAGE_SIZE } from './catalogue.ts';

/** Default page size of the favourites list (spec 7: pageSize 20). */
export const FAVOURITES_PAGE_SIZE = 20;

/** Body of add and remove: the game's nodeId, its vendor (vassalage) and gameType. */
export const favouriteBody = z.object({
  /** Clients send it as a number or as the string they keep in their ids list. */
  nodeId: idLike,
  vendor: z.string().trim().max(32).optional(),
  gameType: gameType.optional(),
});

export const getFavoriteGames = defineCall({
  name: 'getFavoriteGames',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  token: true,
  /** The member's favourite nodeIds, as strings (spec 3), newest first. */
  value: z.array(z.string()),
});

export const getFavoriteGamesList = defineCall({
  name: 'getFavoriteGamesList',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
  token: true,
  query: z.object({
    pageNo: intParam(1, 100_000, 1),
    pageSize: pageSizeParam(MAX_PAGE_SIZE, FAVOURITES_PAGE_SIZE),
    gameType: gameType.optional(),
    vendor: z.string().max(32).optional(),
    language: z.string().max(8).optional(),
  }),
  value: z.object({
    content: z.array(gameItem),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const addFavoriteGame = defineCall({
  name: 'addFavoriteGame',
  method: 'POST',
  path: '/wps/relay/MCSFE_addFavoriteGameV2',
  token: true,
  body: favouriteBody,
  value: z.null(),
});

export const removeFavoriteGame = defineCall({
  name: 'removeFavoriteGame',
  method: 'DELETE',
  path: '/wps/relay/MCSFE_removeFavoriteGameV2',
  token: true,
  body: favouriteBody,
  value: z.null(),
});

export const favouriteCalls = [getFavoriteGames, getFavoriteGamesList, addFavoriteGame, removeFavoriteGame];

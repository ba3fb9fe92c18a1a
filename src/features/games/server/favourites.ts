/**
 * Favourite games of a member (contract: src/features/games/contract/favourites.ts, spec 4 Favourites).
 * Adding twice and removing an absent favourite both succeed, so a client that retries or
 * races its own toggle never sees an error for a state it already has.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { addFavoriteGame, FAVOURITES_PAGE_SIZE, getFavoriteGames, getFavoriteGamesList, removeFavoriteGame } from '../contract/favourites.ts';
import type { GameType } from '../contract/catalogue.ts';
import { requireRealAccount, sessionOf } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { game, memberFavourite, vendor } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { presentGame, type GameRowView } from './present.ts';
import { gameColumns } from './queries.ts';

/** What add and remove name: the game, and optionally its vendor and type to cross-check. */
export interface FavouriteTarget {
  nodeId: number;
  vendor?: string;
  gameType?: GameType;
}

/** Finds the game a favourite call names; refuses unknown games and a vendor/type that does not match. */
async function targetGame(db: Db, t: FavouriteTarget) {
  const [g] = await db
    .select({ nodeId: game.nodeId, vassalage: game.vassalage, gameType: game.gameType, listed: sql<boolean>`${game.enabled} and ${vendor.enabled}` })
    .from(game)
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(eq(game.nodeId, t.nodeId));
  if (!g) throw new ApiError(404, 'game.not.found');
  const vendorCode = t.vendor?.toUpperCase() || undefined;
  if ((vendorCode && vendorCode !== g.vassalage) || (t.gameType && t.gameType !== g.gameType)) {
    throw new ApiError(400, 'game.mismatch');
  }
  return g;
}

/** Adds a favourite; already present is success. A disabled game cannot be added. */
export async function addFavourite(db: Db, memberId: number, t: FavouriteTarget): Promise<void> {
  const g = await targetGame(db, t);
  if (!g.listed) throw new ApiError(409, 'game.disabled');
  await db.insert(memberFavourite).values({ memberId, nodeId: g.nodeId }).onConflictDoNothing();
}

/** Removes a favourite; absent is success. Any known game may be removed, even a disabled one. */
export async function removeFavourite(db: Db, memberId: number, t: FavouriteTarget): Promise<void> {
  const g = await targetGame(db, t);
  await db.delete(memberFavourite).where(and(eq(memberFavourite.memberId, memberId), eq(memberFavourite.nodeId, g.nodeId)));
}

/** The member's favourite nodeIds, newest first, as strings (spec 3). */
export async function favouriteIds(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ nodeId: memberFavourite.nodeId })
    .from(memberFavourite)
    .where(eq(memberFavourite.memberId, memberId))
    .orderBy(desc(memberFavourite.createdAt), desc(memberFavourite.nodeId));
  return rows.map((r) => String(r.nodeId));
}

/** One page of the member's favourite games that are still listed, newest first. */
export async function favouriteGames(db: Db, memberId: number, o: { pageNo: number; pageSize: number; gameType?: GameType; vendor?: string }): Promise<{ rows: GameRowView[]; totalCount: number }> {
  const where: (SQL | undefined)[] = [eq(memberFavourite.memberId, memberId), eq(game.enabled, true), eq(vendor.enabled, true)];
  if (o.gameType) where.push(eq(game.gameType, o.gameType));
  if (o.vendor) where.push(eq(game.vassalage, o.vendor));
  const rows = await db
    .select({
      ...gameColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(memberFavourite)
    .innerJoin(game, eq(game.nodeId, memberFavourite.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(and(...where))
    .orderBy(desc(memberFavourite.createdAt), desc(memberFavourite.nodeId))
    .limit(o.pageSize)
    .offset((o.pageNo - 1) * o.pageSize);
  let totalCount = rows[0]?.total ?? 0;
  if (!rows.length && o.pageNo > 1) {
    // Past the last page no row carries the window total: count apart (rare).
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(memberFavourite)
      .innerJoin(game, eq(game.nodeId, memberFavourite.nodeId))
      .innerJoin(vendor, eq(vendor.code, game.vassalage))
      .where(and(...where));
    totalCount = c?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount };
}

export const favouriteRoutes = [
  route(getFavoriteGames, async (_input, ctx) => favouriteIds(await db(), sessionOf(ctx).memberId)),

  route(getFavoriteGamesList, async ({ query }, ctx) => {
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? FAVOURITES_PAGE_SIZE;
    const { rows, totalCount } = await favouriteGames(await db(), sessionOf(ctx).memberId, {
      pageNo,
      pageSize,
      gameType: query.gameType,
      vendor: query.vendor?.trim().toUpperCase() || undefined,
    });
    return { content: rows.map(presentGame), pageNum: pageNo, totalPages: Math.ceil(totalCount / pageSize) };
  }),

  // Favouriting is an account action: trial accounts browse but are refused (spec 6).
  route(addFavoriteGame, async ({ body }, ctx) => {
    await addFavourite(await db(), requireRealAccount(ctx).memberId, body);
    return null;
  }),

  route(removeFavoriteGame, async ({ body }, ctx) => {
    await removeFavourite(await db(), requireRealAccount(ctx).memberId, body);
    return null;
  }),
];

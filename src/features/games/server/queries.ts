/**
 * All SQL of the games slice. Only enabled games of enabled vendors are ever listed. Rows come
 * back as GameRowView (see present.ts) or as small plain objects; callers map them for the wire.
 */
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { GAME_TYPES, type GameType } from '../contract/catalogue.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { game, vendor, winner } from './tables.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { GameRowView, RankRowView } from './present.ts';

/** The form names are stored and searched in (game.searchName): trimmed, lower-cased. */
export function searchKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Escapes LIKE wildcards (and the escape character itself) so they match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The columns of a listed game (the tile's data), for every query that lists games. */
export const gameColumns = {
  nodeId: game.nodeId,
  gameCode: game.gameCode,
  gameName: game.gameName,
  gameType: game.gameType,
  vassalage: game.vassalage,
  vendorName: vendor.displayName,
  gameClassify: game.gameClassify,
  isNew: game.isNew,
  isHot: game.isHot,
  supportPlay: game.supportPlay,
  isGame: game.isGame,
  minBet: game.minBet,
  lineNum: game.lineNum,
  seed: game.seed,
};

const listed = and(eq(game.enabled, true), eq(vendor.enabled, true));

export interface GameFilters {
  gameType?: GameType;
  vassalage?: string;
  gameClassify?: string;
  /** Name search: trimmed, case-insensitive, matches anywhere in the name. */
  name?: string;
  isNew?: boolean;
  isHot?: boolean;
  /** Only games whose minimum bet is at most this many minor units (playable with that stake). */
  maxMinBet?: bigint;
  /** Only games with at least this many lines. */
  minLineNum?: number;
  /** 1-based. */
  pageNo: number;
  pageSize: number;
}

/**
 * One page of the catalogue, ordered by sort then nodeId; with a name search, names that start
 * with the text come before names that only contain it.
 *
 * Speed (PGlite, 10,000 games, measured): a LIKE '%text%' costs one scan of the table, about
 * 2 ms in WebAssembly, and a trigram index does not beat it at this size (the planner keeps the
 * scan). So a search scans once: it ranks ids and sort keys only, with the total as a window
 * count, then reads the page's rows in full. Lists without a search walk an index in order and
 * count separately, only when the page is full (a short page already tells the total).
 */
export async function listGames(db: Db, f: GameFilters): Promise<{ rows: GameRowView[]; totalCount: number }> {
  const where: (SQL | undefined)[] = [eq(game.enabled, true), notInArray(game.vassalage, disabledVendors(db))];
  if (f.gameType) where.push(eq(game.gameType, f.gameType));
  if (f.vassalage) where.push(eq(game.vassalage, f.vassalage));
  if (f.gameClassify) where.push(eq(game.gameClassify, f.gameClassify));
  if (f.isNew) where.push(eq(game.isNew, true));
  if (f.isHot) where.push(eq(game.isHot, true));
  if (f.maxMinBet !== undefined) where.push(lte(game.minBet, f.maxMinBet));
  if (f.minLineNum !== undefined && f.minLineNum > 0) where.push(gte(game.lineNum, f.minLineNum));
  const key = f.name === undefined ? '' : escapeLike(searchKey(f.name));
  // Backslash is PostgreSQL's default LIKE escape character, which escapeLike uses.
  if (key) where.push(sql`${game.searchName} like ${`%${key}%`}`);
  const condition = and(...where);
  const offset = (f.pageNo - 1) * f.pageSize;
  const countAll = async () => {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(game)
      .where(condition);
    return c?.n ?? 0;
  };

  if (!key) {
    const rows = await db.select(gameColumns).from(game).innerJoin(vendor, eq(vendor.code, game.vassalage)).where(condition).orderBy(asc(game.sort), asc(game.nodeId)).limit(f.pageSize).offset(offset);
    const pageIsShort = rows.length > 0 && rows.length < f.pageSize;
    if (pageIsShort || (rows.length === 0 && f.pageNo === 1)) return { rows, totalCount: offset + rows.length };
    return { rows, totalCount: await countAll() };
  }

  const prefix = sql<boolean>`${game.searchName} like ${`${key}%`}`;
  const page = db.$with('page').as(
    db
      .select({
        nodeId: sql<number>`${game.nodeId}`.as('page_node_id'),
        sort: sql<number>`${game.sort}`.as('page_sort'),
        prefix: prefix.as('page_prefix'),
        total: sql<number>`count(*) over ()`.as('page_total'),
      })
      .from(game)
      .where(condition)
      .orderBy(desc(prefix), asc(game.sort), asc(game.nodeId))
      .limit(f.pageSize)
      .offset(offset),
  );
  const rows = await db
    .with(page)
    .select({ ...gameColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(game, eq(game.nodeId, page.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .orderBy(desc(page.prefix), asc(page.sort), asc(page.nodeId));
  // Past the last page no row carries the window total: count apart (rare).
  const totalCount = rows[0]?.total ?? (f.pageNo > 1 ? await countAll() : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount };
}

/** Codes of disabled vendors, as a subquery: their games are never listed. */
function disabledVendors(db: Db) {
  return db.select({ code: vendor.code }).from(vendor).where(eq(vendor.enabled, false));
}

/** Hot games by hot rank (1 first), optionally of one vendor. */
export async function hotGames(db: Db, o: { vassalage?: string; limit?: number } = {}): Promise<GameRowView[]> {
  return db
    .select(gameColumns)
    .from(game)
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(and(listed, eq(game.isHot, true), o.vassalage ? eq(game.vassalage, o.vassalage) : undefined))
    .orderBy(asc(game.hotRank), asc(game.nodeId))
    .limit(o.limit ?? 200);
}

export interface VendorInCategory {
  vassalage: string;
  displayName: string;
  gameCount: number;
}

export interface CategoryVendors {
  gameType: GameType;
  vendors: VendorInCategory[];
}

/**
 * Each category that has listed games, in the order RNG FISH PVP LIVE LOTT ELOTT SPORTS ESPORTS
 * COCKFIGHT, with its vendors in the brand's vendor-map order (others after, by code).
 */
export async function vendorsByCategory(db: Db): Promise<CategoryVendors[]> {
  const rows = await db
    .select({
      gameType: game.gameType,
      vassalage: game.vassalage,
      displayName: vendor.displayName,
      gameCount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(game)
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(listed)
    .groupBy(game.gameType, game.vassalage, vendor.displayName);
  const map = brand().vendorMap;
  const out: CategoryVendors[] = [];
  for (const type of GAME_TYPES) {
    const order = map[type] ?? [];
    const vendors = rows
      .filter((r) => r.gameType === type)
      .map(({ vassalage, displayName, gameCount }) => ({ vassalage, displayName, gameCount }))
      .sort((a, b) => vendorRank(order, a.vassalage) - vendorRank(order, b.vassalage) || a.vassalage.localeCompare(b.vassalage));
    if (vendors.length) out.push({ gameType: type, vendors });
  }
  return out;
}

function vendorRank(order: string[], code: string): number {
  const i = order.indexOf(code);
  return i === -1 ? order.length : i;
}

/** The categories the site's navigation shows: those with at least one enabled vendor, in spec order. */
export async function categoriesWithVendors(db: Db): Promise<GameType[]> {
  return (await vendorsByCategory(db)).map((c) => c.gameType);
}

/** For each category, each vendor with the game classifications it offers there (sorted). */
export async function vendorClassifies(db: Db): Promise<Record<string, Record<string, string[]>>> {
  const rows = await db
    .selectDistinct({ gameType: game.gameType, vassalage: game.vassalage, gameClassify: game.gameClassify })
    .from(game)
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(listed);
  const content: Record<string, Record<string, string[]>> = {};
  for (const { gameType, vendors } of await vendorsByCategory(db)) {
    content[gameType] = {};
    for (const v of vendors) {
      content[gameType][v.vassalage] = rows
        .filter((r) => r.gameType === gameType && r.vassalage === v.vassalage)
        .map((r) => r.gameClassify)
        .sort();
    }
  }
  return content;
}

/** The biggest wins, largest first, on listed games; optionally of one category. */
export async function rankList(db: Db, o: { gameCategory?: GameType | 'ALL'; limit: number }): Promise<RankRowView[]> {
  return db
    .select({
      nodeId: winner.nodeId,
      gameName: game.gameName,
      gameType: game.gameType,
      vassalage: game.vassalage,
      seed: game.seed,
      customerName: winner.customerName,
      winAmount: winner.winAmount,
      isDemo: winner.isDemo,
    })
    .from(winner)
    .innerJoin(game, eq(game.nodeId, winner.nodeId))
    .innerJoin(vendor, eq(vendor.code, game.vassalage))
    .where(and(listed, o.gameCategory && o.gameCategory !== 'ALL' ? eq(game.gameType, o.gameCategory) : undefined))
    .orderBy(desc(winner.winAmount), asc(winner.id))
    .limit(o.limit);
}

/** A vendor by its code (enabled or not), for its logo. */
export async function vendorByCode(db: Db, code: string): Promise<{ code: string; displayName: string; enabled: boolean } | null> {
  const [row] = await db.select({ code: vendor.code, displayName: vendor.displayName, enabled: vendor.enabled }).from(vendor).where(eq(vendor.code, code));
  return row ?? null;
}

/** Puts a real big win on the winner board (the name already masked by the caller). */
export async function recordWinner(tx: Db | Tx, row: { nodeId: number; customerName: string; winAmount: bigint }): Promise<void> {
  await tx.insert(winner).values({ ...row, isDemo: false });
}

/** The display names of the vendors named by `codes` (a page that names a vendor's wallet). */
export async function vendorNames(db: Db, codes: readonly string[]): Promise<Record<string, string>> {
  if (codes.length === 0) return {};
  const rows = await db
    .select({ code: vendor.code, name: vendor.displayName })
    .from(vendor)
    .where(inArray(vendor.code, [...codes]));
  return Object.fromEntries(rows.map((v) => [v.code, v.name]));
}

/** Handlers of the catalogue calls (contract: src/features/games/contract/catalogue.ts). */
import { gameList, gameMenus, hotGames, newGameVendor, rankList, vassGameType, winnerBoard } from '../contract/catalogue.ts';
import { CATEGORY_ROUTE, PAGE_SIZE } from '../../../kernel/categories.ts';
import { WINNER_BOARD_LIMIT } from '../../../kernel/constants.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import * as q from './queries.ts';
import type { GameType } from '../contract/catalogue.ts';
import { presentGame, presentRank, vendorLogoUrl } from './present.ts';

const on = (flag: string | undefined) => flag === '1' || flag === 'true';
/** Vendor codes are upper case on the wire; a lower-case one from a hand-typed URL still matches. */
const vendorCode = (code: string | undefined) => code?.trim().toUpperCase() || undefined;

/** The winner board: the biggest wins, of one category or all. */
async function winners(query: { gameCategory: GameType | 'ALL'; limitNum?: number }) {
  const rows = await q.rankList(await db(), { gameCategory: query.gameCategory, limit: query.limitNum ?? WINNER_BOARD_LIMIT });
  return { list: rows.map((r) => ({ vo: presentRank(r) })) };
}

export const gameRoutes = [
  route(gameList, async ({ query }, ctx) => {
    const name = query.gameName || undefined;
    // intParam's type is loose (optional or defaulted); the schema supplies 1 when absent.
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? (name ? PAGE_SIZE.search : PAGE_SIZE.list);
    let maxMinBet: bigint | undefined;
    if (query.minBet !== undefined) {
      const parsed = parseMinor(query.minBet, brand().currencyDecimals);
      if (parsed === null) throw new ApiError(400, 'request.invalid', {}, { minBet: ctx.t('errors:field.invalid') });
      maxMinBet = parsed;
    }
    const { rows, totalCount } = await q.listGames(await db(), {
      gameType: query.gameType,
      vassalage: vendorCode(query.vassalage),
      gameClassify: query.gameClassify?.trim().toUpperCase() || undefined,
      name,
      isNew: on(query.isNew),
      isHot: on(query.isHot),
      maxMinBet,
      minLineNum: query.minLineNum,
      pageNo,
      pageSize,
    });
    return { games: rows.map(presentGame), pageNum: pageNo, totalPages: Math.ceil(totalCount / pageSize), totalCount };
  }),

  route(hotGames, async ({ query, body }) => {
    const rows = await q.hotGames(await db(), { vassalage: vendorCode(body.vassalage ?? query.vassalage) });
    return { list: rows.map(presentGame) };
  }),

  route(newGameVendor, async (_input, ctx) => {
    const lanes = (await q.vendorsByCategory(await db())).map((c) => ({
      title: c.gameType,
      label: ctx.t(`games:category.${c.gameType}`),
      gameClassify: { key: c.gameType, vendors: c.vendors.map((v) => v.vassalage) },
      cards: c.vendors.map((v) => ({
        vassalage: v.vassalage,
        displayName: v.displayName,
        gameType: c.gameType,
        smallIcon: vendorLogoUrl(v.vassalage),
        gameCount: v.gameCount,
      })),
    }));
    return { data: { lanes } };
  }),

  route(vassGameType, async () => ({ content: await q.vendorClassifies(await db()) })),

  route(rankList, async ({ query }) => winners(query)),
  route(winnerBoard, async ({ query }) => winners(query)),

  route(gameMenus, async () => ({
    menus: (await q.vendorsByCategory(await db())).map((c) => ({
      gameType: c.gameType,
      route: `/${CATEGORY_ROUTE[c.gameType]}`,
      vendors: c.vendors,
    })),
  })),
];

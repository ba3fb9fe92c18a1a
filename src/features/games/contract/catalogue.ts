/**
 * Catalogue calls (spec 7 Games). The spec marks the game list and the vendor game types as
 * token calls; nothing in their answers is per-user, so our server also answers visitors
 * (who browse and search without an account, spec 1). A token, when sent, is simply not needed.
 */
import { z } from 'zod';
import { CATEGORY_ORDER, type Category } from '../../../kernel/categories.ts';
import { defineCall, intParam, pageSizeParam } from '../../../kernel/contract.ts';

/** Categories in navigation order (spec 2.6); the one list lives in shared/categories.ts. */
export const GAME_TYPES = CATEGORY_ORDER;
export const gameType = z.enum(GAME_TYPES);
export type GameType = Category;

/** The most games one page of a list may hold. */
export const MAX_PAGE_SIZE = 100;

/**
 * A PVP room's id on the wire names its game as well as its table ('1234-r2', play's
 * GLS2_roomList), so that a launch by roomId alone (one client of the existing API sends nothing
 * else) finds the game.
 */
export const roomIdOf = (nodeId: number, room: string) => `${nodeId}-${room}`;

/** The game and table a roomId names ('1234-r2'), or the table alone ('r2', with a nodeId sent beside); null: not a room id. */
export function parseRoomId(roomId: string): { nodeId: number | null; room: string } | null {
  const m = /^(?:(\d{1,9})-)?(r\d)$/.exec(roomId.trim());
  return m ? { nodeId: m[1] ? Number(m[1]) : null, room: m[2]! } : null;
}

/** A game as tiles and lists show it (spec 3 Game). Money is a 2-decimal string. */
export const gameItem = z.object({
  nodeId: z.number().int(),
  /** The same id under the name the existing API's clients key hot games by. */
  gameId: z.number().int(),
  gameName: z.string(),
  /** gameName again: clients of the existing API read `gameName or nodeName`. */
  nodeName: z.string(),
  displayName: z.string(),
  iconUrl: z.string(),
  /** iconUrl again: those clients read `showIcon or defaultIcon or iconUrl`. */
  showIcon: z.string(),
  defaultIcon: z.string(),
  gameType,
  vassalage: z.string(),
  vendorName: z.string(),
  gameClassify: z.string(),
  gameCode: z.string(),
  isNew: z.union([z.literal(0), z.literal(1)]),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 0: a free demo is available. */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  /**
   * A PVP game's first room (its smallest stakes, '1234-r1'), which launches it by roomId alone
   * as clients of the existing API do; GLS2_roomList lists them all. Null: a game without rooms.
   */
  roomId: z.string().nullable(),
  minBet: z.string(),
  lineNum: z.number().int(),
});
export type GameItem = z.infer<typeof gameItem>;

export const gameListQuery = z.object({
  clientType: z.string().max(8).optional(),
  platform: z.string().max(64).optional(),
  merchant: z.string().max(32).optional(),
  gameType: gameType.optional(),
  vassalage: z.string().max(32).optional(),
  gameClassify: z.string().max(32).optional(),
  /** Name search; trimmed; matches anywhere in the name, case-insensitively; names starting with it come first. */
  gameName: z.string().trim().max(64).optional(),
  /** A stake (2-decimal amount): only games whose minimum bet is at most this, i.e. playable with it. */
  minBet: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
  /** Only games with at least this many lines. */
  minLineNum: intParam(0, 1_000_000),
  pageNo: intParam(1, 100_000, 1),
  /** Default (spec 9): 32 with a gameName, else 20; home sections ask for 14; above 100 taken as 100. */
  pageSize: pageSizeParam(MAX_PAGE_SIZE),
  language: z.string().max(8).optional(),
  /** 1/true: only new games; 0/false: no filter (clients send isNew=0 on ordinary lists). */
  isNew: z.enum(['0', '1', 'true', 'false']).optional(),
  /** 1/true: only hot games; 0/false: no filter. */
  isHot: z.enum(['0', '1', 'true', 'false']).optional(),
  imgSize: z.string().max(16).optional(),
});

export const gameList = defineCall({
  name: 'gameList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  query: gameListQuery,
  value: z.object({
    games: z.array(gameItem),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
  }),
});

const hotQuery = z.object({
  merchantCode: z.string().max(32).optional(),
  /** Mobile clients send the number 2 in a JSON body, the desktop client text in the query. */
  isPlatform: z.union([z.string().max(4), z.number().int().transform(String)]).optional(),
  vassalage: z.string().max(32).optional(),
  platform: z.string().max(64).optional(),
  language: z.string().max(8).optional(),
});

export const hotGames = defineCall({
  name: 'hotGames',
  method: 'POST',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  query: hotQuery,
  body: hotQuery,
  value: z.object({ list: z.array(gameItem) }),
});

export const vendorCard = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType,
  smallIcon: z.string(),
  gameCount: z.number().int(),
});

export const newGameVendor = defineCall({
  name: 'newGameVendor',
  method: 'GET',
  path: '/wps/relay/GCSGAME_newGameVendor',
  cacheSeconds: 60,
  query: z.object({ platform: z.string().max(64).optional(), language: z.string().max(8).optional() }),
  value: z.object({
    data: z.object({
      lanes: z.array(
        z.object({
          /** The category's code (`RNG`, `LIVE`...): clients compare it with the game type. */
          title: gameType,
          /** The category's name in the caller's language. */
          label: z.string(),
          gameClassify: z.object({ key: gameType, vendors: z.array(z.string()) }),
          cards: z.array(vendorCard),
        }),
      ),
    }),
  }),
});

export const vassGameType = defineCall({
  name: 'vassGameType',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getVassGameType',
  cacheSeconds: 60,
  /** For each category, each vendor with the game classifications it offers there. */
  value: z.object({ content: z.record(z.string(), z.record(z.string(), z.array(z.string()))) }),
});

/** One win on the winner board (spec 3: winAmount, customerName). Money is a 2-decimal string. */
export const rankItem = z.object({
  nodeId: z.number().int(),
  gameName: z.string(),
  /** Masked, e.g. 'pl***42'. */
  customerName: z.string(),
  winAmount: z.string(),
  iconUrl: z.string(),
  gameType,
  /** The vendor, under both names clients read (`vendor or vassalage`). */
  vassalage: z.string(),
  vendor: z.string(),
  /** Seeded demo winners are labelled so and never shown as live. */
  demo: z.boolean(),
});
export type RankItem = z.infer<typeof rankItem>;

export const rankList = defineCall({
  name: 'rankList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getRankList',
  query: z.object({
    gameCategory: z.union([gameType, z.literal('ALL')]).default('ALL'),
    language: z.string().max(8).optional(),
    limitNum: intParam(1, 50, 20),
  }),
  value: z.object({
    list: z.array(z.object({ vo: rankItem })),
  }),
});

/** The same winner board where the existing API's desktop and mobile bundles ask for it (wire notes). */
export const winnerBoard = defineCall({ ...rankList, name: 'winnerBoard', path: '/wps/relay/ODSFE2_getWinnerBoard' });

/** The lottery gateway's menu of categories and their vendors (bare JSON, no envelope). */
export const gameMenus = defineCall({
  name: 'gameMenus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  cacheSeconds: 60,
  value: z.object({
    menus: z.array(
      z.object({
        gameType,
        route: z.string(),
        vendors: z.array(z.object({ vassalage: z.string(), displayName: z.string(), gameCount: z.number().int() })),
      }),
    ),
  }),
});

export const gameCalls = [gameList, hotGames, newGameVendor, vassGameType, rankList, winnerBoard, gameMenus];

/** Lottery vendors and the page each one's games open on (spec 4: with `?gameCode=`). */
export const LOTTERY_PAGES: Readonly<Record<string, string>> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** The games feature's server face: what other features' server code and pages may use. */
export { LOTTERY_PAGES, MAX_PAGE_SIZE, gameItem, gameType } from './contract/catalogue.ts';
export type { GameItem, GameType } from './contract/catalogue.ts';
export { gameIconUrl, presentGame, presentRank } from './server/present.ts';
export type { GameRowView } from './server/present.ts';
export { categoriesWithVendors, gameColumns, hotGames, listGames, rankList, recordWinner, vendorNames } from './server/queries.ts';
/** Read-only for joins by later features (recent games, game sessions, game wallets); only games writes them. */
export { game, vendor } from './server/tables.ts';
export { LOTTERY_CATALOGUE } from './server/seed.ts';

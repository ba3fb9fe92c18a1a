/** The games feature's browser face: the launch rules, the catalogue call, tiles made in the browser. */
export { launchStep, roomChoice, stakeRange } from './client/launch.ts';
export type { LaunchGame, Room } from './client/launch.ts';
export { gameList, gameMenus, gameType, vassGameType } from './contract/catalogue.ts';
export type { GameItem, GameType } from './contract/catalogue.ts';
export { tilesFor } from './islands/tiles.ts';
export { lobbyCatalogue, type LobbyLabels } from './client/lobby-labels.ts';

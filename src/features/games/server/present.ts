/**
 * The one mapper from catalogue rows to what pages and the API show (contract `gameItem`), and
 * the addresses of generated images, so that a tile looks the same wherever it is drawn.
 */
import { roomIdOf, type GameItem, type GameType, type RankItem } from '../contract/catalogue.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';

/** A game row as the queries read it, joined with its vendor's name. */
export interface GameRowView {
  nodeId: number;
  gameCode: string;
  gameName: string;
  gameType: string;
  vassalage: string;
  vendorName: string;
  gameClassify: string;
  isNew: boolean;
  isHot: boolean;
  supportPlay: number;
  isGame: string;
  minBet: bigint;
  lineNum: number;
  seed: number;
}

let chosenCdn: string | undefined;

/**
 * The image CDN of this process: one of the brand's imageCDNs picked at random once (spec 3),
 * so a given game keeps one address and caches stay warm. '' means the site's own origin.
 */
export function imageCdn(): string {
  if (chosenCdn === undefined) {
    const list = brand().imageCDNs;
    chosenCdn = (list.length ? list[Math.floor(Math.random() * list.length)]! : '').replace(/\/+$/, '');
  }
  return chosenCdn;
}

/** Address of a game's generated icon (served by ../endpoints/game-icon.ts). */
export function gameIconUrl(gameType: string, seed: number): string {
  return `${imageCdn()}/img/game/${gameType}-${seed}.svg`;
}

/** Address of a vendor's generated logo (served by ../endpoints/vendor-logo.ts). */
export function vendorLogoUrl(code: string): string {
  return `${imageCdn()}/img/vendor/${encodeURIComponent(code)}.svg`;
}

/** Maps a catalogue row to the contract's game item. */
export function presentGame(row: GameRowView): GameItem {
  const icon = gameIconUrl(row.gameType, row.seed);
  return {
    nodeId: row.nodeId,
    gameId: row.nodeId,
    gameName: row.gameName,
    nodeName: row.gameName,
    displayName: row.gameName,
    iconUrl: icon,
    showIcon: icon,
    defaultIcon: icon,
    gameType: row.gameType as GameType,
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameClassify: row.gameClassify,
    gameCode: row.gameCode,
    isNew: row.isNew ? 1 : 0,
    isHot: row.isHot ? 1 : 0,
    supportPlay: row.supportPlay === 0 ? 0 : 1,
    isGame: row.isGame === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
    minBet: formatMinor(row.minBet, brand().currencyDecimals),
    lineNum: row.lineNum,
    roomId: row.isGame !== 'VASSALAGE' && row.gameType === 'PVP' ? roomIdOf(row.nodeId, 'r1') : null,
  };
}

/** A winner row as the queries read it, joined with its game. */
export interface RankRowView {
  nodeId: number;
  gameName: string;
  gameType: string;
  vassalage: string;
  seed: number;
  customerName: string;
  winAmount: bigint;
  isDemo: boolean;
}

/** Maps a winner row to the winner board's item (contract rankList `vo`). */
export function presentRank(row: RankRowView): RankItem {
  return {
    nodeId: row.nodeId,
    gameName: row.gameName,
    customerName: row.customerName,
    winAmount: formatMinor(row.winAmount, brand().currencyDecimals),
    iconUrl: gameIconUrl(row.gameType, row.seed),
    gameType: row.gameType as GameType,
    vassalage: row.vassalage,
    vendor: row.vassalage,
    demo: row.isDemo,
  };
}

/**
 * The walk-through of issue 34: what each game of the seeded catalogue opens. Every fish game
 * shoots, the RNG lane's roulettes, baccarats, dragon tigers and blackjacks are tables, its multiplier games (Aviator, Rocket, Limbo...) crash rounds, every keno a keno draw, its Dice a roll, Plinko and Pachinko a ball's fall, the live lane's are
 * shared live tables, PVP Niu Niu, Teen Patti and Golden Flower seat players in rooms, PVP baccarat, dragon tiger, sic bo and andar bahar run a shared table per room; the slots spin reels. What still opens the slot engine although it is not a
 * slot is pinned here by count, so that it is a known, written-down gap (docs/architecture.md,
 * "Sandbox table games") and building a type moves it out of this list on purpose: the other PVP games,
 * the live table names not built (blackjack, sic bo, poker, wheels...) and the RNG ones (poker, pai gow...), the crash lane's step games (mines, plinko, tower...) and bingo's other games.
 * Sports, e-sports and cockfight games open their book. Lottery games open from the lottery pages.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../games/server/seed.ts';
import { tableGameOf } from '../contract/tables.ts';
import { liveTableOf } from '../contract/live.ts';
import { sportBookOf } from '../contract/sports.ts';
import { isBlackjackGame } from '../contract/blackjack.ts';
import { pvpPlayOf } from '../contract/rooms.ts';

describe('the seeded catalogue, walked through', () => {
  it('opens each game as its type, and the slot engine only where a type is not built yet', () => {
    const opens = new Map<string, number>();
    for (const g of buildCatalogue().games) {
      if (g.isGame !== 'GAME') continue;
      const table = tableGameOf(g);
      const live = liveTableOf(g);
      const book = sportBookOf(g);
      const room = pvpPlayOf(g);
      const what = table
        ? `table ${table.kind}`
        : room
          ? `rooms ${room.kind === 'room' ? room.game : room.kind}`
          : isBlackjackGame(g)
            ? 'table blackjack'
            : live
              ? `live ${live.kind}`
              : book
                ? `book ${book}`
                : ['LOTT', 'ELOTT'].includes(g.gameType)
                  ? 'lottery pages'
                  : `reels (${g.gameClassify})`;
      const key = `${g.gameType}: ${what}`;
      opens.set(key, (opens.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries([...opens].sort())).toEqual({
      'COCKFIGHT: book cockfight': 3,
      'ELOTT: lottery pages': 6,
      'ESPORTS: book esports': 8,
      'FISH: table fish': 90,
      'LIVE: live andarBahar': 4,
      'LIVE: live baccarat': 13,
      'LIVE: live dragonTiger': 4,
      'LIVE: live roulette': 16,
      'LIVE: reels (BACCARAT)': 3,
      'LIVE: reels (POKER)': 10,
      'LIVE: live sicBo': 4,
      'LIVE: reels (TABLE)': 31,
      'LOTT: lottery pages': 3,
      'PVP: reels (POKER)': 26,
      'PVP: reels (TABLE)': 47,
      'PVP: rooms andarBahar': 2,
      'PVP: rooms baccarat': 5,
      'PVP: rooms bullBull': 3,
      'PVP: rooms dragonTiger': 2,
      'PVP: rooms sicBo': 2,
      'PVP: rooms teenPatti': 8,
      'RNG: reels (BINGO)': 130,
      'RNG: reels (CRASH)': 104,
      'RNG: reels (SLOT)': 9000,
      'RNG: reels (TABLE)': 101,
      'RNG: table baccarat': 17,
      'RNG: table blackjack': 18,
      'RNG: table crash': 135,
      'RNG: table dice': 11,
      'RNG: table dragonTiger': 17,
      'RNG: table keno': 46,
      'RNG: table plinko': 39,
      'RNG: table roulette': 45,
      'RNG: table sicBo': 24,
      'SPORTS: book esports': 7,
      'SPORTS: book sports': 9,
    });
  });
});

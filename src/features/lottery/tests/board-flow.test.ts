/**
 * The betting board's store (client/board-flow.ts) without a DOM: a pick becomes a ticket with
 * its stake, or says what it lacks; the potential win follows the stake; quick pick and bulk entry.
 */
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { createBoard } from '../client/board-flow.ts';
import type { GameInfo } from '../client/lottery-flow.ts';
import type { SlipTicket } from '../client/board-logic.ts';

const info = (family: string, betTypes: { code: string; pay: number }[]): GameInfo => ({
  gameCode: 'G',
  name: 'G',
  vendor: 'V',
  family,
  closeMs: 5000,
  everyMinutes: 1,
  betTypes: betTypes.map((b) => ({ ...b, rtp: 0.98 })),
  stake: { min: '1.00', max: '100.00' },
  maxTickets: 50,
  draws: [],
  now: 0,
});
const words = { needNumbers: 'Pick {{count}} first.', needPosition: 'Choose a position.', needSide: 'Choose a side.', stakeRange: 'From {{min}} to {{max}}', bulkBad: 'Ticket {{n}} does not fit.' };

function make(game: GameInfo) {
  const added: SlipTicket[] = [];
  const board = createBoard({ $info: atom<GameInfo | null>(game), lang: 'en', words, format: (a) => `$${a}`, add: (t) => added.push(...t) });
  return { board, added };
}

const ssc = info('ssc', [
  { code: 'ssc.position', pay: 9800 },
  { code: 'ssc.sumBigSmall', pay: 1960 },
]);
const vn = info('vnNorth', [{ code: 'vnNorth.lo2', pay: 3600 }]);

describe('the betting board store', () => {
  it('starts on the game’s first bet type at its lowest stake, and shows the range and the potential win', () => {
    const { board } = make(ssc);
    expect(board.$board.get()).toMatchObject({ betType: 'ssc.position', stake: '1.00', pick: { numbers: [] } });
    expect(board.$range.get()).toBe('From $1.00 to $100.00');
    expect(board.$win.get()).toBe('9.80');
    board.setStake('2.5');
    expect(board.$win.get()).toBe('24.50');
    board.setStake('101');
    expect(board.$win.get()).toBeNull();
  });

  it('says what a pick lacks, then puts it on the slip with its stake; the numbers start again and the position stays', () => {
    const { board, added } = make(ssc);
    board.add();
    expect(board.$board.get().problem).toBe('Pick 1 first.');
    board.toggle(7);
    expect(board.$board.get().problem).toBe('');
    board.add();
    expect(board.$board.get().problem).toBe('Choose a position.');
    board.setPosition(0);
    board.setStake('0.50');
    board.add();
    expect(board.$board.get().problem).toBe('From $1.00 to $100.00');
    board.setStake('2');
    board.add();
    expect(added).toEqual([{ betType: 'ssc.position', numbers: [7], position: 0, stake: '2.00' }]);
    expect(board.$board.get()).toMatchObject({ problem: '', pick: { numbers: [], position: 0 }, slots: [] });
  });

  it('starts the pick again for another bet type, which may ask for a side', () => {
    const { board, added } = make(ssc);
    board.toggle(3);
    board.chooseBetType('ssc.sumBigSmall');
    expect(board.$board.get().pick).toEqual({ numbers: [] });
    expect(board.$shape.get().sides).toEqual(['big', 'small']);
    board.add();
    expect(board.$board.get().problem).toBe('Choose a side.');
    board.setSide('big');
    board.add();
    expect(added).toEqual([{ betType: 'ssc.sumBigSmall', numbers: [], side: 'big', stake: '1.00' }]);
  });

  it('quick-picks a valid pick and keeps the position the player chose', () => {
    const { board } = make(ssc);
    board.setPosition(3);
    board.quick(() => 0.55);
    expect(board.$board.get().pick).toEqual({ numbers: [5], position: 3 });
    expect(board.$board.get().slots).toEqual(['5']);
    board.clear();
    expect(board.$board.get()).toMatchObject({ pick: { numbers: [], position: 3 }, slots: [] });
  });

  it('adds bulk entry’s tickets at once, or names the first that does not fit', () => {
    const { board, added } = make(vn);
    expect(board.$grid.get()).toBe(true);
    board.setBulk('11, 99 5');
    board.addBulk();
    expect(board.$board.get().bulkError).toBe('Ticket 2 does not fit.');
    board.setBulk('11, 99');
    board.setStake('2');
    board.addBulk();
    expect(added).toEqual([
      { betType: 'vnNorth.lo2', numbers: [11], stake: '2.00' },
      { betType: 'vnNorth.lo2', numbers: [99], stake: '2.00' },
    ]);
    expect(board.$board.get()).toMatchObject({ bulk: '', bulkError: '' });
  });

  it('asks bulk entry for the position of a bet that names one', () => {
    const { board, added } = make(ssc);
    board.setBulk('0,1,2');
    board.addBulk();
    expect(board.$board.get().bulkError).toBe('Choose a position.');
    board.setPosition(0);
    board.addBulk();
    expect(added.map((t) => t.numbers)).toEqual([[0], [1], [2]]);
    expect(added.every((t) => t.position === 0)).toBe(true);
  });
});

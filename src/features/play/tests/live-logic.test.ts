/** A live table's page logic (issue 34): the round's phase by the server's clock, and the big road. */
import { describe, expect, it } from 'vitest';
import { bigRoad, livePhase, liveOutcomes } from '../client/live-logic.ts';
import type { LiveTableView } from '../contract/live.ts';

const round = (roundNo: number, opensAt: string, closesAt: string) => ({
  roundNo,
  status: 'open' as const,
  opensAt,
  closesAt,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  stops: null,
  bettors: 0,
});
const view = (current: LiveTableView['current']): LiveTableView => ({ nodeId: 1, serverNow: '2026-12-03T10:00:00.000Z', current, last: null, results: [] });

describe('a live round’s phase', () => {
  const v = view(round(4, '2026-12-03T10:00:08.000Z', '2026-12-03T10:00:23.000Z'));
  const at = (iso: string) => livePhase(v, Date.parse(iso));
  it('shows the result until the window opens, takes bets until it closes, then waits for the draw', () => {
    expect(at('2026-12-03T10:00:05.000Z')).toEqual({ kind: 'result', ms: 3000 });
    expect(at('2026-12-03T10:00:08.000Z')).toEqual({ kind: 'betting', ms: 15_000, roundNo: 4 });
    expect(at('2026-12-03T10:00:22.999Z')).toEqual({ kind: 'betting', ms: 1, roundNo: 4 });
    expect(at('2026-12-03T10:00:23.000Z')).toEqual({ kind: 'drawing', roundNo: 4 });
    expect(livePhase(view(null), 0)).toEqual({ kind: 'resting' });
    expect(livePhase(null, 0)).toEqual({ kind: 'resting' });
  });
  it('reads the roads’ outcomes from the results, leaving out a record the rules cannot read', () => {
    const out = liveOutcomes({ kind: 'roulette', wheel: 'european' }, [
      { roundNo: 2, stops: [17] },
      { roundNo: 1, stops: [99] },
    ]);
    expect(out).toEqual([{ kind: 'roulette', pocket: 17 }]);
  });
});

describe('the big road', () => {
  const cells = (s: string) => bigRoad([...s].map((c) => (c === 'B' ? 'banker' : c === 'P' ? 'player' : 'tie')));
  const grid = (s: string) => cells(s).map((c) => `${c.winner[0]}${c.col}${c.row}${c.ties ? `+${c.ties}` : ''}`);
  it('puts a run down a column and a new side in the next column', () => {
    expect(grid('BBPB')).toEqual(['b00', 'b01', 'p10', 'b20']);
  });
  it('marks ties on the cell before them, and ties before any win on the first cell', () => {
    expect(grid('TTBTPTT')).toEqual(['b00+3', 'p10+2']);
    expect(cells('TT')).toEqual([]);
  });
  it('turns a run longer than six right along its last row (the dragon tail)', () => {
    expect(grid('BBBBBBBBP')).toEqual(['b00', 'b01', 'b02', 'b03', 'b04', 'b05', 'b15', 'b25', 'p10']);
  });
  it('turns a run right where an earlier tail blocks its column', () => {
    // Seven bankers leave a tail on the bottom row in column 1; the player run under it in column 1 turns at row 4.
    expect(grid('BBBBBBBPPPPPPB')).toEqual(['b00', 'b01', 'b02', 'b03', 'b04', 'b05', 'b15', 'p10', 'p11', 'p12', 'p13', 'p14', 'p24', 'b20']);
  });
});

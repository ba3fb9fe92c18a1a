/**
 * A live table's page logic (issue 34, live casino), pure for tests: where the table's round is
 * in its life at a moment of the server's clock, and the roads drawn from its last results.
 */
import type { LiveTableView } from '../contract/live.ts';
import { tableOutcome, type TableGame, type TableOutcome } from '../contract/tables.ts';

export type LivePhase =
  /** No round: the table rests until a viewer wakes it (the page's own look does). */
  | { kind: 'resting' }
  /** The last result on show; the next round takes bets in `ms`. */
  | { kind: 'result'; ms: number }
  /** Bets taken for `ms` more. */
  | { kind: 'betting'; ms: number; roundNo: number }
  /** The window closed; the draw comes within a second or so. */
  | { kind: 'drawing'; roundNo: number };

/** The table's phase at `serverNow` (ms on the server's clock). */
export function livePhase(view: LiveTableView | null, serverNow: number): LivePhase {
  const r = view?.current;
  if (!r) return { kind: 'resting' };
  const opens = Date.parse(r.opensAt);
  const closes = Date.parse(r.closesAt);
  if (serverNow < opens) return { kind: 'result', ms: opens - serverNow };
  if (serverNow < closes) return { kind: 'betting', ms: closes - serverNow, roundNo: r.roundNo };
  return { kind: 'drawing', roundNo: r.roundNo };
}

/** The outcomes of the table's last results, newest first (a result the rules cannot read is left out). */
export function liveOutcomes(table: TableGame, results: LiveTableView['results']): TableOutcome[] {
  const out: TableOutcome[] = [];
  for (const r of results) {
    try {
      out.push(tableOutcome(table, r.stops));
    } catch {
      // not this table's record
    }
  }
  return out;
}

export type RoadWinner = 'banker' | 'player' | 'dragon' | 'tiger' | 'andar' | 'bahar';
export interface RoadCell {
  col: number;
  row: number;
  winner: RoadWinner;
  /** Ties that followed this result (marked on its cell). */
  ties: number;
}

/**
 * The big road of baccarat (and dragon tiger): oldest first, each run of one side's wins goes
 * down a column; a run longer than the rows, or blocked by an earlier tail, turns right along
 * its last row (the dragon tail); a new side starts the next column at the top. Ties are not
 * cells: they are counted on the cell before them (ties before any win, on the first cell).
 */
export function bigRoad(winners: readonly (RoadWinner | 'tie')[], rows = 6): RoadCell[] {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  const free = (c: number, r: number) => !taken.has(`${c}:${r}`);
  let leadingTies = 0;
  let runStart = -1;
  let turned = false;
  let last: RoadCell | null = null;
  for (const w of winners) {
    if (w === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    let col: number;
    let row: number;
    if (!last || last.winner !== w) {
      col = runStart + 1;
      while (!free(col, 0)) col++;
      row = 0;
      runStart = col;
      turned = false;
    } else if (!turned && last.row + 1 < rows && free(last.col, last.row + 1)) {
      col = last.col;
      row = last.row + 1;
    } else {
      turned = true;
      col = last.col + 1;
      row = last.row;
    }
    const cell: RoadCell = { col, row, winner: w, ties: last ? 0 : leadingTies };
    cells.push(cell);
    taken.add(`${col}:${row}`);
    last = cell;
  }
  return cells;
}

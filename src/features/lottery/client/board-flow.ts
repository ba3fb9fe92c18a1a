/**
 * One game's betting board (issue 16; moved out of the island in issue 27), as nanostores advises:
 * one store per form, actions as plain functions, the component (islands/Board.tsx) only renders.
 * The bet type, the pick (numbers on a grid or typed, a quick pick, a position or a side), the
 * stake and the potential win, and bulk entry; finished tickets go to the page's slip through
 * `add`. The board is made afresh for each game, so a new game starts with its first bet type and
 * its lowest stake; the game's info (pays, stake range) is read from the page's store as it is now.
 */
import { computed, map, type ReadableAtom } from 'nanostores';
import { fill } from '../../../kernel/i18n/browser.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { fromInput, toInput } from '../../wallet/client.ts';
import { BET_SHAPES, parseBulk, quickPick, type Side } from '../shapes.ts';
import { onGrid, pickIssue, potentialWin, slotsOf, stakeInRange, toggleNumber, typeSlot, type Pick, type SlipTicket } from './board-logic.ts';
import type { GameInfo } from './lottery-flow.ts';

export interface BoardView {
  betType: string;
  pick: Pick;
  /** The typed numbers (bets whose numbers are typed, not picked on a grid), one per slot. */
  slots: string[];
  /** The stake as typed, in the page's language. */
  stake: string;
  /** Why the pick could not go on the slip. */
  problem: string;
  /** Bulk entry's text, and why it could not go on the slip. */
  bulk: string;
  bulkError: string;
}

/** The words the board says itself (the lottery catalogue's `board`). */
export interface BoardWords {
  needNumbers: string;
  needPosition: string;
  needSide: string;
  stakeRange: string;
  bulkBad: string;
}

/**
 * The board of the game `$info` shows (its value when the board is made must be that game).
 * `format` writes an amount in the brand's currency; `add` puts tickets on the slip.
 */
export function createBoard(o: { $info: ReadableAtom<GameInfo | null>; lang: string; words: BoardWords; format: (amount: string) => string; add: (tickets: SlipTicket[]) => void }) {
  const first = o.$info.get();
  if (!first) throw new Error('A board needs its game');
  // While the page swaps games the page's info is briefly none: the board keeps its own game's.
  const $game = computed(o.$info, (info) => (info && info.gameCode === first.gameCode ? info : first));
  const $board = map<BoardView>({
    betType: first.betTypes[0]!.code,
    pick: { numbers: [] },
    slots: [],
    stake: toInput(first.stake.min, o.lang),
    problem: '',
    bulk: '',
    bulkError: '',
  });
  const get = () => $board.get();
  const set = (patch: Partial<BoardView>) => $board.set({ ...get(), ...patch });

  const $shape = computed($board, (b) => BET_SHAPES[b.betType]!);
  /** Whether the numbers are picked on a grid (else typed). */
  const $grid = computed($shape, onGrid);
  /** The stake in minor units when it is in the game's range, else null. */
  const $stake = computed([$board, $game], (b, game) => stakeInRange(parseMinor(fromInput(b.stake, o.lang)), game.stake));
  /** What one ticket would pay if it wins (an API amount), null without a stake in range. */
  const $win = computed([$stake, $board, $game], (stake, b, game) => (stake === null ? null : potentialWin(stake, game.betTypes.find((x) => x.code === b.betType)!.pay)));
  /** The stake range in words ('From $1.00 to $10,000.00'). */
  const $range = computed($game, (game) => fill(o.words.stakeRange, { min: o.format(game.stake.min), max: o.format(game.stake.max) }));

  /** Another bet type: its pick starts empty. */
  function chooseBetType(betType: string): void {
    set({ betType, pick: { numbers: [] }, slots: [], problem: '', bulkError: '' });
  }

  function setNumbers(numbers: number[]): void {
    set({ pick: { ...get().pick, numbers }, slots: slotsOf(numbers, $shape.get()) });
  }

  /** A number pressed on the grid. */
  function toggle(n: number): void {
    const { pick } = get();
    set({ problem: '', pick: { ...pick, numbers: toggleNumber(pick.numbers, n, $shape.get()) } });
  }

  /** A typed slot changed. */
  function typeNumber(slot: number, text: string): void {
    const { pick, slots } = get();
    const typed = typeSlot(slots, slot, text, $shape.get());
    set({ problem: '', slots: typed.slots, pick: { ...pick, numbers: typed.numbers } });
  }

  /** A random valid pick; a position the player chose stays. */
  function quick(random?: () => number): void {
    const shape = $shape.get();
    const q = quickPick(shape, random);
    const { position } = get().pick;
    set({ problem: '', slots: slotsOf(q.numbers, shape), pick: { ...q, ...(position !== undefined && shape.positions ? { position } : {}) } });
  }

  /** The position chosen (undefined: none). */
  function setPosition(position: number | undefined): void {
    set({ pick: { ...get().pick, position } });
  }

  function setSide(side: Side): void {
    set({ pick: { ...get().pick, side } });
  }

  /** The pick as one ticket onto the slip, or why not; the numbers start again, the position stays. */
  function add(): void {
    const { pick, betType } = get();
    const issue = pickIssue(pick, $shape.get());
    const stake = $stake.get();
    const problem = issue ? (issue.key === 'needNumbers' ? fill(o.words.needNumbers, { count: issue.count }) : o.words[issue.key]) : stake === null ? $range.get() : '';
    set({ problem });
    if (problem || stake === null) return;
    o.add([{ betType, ...pick, stake: formatMinor(stake) }]);
    set({ pick: { numbers: [], ...(pick.position !== undefined ? { position: pick.position } : {}) }, slots: [] });
  }

  /** Bulk entry's tickets onto the slip, or the first that does not fit. */
  function addBulk(): void {
    const { bulk, pick, betType } = get();
    const parsed = parseBulk($shape.get(), bulk);
    const stake = $stake.get();
    if ('bad' in parsed) return set({ bulkError: fill(o.words.bulkBad, { n: parsed.bad }) });
    if (stake === null) return set({ bulkError: $range.get() });
    if ($shape.get().positions && pick.position === undefined) return set({ bulkError: o.words.needPosition });
    set({ bulkError: '' });
    o.add(parsed.selections.map((numbers) => ({ betType, numbers, ...(pick.position !== undefined ? { position: pick.position } : {}), stake: formatMinor(stake) })));
    set({ bulk: '' });
  }

  return {
    $board,
    $shape,
    $grid,
    $win,
    $range,
    chooseBetType,
    toggle,
    typeNumber,
    quick,
    clear: () => setNumbers([]),
    setPosition,
    setSide,
    setStake: (stake: string) => set({ stake }),
    setBulk: (bulk: string) => set({ bulk }),
    add,
    addBulk,
  };
}

export type BoardFlow = ReturnType<typeof createBoard>;

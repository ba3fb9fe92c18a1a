/**
 * How the sandbox shows a table game's round (issue 34, RNG tables): from its record alone (the
 * draws in `stops`, the bets in `table_bets`) with the shared rules of contract/tables.ts, so the
 * game page, the history and the verify page read the same round the same way.
 */
import type { PlayedRound } from '../../contract/play.ts';
import { spotReturn, tableOutcome, type TableGame, type TableOutcome } from '../../contract/tables.ts';
import type { RoomGame } from '../../contract/rooms.ts';
import { formatMinor } from '../../../../kernel/money.ts';
import { brand } from '../../../../kernel/brand/index.ts';

/** A table round's bets as kept on the round (sandbox_round.table_bets): amounts in minor units. */
export interface TableBets {
  kind: string;
  wheel: string | null;
  bets: { spot: string; amount: string }[];
  /** A blackjack hand's actions, in order (contract/blackjack.ts). */
  actions?: string[];
}

/** The tables named by their kind alone (a roulette names its wheel too). */
const SIMPLE_TABLES = ['baccarat', 'dragonTiger', 'sicBo', 'andarBahar', 'fish', 'crash', 'keno', 'dice', 'plinko'] as const;

/** The table a kept round was played at. */
export function tableOfRecord(t: Pick<TableBets, 'kind' | 'wheel'>): TableGame {
  if (t.kind === 'roulette') return { kind: 'roulette', wheel: t.wheel === 'american' ? 'american' : 'european' };
  if ((SIMPLE_TABLES as readonly string[]).includes(t.kind)) return { kind: t.kind as (typeof SIMPLE_TABLES)[number] };
  throw new Error(`unknown table ${t.kind}`);
}

const isTable = (t: TableGame | { kind: RoomGame }): t is TableGame => t.kind !== 'bullBull' && t.kind !== 'teenPatti';

/** What each bet returns on an outcome, and the round's total return (its win). */
export function settleTable(outcome: TableOutcome, bets: readonly { spot: string; amount: bigint }[]) {
  const lines = bets.map((b) => ({ ...b, payout: spotReturn(outcome, b.spot, b.amount) }));
  return { lines, win: lines.reduce((sum, l) => sum + l.payout, 0n) };
}

export function presentTableRound(
  r: { roundId: string; nodeId: number; demo: boolean; betAmount: bigint; winAmount: bigint; nonce: number; stops: number[]; createdAt: Date; tableBets: TableBets },
  seed: { serverSeed: string; serverSeedHash: string; clientSeed: string; revealedAt: Date | null },
  game: { gameName: string },
): PlayedRound {
  const table = tableOfRecord(r.tableBets);
  return playedTableRound(table, {
    ...r,
    gameName: game.gameName,
    stakes: r.tableBets.bets,
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.revealedAt ? seed.serverSeed : null,
    clientSeed: seed.clientSeed,
  });
}

/**
 * A table round as the game page shows it (history, verify links): its bets with what each
 * returned (nothing yet while `stops` is null: a live round waiting for its draw, marked open).
 */
export function playedTableRound(
  /** The table, or a PVP room's game (one seat's stake, which returned the round's win). */
  table: TableGame | { kind: RoomGame },
  r: {
    roundId: string;
    nodeId: number;
    gameName: string;
    demo: boolean;
    betAmount: bigint;
    winAmount: bigint;
    stops: number[] | null;
    stakes: { spot: string; amount: string }[];
    serverSeedHash: string;
    serverSeed: string | null;
    clientSeed: string;
    nonce: number;
    createdAt: Date;
  },
): PlayedRound {
  const decimals = brand().currencyDecimals;
  const stakes = r.stakes.map((b) => ({ spot: b.spot, amount: BigInt(b.amount) }));
  const lines = !isTable(table)
    ? stakes.map((x) => ({ ...x, payout: r.stops ? r.winAmount : 0n }))
    : r.stops
      ? settleTable(tableOutcome(table, r.stops), stakes).lines
      : stakes.map((x) => ({ ...x, payout: 0n }));
  return {
    roundId: r.roundId,
    nodeId: r.nodeId,
    gameName: r.gameName,
    demo: r.demo,
    freeSpin: false,
    bet: formatMinor(r.betAmount, decimals),
    win: formatMinor(r.winAmount, decimals),
    stops: r.stops ?? [],
    grid: [],
    lineWins: [],
    table: {
      kind: table.kind,
      wheel: table.kind === 'roulette' ? table.wheel : null,
      bets: lines.map((l) => ({ spot: l.spot, amount: formatMinor(l.amount, decimals), payout: formatMinor(l.payout, decimals) })),
    },
    ...(r.stops ? {} : { open: true }),
    serverSeedHash: r.serverSeedHash,
    serverSeed: r.serverSeed,
    clientSeed: r.clientSeed,
    nonce: r.nonce,
    createdAt: r.createdAt.toISOString(),
  };
}

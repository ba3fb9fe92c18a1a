/**
 * The sandbox's live tables (issue 34, live casino; contract/live.ts says how they play): rounds
 * opened with a committed seed, bets taken during the window, every round drawn once by the job
 * with every bet settled in the same transaction, and the table's next round opened while someone
 * watches. Changes are announced with `pg_notify('live_table', <nodeId>)` in the transaction that
 * made them (live-hub.ts wakes the streams of that table in every process).
 *
 * Money: a member's bets on a round are one game round of the wallet, opened with the stake when
 * placed (`openRounds`: player protection's blocks and loss and wager limits, the ledger) and
 * settled by the draw with the other bets of the round (`settleRounds`: one set of statements for
 * all of them, so a round of 500 bettors settles as one).
 */
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { clock } from '../../../../kernel/clock.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { makeServerSeed, roundWords } from '../../../../kernel/fairness.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { once } from '../../../../kernel/idempotency.ts';
import { log } from '../../../../kernel/log.ts';
import { formatMinor } from '../../../../kernel/money.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import type { PlayedRound } from '../../contract/play.ts';
import { LIVE_BET_WINDOW_MS, LIVE_RESULT_MS, LIVE_RESULTS, liveClientSeed, liveTableOf, type LiveRoundView, type LiveTableView } from '../../contract/live.ts';
import { drawTable, tableBetsIssue, tableOutcome, TABLE_ISSUE_CODE, type TableGame } from '../../contract/tables.ts';
import { game } from '../../../games/index.ts';
import { openRounds, settleRounds, type Tx } from '../../../wallet/index.ts';
import { liveBet, liveRound, liveTable } from '../tables.ts';
import { newRoundId, type PlaySession } from './provider.ts';
import { playedTableRound, settleTable } from './table-rounds.ts';

export const LIVE_CHANNEL = 'live_table';
/** A table is kept running this long after a viewer last said it watches. */
export const WATCH_MS = 60_000;

type RoundRow = typeof liveRound.$inferSelect;
type BetRow = typeof liveBet.$inferSelect;

async function announce(tx: Db | Tx, nodeId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(nodeId)})`);
}

/** The draws of a round, from its seed (what the verify page recomputes). */
export function liveDraws(table: TableGame, r: Pick<RoundRow, 'nodeId' | 'roundNo' | 'serverSeed'>): number[] {
  return drawTable(table, roundWords(r.serverSeed, liveClientSeed(r.nodeId), r.roundNo));
}

/**
 * Opens the table's next round at `now` when none is open (its seed committed), and announces
 * it; answers whether this call opened it. Processes doing so at once open one (the table's one
 * open round and its round numbers are unique).
 */
export async function ensureRound(db: Db, nodeId: number, now = clock.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const opened = await openNext(tx, nodeId, now);
    if (opened) await announce(tx, nodeId);
    return opened;
  });
}

async function openNext(tx: Db | Tx, nodeId: number, opensAt: number): Promise<boolean> {
  const seed = makeServerSeed();
  const rows = await tx.execute(sql`
    insert into live_round (node_id, round_no, opens_at, closes_at, server_seed, server_seed_hash)
    select ${nodeId}, coalesce(max(round_no), 0) + 1, ${new Date(opensAt).toISOString()}::timestamptz, ${new Date(opensAt + LIVE_BET_WINDOW_MS).toISOString()}::timestamptz, ${seed.serverSeed}, ${seed.serverSeedHash}
    from live_round where node_id = ${nodeId}
    on conflict do nothing
    returning id`);
  return (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])).length > 0;
}

/** Marks tables as watched until a minute from now, and opens a round at each that rests. */
export async function watchTables(db: Db, nodeIds: number[], now = clock.now()): Promise<void> {
  if (nodeIds.length === 0) return;
  const until = new Date(now + WATCH_MS);
  await db
    .insert(liveTable)
    .values(nodeIds.map((nodeId) => ({ nodeId, watchedUntil: until })))
    .onConflictDoUpdate({ target: liveTable.nodeId, set: { watchedUntil: sql`greatest(${liveTable.watchedUntil}, excluded.watched_until)` } });
  const open = await db
    .select({ nodeId: liveRound.nodeId })
    .from(liveRound)
    .where(and(inArray(liveRound.nodeId, nodeIds), eq(liveRound.status, 'open')));
  const resting = nodeIds.filter((n) => !open.some((o) => o.nodeId === n));
  for (const nodeId of resting) await ensureRound(db, nodeId, now);
}

/**
 * Draws one round whose window has closed, once: its draws from its seed, every bet settled
 * through the wallet, the round drawn, the next round opened when the table is watched; all in
 * one transaction. Answers the drawn round, or null when another process drew it first.
 */
export async function drawLiveRound(db: Db, id: number, now = clock.now()): Promise<RoundRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(liveRound)
      .where(and(eq(liveRound.id, id), eq(liveRound.status, 'open')))
      // A round another process is drawing (or a bet still holds) is left to it, or to the next tick.
      .for('update', { skipLocked: true });
    if (!row || row.closesAt.getTime() > now) return null;
    const [g] = await tx.select({ gameType: game.gameType, gameName: game.gameName }).from(game).where(eq(game.nodeId, row.nodeId));
    const table = g && liveTableOf(g);
    if (!table) throw new Error(`live round ${id}: game ${row.nodeId} is not a live table`);
    const stops = liveDraws(table, row);
    const outcome = tableOutcome(table, stops);
    const bets = await tx.select().from(liveBet).where(eq(liveBet.liveRoundId, id));
    if (bets.length) {
      const results = bets.map((b) => ({
        roundId: b.roundId,
        win: settleTable(
          outcome,
          b.bets.map((x) => ({ spot: x.spot, amount: BigInt(x.amount) })),
        ).win,
      }));
      const settled = await settleRounds(tx, results, `live:${row.nodeId}:${row.roundNo}`, `${g!.gameName} #${row.roundNo}`);
      if (settled.closed !== results.length) log.error('play.live.notOpen', { round: `${row.nodeId}:${row.roundNo}`, bets: results.length, closed: settled.closed });
      // What each bet was paid: its round's win, for the rounds this draw settled (a round refunded
      // before it, by a sweeper after a long stop, keeps no win).
      await tx.execute(sql`
        update live_bet b set win = g.win_amount
        from game_round g
        where b.live_round_id = ${id} and g.round_id = b.round_id and g.status = 'settled'`);
    }
    const [drawn] = await tx
      .update(liveRound)
      .set({ status: 'drawn', stops, drawnAt: new Date(now) })
      .where(eq(liveRound.id, id))
      .returning();
    const [watch] = await tx.select({ until: liveTable.watchedUntil }).from(liveTable).where(eq(liveTable.nodeId, row.nodeId));
    if (watch && watch.until.getTime() > now) await openNext(tx, row.nodeId, now + LIVE_RESULT_MS);
    await announce(tx, row.nodeId);
    return drawn!;
  });
}

/** The job: every live round whose window has closed, drawn. Answers how many this run drew. */
export async function runLiveDraws(db: Db, now = clock.now()): Promise<{ drawn: number }> {
  const due = await db
    .select({ id: liveRound.id })
    .from(liveRound)
    .where(and(eq(liveRound.status, 'open'), lte(liveRound.closesAt, new Date(now))))
    .orderBy(liveRound.closesAt)
    .limit(200);
  let drawn = 0;
  for (const { id } of due) {
    try {
      if (await drawLiveRound(db, id, now)) drawn++;
    } catch (err) {
      log.error('play.live.draw', { id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { drawn };
}

/**
 * Ends a table's open round now (the sandbox operator's `play live-draw-now`, as the lottery's
 * draw-now): its window closes and it is drawn at once. Answers the drawn round, or null when the
 * table has no open round.
 */
export async function drawLiveNow(db: Db, nodeId: number, now = clock.now()): Promise<RoundRow | null> {
  const [open] = await db
    .update(liveRound)
    .set({ closesAt: new Date(now), opensAt: sql`least(${liveRound.opensAt}, ${new Date(now).toISOString()}::timestamptz)` })
    .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.status, 'open')))
    .returning({ id: liveRound.id });
  return open ? drawLiveRound(db, open.id, now) : null;
}

function roundView(r: RoundRow, bettors: number): LiveRoundView {
  const drawn = r.status === 'drawn';
  return {
    roundNo: r.roundNo,
    status: drawn ? 'drawn' : 'open',
    opensAt: r.opensAt.toISOString(),
    closesAt: r.closesAt.toISOString(),
    serverSeedHash: r.serverSeedHash,
    serverSeed: drawn ? r.serverSeed : null,
    stops: drawn ? r.stops : null,
    bettors,
  };
}

/** The table as every viewer sees it now. */
export async function liveTableNow(db: Db, nodeId: number, now = clock.now()): Promise<LiveTableView> {
  const [open] = await db
    .select()
    .from(liveRound)
    .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.status, 'open')));
  const drawn = await db
    .select({ roundNo: liveRound.roundNo, stops: liveRound.stops })
    .from(liveRound)
    .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.status, 'drawn'), isNotNull(liveRound.stops)))
    .orderBy(desc(liveRound.roundNo))
    .limit(LIVE_RESULTS);
  const [lastRow] = drawn.length
    ? await db
        .select()
        .from(liveRound)
        .where(and(eq(liveRound.nodeId, nodeId), eq(liveRound.roundNo, drawn[0]!.roundNo)))
    : [];
  const ids = [open?.id, lastRow?.id].filter((x): x is number => x !== undefined);
  const counts = ids.length
    ? await db
        .select({ id: liveBet.liveRoundId, n: sql<number>`count(*)::int` })
        .from(liveBet)
        .where(inArray(liveBet.liveRoundId, ids))
        .groupBy(liveBet.liveRoundId)
    : [];
  const bettors = (id: number | undefined) => counts.find((c) => c.id === id)?.n ?? 0;
  return {
    nodeId,
    serverNow: new Date(now).toISOString(),
    current: open ? roundView(open, bettors(open.id)) : null,
    last: lastRow ? roundView(lastRow, bettors(lastRow.id)) : null,
    results: drawn.map((d) => ({ roundNo: d.roundNo, stops: d.stops! })),
  };
}

/** A member's bets on a live round, shown as a played round (history, verify links). */
function presentLiveBet(b: BetRow, r: RoundRow, table: TableGame, gameName: string): PlayedRound {
  const drawn = r.status === 'drawn' && r.stops !== null;
  return playedTableRound(table, {
    roundId: b.roundId,
    nodeId: r.nodeId,
    gameName,
    demo: false,
    betAmount: b.amount,
    winAmount: b.win ?? 0n,
    stops: drawn ? r.stops : null,
    stakes: b.bets,
    serverSeedHash: r.serverSeedHash,
    serverSeed: drawn ? r.serverSeed : null,
    clientSeed: liveClientSeed(r.nodeId),
    nonce: r.roundNo,
    createdAt: b.createdAt,
  });
}

/** The member's rounds at a live table, newest first. */
export async function liveHistory(db: Db, memberId: number, nodeId: number, table: TableGame, gameName: string, limit: number, offset = 0): Promise<PlayedRound[]> {
  const rows = await db
    .select({ b: liveBet, r: liveRound })
    .from(liveBet)
    .innerJoin(liveRound, eq(liveRound.id, liveBet.liveRoundId))
    .where(and(eq(liveBet.memberId, memberId), eq(liveRound.nodeId, nodeId)))
    .orderBy(desc(liveBet.createdAt))
    .limit(limit)
    .offset(offset);
  return rows.map(({ b, r }) => presentLiveBet(b, r, table, gameName));
}

/**
 * Places a member's bets on the table's open round `roundNo` (one confirmation per member and
 * round), the stake debited through the wallet; idempotent by the client's key.
 */
export async function placeLiveBet(
  db: Db,
  s: PlaySession,
  table: TableGame,
  roundNo: number,
  bets: { spot: string; amount: bigint }[],
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ round: PlayedRound; balance: string }> {
  if (s.memberId === null || s.demo) throw new ApiError(401, 'game.session.invalid');
  const memberId = s.memberId;
  const issue = tableBetsIssue(table, bets, s.game.minBet);
  if (issue) throw new ApiError(400, TABLE_ISSUE_CODE[issue]);
  const total = bets.reduce((sum, b) => sum + b.amount, 0n);
  const kept = bets.map((b) => ({ spot: b.spot, amount: b.amount.toString() }));
  const request = { session: s.id, roundNo, bets: [...kept].sort((a, b) => a.spot.localeCompare(b.spot)) };
  const { value } = await once(db, { name: 'live.bet', memberId, key: idempotencyKey, request }, async (tx) => {
    // In share mode: bets go on together, and the draw (which takes the row for update) waits for them.
    const [r] = await tx
      .select()
      .from(liveRound)
      .where(and(eq(liveRound.nodeId, s.game.nodeId), eq(liveRound.roundNo, roundNo)))
      .for('share');
    if (!r) throw new ApiError(404, 'game.live.noRound');
    if (r.status !== 'open' || now >= r.closesAt.getTime()) throw new ApiError(409, 'game.live.closed');
    if (now < r.opensAt.getTime()) throw new ApiError(409, 'game.live.notYet');
    const roundId = newRoundId();
    const [b] = await tx.insert(liveBet).values({ liveRoundId: r.id, memberId, roundId, bets: kept, amount: total }).onConflictDoNothing().returning();
    if (!b) throw new ApiError(409, 'game.live.alreadyBet');
    const { balance } = await openRounds(tx, {
      memberId,
      vendor: s.game.vassalage,
      nodeId: s.game.nodeId,
      gameName: s.game.gameName,
      fromGameWallet: s.fromGameWallet,
      reference: roundId,
      bets: [{ roundId, amount: total }],
      // The sweeper of stale rounds waits for the draw (and its timeout after it).
      settleBy: r.closesAt.getTime(),
    });
    await announce(tx, s.game.nodeId);
    return { round: presentLiveBet(b, r, table, s.game.gameName), balance: formatMinor(balance, brand().currencyDecimals) };
  });
  return value;
}

/**
 * The sandbox's live tables (issue 34, live casino; contract/live.ts says how they play): rounds
 * opened with a committed seed, bets taken during the window, every round drawn once by the job
 * with every bet settled in the same transaction, and the table's next round opened while someone
 * watches. A PVP game's rooms run on the same rounds, keyed by game and room (contract/rooms.ts).
 * Changes are announced with `pg_notify('live_table', <table key>)` ('1234', or '1234-r2' for a
 * room) in the transaction that made them (live-hub.ts wakes the streams of that table in every process).
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
import { LIVE_BET_WINDOW_MS, LIVE_RESULT_MS, LIVE_RESULTS, liveClientSeed, liveTableOf, tableKey, type LiveRoundView, type LiveTableView, type TableAt } from '../../contract/live.ts';
import { drawRoom, pvpPlayOf, ROOM_SEATS, roomResult, seatOfSpot, seatsOfRound, SEAT_SPOT, seatSpot, type LivePlay } from '../../contract/rooms.ts';
import { drawTable, tableBetsIssue, tableOutcome, TABLE_ISSUE_CODE } from '../../contract/tables.ts';
import { game } from '../../../games/index.ts';
import { gameRound, openRounds, settleRounds, type Tx } from '../../../wallet/index.ts';
import { liveBet, liveRound, liveTable } from '../tables.ts';
import { newRoundId, sessionBets, type PlaySession } from './provider.ts';
import { playedTableRound, settleTable } from './table-rounds.ts';

export const LIVE_CHANNEL = 'live_table';
/** A table is kept running this long after a viewer last said it watches. */
export const WATCH_MS = 60_000;

type RoundRow = typeof liveRound.$inferSelect;
type BetRow = typeof liveBet.$inferSelect;

export type { LivePlay };

/** The game played at a table: a live game's table, or what a PVP game's room plays; null when it plays neither. */
export function livePlayOf(g: { gameType: string; gameName: string }, room: string): LivePlay | null {
  return room ? pvpPlayOf(g) : liveTableOf(g);
}

const where = (at: TableAt) => and(eq(liveRound.nodeId, at.nodeId), eq(liveRound.room, at.room));

async function announce(tx: Db | Tx, at: TableAt): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${tableKey(at)})`);
}

/** The draws of a round, from its seed (what the verify page recomputes). */
export function liveDraws(play: LivePlay, r: Pick<RoundRow, 'nodeId' | 'room' | 'roundNo' | 'serverSeed'>): number[] {
  const words = roundWords(r.serverSeed, liveClientSeed(r.nodeId, r.room), r.roundNo);
  return play.kind === 'room' ? drawRoom(play.game, words) : drawTable(play, words);
}

/** Where a session plays: its live table, or its PVP room (a room game launched without a room sits in the first). */
export function tableAtOf(s: Pick<PlaySession, 'game' | 'roomId'> & { gameType: string }): TableAt {
  const room = pvpPlayOf({ gameType: s.gameType, gameName: s.game.gameName }) ? (s.roomId ?? 'r1') : '';
  return { nodeId: s.game.nodeId, room };
}

/** A room round's players: their seats and stakes, from their bets. */
const playersOf = (bets: readonly Pick<BetRow, 'bets' | 'amount'>[]) => bets.map((b) => ({ seat: seatOfSpot(b.bets[0]?.spot ?? '') ?? 0, stake: b.amount }));

/**
 * Opens the table's next round at `now` when none is open (its seed committed), and announces
 * it; answers whether this call opened it. Processes doing so at once open one (the table's one
 * open round and its round numbers are unique).
 */
export async function ensureRound(db: Db, at: TableAt, now = clock.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const opened = await openNext(tx, at, now);
    if (opened) await announce(tx, at);
    return opened;
  });
}

async function openNext(tx: Db | Tx, at: TableAt, opensAt: number): Promise<boolean> {
  const seed = makeServerSeed();
  const rows = await tx.execute(sql`
    insert into live_round (node_id, room, round_no, opens_at, closes_at, server_seed, server_seed_hash)
    select ${at.nodeId}, ${at.room}, coalesce(max(round_no), 0) + 1, ${new Date(opensAt).toISOString()}::timestamptz, ${new Date(opensAt + LIVE_BET_WINDOW_MS).toISOString()}::timestamptz, ${seed.serverSeed}, ${seed.serverSeedHash}
    from live_round where node_id = ${at.nodeId} and room = ${at.room}
    on conflict do nothing
    returning id`);
  return (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])).length > 0;
}

/** Marks tables as watched until a minute from now, and opens a round at each that rests. */
export async function watchTables(db: Db, tables: TableAt[], now = clock.now()): Promise<void> {
  if (tables.length === 0) return;
  const until = new Date(now + WATCH_MS);
  await db
    .insert(liveTable)
    .values(tables.map((t) => ({ nodeId: t.nodeId, room: t.room, watchedUntil: until })))
    .onConflictDoUpdate({ target: [liveTable.nodeId, liveTable.room], set: { watchedUntil: sql`greatest(${liveTable.watchedUntil}, excluded.watched_until)` } });
  const open = await db
    .select({ nodeId: liveRound.nodeId, room: liveRound.room })
    .from(liveRound)
    .where(
      and(
        inArray(
          liveRound.nodeId,
          tables.map((t) => t.nodeId),
        ),
        eq(liveRound.status, 'open'),
      ),
    );
  const resting = tables.filter((t) => !open.some((o) => o.nodeId === t.nodeId && o.room === t.room));
  for (const t of resting) await ensureRound(db, t, now);
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
    const play = g && livePlayOf(g, row.room);
    if (!play) throw new Error(`live round ${id}: game ${row.nodeId} ${row.room} is not a live table or room`);
    const stops = liveDraws(play, row);
    let bets = await tx.select().from(liveBet).where(eq(liveBet.liveRoundId, id));
    if (play.kind === 'room' && bets.length) {
      // A showdown is played by the seats whose wallet round is still open, held so until the
      // settle: a seat the stale-round sweeper refunded (after a long stop) did not play, and the
      // others' result must not count it (a lone survivor plays the house's seat).
      const open = await tx
        .select({ roundId: gameRound.roundId })
        .from(gameRound)
        .where(
          and(
            inArray(
              gameRound.roundId,
              bets.map((b) => b.roundId),
            ),
            eq(gameRound.status, 'open'),
          ),
        )
        .for('update');
      bets = bets.filter((b) => open.some((o) => o.roundId === b.roundId));
    }
    if (bets.length) {
      const results = bets.map((b) => ({ roundId: b.roundId, win: 0n }));
      if (play.kind === 'room') {
        const { seats } = roomResult(play.game, stops, seatsOfRound(playersOf(bets)));
        bets.forEach((b, i) => (results[i]!.win = seats.find((x) => !x.house && x.seat === seatOfSpot(b.bets[0]!.spot))!.returned));
      } else {
        const outcome = tableOutcome(play, stops);
        bets.forEach(
          (b, i) =>
            (results[i]!.win = settleTable(
              outcome,
              b.bets.map((x) => ({ spot: x.spot, amount: BigInt(x.amount) })),
            ).win),
        );
      }
      const settled = await settleRounds(tx, results, `live:${tableKey(row)}:${row.roundNo}`, `${g!.gameName}${row.room ? ` ${row.room}` : ''} #${row.roundNo}`);
      if (settled.closed !== results.length) log.error('play.live.notOpen', { round: `${tableKey(row)}:${row.roundNo}`, bets: results.length, closed: settled.closed });
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
    const [watch] = await tx
      .select({ until: liveTable.watchedUntil })
      .from(liveTable)
      .where(and(eq(liveTable.nodeId, row.nodeId), eq(liveTable.room, row.room)));
    if (watch && watch.until.getTime() > now) await openNext(tx, row, now + LIVE_RESULT_MS);
    await announce(tx, row);
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
export async function drawLiveNow(db: Db, at: TableAt, now = clock.now()): Promise<RoundRow | null> {
  const [open] = await db
    .update(liveRound)
    .set({ closesAt: new Date(now), opensAt: sql`least(${liveRound.opensAt}, ${new Date(now).toISOString()}::timestamptz)` })
    .where(and(where(at), eq(liveRound.status, 'open')))
    .returning({ id: liveRound.id });
  return open ? drawLiveRound(db, open.id, now) : null;
}

function roundView(r: RoundRow, bettors: number, seats: LiveRoundView['seats']): LiveRoundView {
  const drawn = r.status === 'drawn';
  return {
    ...(seats ? { seats } : {}),
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
export async function liveTableNow(db: Db, at: TableAt, now = clock.now()): Promise<LiveTableView> {
  const { nodeId } = at;
  const [open] = await db
    .select()
    .from(liveRound)
    .where(and(where(at), eq(liveRound.status, 'open')));
  const drawn = await db
    .select({ roundNo: liveRound.roundNo, stops: liveRound.stops })
    .from(liveRound)
    .where(and(where(at), eq(liveRound.status, 'drawn'), isNotNull(liveRound.stops)))
    .orderBy(desc(liveRound.roundNo))
    .limit(LIVE_RESULTS);
  const [lastRow] = drawn.length
    ? await db
        .select()
        .from(liveRound)
        .where(and(where(at), eq(liveRound.roundNo, drawn[0]!.roundNo)))
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
  // A showdown room's seats (at most ROOM_SEATS a round): who sits with what stake, the house's
  // seat once drawn; a drawn round's seats are those it settled (a seat refunded before the draw did not play).
  const [g] = at.room ? await db.select({ gameType: game.gameType, gameName: game.gameName }).from(game).where(eq(game.nodeId, nodeId)) : [];
  const showdown = !!g && pvpPlayOf(g)?.kind === 'room';
  const seated =
    showdown && ids.length ? await db.select({ id: liveBet.liveRoundId, bets: liveBet.bets, amount: liveBet.amount, win: liveBet.win }).from(liveBet).where(inArray(liveBet.liveRoundId, ids)) : [];
  const decimals = brand().currencyDecimals;
  const seatsOf = (r: RoundRow | undefined): LiveRoundView['seats'] => {
    if (!showdown || !r) return undefined;
    const players = playersOf(seated.filter((b) => b.id === r.id && (r.status !== 'drawn' || b.win !== null)));
    const seats = r.status === 'drawn' ? seatsOfRound(players) : players.map((p) => ({ ...p, house: false })).sort((a, b) => a.seat - b.seat);
    return seats.map((x) => ({ seat: x.seat, stake: formatMinor(x.stake, decimals), house: x.house }));
  };
  return {
    nodeId,
    serverNow: new Date(now).toISOString(),
    current: open ? roundView(open, bettors(open.id), seatsOf(open)) : null,
    last: lastRow ? roundView(lastRow, bettors(lastRow.id), seatsOf(lastRow)) : null,
    results: drawn.map((d) => ({ roundNo: d.roundNo, stops: d.stops! })),
  };
}

/** A member's bets on a live round, shown as a played round (history, verify links). */
function presentLiveBet(b: BetRow, r: RoundRow, play: LivePlay, gameName: string): PlayedRound {
  const drawn = r.status === 'drawn' && r.stops !== null;
  return playedTableRound(play.kind === 'room' ? { kind: play.game } : play, {
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
    clientSeed: liveClientSeed(r.nodeId, r.room),
    nonce: r.roundNo,
    createdAt: b.createdAt,
  });
}

/** The member's rounds at a live table or a room, newest first. */
export async function liveHistory(db: Db, memberId: number, at: TableAt, play: LivePlay, gameName: string, limit: number, offset = 0): Promise<PlayedRound[]> {
  const rows = await db
    .select({ b: liveBet, r: liveRound })
    .from(liveBet)
    .innerJoin(liveRound, eq(liveRound.id, liveBet.liveRoundId))
    .where(and(eq(liveBet.memberId, memberId), where(at)))
    .orderBy(desc(liveBet.createdAt))
    .limit(limit)
    .offset(offset);
  return rows.map(({ b, r }) => presentLiveBet(b, r, play, gameName));
}

/**
 * Places a member's bets on the table's open round `roundNo` (one confirmation per member and
 * round), the stake debited through the wallet; idempotent by the client's key.
 */
export async function placeLiveBet(
  db: Db,
  s: PlaySession,
  at: TableAt,
  play: LivePlay,
  roundNo: number,
  bets: { spot: string; amount: bigint }[],
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ round: PlayedRound; balance: string }> {
  if (s.memberId === null || s.demo) throw new ApiError(401, 'game.session.invalid');
  const memberId = s.memberId;
  if (play.kind === 'room') {
    // A join stakes one seat with one of the room's stakes.
    if (bets.length !== 1) throw new ApiError(400, 'game.table.oneTarget');
    if (bets[0]!.spot !== SEAT_SPOT) throw new ApiError(400, 'game.table.spot');
    if (!sessionBets({ game: s.game, roomId: at.room }).includes(bets[0]!.amount)) throw new ApiError(400, 'game.room.stake');
  } else {
    // A PVP room's table takes the room's smallest stake as its chip.
    const issue = tableBetsIssue(play, bets, at.room ? sessionBets({ game: s.game, roomId: at.room })[0]! : s.game.minBet);
    if (issue) throw new ApiError(400, TABLE_ISSUE_CODE[issue]);
  }
  const total = bets.reduce((sum, b) => sum + b.amount, 0n);
  const kept = bets.map((b) => ({ spot: b.spot, amount: b.amount.toString() }));
  const request = { session: s.id, roundNo, bets: [...kept].sort((a, b) => a.spot.localeCompare(b.spot)) };
  const { value } = await once(db, { name: 'live.bet', memberId, key: idempotencyKey, request }, async (tx) => {
    // In share mode: bets go on together, and the draw (which takes the row for update) waits for
    // them. A room's joins take it for update: each is given the next seat, one at a time.
    const [r] = await tx
      .select()
      .from(liveRound)
      .where(and(where(at), eq(liveRound.roundNo, roundNo)))
      .for(play.kind === 'room' ? 'update' : 'share');
    if (!r) throw new ApiError(404, 'game.live.noRound');
    if (r.status !== 'open' || now >= r.closesAt.getTime()) throw new ApiError(409, 'game.live.closed');
    if (now < r.opensAt.getTime()) throw new ApiError(409, 'game.live.notYet');
    if (play.kind === 'room') {
      const taken = await tx.select({ memberId: liveBet.memberId }).from(liveBet).where(eq(liveBet.liveRoundId, r.id));
      if (taken.some((t) => t.memberId === memberId)) throw new ApiError(409, 'game.live.alreadyBet');
      if (taken.length >= ROOM_SEATS) throw new ApiError(409, 'game.room.full');
      kept[0]!.spot = seatSpot(taken.length + 1);
    }
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
    await announce(tx, at);
    return { round: presentLiveBet(b, r, play, s.game.gameName), balance: formatMinor(balance, brand().currencyDecimals) };
  });
  return value;
}

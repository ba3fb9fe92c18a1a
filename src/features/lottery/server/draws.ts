/**
 * The lottery's draws on schedule (issue 16): the job `lottery.draws` (every 5 seconds in every
 * process, and at start) keeps each game's next draws open (a row with a committed seed: its hash
 * is published while bets are taken) and draws every open draw whose time has come. Drawing is one
 * transaction that moves the row from open to drawn, so with several processes on one database each
 * draw happens once; a draw whose time passed while no process ran is drawn at the next start,
 * late but never skipped. (Periods during which no process ran at all never opened, so nobody
 * could bet on them, and they are not invented afterwards.)
 */
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { clock } from '../../../kernel/clock.ts';
import { log } from '../../../kernel/log.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { makeServerSeed, seedMatchesHash } from '../../../kernel/fairness.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { drawLabel, drawNumbers } from './engine/draws.ts';
import { LOTTERY_GAMES, lotteryGame, upcomingDraws, type LotteryGame } from './engine/schedule.ts';
import { lotteryDraw } from './tables.ts';
import { settleDrawTickets } from './tickets.ts';

export type DrawRow = typeof lotteryDraw.$inferSelect;

/** Opens the games' next draws (a row each, with its committed seed), in one statement; rows already there stay as they are. */
export async function openDraws(db: Db, games: readonly LotteryGame[], now: number): Promise<void> {
  const rows = games.flatMap((g) =>
    upcomingDraws(g, now, 2).map((s) => {
      const seed = makeServerSeed();
      return {
        gameCode: g.code,
        drawNo: s.drawNo,
        opensAt: new Date(s.opensAt),
        closesAt: new Date(s.closesAt),
        drawAt: new Date(s.drawAt),
        serverSeed: seed.serverSeed,
        serverSeedHash: seed.serverSeedHash,
      };
    }),
  );
  if (rows.length) await db.insert(lotteryDraw).values(rows).onConflictDoNothing();
}

/**
 * Draws one open draw whose time has come, once: answers the drawn row, or null when another
 * process drew it first. It waits for the row (a purchase holds it in share mode for a moment, and
 * skipping it could leave the draw behind a stream of late purchases; a second process waits,
 * then finds it drawn).
 */
export async function drawOne(db: Db, id: number, now: number): Promise<DrawRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lotteryDraw)
      .where(and(eq(lotteryDraw.id, id), eq(lotteryDraw.status, 'open')))
      .for('update');
    if (!row || row.drawAt.getTime() > now) return null;
    const g = lotteryGame(row.gameCode);
    if (!g) return null;
    const numbers = drawNumbers(g.family, row.serverSeed, drawLabel(row.gameCode, row.drawNo));
    // Every ticket of the draw settles in the same transaction: drawn and paid, or neither.
    await settleDrawTickets(tx, row, numbers);
    const [drawn] = await tx
      .update(lotteryDraw)
      .set({ status: 'drawn', numbers, drawnAt: new Date(now) })
      .where(and(eq(lotteryDraw.id, id), eq(lotteryDraw.status, 'open')))
      .returning();
    return drawn ?? null;
  });
}

/** The job: every game's next draws opened, every due draw drawn. Answers how many this run drew. */
export async function runDraws(db: Db, now = clock.now()): Promise<{ drawn: number }> {
  await openDraws(db, LOTTERY_GAMES, now);
  const due = await db
    .select({ id: lotteryDraw.id })
    .from(lotteryDraw)
    .where(and(eq(lotteryDraw.status, 'open'), lte(lotteryDraw.drawAt, new Date(now))))
    .orderBy(asc(lotteryDraw.drawAt))
    .limit(1000);
  let drawn = 0;
  for (const { id } of due) {
    // One draw that fails (a deadlock, a fault) is said and tried again at the next run; the
    // draws behind it are not held back.
    try {
      if (await drawOne(db, id, now)) drawn += 1;
    } catch (err) {
      log.error('lottery.draw.failed', { id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { drawn };
}

/** A draw as the API shows it: the seed only once drawn. */
export function drawView(r: DrawRow) {
  return {
    gameCode: r.gameCode,
    drawNo: r.drawNo,
    opensAt: r.opensAt.getTime(),
    closesAt: r.closesAt.getTime(),
    drawAt: r.drawAt.getTime(),
    status: r.status as 'open' | 'drawn' | 'cancelled',
    serverSeedHash: r.serverSeedHash,
    serverSeed: r.status === 'drawn' ? r.serverSeed : null,
    numbers: r.status === 'drawn' ? (r.numbers ?? []) : null,
  };
}

/** The latest drawn draws of a game, newest first. */
export async function openedNumbers(db: Db, gameCode: string, limit: number) {
  if (!lotteryGame(gameCode)) throw new ApiError(404, 'lottery.game.unknown');
  const rows = await db
    .select()
    .from(lotteryDraw)
    .where(and(eq(lotteryDraw.gameCode, gameCode), eq(lotteryDraw.status, 'drawn')))
    .orderBy(desc(lotteryDraw.drawAt))
    .limit(limit);
  return rows.map(drawView);
}

/** Recomputes a drawn draw from its revealed seed: the verify page's answer. */
export async function verifyDraw(db: Db, gameCode: string, drawNo: string) {
  const g = lotteryGame(gameCode);
  if (!g) throw new ApiError(404, 'lottery.game.unknown');
  const [row] = await db
    .select()
    .from(lotteryDraw)
    .where(and(eq(lotteryDraw.gameCode, gameCode), eq(lotteryDraw.drawNo, drawNo)));
  if (!row) throw new ApiError(404, 'lottery.draw.unknown');
  if (row.status !== 'drawn') throw new ApiError(409, 'lottery.draw.notDrawn');
  const label = drawLabel(gameCode, drawNo);
  const recomputed = drawNumbers(g.family, row.serverSeed, label);
  return {
    ...drawView(row),
    family: g.family,
    message: `${label}:0`,
    seedMatchesHash: seedMatchesHash(row.serverSeed, row.serverSeedHash),
    recomputed,
    matches: JSON.stringify(recomputed) === JSON.stringify(row.numbers),
  };
}

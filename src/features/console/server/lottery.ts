/**
 * The console's lottery draws (issue 29, finance): each game's draws newest first with their
 * tickets and stakes, drawing what is due now (the job's own step, for a stalled schedule), and
 * cancelling an open draw, which refunds every ticket on it through the wallet exactly once
 * (the lottery's cancelDraw: the draw row is locked and must still be open). Each action is in
 * the audit log with before and after.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { cancelDraw, LOTTERY_GAMES, lotteryDraw, lotteryGame, lotteryTicket, runDraws } from '../../lottery/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import type { ConsoleDraw } from '../contract.ts';
import type { Actor } from './desk.ts';

const fmt = (minor: bigint | string | null) => formatMinor(BigInt(minor ?? 0), brand().currencyDecimals);

/** The games, for the filter. */
export const lotteryGames = () => LOTTERY_GAMES.map((g) => ({ code: g.code, name: g.name }));

export async function listDraws(db: Db, q: { game?: string; status?: ConsoleDraw['status']; page: number; pageSize: number }) {
  if (q.game && !lotteryGame(q.game)) throw new ApiError(404, 'lottery.game.unknown');
  const where: SQL | undefined = and(q.game ? eq(lotteryDraw.gameCode, q.game) : undefined, q.status ? eq(lotteryDraw.status, q.status) : undefined);
  const tickets = db
    .select({ n: count().as('n'), stakes: sql<string | null>`sum(${lotteryTicket.stake})`.as('stakes') })
    .from(lotteryTicket)
    .where(eq(lotteryTicket.drawId, lotteryDraw.id))
    .as('t');
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: lotteryDraw, tickets: tickets.n, stakes: tickets.stakes })
      .from(lotteryDraw)
      .leftJoinLateral(tickets, sql`true`)
      .where(where)
      .orderBy(desc(lotteryDraw.drawAt), desc(lotteryDraw.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(lotteryDraw).where(where),
  ]);
  const now = clock.now();
  return {
    items: rows.map((r): ConsoleDraw => ({
      game: r.d.gameCode,
      gameName: lotteryGame(r.d.gameCode)?.name ?? r.d.gameCode,
      drawNo: r.d.drawNo,
      status: r.d.status as ConsoleDraw['status'],
      // An open draw past its closing time takes no more tickets: it waits for its draw.
      phase: r.d.status !== 'open' ? (r.d.status as 'drawn' | 'cancelled') : r.d.opensAt.getTime() > now ? 'upcoming' : r.d.closesAt.getTime() > now ? 'taking' : 'closed',
      closesAt: r.d.closesAt.getTime(),
      drawAt: r.d.drawAt.getTime(),
      drawnAt: r.d.drawnAt?.getTime() ?? null,
      numbers: r.d.numbers ?? null,
      serverSeedHash: r.d.serverSeedHash,
      tickets: Number(r.tickets ?? 0),
      stakes: fmt(r.stakes),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Cancels an open draw and refunds its tickets (once, whatever the number of clicks or processes). */
export async function cancelDrawFor(db: Db, game: string, drawNo: string, actor: Actor) {
  const r = await cancelDraw(db, game, drawNo).catch((err: unknown) => {
    // The lottery's word is for a bettor ("betting has closed"); staff read why it cannot be cancelled.
    throw err instanceof ApiError && err.errorCode === 'lottery.draw.closed' ? new ApiError(409, 'console.lottery.notOpen') : err;
  });
  const answer = { refunded: r.closed, members: r.payouts, amount: fmt(r.paid) };
  await recordAudit(db, {
    actor: `staff:${actor.session.username}`,
    command: 'lottery cancel',
    args: { game, drawNo },
    ip: actor.ip,
    before: { status: 'open' },
    after: { status: 'cancelled', ...answer },
  });
  return answer;
}

/** Opens the next draws and draws every due one now (what the job does every few seconds). */
export async function runDrawsFor(db: Db, actor: Actor) {
  const r = await runDraws(db, clock.now());
  await recordAudit(db, { actor: `staff:${actor.session.username}`, command: 'lottery run', args: {}, ip: actor.ip, before: null, after: r });
  return r;
}

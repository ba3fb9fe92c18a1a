/**
 * The jackpot counter of the home page (spec 1, 4 and 9; issue 26 item 15): a figure the server
 * holds, the same for everyone, where each page load used to draw a new random one. It grows
 * with time (the spec's 100 to 500 every 3 to 5 seconds, on average 75.00 a second) and with
 * play (1% of every valid bet since it started). It is a display, not a prize pool: no money
 * stands behind it, and the page labels it as demo.
 *
 * `jackpotNow` answers the figure at an instant and its growth a second, so a browser counts on
 * from there and every visitor sees the same figure at the same moment. The sum of bets is read
 * at most every 10 seconds per process (the home page is cached for as long).
 */
import { clock } from '../../../kernel/clock.ts';
import { randomInt } from 'node:crypto';
import { eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { JACKPOT } from '../../../kernel/constants.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { dayIn } from '../../../kernel/days.ts';
import { memberDay } from '../../wallet/index.ts';
import { jackpot } from './tables.ts';

const CODE = 'home';
const READ_EVERY_MS = 10_000;

export interface JackpotNow {
  /** The figure at `at`, in minor units. */
  minor: bigint;
  at: number;
  /** Growth a second from `at` on, in minor units. */
  perSecondMinor: bigint;
}

/** What was read last, per database (the tests open several in one process). */
const cache = new WeakMap<Db, { row: typeof jackpot.$inferSelect; bets: bigint; readAt: number }>();

/** The jackpot's row, made on first need with a start drawn from the spec's range (one process wins the insert). */
async function jackpotRow(db: Db, now: number): Promise<typeof jackpot.$inferSelect> {
  const [row] = await db.select().from(jackpot).where(eq(jackpot.code, CODE));
  if (row) return row;
  const unit = 10n ** BigInt(brand().currencyDecimals);
  const start = BigInt(randomInt(JACKPOT.startMin, JACKPOT.startMax)) * unit + BigInt(randomInt(0, Number(unit)));
  const perSecond = (BigInt(JACKPOT.stepMin + JACKPOT.stepMax) * unit) / 2n / 4n; // the spec's mean step over its mean timer
  await db
    .insert(jackpot)
    .values({ code: CODE, startMinor: start, startedAt: new Date(now), perSecondMinor: perSecond, betShareBp: JACKPOT.betShareBp })
    .onConflictDoNothing();
  const [made] = await db.select().from(jackpot).where(eq(jackpot.code, CODE));
  return made!;
}

/** The jackpot's figure at `now`: its start, its growth since, and its share of the bets played since its first day. */
export async function jackpotNow(db: Db, now = clock.now()): Promise<JackpotNow> {
  let cached = cache.get(db);
  if (!cached || now - cached.readAt >= READ_EVERY_MS || now < cached.readAt) {
    const row = await jackpotRow(db, now);
    const startDay = dayIn(row.startedAt.getTime(), brand().timeZone);
    const [sum] = await db
      .select({ bets: sql<string>`coalesce(sum(${memberDay.validBet}), 0)::text` })
      .from(memberDay)
      .where(gte(memberDay.day, startDay));
    cached = { row, bets: BigInt(sum?.bets ?? '0'), readAt: now };
    cache.set(db, cached);
  }
  const { row, bets } = cached;
  const seconds = BigInt(Math.max(0, Math.floor((now - row.startedAt.getTime()) / 1000)));
  const minor = row.startMinor + row.perSecondMinor * seconds + (bets * BigInt(row.betShareBp)) / 10_000n;
  return { minor, at: row.startedAt.getTime() + Number(seconds) * 1000, perSecondMinor: row.perSecondMinor };
}

/** Forgets the figure read last (tests). */
export function forgetJackpot(db: Db): void {
  cache.delete(db);
}

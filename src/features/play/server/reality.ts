/**
 * The reality check's figures (issue 28): since the login session that launched the game began,
 * how long, how much wagered and the net result, from the member's rounds; and "Stop playing",
 * which ends the game session (its launch token plays no more; the login stays).
 */
import { clock } from '../../../kernel/clock.ts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { memberSession } from '../../accounts/index.ts';
import { gameRound } from '../../wallet/index.ts';
import { realityMinutesOf } from '../../protection/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { PlaySession } from './sandbox/provider.ts';
import { gameSession } from './tables.ts';

/** The figures for the game session `s` (resolved from its launch token). */
export async function realityOf(db: Db, s: Pick<PlaySession, 'id' | 'memberId' | 'demo'>, now = clock.now()) {
  if (s.memberId === null || s.demo) return { intervalMinutes: 0, since: now, minutes: 0, wagered: formatMinor(0n, brand().currencyDecimals), net: formatMinor(0n, brand().currencyDecimals) };
  const [login] = await db.select({ createdAt: memberSession.createdAt }).from(gameSession).innerJoin(memberSession, eq(memberSession.id, gameSession.memberSessionId)).where(eq(gameSession.id, s.id));
  const since = login?.createdAt ?? new Date(now);
  const [sums] = await db
    .select({
      wagered: sql<string>`coalesce(sum(${gameRound.betAmount}), 0)::text`,
      // A voided round keeps the win it had, but counts for nothing.
      won: sql<string>`coalesce(sum(${gameRound.winAmount}) filter (where ${gameRound.status} = 'settled'), 0)::text`,
    })
    .from(gameRound)
    .where(and(eq(gameRound.memberId, s.memberId), gte(gameRound.createdAt, since)));
  const wagered = BigInt(sums?.wagered ?? '0');
  const d = brand().currencyDecimals;
  return {
    intervalMinutes: await realityMinutesOf(db, s.memberId),
    since: since.getTime(),
    minutes: Math.max(0, Math.floor((now - since.getTime()) / 60_000)),
    wagered: formatMinor(wagered, d),
    net: formatMinor(BigInt(sums?.won ?? '0') - wagered, d),
  };
}

/** Ends a game session. */
export async function stopGame(db: Db, id: number): Promise<boolean> {
  const ended = await db
    .update(gameSession)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(gameSession.id, id), sql`${gameSession.expiresAt} > now()`))
    .returning({ id: gameSession.id });
  return ended.length > 0;
}

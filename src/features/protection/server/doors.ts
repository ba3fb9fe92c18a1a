/**
 * What the doors of other features ask (issue 28), each refusing in the player's language with
 * its own errorCode (docs/protocol.md): a stake (a bet, a ticket, a transfer into a game wallet)
 * while blocked or over a loss or wager limit; a game's launch while blocked or once the day's
 * session time is used up; and whether marketing (promotions, bonus codes, rewards, raffles,
 * missions, marketing messages) may reach the member.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { limitRefusal } from './limits.ts';
import { blockOf, blockRefusal, sessionMinutesToday } from './state.ts';
import { rgLimit } from './tables.ts';
import { protectionSettings } from './settings.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { recordSignificant } from '../../../kernel/significant.ts';

/**
 * The refusal of a stake of `amount` (null when it may go): blocked, or a loss or wager limit
 * without room. For the wallet's statements, which refuse first and ask why after, and for doors
 * that check without counting (a transfer into a game wallet: its bets are counted by the game).
 */
export async function refuseStake(db: Db | Tx, memberId: number, amount: bigint, kinds: readonly ('loss' | 'wager')[] = ['loss', 'wager']): Promise<ApiError | null> {
  return blockRefusal(await blockOf(db, memberId)) ?? (await limitRefusal(db, memberId, kinds, amount));
}

/** Refuses a game's launch: blocked, or the day's session limit reached. */
export async function refuseLaunch(db: Db | Tx, memberId: number): Promise<void> {
  const blocked = blockRefusal(await blockOf(db, memberId));
  if (blocked) throw blocked;
  const [limit] = await db
    .select({ amount: rgLimit.amount })
    .from(rgLimit)
    .where(and(eq(rgLimit.memberId, memberId), eq(rgLimit.kind, 'session'), eq(rgLimit.period, 'day'), sql`${rgLimit.amount} is not null`));
  if (!limit?.amount) return;
  if ((await sessionMinutesToday(db, memberId)) >= Number(limit.amount)) throw new ApiError(403, 'protection.limit.session', { minutes: Number(limit.amount) });
}

/** May marketing reach this member? Not while excluded, timed out or closed (a lapsed exclusion not yet returned from counts as excluded). */
export async function isMarketable(db: Db | Tx, memberId: number): Promise<boolean> {
  const b = await blockOf(db, memberId);
  return !b?.holds;
}

/** Records a win at least as large as the brand's `largeWin` in the significant-event log (after its round committed). */
export async function noteLargeWin(db: Db, memberId: number, win: bigint, detail: Record<string, unknown>): Promise<void> {
  const b = brand();
  const threshold = BigInt(Math.round(protectionSettings().largeWin * 10 ** b.currencyDecimals));
  if (win < threshold) return;
  await recordSignificant(db, { memberId, kind: 'win.large', actor: 'system', detail: { ...detail, win: formatMinor(win, b.currencyDecimals) } });
}

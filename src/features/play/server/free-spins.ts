/**
 * Free spins (issue 15): grants a feature gives a member on one sandbox game (the promotions'
 * daily free spins), used by that game's real spins before any money (provider.ts `spin`).
 * A free spin stakes nothing; its round is drawn and recorded as any other, with the grant's id,
 * and its win adds to the grant's winnings. The winnings are paid once, when the last spin is
 * played or the grant expires with spins left (the job `play.free-spins`): a bonus of the
 * wallet with the grant's wagering, from house:bonus. Until then no money moves, so the ledger
 * never holds what free spins might still win.
 */
import { isMarketable } from '../../protection/index.ts';
import { and, asc, eq, gt, lte, sql, type Placeholder } from 'drizzle-orm';
import { preparedPerDb } from '../../../kernel/db/statement.ts';
import { clock } from '../../../kernel/clock.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { game } from '../../games/index.ts';
import { grantBonus, type Tx } from '../../wallet/index.ts';
import { betsFor, gameConfig } from './sandbox/provider.ts';
import { freeSpinGrant } from './tables.ts';

const DAY = 86_400_000;
export type FreeSpinGrant = typeof freeSpinGrant.$inferSelect;

export interface NewFreeSpins {
  memberId: number;
  nodeId: number;
  /** One grant per member and reference: granting twice answers the first. */
  reference: string;
  source: string;
  titles: Record<string, string>;
  spins: number;
  /** The stake wanted per spin: the game's largest stake not above it is used (its smallest when all are above). */
  bet: bigint;
  /** The winnings' wagering: turnover as a multiple of them, within `wageringDays`. */
  wageringMultiple: number;
  wageringDays: number;
  weights?: Record<string, number>;
  expiresAt: Date;
}

/** The stake a free spin of the game plays: the largest it offers not above `wanted`, else its smallest. */
export function freeSpinStake(g: { seed: number; minBet: bigint }, wanted: bigint): bigint {
  const bets = betsFor(gameConfig(g.seed), g.minBet);
  return [...bets].reverse().find((b) => b <= wanted) ?? bets[0]!;
}

/** Grants free spins inside the caller's transaction; answers the grant (the first one for a reference granted twice). */
export async function grantFreeSpins(tx: Tx, g: NewFreeSpins): Promise<{ grant: FreeSpinGrant; created: boolean }> {
  if (g.spins <= 0) throw new Error('free spins are at least one');
  const [target] = await tx.select({ seed: game.seed, minBet: game.minBet }).from(game).where(eq(game.nodeId, g.nodeId));
  if (!target) throw new ApiError(404, 'game.not.found');
  const now = new Date(clock.now());
  const made = await tx
    .insert(freeSpinGrant)
    .values({
      memberId: g.memberId,
      nodeId: g.nodeId,
      reference: g.reference,
      source: g.source,
      titles: g.titles,
      bet: freeSpinStake(target, g.bet),
      spins: g.spins,
      spinsLeft: g.spins,
      wageringPercent: Math.round(g.wageringMultiple * 100),
      wageringDays: g.wageringDays,
      weights: g.weights ?? {},
      createdAt: now,
      expiresAt: g.expiresAt,
    })
    .onConflictDoNothing()
    .returning();
  if (made[0]) return { grant: made[0], created: true };
  const [first] = await tx
    .select()
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.memberId, g.memberId), eq(freeSpinGrant.reference, g.reference)));
  return { grant: first!, created: false };
}

/** The member's grant with spins left on a game, locked for the spin that uses it (oldest first). */
export async function lockActiveGrant(tx: Tx, memberId: number, nodeId: number, now = clock.now()): Promise<FreeSpinGrant | null> {
  const [g] = await tx
    .select()
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.memberId, memberId), eq(freeSpinGrant.nodeId, nodeId), eq(freeSpinGrant.status, 'active'), gt(freeSpinGrant.spinsLeft, 0), gt(freeSpinGrant.expiresAt, new Date(now))))
    .orderBy(asc(freeSpinGrant.expiresAt), asc(freeSpinGrant.id))
    .limit(1)
    .for('update');
  return g ?? null;
}

/** The member's active grant on a game, unlocked (the game page's state). */
export async function activeGrant(db: Db | Tx, memberId: number, nodeId: number, now = clock.now()): Promise<FreeSpinGrant | null> {
  // On the database (every paid spin asks): the prepared query; in a transaction, the same built anew.
  const [g] = '$client' in db ? await activeGrantQuery(db).execute({ memberId, nodeId, now: new Date(now).toISOString() }) : await activeGrantSelect(db, memberId, nodeId, new Date(now));
  return g ?? null;
}

const activeGrantSelect = (db: Db | Tx, memberId: number | Placeholder, nodeId: number | Placeholder, now: Date | Placeholder) =>
  db
    .select()
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.memberId, memberId), eq(freeSpinGrant.nodeId, nodeId), eq(freeSpinGrant.status, 'active'), gt(freeSpinGrant.spinsLeft, 0), gt(freeSpinGrant.expiresAt, now)))
    .orderBy(asc(freeSpinGrant.expiresAt), asc(freeSpinGrant.id))
    .limit(1);

const activeGrantQuery = preparedPerDb((db) => activeGrantSelect(db, sql.placeholder('memberId'), sql.placeholder('nodeId'), sql.placeholder('now')).prepare('play.freeSpins.active'));

/**
 * Ends a locked grant: its winnings become a bonus with its wagering (none when nothing was
 * won), and it is marked done (no spin left) or expired. Once: the status moves from active.
 */
async function endGrant(tx: Tx, g: FreeSpinGrant, status: 'done' | 'expired', now: number): Promise<FreeSpinGrant> {
  let bonusId: number | null = null;
  // A blocked (excluded, timed-out, closed) member gets no bonus: the grant ends without one.
  if (g.winnings > 0n && (await isMarketable(tx, g.memberId))) {
    const granted = await grantBonus(tx, {
      memberId: g.memberId,
      reference: `freespins:${g.id}`,
      source: g.source,
      titles: g.titles,
      amount: g.winnings,
      turnoverRequired: (g.winnings * BigInt(g.wageringPercent)) / 100n,
      weights: g.weights,
      validMs: g.wageringDays * DAY,
    });
    bonusId = granted.bonusId;
  }
  const [ended] = await tx
    .update(freeSpinGrant)
    .set({ status, bonusId, endedAt: new Date(now) })
    .where(and(eq(freeSpinGrant.id, g.id), eq(freeSpinGrant.status, 'active')))
    .returning();
  return ended ?? g;
}

/** Uses one spin of a locked grant and adds its win; the last spin ends the grant (its winnings paid). */
export async function useFreeSpin(tx: Tx, g: FreeSpinGrant, win: bigint, now = clock.now()): Promise<FreeSpinGrant> {
  const [used] = await tx
    .update(freeSpinGrant)
    .set({ spinsLeft: sql`${freeSpinGrant.spinsLeft} - 1`, winnings: sql`${freeSpinGrant.winnings} + ${win}` })
    .where(and(eq(freeSpinGrant.id, g.id), eq(freeSpinGrant.status, 'active'), gt(freeSpinGrant.spinsLeft, 0)))
    .returning();
  if (!used) throw new ApiError(409, 'game.freeSpins.gone');
  return used.spinsLeft === 0 ? endGrant(tx, used, 'done', now) : used;
}

/** The job: grants past their time with spins left end (their winnings paid); answers how many. */
export async function expireFreeSpins(db: Db, now = clock.now()): Promise<number> {
  const due = await db
    .select({ id: freeSpinGrant.id })
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.status, 'active'), lte(freeSpinGrant.expiresAt, new Date(now))))
    .limit(500);
  let ended = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [g] = await tx
        .select()
        .from(freeSpinGrant)
        .where(and(eq(freeSpinGrant.id, id), eq(freeSpinGrant.status, 'active')))
        .for('update');
      if (!g) return;
      await endGrant(tx, g, 'expired', now);
      ended += 1;
    });
  }
  return ended;
}

/** A grant as the game page and the reward centre show it. */
export function freeSpinsView(g: FreeSpinGrant) {
  const decimals = brand().currencyDecimals;
  return {
    id: g.id,
    nodeId: g.nodeId,
    spins: g.spins,
    left: g.spinsLeft,
    bet: formatMinor(g.bet, decimals),
    winnings: formatMinor(g.winnings, decimals),
    /** The turnover the winnings' bonus asks, as a multiple of it. */
    wagering: g.wageringPercent / 100,
    status: g.status as 'active' | 'done' | 'expired',
    expiresAt: g.expiresAt.getTime(),
  };
}
export type FreeSpinsView = ReturnType<typeof freeSpinsView>;

/** A member's grant by its reference (the granting feature's key), or null. */
export async function grantByReference(db: Db | Tx, memberId: number, reference: string): Promise<FreeSpinGrant | null> {
  const [g] = await db
    .select()
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.memberId, memberId), eq(freeSpinGrant.reference, reference)));
  return g ?? null;
}

/**
 * Rewards other than money (issue 32): a mission step or a leaderboard prize may give points,
 * free spins or raffle tickets as well as money. The reward centre holds each as one `promo_reward`
 * row (its `payout` says what it gives, `amount` how many); claiming it pays it once, in the
 * claim's transaction under the row's lock, with the row's id as the payment's reference:
 * - points: a transfer from the house's points to the member's (memo `reward`, shown as such);
 * - free spins: a grant on the slot (play/server/free-spins.ts), whose winnings become a bonus
 *   with the mission's or board's wagering once the spins end;
 * - raffle tickets: tickets in the raffle's current period (raffle.ts), refused when the raffle
 *   is not running (the reward stays claimable until it expires).
 */
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { game } from '../../games/index.ts';
import { grantFreeSpins } from '../../play/index.ts';
import { earnPointsOnce, money } from '../../wallet/index.ts';
import type { PrizeView } from '../contract.ts';
import { runPromotions } from './engine.ts';
import type { Mission, Reward } from './mission-settings.ts';
import { grantRaffleTickets } from './raffle.ts';
import type { RewardPayout } from './tables.ts';

const DAY = 86_400_000;
/** Free spins given by a reward may be played this long after the claim. */
export const REWARD_SPINS_DAYS = 7;

type Wagering = Mission['wagering'];

/** The row a reward is written as: how many (money in minor units, or the count), the turnover a money reward asks, what it gives. */
export function rewardRow(r: Reward, wagering: Wagering): { amount: bigint; turnover: bigint; payout: RewardPayout | null } {
  switch (r.kind) {
    case 'money':
      return { amount: r.amount, turnover: wagering ? (r.amount * BigInt(Math.round(wagering.multiple * 100))) / 100n : 0n, payout: null };
    case 'points':
      return { amount: BigInt(r.points), turnover: 0n, payout: { kind: 'points' } };
    case 'freeSpins':
      return {
        amount: BigInt(r.spins),
        turnover: 0n,
        payout: { kind: 'freeSpins', nodeId: r.nodeId, bet: String(r.bet), wageringHundredths: Math.round((wagering?.multiple ?? 0) * 100), wageringDays: wagering?.days ?? REWARD_SPINS_DAYS },
      };
    case 'raffleTickets':
      return { amount: BigInt(r.tickets), turnover: 0n, payout: { kind: 'raffleTickets', promotionId: r.promotionId } };
  }
}

/** The names `on` of the slots and raffles of some rewards, in one query. */
async function namesOf(
  db: Db | Tx,
  payouts: readonly (RewardPayout | null)[],
  locale: Locale,
): Promise<{ games: Map<number, { nodeId: number; gameName: string; vassalage: string }>; raffles: Map<number, string> }> {
  const nodeIds = [...new Set(payouts.flatMap((p) => (p?.kind === 'freeSpins' ? [p.nodeId] : [])))];
  const rows = nodeIds.length ? await db.select({ nodeId: game.nodeId, gameName: game.gameName, vassalage: game.vassalage }).from(game).where(inArray(game.nodeId, nodeIds)) : [];
  const raffles = payouts.some((p) => p?.kind === 'raffleTickets') ? new Map(runPromotions(locale).map((p) => [p.rule.id, p.words.title])) : new Map<number, string>();
  return { games: new Map(rows.map((r) => [r.nodeId, r])), raffles };
}

function viewOf(payout: RewardPayout | null, amount: bigint, names: Awaited<ReturnType<typeof namesOf>>): PrizeView {
  if (!payout) return { kind: 'money', amount: money(amount), count: null, on: null, game: null };
  const slot = payout.kind === 'freeSpins' ? names.games.get(payout.nodeId) : undefined;
  const on = slot ? slot.gameName : payout.kind === 'raffleTickets' ? (names.raffles.get(payout.promotionId) ?? null) : null;
  return { kind: payout.kind, amount: null, count: Number(amount), on, game: slot ? { nodeId: slot.nodeId, vassalage: slot.vassalage } : null };
}

/** Rewards as the pages show them (rows of the reward centre, or rewards of the brand file), names looked up once. */
export async function prizeViews(db: Db | Tx, items: readonly ({ payout: RewardPayout | null; amount: bigint } | Reward)[], locale: Locale): Promise<PrizeView[]> {
  const rows = items.map((i) => ('payout' in i ? i : rewardRow(i, undefined)));
  const names = await namesOf(
    db,
    rows.map((r) => r.payout),
    locale,
  );
  return rows.map((r) => viewOf(r.payout, r.amount, names));
}

/** The money a reward row pays as shown ('0.00' when it gives something else). */
export const moneyOf = (r: { payout: RewardPayout | null; amount: bigint }): string => money(r.payout ? 0n : r.amount);

export interface ClaimedRow {
  id: number;
  memberId: number;
  amount: bigint;
  payout: RewardPayout;
}

/** Pays a reward that is not money inside the claim's transaction (see the top of this file). */
export async function payOther(tx: Tx, r: ClaimedRow, ctx: { source: string; titles: Record<string, string>; wagering: Wagering; now: number }): Promise<void> {
  const reference = `reward:${r.id}`;
  switch (r.payout.kind) {
    case 'points':
      await earnPointsOnce(tx, r.memberId, r.amount, reference, 'reward');
      return;
    case 'freeSpins':
      await grantFreeSpins(tx, {
        memberId: r.memberId,
        nodeId: r.payout.nodeId,
        reference,
        source: ctx.source,
        titles: ctx.titles,
        spins: Number(r.amount),
        bet: BigInt(r.payout.bet),
        wageringMultiple: r.payout.wageringHundredths !== undefined ? r.payout.wageringHundredths / 100 : (ctx.wagering?.multiple ?? 0),
        wageringDays: r.payout.wageringDays ?? ctx.wagering?.days ?? REWARD_SPINS_DAYS,
        weights: ctx.wagering?.weights ?? {},
        expiresAt: new Date(ctx.now + REWARD_SPINS_DAYS * DAY),
      });
      return;
    case 'raffleTickets':
      await grantRaffleTickets(tx, { promotionId: r.payout.promotionId, memberId: r.memberId, tickets: Number(r.amount), reference, now: ctx.now });
      return;
  }
}

/**
 * Ledger account codes. A member has a main wallet, a hold account for pending withdrawals, a
 * points account (whole points, their own currency: issue 32) and,
 * when the brand is not single-wallet, one game wallet per vendor. The house has accounts that
 * face the outside world (payments in, payouts out), the games it hosts, bonuses and operator
 * adjustments; those may go below zero.
 */
import { brand } from '../../../kernel/brand/index.ts';
import type { ledgerAccount } from './tables.ts';

export const HOUSE = {
  /** Money that arrived from payment providers (deposits) is credited from here. */
  payments: 'house:payments',
  /** Money paid out to players (withdrawals) goes here. */
  payouts: 'house:payouts',
  /**
   * The house's side of every bet and win, kept in GAME_SHARDS accounts `house:games:<n>` (see
   * gamesAccount); the house's game result is their sum.
   */
  games: 'house:games',
  bonus: 'house:bonus',
  /** Agents' salaries and dividends (issue 14) are paid from these. */
  salaries: 'house:salaries',
  dividends: 'house:dividends',
  adjustments: 'house:adjustments',
  /** Points (issue 32) are earned from here and go back here when redeemed or converted: points, not money (POINTS_CURRENCY). */
  points: 'house:points',
} as const;

/** The unit of points accounts (issue 32): whole points, kept apart from money by their currency; no transfer mixes the two. */
export const POINTS_CURRENCY = 'PTS';

/** A member's main wallet. */
export const mainAccount = (memberId: number) => `member:${memberId}:main`;
/** A member's points (issue 32): whole points, never money. */
export const pointsAccount = (memberId: number) => `member:${memberId}:points`;
/** Funds held for a member's pending withdrawals. */
export const holdAccount = (memberId: number) => `member:${memberId}:hold`;
/** A member's game wallet at one vendor (brands that are not single-wallet). */
export const gameAccount = (memberId: number, vendor: string) => `member:${memberId}:game:${vendor}`;

/**
 * How many accounts hold the house's side of the games. Every bet and win locks one house row
 * until its commit; with a single row all players' bets would queue on it (`npm run bench`), so a
 * member's rounds use the shard of their id.
 */
export const GAME_SHARDS = 64;
/** The house games account a member's bets and wins move through. */
export const gamesAccount = (memberId: number) => `${HOUSE.games}:${memberId % GAME_SHARDS}`;

const MEMBER_CODE = /^member:(\d+):(main|hold|points|game:([A-Z0-9_]+))$/;
const HOUSE_CODE = /^house:[a-z]+(?::\d{1,4})?$/;

/** The row of a new account, from its code; throws for a code that is not one of ours. */
export function describeAccount(code: string): typeof ledgerAccount.$inferInsert {
  const currency = brand().currency;
  if (code === HOUSE.points) return { code, kind: 'house', currency: POINTS_CURRENCY, allowNegative: true };
  if (HOUSE_CODE.test(code)) return { code, kind: 'house', currency, allowNegative: true };
  const m = MEMBER_CODE.exec(code);
  if (!m) throw new Error(`not a ledger account code: ${code}`);
  const kind = m[3] ? 'game' : m[2]!;
  return { code, memberId: Number(m[1]), kind, vendor: m[3] ?? null, currency: kind === 'points' ? POINTS_CURRENCY : currency, allowNegative: false };
}

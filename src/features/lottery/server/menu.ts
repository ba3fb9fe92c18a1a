/**
 * The lottery menus (spec 7): the games grouped as `/lgw/vn/games/game_menu` answers them, each
 * with the draw taking bets now, and a member's recent lottery games.
 */
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { vendor } from '../../games/index.ts';
import { lotteryGame, LOTTERY_GAMES, type LotteryGame } from './engine/schedule.ts';
import { lotteryDraw, lotteryTicket } from './tables.ts';
import type { Family } from './engine/draws.ts';
import type { GameMenuItem } from '../contract.ts';
import { gameProviderFor } from '../../../providers/games/index.ts';

/** The menu group of each family, in menu order. */
const GROUPS: readonly { code: string; name: string; families: readonly Family[] }[] = [
  { code: 'VN', name: 'Vietnam lottery', families: ['vnNorth', 'vnSouth'] },
  { code: 'SSC', name: 'SSC', families: ['ssc'] },
  { code: '11X5', name: '11X5', families: ['11x5'] },
  { code: 'PK10', name: 'PK10', families: ['pk10'] },
  { code: 'LHC', name: 'Mark Six', families: ['lhc'] },
  { code: 'SEA', name: 'SEA 4D', families: ['4d'] },
];

/** The catalogue category each prize mode shows (spec 4: LOTT, ZY, ELOTT, SEA). */
function inPrizeMode(prizeMode: string | undefined, g: LotteryGame, categoryOf: Map<string, string>): boolean {
  const mode = prizeMode?.toUpperCase();
  if (mode === 'SEA') return g.vendor === 'TCG_SEA';
  if (mode === 'LOTT' || mode === 'ZY') return categoryOf.get(g.vendor) === 'LOTT';
  if (mode === 'ELOTT') return categoryOf.get(g.vendor) === 'ELOTT';
  return true;
}

/** The menu items of some games, each with its draw taking bets at `now`. */
async function items(db: Db, games: readonly LotteryGame[], now: number): Promise<GameMenuItem[]> {
  if (games.length === 0) return [];
  const open = await db
    .select({ gameCode: lotteryDraw.gameCode, drawNo: lotteryDraw.drawNo, opensAt: lotteryDraw.opensAt, closesAt: lotteryDraw.closesAt, drawAt: lotteryDraw.drawAt })
    .from(lotteryDraw)
    .where(
      and(
        eq(lotteryDraw.status, 'open'),
        inArray(
          lotteryDraw.gameCode,
          games.map((g) => g.code),
        ),
      ),
    );
  return games.map((g) => {
    const taking = open.filter((d) => d.gameCode === g.code && d.opensAt.getTime() <= now && now < d.closesAt.getTime()).sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime())[0];
    return {
      gameCode: g.code,
      gameName: g.name,
      accountTypeName: 'TCG_LOTTO_VN' as const,
      vendor: g.vendor,
      family: g.family,
      everyMinutes: g.schedule.kind === 'interval' ? g.schedule.everyMinutes : null,
      drawTime: g.schedule.kind === 'daily' ? g.schedule.localTime : null,
      weekdays: g.schedule.kind === 'daily' ? [...g.schedule.weekdays] : null,
      timeZone: g.timeZone,
      nextDraw: taking ? { drawNo: taking.drawNo, closesAt: taking.closesAt.getTime(), drawAt: taking.drawAt.getTime() } : null,
    };
  });
}

/** The enabled lottery vendors' categories, by vendor code. */
async function vendorCategories(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: vendor.code, gameType: vendor.gameType })
    .from(vendor)
    .where(and(eq(vendor.enabled, true), inArray(vendor.code, [...new Set(LOTTERY_GAMES.map((g) => g.vendor))])));
  return new Map(rows.map((r) => [r.code, r.gameType]));
}

/** The game menu: groups of the games of `prizeMode` whose vendor the brand lists. */
export async function gameMenu(db: Db, prizeMode: string | undefined, now: number) {
  const categoryOf = await vendorCategories(db);
  // A vendor switched to a real provider serves its own lottery (launched from its tiles).
  const games = LOTTERY_GAMES.filter((g) => categoryOf.has(g.vendor) && gameProviderFor(g.vendor).code === 'sandbox' && inPrizeMode(prizeMode, g, categoryOf));
  const all = await items(db, games, now);
  const out: Record<string, { groupCode: string; groupName: string; gameMenus: GameMenuItem[] }> = {};
  for (const group of GROUPS) {
    const gameMenus = all.filter((i) => group.families.includes(i.family as Family));
    if (gameMenus.length) out[group.code] = { groupCode: group.code, groupName: group.name, gameMenus };
  }
  return out;
}

/** The lottery games a member bought tickets for, latest first. */
export async function recentMenu(db: Db, memberId: number, now: number, limit = 10) {
  const rows = await db
    .select({ gameCode: lotteryTicket.gameCode, last: max(lotteryTicket.createdAt) })
    .from(lotteryTicket)
    .where(eq(lotteryTicket.memberId, memberId))
    .groupBy(lotteryTicket.gameCode)
    .orderBy(desc(max(lotteryTicket.createdAt)))
    .limit(limit);
  const games = rows.map((r) => lotteryGame(r.gameCode)).filter((g): g is LotteryGame => g !== undefined);
  return { gameMenus: await items(db, games, now) };
}

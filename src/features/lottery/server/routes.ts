/** Handlers of the lottery's calls (contract: src/features/lottery/contract.ts). */
import { and, asc, eq } from 'drizzle-orm';
import { requireRealAccount } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { lotteryBet, lotteryGameInfo, lotteryGameMenu, lotteryRecentMenu, lotteryTickets, lotteryVerify, openedNumbers, openedNumerosLotto } from '../contract.ts';
import { gameMenu, recentMenu } from './menu.ts';
import { drawView, openedNumbers as opened, verifyDraw } from './draws.ts';
import { betTypesOf, toNumber } from './engine/bets.ts';
import { lotteryDraw } from './tables.ts';
import { buyTickets, MAX_TICKETS, memberTickets, sandboxGame, STAKE_RANGE } from './tickets.ts';

const openedOf = async (q: { gameCode: string; pageSize?: number }) => ({ gameCode: q.gameCode, list: await opened(await db(), q.gameCode, q.pageSize ?? 20) });

/** A game's board: its bet types, the stake range and its open draws. */
async function gameInfo(gameCode: string) {
  const g = sandboxGame(gameCode);
  const now = clock.now();
  const draws = await (
    await db()
  )
    .select()
    .from(lotteryDraw)
    .where(and(eq(lotteryDraw.gameCode, g.code), eq(lotteryDraw.status, 'open')))
    .orderBy(asc(lotteryDraw.drawAt))
    .limit(3);
  const decimals = brand().currencyDecimals;
  const major = (n: number) => formatMinor(BigInt(n) * 10n ** BigInt(decimals), decimals);
  return {
    gameCode: g.code,
    name: g.name,
    vendor: g.vendor,
    family: g.family,
    closeMs: g.closeMs,
    everyMinutes: g.schedule.kind === 'interval' ? g.schedule.everyMinutes : null,
    betTypes: betTypesOf(g.family).map((b) => ({ code: b.code, pay: b.pay, rtp: toNumber(b.rtp()) })),
    stake: { min: major(STAKE_RANGE.min), max: major(STAKE_RANGE.max) },
    maxTickets: MAX_TICKETS,
    draws: draws.map(drawView),
    now,
  };
}

export const lotteryRoutes = [
  route(openedNumbers, ({ query }) => openedOf(query)),
  route(openedNumerosLotto, ({ query }) => openedOf(query)),
  route(lotteryVerify, async ({ query }) => verifyDraw(await db(), query.gameCode, query.drawNo)),
  route(lotteryGameInfo, ({ query }) => gameInfo(query.gameCode)),
  route(lotteryBet, async ({ body }, ctx) => {
    const s = requireRealAccount(ctx);
    return buyTickets(await db(), { memberId: s.memberId, gameCode: body.gameCode, drawNo: body.drawNo, idempotencyKey: body.idempotencyKey, tickets: body.tickets });
  }),
  route(lotteryGameMenu, async ({ query }) => gameMenu(await db(), query.prizeMode, clock.now())),
  route(lotteryRecentMenu, async (_input, ctx) => {
    const s = requireRealAccount(ctx);
    return recentMenu(await db(), s.memberId, clock.now());
  }),
  route(lotteryTickets, async ({ query }, ctx) => {
    const s = requireRealAccount(ctx);
    return memberTickets(await db(), s.memberId, { gameCode: query.gameCode, status: query.status, pageNo: query.pageNo ?? 1, pageSize: query.pageSize ?? 20 });
  }),
];

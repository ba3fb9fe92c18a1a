/** Handlers of the lottery's calls (contract: src/features/lottery/contract.ts). */
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { lotteryVerify, openedNumbers, openedNumerosLotto } from '../contract.ts';
import { openedNumbers as opened, verifyDraw } from './draws.ts';

const openedOf = async (q: { gameCode: string; pageSize?: number }) => ({ gameCode: q.gameCode, list: await opened(await db(), q.gameCode, q.pageSize ?? 20) });

export const lotteryRoutes = [
  route(openedNumbers, ({ query }) => openedOf(query)),
  route(openedNumerosLotto, ({ query }) => openedOf(query)),
  route(lotteryVerify, async ({ query }) => verifyDraw(await db(), query.gameCode, query.drawNo)),
];

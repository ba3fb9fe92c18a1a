/** The promotions engine's handlers (contract: src/features/promotions/contract.ts). */
import { requireRealAccount, sessionOf } from '../../accounts/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import {
  depositOffers,
  freeSpinsClaim,
  freeSpinsStatus,
  referralStatus,
  bonusCode,
  promotionJoin,
  promotionStatuses,
  rewardClaim,
  rewardList,
  signinStatus,
  signinToday,
  vipStatus,
  raffleStatus,
  raffleVerify,
  claimRafflePromotion,
  missionSummary,
  manualRebate,
  manualRebateClaim,
  missionLeaderboard,
  leaderboardVerify,
} from '../contract.ts';
import { leaderboardsOf, verifyLeaderboard } from './leaderboards.ts';
import { missionsOf } from './missions.ts';
import { claimManualRebate, manualRebateOf } from './manual-rebate.ts';
import { claimRafflePrizes, raffleStatus as raffleStatusOf, verifyDraw } from './raffle.ts';
import { vipStatus as vipStatusOf } from './vip.ts';
import { referralStatus as referralStatusOf } from './referral.ts';
import { claimFreeSpins, freeSpinsStatus as freeSpinsOf } from './free-spins.ts';
import { signIn, signinCalendar } from './signin.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { listPromotions } from '../../content/index.ts';
import { claimReward, listRewards } from './rewards.ts';
import { limitedCodeTry } from './code-limits.ts';
import { depositOffers as depositOffersOf, joinPromotion, memberStatuses, redeemCode } from './engine.ts';

export const promotionRoutes = [
  route(promotionStatuses, async (_input, ctx) => memberStatuses(await db(), sessionOf(ctx).memberId)),
  route(depositOffers, async (_input, ctx) => depositOffersOf(await db(), sessionOf(ctx).memberId, ctx.locale)),
  route(promotionJoin, async ({ body }, ctx) => joinPromotion(await db(), requireRealAccount(ctx).memberId, body.id)),
  route(rewardList, async (_input, ctx) => {
    const s = sessionOf(ctx);
    return s.isTrial ? { available: 0, items: [] } : listRewards(await db(), s.memberId, ctx.locale);
  }),
  route(bonusCode, async ({ body }, ctx) => {
    const memberId = requireRealAccount(ctx).memberId;
    const database = await db();
    const r = await limitedCodeTry(database, memberId, ctx.ip, () => redeemCode(database, memberId, body.code));
    return { ...r, title: listPromotions(ctx.locale).find((p) => p.id === r.promotionId)?.title ?? r.title };
  }),
  route(raffleStatus, async ({ query }, ctx) => raffleStatusOf(await db(), requireRealAccount(ctx).memberId, query.promotionId, ctx.locale)),
  route(raffleVerify, async ({ query }) => {
    if (query.promotionId === undefined) throw new ApiError(400, 'promotion.unknown');
    return verifyDraw(await db(), query.promotionId, query.start);
  }),
  route(claimRafflePromotion, async ({ body }, ctx) => claimRafflePrizes(await db(), requireRealAccount(ctx).memberId, body, ctx.locale)),
  route(freeSpinsStatus, async (_input, ctx) => {
    const s = sessionOf(ctx);
    return s.isTrial ? { items: [] } : freeSpinsOf(await db(), s.memberId, ctx.locale);
  }),
  route(freeSpinsClaim, async ({ body }, ctx) => claimFreeSpins(await db(), requireRealAccount(ctx).memberId, body.promotionId, ctx.locale)),
  route(referralStatus, async (_input, ctx) => referralStatusOf(await db(), requireRealAccount(ctx).memberId)),
  route(vipStatus, async (_input, ctx) => vipStatusOf(await db(), requireRealAccount(ctx).memberId)),
  route(signinStatus, async (_input, ctx) => signinCalendar(await db(), sessionOf(ctx).memberId)),
  route(signinToday, async (_input, ctx) => signIn(await db(), requireRealAccount(ctx).memberId, ctx.locale)),
  route(missionSummary, async (_input, ctx) => missionsOf(await db(), sessionOf(ctx).memberId, ctx.locale)),
  route(missionLeaderboard, async (_input, ctx) => leaderboardsOf(await db(), sessionOf(ctx).memberId, ctx.locale)),
  route(leaderboardVerify, async ({ query }) => {
    if (query.boardId === undefined) throw new ApiError(400, 'promotion.leaderboard.unknown');
    return verifyLeaderboard(await db(), query.boardId, query.periodKey);
  }),
  route(rewardClaim, async ({ body }, ctx) => claimReward(await db(), requireRealAccount(ctx).memberId, body.id, ctx.locale)),
  route(manualRebate, async (_input, ctx) => manualRebateOf(await db(), sessionOf(ctx).memberId, ctx.locale)),
  route(manualRebateClaim, async ({ body }, ctx) => claimManualRebate(await db(), requireRealAccount(ctx).memberId, body.idempotencyKey, ctx.locale)),
];

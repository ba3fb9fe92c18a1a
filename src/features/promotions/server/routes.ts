/** The promotions engine's handlers (contract: src/features/promotions/contract.ts). */
import { requireRealAccount, sessionOf } from '../../accounts/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { promotionJoin, promotionStatuses, rewardClaim, rewardList } from '../contract.ts';
import { claimReward, listRewards } from './rewards.ts';
import { joinPromotion, memberStatuses } from './engine.ts';

export const promotionRoutes = [
  route(promotionStatuses, async (_input, ctx) => memberStatuses(await db(), sessionOf(ctx).memberId)),
  route(promotionJoin, async ({ body }, ctx) => joinPromotion(await db(), requireRealAccount(ctx).memberId, body.id)),
  route(rewardList, async (_input, ctx) => {
    const s = sessionOf(ctx);
    return s.isTrial ? { available: 0, items: [] } : listRewards(await db(), s.memberId, ctx.locale);
  }),
  route(rewardClaim, async ({ body }, ctx) => claimReward(await db(), requireRealAccount(ctx).memberId, body.id, ctx.locale)),
];

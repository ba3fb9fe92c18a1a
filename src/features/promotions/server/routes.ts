/** The promotions engine's handlers (contract: src/features/promotions/contract.ts). */
import { requireRealAccount, sessionOf } from '../../accounts/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { promotionJoin, promotionStatuses } from '../contract.ts';
import { joinPromotion, memberStatuses } from './engine.ts';

export const promotionRoutes = [
  route(promotionStatuses, async (_input, ctx) => memberStatuses(await db(), sessionOf(ctx).memberId)),
  route(promotionJoin, async ({ body }, ctx) => joinPromotion(await db(), requireRealAccount(ctx).memberId, body.id)),
];

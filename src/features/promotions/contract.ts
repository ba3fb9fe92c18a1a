/**
 * Promotions that the engine runs (issue 15; spec 3 statuses): each member's status of each
 * promotion with rules, and joining one. Our own calls (the spec names none), in the envelope.
 */
import { z } from 'zod';
import { defineCall } from '../../kernel/contract.ts';
import { PROMO_STATUSES } from '../content/contract.ts';

export const memberPromotion = z.object({
  id: z.number().int(),
  status: z.enum(PROMO_STATUSES),
});
export type MemberPromotion = z.infer<typeof memberPromotion>;

/** The caller's status of every promotion the engine runs (join, inProcess, issued, closed, comingSoon...). */
export const promotionStatuses = defineCall({
  name: 'promotionStatuses',
  method: 'GET',
  path: '/wps/promotions/status',
  token: true,
  value: z.array(memberPromotion),
});

/** Joins a promotion that starts with a join (its reward follows, e.g. at the first deposit). */
export const promotionJoin = defineCall({
  name: 'promotionJoin',
  method: 'POST',
  path: '/wps/promotions/join',
  token: true,
  body: z.object({ id: z.number().int().positive() }),
  value: memberPromotion,
});

export const promotionCalls = [promotionStatuses, promotionJoin];

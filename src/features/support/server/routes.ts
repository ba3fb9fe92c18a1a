/** Customer service's handlers (contract: src/features/support/contract.ts). */
import { db } from '../../../kernel/db/index.ts';
import { route, type HandlerContext } from '../../../kernel/http/dispatch.ts';
import { requireRealAccount } from '../../accounts/index.ts';
import { feedbackImage, feedbackList, feedbackSubmit } from '../contract.ts';
import { myFeedback, pictureFile, submitFeedback } from './feedback.ts';

/** The caller; a trial account has no feedback (it is told to register, as elsewhere in the member centre). */
const memberOf = (ctx: HandlerContext) => requireRealAccount(ctx).memberId;

export const supportRoutes = [
  route(feedbackSubmit, async ({ body }, ctx) => submitFeedback(await db(), memberOf(ctx), body, ctx.t)),
  route(feedbackList, async (_input, ctx) => myFeedback(await db(), memberOf(ctx))),
  route(feedbackImage, async ({ query }, ctx) => pictureFile(await db(), query.id, memberOf(ctx))),
];

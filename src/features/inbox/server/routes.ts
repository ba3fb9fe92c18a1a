/** The inbox's handlers (contract: src/features/inbox/contract.ts). */
import { findById, sessionOf } from '../../accounts/index.ts';
import { db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { inboxDelete, inboxList, inboxRead, unreadCount } from '../contract.ts';
import { listOf, markRead, remove, unreadOf, type Reader } from './inbox.ts';

/** The caller as a reader of its inbox; null for a trial account (it has none). */
async function reader(ctx: HandlerContext): Promise<Reader | null> {
  const s = sessionOf(ctx);
  if (s.isTrial) return null;
  const m = await findById(await db(), s.memberId);
  if (!m) throw new ApiError(401, 'login.not.session');
  return { id: m.id, createdAt: m.createdAt };
}

export const inboxRoutes = [
  route(unreadCount, async (_input, ctx) => {
    const r = await reader(ctx);
    return r ? unreadOf(await db(), r) : 0;
  }),
  route(inboxList, async ({ query }, ctx) => {
    const r = await reader(ctx);
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 10;
    if (!r) return { content: [], pageNum: pageNo, totalPages: 0, totalCount: 0, unread: 0 };
    return listOf(await db(), r, ctx.t, ctx.locale, pageNo, pageSize);
  }),
  route(inboxRead, async ({ body }, ctx) => {
    const r = await reader(ctx);
    return { unread: r ? await markRead(await db(), r, body.ids ?? [], body.all ?? false) : 0 };
  }),
  route(inboxDelete, async ({ body }, ctx) => {
    const r = await reader(ctx);
    return { unread: r ? await remove(await db(), r, body.ids) : 0 };
  }),
];

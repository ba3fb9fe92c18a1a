/** Customer service's handlers (contract: src/features/support/contract.ts). */
import { db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { route, type HandlerContext } from '../../../kernel/http/dispatch.ts';
import { keyedSlots } from '../../../kernel/slots.ts';
import { LIVE_CHAT_PATH } from '../../../kernel/constants.ts';
import { localizePath } from '../../../kernel/locales.ts';
import { requireRealAccount, sessionOfToken } from '../../accounts/index.ts';
import {
  CHAT_KEY_HEADER,
  chatClaim,
  chatClose,
  chatHistory,
  chatKeyPattern,
  chatPicture,
  chatRead,
  chatSend,
  chatSendPicture,
  chatState,
  chatStream,
  chatTyping,
  feedbackImage,
  feedbackList,
  feedbackSubmit,
  liveLaunchChat,
  liveModelList,
} from '../contract.ts';
import {
  chatPictureFile,
  chatStateOf,
  chatterStream,
  claimChat,
  closeAsChatter,
  historyOf,
  readAsChatter,
  sendAsChatter,
  sendPictureAsChatter,
  typingAsChatter,
  visitorKeyHash,
  type Chatter,
} from './chat.ts';
import { myFeedback, pictureFile, submitFeedback } from './feedback.ts';

/** The caller; a trial account has no feedback (it is told to register, as elsewhere in the member centre). */
const memberOf = (ctx: HandlerContext) => requireRealAccount(ctx).memberId;

/**
 * Who is chatting: the member of the session the call carries (a token that no longer holds is
 * refused as on every member call; `passive` calls do not count as the member's use of it), else
 * the visitor of the X-Chat-Key header, else nobody (null).
 */
async function chatterOf(ctx: HandlerContext, passive = false): Promise<Chatter | null> {
  if (ctx.token) {
    const s = await sessionOfToken(ctx.token, { slide: !passive });
    if (!s) throw new ApiError(401, 'user.or.token.invalid');
    return { kind: 'member', memberId: s.memberId };
  }
  const raw = ctx.headers.get(CHAT_KEY_HEADER);
  return raw && chatKeyPattern.test(raw) ? { kind: 'visitor', key: visitorKeyHash(raw) } : null;
}

async function requireChatter(ctx: HandlerContext, passive = false): Promise<Chatter> {
  const who = await chatterOf(ctx, passive);
  if (!who) throw new ApiError(401, 'support.chat.who');
  return who;
}

const chatOf = (ctx: HandlerContext) => ({ ip: ctx.ip, t: ctx.t, locale: ctx.locale });
const idOf = (who: Chatter) => (who.kind === 'member' ? `m${who.memberId}` : `v${who.key}`);

/** Open streams: four per member or visitor (windows, tabs) and forty per address, in this process. */
const byWho = keyedSlots({ perKey: 4, total: 20_000 });
const byIp = keyedSlots({ perKey: 40, total: 20_000 });

/** Typing signs: one per member or visitor every two seconds is all anyone sees (each is a NOTIFY to every process). */
const lastTyping = new Map<string, number>();
function typingAllowed(key: string): boolean {
  const now = Date.now();
  if (now - (lastTyping.get(key) ?? 0) < 2000) return false;
  if (lastTyping.size > 50_000) lastTyping.clear();
  lastTyping.set(key, now);
  return true;
}

export const supportRoutes = [
  route(liveModelList, () => []),
  route(liveLaunchChat, (_input, ctx) => ({ chatUrl: localizePath(LIVE_CHAT_PATH, ctx.locale) })),
  route(feedbackSubmit, async ({ body }, ctx) => submitFeedback(await db(), memberOf(ctx), body, ctx.t)),
  route(feedbackList, async (_input, ctx) => myFeedback(await db(), memberOf(ctx))),
  route(feedbackImage, async ({ query }, ctx) => pictureFile(await db(), query.id, memberOf(ctx))),

  route(chatState, async (_input, ctx) => chatStateOf(await db(), await chatterOf(ctx, true), ctx.locale)),
  route(chatSend, async ({ body }, ctx) => sendAsChatter(await db(), await requireChatter(ctx), body, chatOf(ctx))),
  route(chatSendPicture, async ({ body }, ctx) => sendPictureAsChatter(await db(), await requireChatter(ctx), body, chatOf(ctx))),
  route(chatPicture, async ({ query }, ctx) => chatPictureFile(await db(), query.id, await requireChatter(ctx, true))),
  route(chatRead, async ({ body }, ctx) => (await readAsChatter(await db(), await requireChatter(ctx, true), body.upTo), {})),
  route(chatTyping, async (_input, ctx) => {
    const who = await requireChatter(ctx);
    if (typingAllowed(idOf(who))) await typingAsChatter(await db(), who);
    return {};
  }),
  route(chatClose, async (_input, ctx) => (await closeAsChatter(await db(), await requireChatter(ctx)), {})),
  route(chatHistory, async ({ query }, ctx) => historyOf(await db(), await requireChatter(ctx, true), query.conversation)),
  route(chatClaim, async (_input, ctx) => {
    const raw = ctx.headers.get(CHAT_KEY_HEADER);
    if (!raw || !chatKeyPattern.test(raw)) return { joined: 0 };
    return { joined: await claimChat(await db(), memberOf(ctx), raw) };
  }),
  route(chatStream, async ({ query }, ctx) => {
    const who = await requireChatter(ctx, true);
    const lastId = Number(ctx.headers.get('last-event-id') ?? query.after ?? 0);
    const after = Number.isSafeInteger(lastId) && lastId > 0 ? lastId : 0;
    const mine = byWho.take(idOf(who));
    if (!mine) throw new ApiError(429, 'support.chat.streams');
    const fromIp = byIp.take(ctx.ip);
    if (!fromIp) {
      mine();
      throw new ApiError(429, 'support.chat.streams');
    }
    const release = () => (mine(), fromIp());
    const token = ctx.token;
    try {
      // A member's stream ends at the next heartbeat once their session has (logout, idle, a lock),
      // checked without sliding it: listening is not using.
      return await chatterStream(await db(), who, after, token ? async () => !!(await sessionOfToken(token, { slide: false })) : null, release);
    } catch (err) {
      release();
      throw err;
    }
  }),
];

/**
 * The live chat (issue 31, stage 2): a member or a visitor talks with support; support answers from
 * the console's desk. Everything is written to the tables first and announced after
 * (chat-live.ts), so a restart loses nothing and every process shows the same conversation.
 *
 * - Identity: a member by their session; a visitor by a key their browser makes (32 hex, kept in
 *   its storage, sent as X-Chat-Key) of which only the SHA-256 is stored, with the name and the
 *   contact they give with their first message. At login the visitor's chat joins the member's
 *   (claimChat), and the key alone no longer opens it.
 * - One conversation not closed per member (a unique partial index): a new message goes to it, or
 *   starts one. A staff member takes it (open), answers, closes it; a closed one can be reopened.
 * - Limits: the brand's messages per minute per member or visitor (ten times that per address),
 *   ten new conversations an hour per address, the longest message; a member support blocked
 *   cannot chat.
 * - Out of hours (the brand's support hours) a chat is still taken and told when support answers;
 *   an answer the member has not read after the brand's minutes goes on as a platform message
 *   (forwardUnread, a job), once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { member } from '../../accounts/index.ts';
import { sendSystemMessage } from '../../inbox/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { FileAnswer } from '../../../kernel/contract.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatDateTime } from '../../../kernel/intl.ts';
import { formatWeeklyHours, hoursAt, type WeeklyHours } from '../../../kernel/hours.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { hit } from '../../../kernel/rate-limit.ts';
import { ImageRefusal, processImage, sniffImage } from '../../../kernel/images.ts';
import { fileStore } from '../../../providers/storage/index.ts';
import { FEEDBACK_IMAGE_MAX_BYTES } from '../contract.ts';
import type { ChatConversationView, ChatMessageView } from '../contract.ts';
import { announce, chatStreamOf, type ChatSignal } from './chat-live.ts';
import { supportSettings } from './settings.ts';
import { chatAgent, chatBlock, chatConversation, chatMessage } from './tables.ts';

type Conversation = typeof chatConversation.$inferSelect;
type Message = typeof chatMessage.$inferSelect;

/** Who is on the member's side of a chat. */
export type Chatter = { kind: 'member'; memberId: number } | { kind: 'visitor'; key: string };

export const chatSettings = () => supportSettings().chat;

/** The stored form of a visitor's key. */
export const visitorKeyHash = (raw: string) => createHash('sha256').update(raw).digest('hex');

const NEW_PER_IP_PER_HOUR = 10;

export function conversationView(c: Conversation): ChatConversationView {
  return {
    id: c.id,
    status: c.status as ChatConversationView['status'],
    createdAt: c.createdAt.getTime(),
    closedAt: c.closedAt?.getTime() ?? null,
    memberReadId: c.memberReadId,
    staffReadId: c.staffReadId,
  };
}

/** A message as its reader sees it: the member never learns which staff member wrote. */
export function messageView(m: Message, forStaff: boolean): ChatMessageView {
  return {
    id: m.id,
    author: m.author as ChatMessageView['author'],
    staffName: forStaff ? m.staffName : null,
    body: m.body,
    picture: m.imageKey ? { width: m.imageWidth ?? 0, height: m.imageHeight ?? 0 } : null,
    createdAt: m.createdAt.getTime(),
  };
}

const field = (t: TFunction, code: string, name: string, params: Record<string, string | number> = {}) => new ApiError(400, code, params, { [name]: t(`errors:${code}`, params) });

/** The chat's hours now: open, or when it next opens, and the hours in words. */
export function chatHours(locale: string, now = clock.now()): { open: boolean; nextOpen: number | null; text: string | null } {
  const set = chatSettings().hours;
  const h: WeeklyHours | null = set === 'brand' ? brand().supportHours : set;
  if (!h) return { open: true, nextOpen: null, text: null };
  const r = hoursAt(h, now, brand().timeZone);
  return { ...r, text: formatWeeklyHours(h, locale, now) };
}

/** Minutes a new chat waits, estimated from the last week's first answers and the queue ahead. */
export async function waitMinutes(db: Db | Tx): Promise<number> {
  const since = new Date(clock.now() - 7 * 86_400_000);
  const [r] = await db
    .select({
      avg: sql<number | null>`avg(extract(epoch from (${chatConversation.answeredAt} - ${chatConversation.createdAt})))::float8`,
      waiting: sql<number>`(select count(*)::int from ${chatConversation} where ${chatConversation.status} = 'waiting')`,
    })
    .from(chatConversation)
    .where(and(gt(chatConversation.createdAt, since), sql`${chatConversation.answeredAt} is not null`));
  const perChat = Math.max(1, (r?.avg ?? 120) / 60);
  return Math.max(1, Math.round(perChat * (1 + Math.max(0, (r?.waiting ?? 0) - 1))));
}

/** Which conversations are the chatter's: a member's own, or a visitor's that no member has joined. */
function ownedBy(who: Chatter): SQL {
  return who.kind === 'member' ? eq(chatConversation.memberId, who.memberId) : and(eq(chatConversation.visitorKey, who.key), isNull(chatConversation.memberId))!;
}

/** The chatter's conversation that is not closed, if any (locked when `lock`). */
async function currentOf(db: Db | Tx, who: Chatter, lock = false): Promise<Conversation | undefined> {
  const q = db
    .select()
    .from(chatConversation)
    .where(and(ownedBy(who), ne(chatConversation.status, 'closed')))
    .orderBy(desc(chatConversation.id))
    .limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

/** The chatter's latest conversation, closed or not. */
async function latestOf(db: Db | Tx, who: Chatter): Promise<Conversation | undefined> {
  const [c] = await db.select().from(chatConversation).where(ownedBy(who)).orderBy(desc(chatConversation.id)).limit(1);
  return c;
}

async function messagesOf(db: Db | Tx, conversationId: number, opts: { after?: number; forStaff: boolean; limit?: number }): Promise<Message[]> {
  const where = [eq(chatMessage.conversationId, conversationId)];
  if (opts.after) where.push(gt(chatMessage.id, opts.after));
  if (!opts.forStaff) where.push(ne(chatMessage.author, 'note'));
  if (opts.after === undefined) {
    // The latest ones, in order.
    const rows = await db
      .select()
      .from(chatMessage)
      .where(and(...where))
      .orderBy(desc(chatMessage.id))
      .limit(opts.limit ?? 200);
    return rows.reverse();
  }
  return db
    .select()
    .from(chatMessage)
    .where(and(...where))
    .orderBy(asc(chatMessage.id))
    .limit(opts.limit ?? 200);
}

/** Whether a member is barred from the chat. */
async function isBlocked(db: Db | Tx, memberId: number): Promise<boolean> {
  const [b] = await db.select({ id: chatBlock.memberId }).from(chatBlock).where(eq(chatBlock.memberId, memberId));
  return !!b;
}

/** The chat as the member or visitor sees it. */
export async function chatStateOf(db: Db, who: Chatter | null, locale: string) {
  const s = chatSettings();
  const hours = chatHours(locale);
  const base = { enabled: s.enabled, hours, maxLength: s.maxLength, waitMinutes: hours.open ? await waitMinutes(db) : null };
  if (!who) return { ...base, identity: 'none' as const, conversation: null, messages: [], earlier: [] };
  const current = (await currentOf(db, who)) ?? (await latestOf(db, who));
  const messages = current ? await messagesOf(db, current.id, { forStaff: false, limit: 100 }) : [];
  const earlierRows =
    who.kind === 'member'
      ? await db
          .select({
            id: chatConversation.id,
            createdAt: chatConversation.createdAt,
            closedAt: chatConversation.closedAt,
            preview: sql<string>`coalesce((select ${chatMessage.body} from ${chatMessage} where ${chatMessage.conversationId} = ${chatConversation.id} and ${chatMessage.author} in ('member', 'visitor') order by ${chatMessage.id} limit 1), '')`,
          })
          .from(chatConversation)
          .where(and(ownedBy(who), eq(chatConversation.status, 'closed'), current ? ne(chatConversation.id, current.id) : undefined))
          .orderBy(desc(chatConversation.id))
          .limit(20)
      : [];
  // A visitor without a conversation has a key but has not said who they are yet.
  const identity = who.kind === 'member' ? 'member' : current ? 'visitor' : 'none';
  return {
    ...base,
    identity: identity as 'member' | 'visitor' | 'none',
    conversation: current ? conversationView(current) : null,
    messages: messages.map((m) => messageView(m, false)),
    earlier: earlierRows.map((r) => ({ id: r.id, createdAt: r.createdAt.getTime(), closedAt: r.closedAt?.getTime() ?? null, preview: r.preview.slice(0, 80) })),
  };
}

/**
 * May this chatter send now: the chat is on, the member is not barred, and the messages a minute
 * (theirs, and their address's) allow it; a visitor without an open conversation has said who
 * they are (now or in an earlier one).
 */
async function admit(db: Db, who: Chatter, input: { name?: string; contact?: string }, ctx: { ip: string; t: TFunction }): Promise<void> {
  const s = chatSettings();
  if (!s.enabled) throw new ApiError(403, 'support.chat.off');
  if (who.kind === 'member' && (await isBlocked(db, who.memberId))) throw new ApiError(403, 'support.chat.blocked');
  if (who.kind === 'visitor' && !(await currentOf(db, who))) {
    const named = await visitorNamed(db, who, input);
    if (!named.name) throw field(ctx.t, 'support.chat.name', 'name');
    if (!named.contact) throw field(ctx.t, 'support.chat.contact', 'contact');
  }
  const whoKey = who.kind === 'member' ? `m${who.memberId}` : `v${who.key}`;
  const [mine, fromIp] = await Promise.all([hit(db, `chat:${whoKey}`, 60_000), hit(db, `chat-ip:${ctx.ip}`, 60_000)]);
  if (mine.count > s.perMinute || fromIp.count > s.perMinute * 10) throw new ApiError(429, 'support.chat.tooMany');
}

/** A visitor's name and contact: as given now, else as given in their latest conversation (a returning visitor is not asked again). */
async function visitorNamed(db: Db | Tx, who: Chatter, input: { name?: string; contact?: string }): Promise<{ name: string | null; contact: string | null }> {
  if (who.kind !== 'visitor') return { name: null, contact: null };
  if (input.name && input.contact) return { name: input.name, contact: input.contact };
  const last = await latestOf(db, who);
  return { name: input.name || last?.visitorName || null, contact: input.contact || last?.visitorContact || null };
}

/** Runs `fn` once more when it lost a race on a unique index (two first messages of one member at once). */
async function retryOnUnique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code !== '23505') throw err;
    return fn();
  }
}

/** A system line in the conversation's language. */
function systemLine(locale: string, key: string, params: Record<string, string | number> = {}): string {
  return getT(locale as never)(`support:chat.system.${key}`, params);
}

/**
 * A member's or visitor's message: to their open conversation, or a new one (a visitor's first
 * says who they are). The same clientKey again answers the message already sent.
 */
export async function sendAsChatter(
  db: Db,
  who: Chatter,
  input: { body: string; clientKey: string; name?: string; contact?: string; picture?: StoredPicture },
  ctx: { ip: string; t: TFunction; locale: string },
) {
  const s = chatSettings();
  if (input.body.length > s.maxLength) throw field(ctx.t, 'support.chat.length', 'body', { max: s.maxLength });
  if (!input.body && !input.picture) throw field(ctx.t, 'support.chat.length', 'body', { max: s.maxLength });
  // (A picture's sending made these checks before it stored the picture.)
  if (!input.picture) await admit(db, who, input, ctx);
  const named = await visitorNamed(db, who, input);

  return retryOnUnique(() =>
    db.transaction(async (tx) => {
      let conv = await currentOf(tx, who, true);
      let started = false;
      if (!conv) {
        if (who.kind === 'visitor') {
          if (!named.name) throw field(ctx.t, 'support.chat.name', 'name');
          if (!named.contact) throw field(ctx.t, 'support.chat.contact', 'contact');
        }
        const fresh = await hit(tx as unknown as Db, `chat-new-ip:${ctx.ip}`, 3_600_000);
        if (fresh.count > NEW_PER_IP_PER_HOUR) throw new ApiError(429, 'support.chat.tooMany');
        const now = new Date(clock.now());
        [conv] = await tx
          .insert(chatConversation)
          .values({
            memberId: who.kind === 'member' ? who.memberId : null,
            visitorKey: who.kind === 'visitor' ? who.key : null,
            visitorName: who.kind === 'visitor' ? named.name : null,
            visitorContact: who.kind === 'visitor' ? named.contact : null,
            locale: ctx.locale,
            createdAt: now,
            lastMessageAt: now,
          })
          .returning();
        started = true;
      }
      const c = conv!;
      const [inserted] = await tx
        .insert(chatMessage)
        .values({
          conversationId: c.id,
          author: who.kind,
          body: input.body,
          clientKey: input.clientKey,
          imageKey: input.picture?.key ?? null,
          imageWidth: input.picture?.width ?? null,
          imageHeight: input.picture?.height ?? null,
          createdAt: new Date(clock.now()),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        // The same message sent again (a retry after a lost answer): the first one stands.
        const [again] = await tx
          .select()
          .from(chatMessage)
          .where(and(eq(chatMessage.conversationId, c.id), eq(chatMessage.clientKey, input.clientKey)));
        return { conversation: conversationView(c), message: messageView(again!, false) };
      }
      let last = inserted.id;
      // A new conversation goes at once to the least loaded staff member on the desk who takes new chats, if any.
      const assigned = started ? await autoAssign(tx, c) : null;
      if (assigned) {
        const [joined] = await tx
          .insert(chatMessage)
          .values({ conversationId: c.id, author: 'system', body: systemLine(c.locale, 'joined'), createdAt: new Date(clock.now()) })
          .returning();
        last = joined!.id;
      } else if (started) {
        const hours = chatHours(c.locale);
        const line = hours.open
          ? systemLine(c.locale, 'wait', { minutes: await waitMinutes(tx) })
          : systemLine(c.locale, who.kind === 'member' ? 'closedMember' : 'closedVisitor', {
              hours: hours.text ?? '',
              next: hours.nextOpen ? formatDateTime(hours.nextOpen, c.locale) : '',
            });
        const [sys] = await tx
          .insert(chatMessage)
          .values({ conversationId: c.id, author: 'system', body: line, createdAt: new Date(clock.now()) })
          .returning();
        last = sys!.id;
      }
      const [after] = await tx
        .update(chatConversation)
        .set({ lastMessageAt: new Date(clock.now()), memberReadId: last })
        .where(eq(chatConversation.id, c.id))
        .returning();
      await announce(tx, { c: c.id, k: 'm' });
      return { conversation: conversationView(after!), message: messageView(inserted, false) };
    }),
  );
}

/** A picture stored for a message: its file-store key and size. */
export interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

/** Pictures one member or visitor may send in an hour. */
const PICTURES_PER_HOUR = 10;
const PICTURE_LIMITS = { maxBytes: FEEDBACK_IMAGE_MAX_BYTES, maxWidth: 8000, maxHeight: 8000, minSide: 16 };

/**
 * A picture sent in the chat: judged by its bytes (png, jpg or webp, whatever it is called), at
 * most 5 MB, decoded and encoded anew as WebP at most 1,600 wide (metadata dropped, nothing
 * executable kept), stored under a random key the public media route never serves, then sent as a
 * message. Ten an hour per member or visitor (and the message limits).
 */
export async function sendPictureAsChatter(db: Db, who: Chatter, input: { data: string; clientKey: string; name?: string; contact?: string }, ctx: { ip: string; t: TFunction; locale: string }) {
  await admit(db, who, input, ctx);
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.byteLength > FEEDBACK_IMAGE_MAX_BYTES) throw field(ctx.t, 'support.chat.pictureSize', 'data', { max: 5 });
  const type = sniffImage(bytes);
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') throw field(ctx.t, 'support.chat.pictureType', 'data');
  const whoKey = who.kind === 'member' ? `m${who.memberId}` : `v${who.key}`;
  if ((await hit(db, `chat-picture:${whoKey}`, 3_600_000)).count > PICTURES_PER_HOUR) throw new ApiError(429, 'support.chat.tooMany');
  let variant;
  try {
    variant = (await processImage(bytes, PICTURE_LIMITS, [1600])).variants[0]!;
  } catch (err) {
    if (err instanceof ImageRefusal) throw field(ctx.t, err.reason === 'size' ? 'support.chat.pictureSize' : 'support.chat.pictureUnreadable', 'data', { max: 5 });
    throw err;
  }
  const key = `chat-${randomBytes(16).toString('hex')}.webp`;
  await fileStore().put(key, variant.bytes, 'image/webp');
  return sendAsChatter(db, who, { body: '', clientKey: input.clientKey, name: input.name, contact: input.contact, picture: { key, width: variant.width, height: variant.height } }, ctx);
}

/** A picture of a message, if the chatter may see it (their own conversation; staff: `who` null). */
export async function chatPictureFile(db: Db, messageId: number, who: Chatter | null): Promise<FileAnswer> {
  const [row] = await db
    .select({ key: chatMessage.imageKey })
    .from(chatMessage)
    .innerJoin(chatConversation, eq(chatConversation.id, chatMessage.conversationId))
    .where(and(eq(chatMessage.id, messageId), who ? ownedBy(who) : undefined, who ? ne(chatMessage.author, 'note') : undefined));
  // Someone else's is not found, exactly as one that does not exist.
  if (!row?.key) throw new ApiError(404, 'support.chat.pictureUnknown');
  const stored = await fileStore().get(row.key);
  if (!stored) throw new ApiError(404, 'support.chat.pictureUnknown');
  const body = new Uint8Array(stored.bytes);
  return new FileAnswer(
    new ReadableStream({
      start(c) {
        c.enqueue(body);
        c.close();
      },
    }),
    `chat-${messageId}.webp`,
    'image/webp',
  );
}

/** The chatter has read up to a message of their conversation (never past its last one). */
export async function readAsChatter(db: Db, who: Chatter, upTo: number): Promise<void> {
  // The latest one too: support's last answers may come with its closing.
  const c = (await currentOf(db, who)) ?? (await latestOf(db, who));
  if (!c || upTo <= c.memberReadId) return;
  await db.transaction(async (tx) => {
    const [r] = await tx
      .update(chatConversation)
      .set({
        memberReadId: sql`greatest(${chatConversation.memberReadId}, least(${upTo}, (select coalesce(max(${chatMessage.id}), 0) from ${chatMessage} where ${chatMessage.conversationId} = ${c.id})))`,
      })
      .where(eq(chatConversation.id, c.id))
      .returning({ upTo: chatConversation.memberReadId });
    await announce(tx, { c: c.id, k: 'r', side: 'member', upTo: r!.upTo });
  });
}

/** The chatter is typing (announced, not stored). */
export async function typingAsChatter(db: Db, who: Chatter): Promise<void> {
  const c = await currentOf(db, who);
  if (c) await announce(db, { c: c.id, k: 't', side: 'member' });
}

/** The chatter ends their conversation. */
export async function closeAsChatter(db: Db, who: Chatter): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await currentOf(tx, who, true);
    if (!c) return;
    await closeIn(tx, c, systemLine(c.locale, who.kind === 'member' ? 'endedByMember' : 'endedByVisitor'));
  });
}

async function closeIn(tx: Tx, c: Conversation, line: string): Promise<Conversation> {
  const now = new Date(clock.now());
  await tx.insert(chatMessage).values({ conversationId: c.id, author: 'system', body: line, createdAt: now });
  const [after] = await tx.update(chatConversation).set({ status: 'closed', closedAt: now, lastMessageAt: now }).where(eq(chatConversation.id, c.id)).returning();
  await announce(tx, { c: c.id, k: 'm' });
  return after!;
}

/** An earlier conversation of the chatter's own (anyone else's is not found). */
export async function historyOf(db: Db, who: Chatter, id: number) {
  const [c] = await db
    .select()
    .from(chatConversation)
    .where(and(eq(chatConversation.id, id), ownedBy(who)));
  if (!c) throw new ApiError(404, 'support.chat.unknown');
  const messages = await messagesOf(db, c.id, { forStaff: false, limit: 500 });
  return { conversation: conversationView(c), messages: messages.map((m) => messageView(m, false)) };
}

/**
 * At login: the visitor's chats (by their key) become the member's, and the key alone opens them
 * no more. An open one becomes the member's open one when they have none; otherwise its messages
 * are written anew into the member's open one (new ids, so every stream and count sees them as
 * new, in order) and it is removed. Answers how many joined.
 */
export async function claimChat(db: Db, memberId: number, rawKey: string): Promise<number> {
  const key = visitorKeyHash(rawKey);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(chatConversation)
      .where(and(eq(chatConversation.visitorKey, key), isNull(chatConversation.memberId)))
      .orderBy(asc(chatConversation.id))
      .for('update');
    if (!rows.length) return 0;
    let target = await currentOf(tx, { kind: 'member', memberId }, true);
    for (const c of rows) {
      if (c.status !== 'closed' && target) {
        await tx.execute(sql`
          insert into ${chatMessage} (conversation_id, author, staff_name, body, image_key, image_width, image_height, created_at)
          select ${target.id}, case when author = 'visitor' then 'member' else author end, staff_name, body, image_key, image_width, image_height, created_at
          from ${chatMessage} where conversation_id = ${c.id} order by id`);
        await tx.delete(chatMessage).where(eq(chatMessage.conversationId, c.id));
        await tx.delete(chatConversation).where(eq(chatConversation.id, c.id));
        await tx
          .update(chatConversation)
          .set({ lastMessageAt: new Date(clock.now()) })
          .where(eq(chatConversation.id, target.id));
        await announce(tx, { c: target.id, k: 'm' });
      } else {
        await tx.update(chatConversation).set({ memberId }).where(eq(chatConversation.id, c.id));
        if (c.status !== 'closed') target = { ...c, memberId };
      }
      await announce(tx, { c: c.id, k: 's' });
    }
    return rows.length;
  });
}

/* ---- The desk (support in the console) ---- */

/** A desk seen within this long is on: new chats may go to its staff member. */
export const DESK_SEEN_MS = 60_000;

/**
 * Gives a new conversation to the staff member on the desk (seen in the last minute, taking new
 * chats) with the fewest open conversations under the brand's per-agent limit, the one who was
 * given one longest ago first. Their row is locked (skip locked): two new conversations at once
 * go to two staff members, or one waits, and no one is given more than the limit this way.
 * Answers who, or null (it waits in the queue).
 */
async function autoAssign(tx: Tx, c: Conversation): Promise<string | null> {
  const now = clock.now();
  const openOf = sql<number>`(select count(*)::int from ${chatConversation} x where x.status = 'open' and x.assigned_to = ${chatAgent.username})`;
  const [pick] = await tx
    .select({ username: chatAgent.username })
    .from(chatAgent)
    .where(and(eq(chatAgent.accepting, true), gt(chatAgent.lastSeenAt, new Date(now - DESK_SEEN_MS)), lt(openOf, chatSettings().perAgent)))
    .orderBy(asc(openOf), sql`${chatAgent.lastAssignedAt} asc nulls first`)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!pick) return null;
  await tx.update(chatConversation).set({ status: 'open', assignedTo: pick.username }).where(eq(chatConversation.id, c.id));
  await tx
    .update(chatAgent)
    .set({ lastAssignedAt: new Date(now) })
    .where(eq(chatAgent.username, pick.username));
  return pick.username;
}

/** The staff member's desk is open (its stream's start and heartbeat). */
export async function seeAgent(db: Db, username: string): Promise<void> {
  const now = new Date(clock.now());
  await db
    .insert(chatAgent)
    .values({ username, lastSeenAt: now })
    .onConflictDoUpdate({ target: chatAgent.username, set: { lastSeenAt: now } });
}

/** Whether the staff member takes new chats by themselves. */
export async function setAccepting(db: Db, username: string, accepting: boolean): Promise<void> {
  const now = new Date(clock.now());
  await db.insert(chatAgent).values({ username, accepting, lastSeenAt: now }).onConflictDoUpdate({ target: chatAgent.username, set: { accepting } });
}

/** Each staff member's desk: on (seen in the last minute) and taking new chats. */
export async function agentStates(db: Db): Promise<Map<string, { online: boolean; accepting: boolean }>> {
  const rows = await db.select().from(chatAgent);
  const now = clock.now();
  return new Map(rows.map((r) => [r.username, { online: r.lastSeenAt.getTime() > now - DESK_SEEN_MS, accepting: r.accepting }]));
}

export interface DeskRow {
  id: number;
  status: 'waiting' | 'open' | 'closed';
  assignedTo: string | null;
  memberId: number | null;
  /** The member's username, or the visitor's name. */
  name: string;
  visitor: boolean;
  contact: string | null;
  createdAt: number;
  lastMessageAt: number;
  /** Seconds since the oldest message support has not answered (0: none waiting). */
  waitingSeconds: number;
  /** Messages of the member or visitor support has not read. */
  unread: number;
  preview: string;
}

const unreadSql = sql<number>`(select count(*)::int from ${chatMessage} where ${chatMessage.conversationId} = ${chatConversation.id} and ${chatMessage.id} > ${chatConversation.staffReadId} and ${chatMessage.author} in ('member', 'visitor'))`;
/** The oldest message of the member's side after support's last message: how long they have waited. */
const waitingSinceSql = sql<Date | null>`(select min(m.created_at) from ${chatMessage} m where m.conversation_id = ${chatConversation.id} and m.author in ('member', 'visitor') and m.id > coalesce((select max(s.id) from ${chatMessage} s where s.conversation_id = ${chatConversation.id} and s.author = 'staff'), 0))`;
const previewSql = sql<string>`coalesce((select ${chatMessage.body} from ${chatMessage} where ${chatMessage.conversationId} = ${chatConversation.id} and ${chatMessage.author} <> 'note' order by ${chatMessage.id} desc limit 1), '')`;

function deskRowOf(r: { c: Conversation; username: string | null; unread: number; waitingSince: Date | string | null; preview: string }, now: number): DeskRow {
  const since = r.waitingSince ? new Date(r.waitingSince).getTime() : null;
  return {
    id: r.c.id,
    status: r.c.status as DeskRow['status'],
    assignedTo: r.c.assignedTo,
    memberId: r.c.memberId,
    name: r.username ?? r.c.visitorName ?? '',
    visitor: r.c.memberId === null,
    contact: r.c.memberId === null ? r.c.visitorContact : null,
    createdAt: r.c.createdAt.getTime(),
    lastMessageAt: r.c.lastMessageAt.getTime(),
    waitingSeconds: since && r.c.status !== 'closed' ? Math.max(0, Math.round((now - since) / 1000)) : 0,
    unread: r.unread,
    preview: r.preview.slice(0, 120),
  };
}

function deskSelect(db: Db) {
  return db
    .select({ c: chatConversation, username: member.username, unread: unreadSql, waitingSince: waitingSinceSql, preview: previewSql })
    .from(chatConversation)
    .leftJoin(member, eq(member.id, chatConversation.memberId));
}

/** The desk's live queue: waiting ones oldest first, then those open (the caller's first). */
export async function deskQueue(db: Db, staffName: string): Promise<{ waiting: DeskRow[]; mine: DeskRow[]; others: DeskRow[] }> {
  const rows = await deskSelect(db).where(ne(chatConversation.status, 'closed')).orderBy(asc(chatConversation.createdAt)).limit(500);
  const now = clock.now();
  const views = rows.map((r) => deskRowOf(r, now));
  return {
    waiting: views.filter((v) => v.status === 'waiting'),
    mine: views.filter((v) => v.status === 'open' && v.assignedTo === staffName),
    others: views.filter((v) => v.status === 'open' && v.assignedTo !== staffName),
  };
}

/** Closed conversations, newest first, optionally one member's. */
export async function deskClosed(db: Db, q: { memberId?: number; page: number; pageSize: number }) {
  const where = and(eq(chatConversation.status, 'closed'), q.memberId ? eq(chatConversation.memberId, q.memberId) : undefined);
  const [rows, [total]] = await Promise.all([
    deskSelect(db)
      .where(where)
      .orderBy(desc(chatConversation.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(chatConversation).where(where),
  ]);
  const now = clock.now();
  return { items: rows.map((r) => deskRowOf(r, now)), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** One conversation for support: its row and every message, notes included. */
export async function deskConversation(db: Db, id: number) {
  const [r] = await deskSelect(db).where(eq(chatConversation.id, id));
  if (!r) throw new ApiError(404, 'support.chat.unknown');
  const messages = await messagesOf(db, id, { forStaff: true, limit: 500 });
  return {
    row: deskRowOf(r, clock.now()),
    conversation: conversationView(r.c),
    messages: messages.map((m) => messageView(m, true)),
    blocked: r.c.memberId ? await isBlocked(db, r.c.memberId) : false,
  };
}

async function lockConversation(tx: Tx, id: number): Promise<Conversation> {
  const [c] = await tx.select().from(chatConversation).where(eq(chatConversation.id, id)).for('update');
  if (!c) throw new ApiError(404, 'support.chat.unknown');
  return c;
}

/** A staff member takes a waiting conversation (or one already theirs); someone else's is refused (transfer it instead). */
export async function takeConversation(db: Db, id: number, staffName: string) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.status === 'closed') throw new ApiError(409, 'support.chat.closed');
    if (c.status === 'open' && c.assignedTo && c.assignedTo !== staffName) throw new ApiError(409, 'support.chat.taken', { name: c.assignedTo });
    if (c.status === 'open' && c.assignedTo === staffName) return { before: conversationView(c), after: conversationView(c) };
    await tx.insert(chatMessage).values({ conversationId: c.id, author: 'system', body: systemLine(c.locale, 'joined'), createdAt: new Date(clock.now()) });
    const [after] = await tx.update(chatConversation).set({ status: 'open', assignedTo: staffName }).where(eq(chatConversation.id, id)).returning();
    await announce(tx, { c: id, k: 'm' });
    return { before: conversationView(c), after: conversationView(after!) };
  });
}

/** Hands an open conversation to another staff member (the console checks they may take it); a note says so. */
export async function transferConversation(db: Db, id: number, to: string, by: string) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.status === 'closed') throw new ApiError(409, 'support.chat.closed');
    await tx.insert(chatMessage).values({ conversationId: c.id, author: 'note', staffName: by, body: `→ ${to}`, createdAt: new Date(clock.now()) });
    const [after] = await tx.update(chatConversation).set({ status: 'open', assignedTo: to }).where(eq(chatConversation.id, id)).returning();
    await announce(tx, { c: id, k: 'm' });
    return { before: { assignedTo: c.assignedTo }, after: { assignedTo: after!.assignedTo } };
  });
}

/** Support's answer (or a note, which the member never sees); a waiting conversation becomes the sender's. */
export async function sendAsStaff(db: Db, id: number, staffName: string, body: string, note: boolean) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.status === 'closed') throw new ApiError(409, 'support.chat.closed');
    const now = new Date(clock.now());
    const [m] = await tx
      .insert(chatMessage)
      .values({ conversationId: id, author: note ? 'note' : 'staff', staffName, body, createdAt: now })
      .returning();
    const set: Partial<Conversation> = { staffReadId: m!.id };
    if (!note) {
      set.lastMessageAt = now;
      if (!c.answeredAt) set.answeredAt = now;
      if (c.status === 'waiting') Object.assign(set, { status: 'open', assignedTo: staffName });
    }
    await tx.update(chatConversation).set(set).where(eq(chatConversation.id, id));
    await announce(tx, { c: id, k: 'm' });
    return messageView(m!, true);
  });
}

export async function readAsStaff(db: Db, id: number, upTo: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await tx
      .update(chatConversation)
      .set({
        staffReadId: sql`greatest(${chatConversation.staffReadId}, least(${upTo}, (select coalesce(max(${chatMessage.id}), 0) from ${chatMessage} where ${chatMessage.conversationId} = ${id})))`,
      })
      .where(eq(chatConversation.id, id))
      .returning({ upTo: chatConversation.staffReadId });
    if (!r) throw new ApiError(404, 'support.chat.unknown');
    await announce(tx, { c: id, k: 'r', side: 'staff', upTo: r.upTo });
  });
}

export async function typingAsStaff(db: Db, id: number): Promise<void> {
  await announce(db, { c: id, k: 't', side: 'staff' });
}

export async function closeAsStaff(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.status === 'closed') throw new ApiError(409, 'support.chat.closed');
    const after = await closeIn(tx, c, systemLine(c.locale, 'endedBySupport'));
    return { before: conversationView(c), after: conversationView(after) };
  });
}

/** Opens a closed conversation again, as the caller's (not while the member has another open). */
export async function reopenConversation(db: Db, id: number, staffName: string) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.status !== 'closed') throw new ApiError(409, 'support.chat.notClosed');
    if (c.memberId !== null && (await currentOf(tx, { kind: 'member', memberId: c.memberId }))) throw new ApiError(409, 'support.chat.otherOpen');
    const now = new Date(clock.now());
    await tx.insert(chatMessage).values({ conversationId: id, author: 'system', body: systemLine(c.locale, 'reopened'), createdAt: now });
    const [after] = await tx.update(chatConversation).set({ status: 'open', assignedTo: staffName, closedAt: null, lastMessageAt: now }).where(eq(chatConversation.id, id)).returning();
    await announce(tx, { c: id, k: 'm' });
    return { before: conversationView(c), after: conversationView(after!) };
  });
}

/** Bars a member from the chat (their open conversation closes), or lifts it. */
export async function setChatBlock(db: Db, memberId: number, blocked: boolean, by: string, reason: string) {
  return db.transaction(async (tx) => {
    const was = await isBlocked(tx, memberId);
    if (blocked && !was) {
      await tx.insert(chatBlock).values({ memberId, blockedBy: by, reason, createdAt: new Date(clock.now()) });
      const open = await currentOf(tx, { kind: 'member', memberId }, true);
      if (open) await closeIn(tx, open, systemLine(open.locale, 'endedBySupport'));
    } else if (!blocked && was) {
      await tx.delete(chatBlock).where(eq(chatBlock.memberId, memberId));
    }
    return { before: { blocked: was }, after: { blocked } };
  });
}

/** A conversation's transcript as plain text (notes marked), for support's download. */
export async function transcriptFile(db: Db, id: number, lang: string): Promise<FileAnswer> {
  const { row, messages } = await deskConversation(db, id);
  const t = getT(lang as never);
  const lines = [`${t('support:chat.transcript.title', { id, name: row.name })}`, ''];
  for (const m of messages) {
    const who = m.author === 'staff' || m.author === 'note' ? `${m.staffName ?? ''}${m.author === 'note' ? ` (${t('support:chat.transcript.note')})` : ''}` : m.author === 'system' ? '—' : row.name;
    lines.push(`[${formatDateTime(m.createdAt, lang, { seconds: true })}] ${who}: ${m.body}${m.picture ? `[${t('support:chat.transcript.picture')}]` : ''}`);
  }
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
  return new FileAnswer(
    new ReadableStream({
      start(ctrl) {
        ctrl.enqueue(bytes);
        ctrl.close();
      },
    }),
    `chat-${id}.txt`,
    'text/plain; charset=utf-8',
  );
}

/* ---- Streams ---- */

/**
 * The chatter's stream: their current (or latest) conversation's events. A member's ends once
 * their session has (`memberAlive`); a visitor's once the conversation is no longer theirs alone
 * (it joined a member's at login).
 */
export async function chatterStream(db: Db, who: Chatter, after: number, memberAlive: (() => Promise<boolean>) | null, onEnd?: () => void) {
  const c = (await currentOf(db, who)) ?? (await latestOf(db, who));
  if (!c) throw new ApiError(404, 'support.chat.unknown');
  const alive =
    who.kind === 'member' && memberAlive
      ? memberAlive
      : async () => {
          const [still] = await db
            .select({ id: chatConversation.id })
            .from(chatConversation)
            .where(and(eq(chatConversation.id, c.id), ownedBy(who)));
          return !!still;
        };
  return conversationStream(db, c.id, { forStaff: false, after, alive, onEnd });
}

/** A conversation's events: messages past `after` (by id), then its state whenever it changes; typing and read marks as they come. */
export function conversationStream(db: Db, id: number, o: { forStaff: boolean; after: number; alive: () => Promise<boolean>; onEnd?: () => void }) {
  let last = o.after;
  let lastState = '';
  const other = o.forStaff ? 'member' : 'staff';
  return chatStreamOf({
    target: id,
    alive: o.alive,
    onEnd: o.onEnd,
    direct: (s: ChatSignal) => {
      if (s.k === 't') return s.side === other ? { event: 'typing', data: { side: s.side } } : 'skip';
      return null;
    },
    async catchUp(send) {
      for (;;) {
        const rows = await messagesOf(db, id, { after: last, forStaff: o.forStaff, limit: 200 });
        for (const m of rows) {
          send('message', messageView(m, o.forStaff), m.id);
          last = m.id;
        }
        if (rows.length < 200) break;
      }
      const [c] = await db.select().from(chatConversation).where(eq(chatConversation.id, id));
      if (!c) return;
      // Support also learns who has it; the member never learns a staff member's name.
      const view = o.forStaff ? { ...conversationView(c), assignedTo: c.assignedTo } : conversationView(c);
      const key = JSON.stringify(view);
      if (key !== lastState) {
        lastState = key;
        send('state', view);
      }
    },
  });
}

/** The desk's stream: a `changed` event (the conversation's id) whenever any conversation changes. */
export function deskStream(alive: () => Promise<boolean>, onEnd?: () => void) {
  return chatStreamOf({
    target: 'desk',
    alive,
    onEnd,
    // New messages, states and support's read marks change the queue (its unread counts); typing does not.
    direct: (s) => (s.k === 'm' || s.k === 's' || (s.k === 'r' && s.side === 'staff') ? { event: 'changed', data: { c: s.c } } : 'skip'),
    async catchUp(send) {
      send('changed', {});
    },
  });
}

/* ---- The job ---- */

/**
 * Support's answers a member has not read after the brand's minutes go on as one platform message
 * per conversation (the answers since the last one forwarded). Once: the conversation is locked
 * and its forwarded mark moves in the same transaction; one process takes each (skip locked).
 * Visitors have no messages: their system line told them support writes to their contact.
 */
export async function forwardUnread(db: Db, now = clock.now()): Promise<number> {
  const cutoff = new Date(now - chatSettings().forwardAfterMinutes * 60_000);
  const due = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(
      and(
        sql`${chatConversation.memberId} is not null`,
        // Only conversations with recent messages (an index): older answers were sent on, or read, long ago.
        gt(chatConversation.lastMessageAt, new Date(now - 7 * 86_400_000)),
        sql`exists (select 1 from ${chatMessage} m where m.conversation_id = ${chatConversation.id} and m.author = 'staff' and m.id > greatest(${chatConversation.memberReadId}, ${chatConversation.forwardedId}) and m.created_at < ${cutoff})`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    sent += await db.transaction(async (tx) => {
      const [c] = await tx.select().from(chatConversation).where(eq(chatConversation.id, id)).for('update', { skipLocked: true });
      if (!c || c.memberId === null) return 0;
      const answers = await tx
        .select()
        .from(chatMessage)
        .where(and(eq(chatMessage.conversationId, id), eq(chatMessage.author, 'staff'), gt(chatMessage.id, Math.max(c.memberReadId, c.forwardedId)), lt(chatMessage.createdAt, cutoff)))
        .orderBy(asc(chatMessage.id));
      if (!answers.length) return 0;
      const text = answers.map((a) => a.body).join('\n\n');
      await sendSystemMessage(tx, c.memberId, 'support:chat.forward', { text: text.slice(0, 4000) });
      await tx
        .update(chatConversation)
        .set({ forwardedId: answers.at(-1)!.id })
        .where(eq(chatConversation.id, id));
      return 1;
    });
  }
  return sent;
}

/** Conversations waiting or open, for the console's counts. */
export async function liveChatCounts(db: Db): Promise<{ waiting: number; open: number }> {
  const rows = await db
    .select({ status: chatConversation.status, n: count() })
    .from(chatConversation)
    .where(inArray(chatConversation.status, ['waiting', 'open']))
    .groupBy(chatConversation.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { waiting: of('waiting'), open: of('open') };
}

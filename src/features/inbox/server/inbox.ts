/**
 * The inbox (issue 15): messages to one member or to everyone, read and deleted per member
 * (tables.ts), system messages written from the outbox's events (consumer.ts), operator messages
 * from `npm run ops -- message send`. Titles and bodies are plain text: the page shows them as
 * text, so nothing in them is ever markup.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import type { InboxItem } from '../contract.ts';
import { inboxMessage, inboxState } from './tables.ts';
import { channelName } from '../../wallet/index.ts';
import { blockedSql, isMarketable } from '../../protection/index.ts';
import { member } from '../../accounts/index.ts';

export interface Reader {
  id: number;
  /** Messages to everyone sent before the member registered are not its own. */
  createdAt: Date;
}

/**
 * The member's messages (its own, and to everyone since it registered), not deleted. Marketing
 * is not shown while a protection block holds (issue 28: no marketing reaches an excluded,
 * timed-out or closed account); it shows again once the block has ended.
 */
function mine(r: Reader): SQL {
  return and(
    or(eq(inboxMessage.memberId, r.id), and(isNull(inboxMessage.memberId), sql`${inboxMessage.createdAt} >= ${r.createdAt.toISOString()}::timestamptz`)),
    isNull(inboxState.deletedAt),
    or(ne(inboxMessage.kind, 'marketing'), sql`not exists (select 1 from rg_member b where b.member_id = ${r.id} and b.block_kind is not null and (${sql.raw(blockedSql('b'))}))`),
  )!;
}

const joinState = (r: Reader) => and(eq(inboxState.messageId, inboxMessage.id), eq(inboxState.memberId, r.id));

export async function unreadOf(db: Db | Tx, r: Reader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboxMessage)
    .leftJoin(inboxState, joinState(r))
    .where(and(mine(r), isNull(inboxState.readAt)));
  return row?.n ?? 0;
}

/** A page of the member's messages, newest first, in the reader's language. */
export async function listOf(db: Db, r: Reader, t: TFunction, lang: string, pageNo: number, pageSize: number) {
  const [rows, [count], unread] = await Promise.all([
    db
      .select({ m: inboxMessage, readAt: inboxState.readAt })
      .from(inboxMessage)
      .leftJoin(inboxState, joinState(r))
      .where(mine(r))
      .orderBy(desc(inboxMessage.createdAt), desc(inboxMessage.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(inboxMessage)
      .leftJoin(inboxState, joinState(r))
      .where(mine(r)),
    unreadOf(db, r),
  ]);
  const total = count?.n ?? 0;
  return {
    content: rows.map(({ m, readAt }) => ({ ...texts(m, t, lang), id: m.id, kind: m.kind as InboxItem['kind'], read: readAt !== null, time: m.createdAt.getTime(), isDemo: m.isDemo })),
    pageNum: pageNo,
    totalPages: Math.ceil(total / pageSize),
    totalCount: total,
    unread,
  };
}

/** A message's title and body in the reader's language: the catalogue's for system messages, the operator's (or its default) otherwise. */
function texts(m: typeof inboxMessage.$inferSelect, t: TFunction, lang: string): { title: string; body: string } {
  if (m.template) {
    const params = { ...((m.params ?? {}) as Record<string, unknown>) };
    // The words are the producer's (its event's declared message, `<ns>:<key>`); codes in the
    // values (a contract's kind, why it ended) are nested translations in those words.
    // A payment channel by the name players know it by, never its code (SANDBOX_CARD).
    if (typeof params.channel === 'string') params.channel = channelName(params.channel, lang) ?? t('inbox:otherChannel');
    // A name given in every language (a promotion's title): the reader's.
    if (params.titles && typeof params.titles === 'object') {
      const titles = params.titles as Record<string, string>;
      params.title = titles[lang] ?? titles.en ?? Object.values(titles)[0] ?? '';
    }
    return { title: t(`${m.template}.title`, params), body: t(`${m.template}.body`, params) };
  }
  const pick = (v: unknown) => {
    const map = (v ?? {}) as Record<string, string>;
    return map[lang] ?? map.default ?? Object.values(map)[0] ?? '';
  };
  return { title: pick(m.title), body: pick(m.body) };
}

/** Marks the member's messages read: the given ids (those that are its own), or all of them. */
export async function markRead(db: Db, r: Reader, ids: number[], all: boolean): Promise<number> {
  await db.transaction(async (tx) => {
    const own = await tx
      .select({ id: inboxMessage.id })
      .from(inboxMessage)
      .leftJoin(inboxState, joinState(r))
      .where(and(mine(r), isNull(inboxState.readAt), all ? undefined : ids.length ? inArray(inboxMessage.id, ids) : sql`false`));
    if (own.length === 0) return;
    await tx
      .insert(inboxState)
      .values(own.map((m) => ({ memberId: r.id, messageId: m.id, readAt: new Date() })))
      .onConflictDoUpdate({ target: [inboxState.memberId, inboxState.messageId], set: { readAt: sql`coalesce(${inboxState.readAt}, excluded.read_at)` } });
  });
  return unreadOf(db, r);
}

/** Deletes the member's messages with these ids (its own only). */
export async function remove(db: Db, r: Reader, ids: number[]): Promise<number> {
  await db.transaction(async (tx) => {
    const own = await tx
      .select({ id: inboxMessage.id })
      .from(inboxMessage)
      .leftJoin(inboxState, joinState(r))
      .where(and(mine(r), inArray(inboxMessage.id, ids)));
    if (own.length === 0) return;
    await tx
      .insert(inboxState)
      .values(own.map((m) => ({ memberId: r.id, messageId: m.id, deletedAt: new Date() })))
      .onConflictDoUpdate({ target: [inboxState.memberId, inboxState.messageId], set: { deletedAt: sql`now()` } });
  });
  return unreadOf(db, r);
}

export interface OperatorMessage {
  /** Member ids, or 'everyone'. */
  to: number[] | 'everyone';
  title: Record<string, string>;
  body: Record<string, string>;
  isDemo?: boolean;
  /**
   * A marketing message (an offer, a campaign): never sent to a member a protection block holds,
   * and hidden from one who is blocked later while the block holds (issue 28).
   */
  marketing?: boolean;
}

/**
 * An operator's message: one row per member named, or one row for everyone. Answers the ids; a
 * marketing message skips the members it may not reach (`skipped`).
 */
export async function sendOperatorMessage(db: Db | Tx, m: OperatorMessage): Promise<number[] & { skipped?: number }> {
  let targets: (number | null)[] = m.to === 'everyone' ? [null] : m.to;
  let skipped = 0;
  if (m.marketing && m.to !== 'everyone') {
    const reachable: number[] = [];
    for (const id of m.to) if (await isMarketable(db, id)) reachable.push(id);
    skipped = m.to.length - reachable.length;
    targets = reachable;
  }
  const kind = m.marketing ? 'marketing' : 'operator';
  const rows = targets.length
    ? await db
        .insert(inboxMessage)
        .values(targets.map((memberId) => ({ memberId, kind, title: m.title, body: m.body, isDemo: m.isDemo ?? false })))
        .returning({ id: inboxMessage.id })
    : [];
  return Object.assign(
    rows.map((r) => r.id),
    { skipped },
  );
}

/** A system message to a member, in the reader's language when read (`template` is the catalogue key of its title and body: `<ns>:<key>`); `marketing` hides it from a member under a protection block while the block holds. */
export async function sendSystemMessage(tx: Tx | Db, memberId: number, template: string, params: Record<string, unknown>, eventId?: number, kind: 'system' | 'marketing' = 'system'): Promise<void> {
  await tx.insert(inboxMessage).values({ memberId, kind, template, params, eventId: eventId ?? null });
}

/** The latest operator messages (operator and marketing), newest first, with the member each went to (null: everyone). */
export async function recentOperatorMessages(db: Db, limit = 50) {
  const rows = await db
    .select({ m: inboxMessage, username: member.username })
    .from(inboxMessage)
    .leftJoin(member, eq(member.id, inboxMessage.memberId))
    .where(inArray(inboxMessage.kind, ['operator', 'marketing']))
    .orderBy(desc(inboxMessage.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.m.id,
    at: r.m.createdAt,
    memberId: r.m.memberId,
    username: r.username,
    title: (r.m.title as Record<string, string> | null)?.default ?? '',
    marketing: r.m.kind === 'marketing',
  }));
}

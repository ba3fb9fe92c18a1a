/**
 * Support's live-chat desk (issue 31) on the support feature's own functions: the queue, taking
 * (up to the brand's per-agent limit), transferring to another staff member of support, answers
 * and notes, closing and reopening, barring a member from the chat, transcripts and the streams.
 * Every action but a message is written to the audit log.
 */
import { and, arrayOverlaps, count, eq } from 'drizzle-orm';
import { keyedSlots } from '../../../kernel/slots.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import {
  agentStates,
  chatConversation,
  chatSettings,
  seeAgent,
  closeAsStaff,
  conversationStream,
  deskQueue,
  deskStream,
  reopenConversation,
  setChatBlock,
  takeConversation,
  transferConversation,
} from '../../support/index.ts';
import { CONSOLE_COOKIE } from '../contract.ts';
import type { Actor } from './desk.ts';
import { resolveStaffSession } from './staff.ts';
import { staff } from './tables.ts';

const audit = (db: Db, a: Actor, command: string, args: Record<string, unknown>, before?: unknown, after?: unknown) =>
  recordAudit(db, { actor: `staff:${a.session.username}`, command, args, ip: a.ip, before, after });

/** Active staff who may answer chats (support or owner). */
async function chatAgents(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: staff.username })
    .from(staff)
    .where(and(eq(staff.status, 'active'), arrayOverlaps(staff.roles, ['support', 'owner'])))
    .orderBy(staff.username);
  return rows.map((r) => r.username);
}

export async function queueFor(db: Db, username: string, lang: string) {
  const [q, agents, states] = await Promise.all([deskQueue(db, username), chatAgents(db), agentStates(db)]);
  const open = new Map<string, number>();
  for (const r of [...q.mine, ...q.others]) if (r.assignedTo) open.set(r.assignedTo, (open.get(r.assignedTo) ?? 0) + 1);
  const s = chatSettings();
  return {
    ...q,
    agents: agents.map((u) => ({ username: u, open: open.get(u) ?? 0, online: states.get(u)?.online ?? false })),
    accepting: states.get(username)?.accepting ?? false,
    perAgent: s.perAgent,
    canned: s.canned[lang] ?? s.canned.default ?? [],
  };
}

/** How many open conversations a staff member holds now. */
async function holding(db: Db, username: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(chatConversation)
    .where(and(eq(chatConversation.status, 'open'), eq(chatConversation.assignedTo, username)));
  return Number(r?.n ?? 0);
}

export async function take(db: Db, id: number, a: Actor) {
  const [c] = await db.select({ assignedTo: chatConversation.assignedTo, status: chatConversation.status }).from(chatConversation).where(eq(chatConversation.id, id));
  const already = c?.status === 'open' && c.assignedTo === a.session.username;
  if (!already && (await holding(db, a.session.username)) >= chatSettings().perAgent) throw new ApiError(409, 'support.chat.full', { max: chatSettings().perAgent });
  const { before, after } = await takeConversation(db, id, a.session.username);
  if (before.status !== after.status) await audit(db, a, 'chat take', { id }, before, after);
  return after;
}

export async function transfer(db: Db, id: number, to: string, a: Actor) {
  if (!(await chatAgents(db)).includes(to)) throw new ApiError(400, 'support.chat.agentUnknown', { name: to });
  const { before, after } = await transferConversation(db, id, to, a.session.username);
  await audit(db, a, 'chat transfer', { id, to }, before, after);
  return { assignedTo: after.assignedTo ?? to };
}

export async function close(db: Db, id: number, a: Actor) {
  const { before, after } = await closeAsStaff(db, id);
  await audit(db, a, 'chat close', { id }, before, after);
  return after;
}

export async function reopen(db: Db, id: number, a: Actor) {
  const { before, after } = await reopenConversation(db, id, a.session.username);
  await audit(db, a, 'chat reopen', { id }, before, after);
  return after;
}

export async function block(db: Db, body: { memberId: number; blocked: boolean; reason: string }, a: Actor) {
  if (body.blocked && !body.reason) throw new ApiError(400, 'support.chat.reason');
  const { before, after } = await setChatBlock(db, body.memberId, body.blocked, a.session.username, body.reason);
  await audit(db, a, body.blocked ? 'chat block' : 'chat unblock', { memberId: body.memberId, reason: body.reason }, before, after);
  return after;
}

/** Streams one staff member may hold open in this process (the desk and a conversation, in a few tabs). */
const streams = keyedSlots({ perKey: 8, total: 2_000 });

/** A stream of the desk (no id) or of one conversation; it ends once the staff session has, or its roles no longer answer chats. */
export async function stream(db: Db, ctx: HandlerContext, q: { id?: number; after?: number }, username: string) {
  const token = ctx.cookies[CONSOLE_COOKIE] ?? '';
  // Listening is not using: the check does not slide the session's idle expiry.
  // The desk's own stream (no id) is the staff member's presence: new chats may go to them while it is open.
  const alive = async () => {
    const s = await resolveStaffSession(db, token, { slide: false });
    const ok = !!s && s.roles.some((r) => r === 'support' || r === 'owner');
    if (ok && !q.id) await seeAgent(db, username);
    return ok;
  };
  const lastId = Number(ctx.headers.get('last-event-id') ?? q.after ?? 0);
  const after = Number.isSafeInteger(lastId) && lastId > 0 ? lastId : 0;
  const release = streams.take(username);
  if (!release) throw new ApiError(429, 'support.chat.streams');
  if (!q.id) await seeAgent(db, username);
  return q.id ? conversationStream(db, q.id, { forStaff: true, after, alive, onEnd: release }) : deskStream(alive, release);
}

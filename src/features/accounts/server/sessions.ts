/**
 * Login sessions: 256-bit random tokens of which only the SHA-256 is stored; a session expires
 * after SESSION_IDLE_MINUTES without use (sliding), and at logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SESSION_IDLE_MINUTES, isAgentType, isTrialType } from '../contract.ts';
import { db as getDb, type Db } from '../../../kernel/db/index.ts';
import { member, memberSession } from './tables.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { clock } from '../../../kernel/clock.ts';

export const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
/** A session's expiry is pushed forward at most this often, to spare a write on every call. */
const TOUCH_EVERY_MS = 30_000;

/** What handlers of token calls get in ctx.session. */
export interface AccountSession {
  sessionId: number;
  memberId: number;
  userName: string;
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  prevLoginAt: number | null;
  prevLoginIp: string | null;
  /** When the session began (login), ms. */
  createdAt: number;
}

/** SHA-256 of a token, hex: the only form in which tokens are stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 256-bit token, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Opens a session for a member and answers its token. */
export async function openSession(db: Db, m: { id: number; lastLoginAt: Date | null; lastLoginIp: string | null }, ip: string, deviceId: string | undefined): Promise<string> {
  const token = newToken();
  const now = new Date(clock.now());
  await db.insert(memberSession).values({
    tokenHash: hashToken(token),
    memberId: m.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(clock.now() + IDLE_MS),
    deviceId: deviceId ?? null,
    ip,
    prevLoginAt: m.lastLoginAt,
    prevLoginIp: m.lastLoginIp,
  });
  return token;
}

/** The live session of a token, sliding its expiry; null when unknown, expired, revoked or the member is frozen. */
export async function resolveSession(db: Db, token: string, o: { slide?: boolean } = {}): Promise<AccountSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = clock.now();
  const rows = await db
    .select({
      sessionId: memberSession.id,
      memberId: memberSession.memberId,
      lastSeenAt: memberSession.lastSeenAt,
      prevLoginAt: memberSession.prevLoginAt,
      prevLoginIp: memberSession.prevLoginIp,
      createdAt: memberSession.createdAt,
      userName: member.username,
      type: member.type,
      status: member.status,
    })
    .from(memberSession)
    .innerJoin(member, eq(member.id, memberSession.memberId))
    .where(and(eq(memberSession.tokenHash, hashToken(token)), isNull(memberSession.revokedAt), gt(memberSession.expiresAt, new Date(now))));
  const row = rows[0];
  if (!row || row.status !== 'active') return null;
  if (o.slide !== false && now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(memberSession)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_MS) })
      .where(eq(memberSession.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    userName: row.userName,
    type: row.type,
    isAgent: isAgentType(row.type),
    isTrial: isTrialType(row.type),
    prevLoginAt: row.prevLoginAt?.getTime() ?? null,
    prevLoginIp: row.prevLoginIp,
    createdAt: row.createdAt.getTime(),
  };
}

/** Whether a session last seen at `lastSeenAt` is written again when used at `now` (keepSessionAlive's rule). */
export function sessionTouchDue(lastSeenAt: Date, now: number): boolean {
  return now - lastSeenAt.getTime() >= TOUCH_EVERY_MS;
}

/**
 * Keeps a login session alive from activity it does not see itself (a game played with its launch
 * token): slides its expiry as resolveSession does, at most every TOUCH_EVERY_MS.
 */
export async function keepSessionAlive(db: Db, sessionId: number, lastSeenAt: Date, now = clock.now()): Promise<void> {
  if (!sessionTouchDue(lastSeenAt, now)) return;
  await db
    .update(memberSession)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_MS) })
    .where(and(eq(memberSession.id, sessionId), isNull(memberSession.revokedAt)));
}

/** Ends one session. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(memberSession)
    .set({ revokedAt: new Date(clock.now()) })
    .where(and(eq(memberSession.id, sessionId), isNull(memberSession.revokedAt)));
}

/** Ends every session of a member, but `keep` (after a password change). */
export async function revokeMemberSessions(db: Db, memberId: number, keep?: number): Promise<void> {
  const where =
    keep === undefined
      ? and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt))
      : and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt), ne(memberSession.id, keep));
  await db
    .update(memberSession)
    .set({ revokedAt: new Date(clock.now()) })
    .where(where);
}

/**
 * The caller's live session on a call that does not require one (null without a token, or with
 * a dead one): for calls that act on another credential but must know who else is asking.
 */
export async function callerSession(ctx: HandlerContext): Promise<AccountSession | null> {
  if (ctx.session) return ctx.session as AccountSession;
  if (!ctx.token) return null;
  return resolveSession(await getDb(), ctx.token);
}

/**
 * The session of a token, for a call that resolves it itself (one a visitor may make too, as the
 * live chat's); `slide: false` for what is done on the member's behalf (a stream that listens, a
 * read mark), which must end with the session, never keep it alive.
 */
export async function sessionOfToken(token: string, o: { slide: boolean }): Promise<AccountSession | null> {
  return resolveSession(await getDb(), token, o);
}

/** The session of a token call (the dispatcher has resolved it). */
export function sessionOf(ctx: HandlerContext): AccountSession {
  const s = ctx.session as AccountSession | null;
  if (!s) throw new ApiError(401, 'login.not.session');
  return s;
}

/**
 * Refuses trial accounts (spec 6: game start, member-centre and account actions need a real
 * account); the client shows in_need_true_account. Other slices call this too.
 */
export function requireRealAccount(ctx: HandlerContext): AccountSession {
  const s = sessionOf(ctx);
  if (s.isTrial) throw new ApiError(403, 'account.trial');
  return s;
}

/**
 * The significant-event log (GLI-19; issue 28): what a regulator asks to see of an account, in
 * one append-only table (kernel/db/tables.ts significant_event), written by the feature where the
 * event happens and read by member and by kind (`npm run ops -- events ...`).
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './db/index.ts';
import { significantEvent } from './db/tables.ts';

/** The kinds the platform writes; a feature adds its own by writing it (text, dotted). */
export type SignificantKind =
  | 'login'
  | 'login.failed'
  | 'logout'
  | 'limit.set'
  | 'limit.raise.asked'
  | 'limit.raise.applied'
  | 'limit.cancelled'
  | 'block.timeout'
  | 'block.exclusion'
  | 'block.reopen.asked'
  | 'block.closed'
  | 'reality.set'
  | 'win.large'
  | 'withdrawal'
  | 'adjustment'
  | 'flag'
  | (string & {});

export interface SignificantEvent {
  memberId: number | null;
  kind: SignificantKind;
  /** 'member', 'system' or 'ops:<name>'. */
  actor: string;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes one entry (in the caller's transaction when given one, so it commits with what it records). */
export async function recordSignificant(db: Db | Tx, e: SignificantEvent): Promise<void> {
  await db.insert(significantEvent).values({ memberId: e.memberId, kind: e.kind, actor: e.actor, ip: e.ip ?? null, detail: e.detail ?? {} });
}

/** The latest entries, newest first, for one member and/or one kind. */
export async function significantEvents(db: Db, filter: { memberId?: number; kind?: string; limit?: number }) {
  const where: SQL[] = [];
  if (filter.memberId !== undefined) where.push(eq(significantEvent.memberId, filter.memberId));
  if (filter.kind) where.push(eq(significantEvent.kind, filter.kind));
  return db
    .select()
    .from(significantEvent)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(significantEvent.at), desc(significantEvent.id))
    .limit(filter.limit ?? 100);
}

/** Deletes entries older than `keepDays` (the brand's retention); answers how many. */
export async function pruneSignificant(db: Db, now: number, keepDays: number): Promise<number> {
  const gone = await db
    .delete(significantEvent)
    .where(lt(significantEvent.at, new Date(now - keepDays * 86_400_000)))
    .returning({ id: significantEvent.id });
  return gone.length;
}

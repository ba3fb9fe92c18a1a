/** The operators' audit log: who changed what, through the ops command or the console. Append-only (a trigger refuses a change). */
import { and, count, desc, ilike } from 'drizzle-orm';
import type { Db, Tx } from './index.ts';
import { opsAudit } from './tables.ts';

/** Records one change an operator made (inside the change's transaction when given one). */
export async function recordAudit(db: Db | Tx, entry: { actor: string; command: string; args: Record<string, unknown>; ip?: string; before?: unknown; after?: unknown }): Promise<void> {
  await db.insert(opsAudit).values(entry);
}

export interface AuditEntry {
  id: number;
  at: number;
  actor: string;
  command: string;
  ip: string | null;
  args: unknown;
  before: unknown;
  after: unknown;
}

/** The log, newest first, filtered by a part of the actor and of the command; a page of it and the count. */
export async function auditEntries(db: Db, q: { actor?: string; command?: string; page: number; pageSize: number }): Promise<{ items: AuditEntry[]; total: number }> {
  const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(q.actor ? ilike(opsAudit.actor, `%${esc(q.actor)}%`) : undefined, q.command ? ilike(opsAudit.command, `%${esc(q.command)}%`) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(opsAudit)
      .where(where)
      .orderBy(desc(opsAudit.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(opsAudit).where(where),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, at: r.at.getTime(), actor: r.actor, command: r.command, ip: r.ip, args: r.args, before: r.before, after: r.after })),
    total: Number(total?.n ?? 0),
  };
}

/** The operators' audit log: who changed what through the ops command. Append-only. */
import type { Db, Tx } from './index.ts';
import { opsAudit } from './tables.ts';

/** Records one change an operator made (inside the change's transaction when given one). */
export async function recordAudit(db: Db | Tx, entry: { actor: string; command: string; args: Record<string, unknown> }): Promise<void> {
  await db.insert(opsAudit).values(entry);
}

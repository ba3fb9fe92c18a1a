/**
 * The outbox of the sandbox providers: messages they "sent" (sms, e-mail) are kept here for the
 * operator (`npm run ops -- sms-outbox`) and the tests to read. Nothing leaves the machine.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { db as processDb, type Db } from '../../kernel/db/index.ts';
import { messageOutbox } from './tables.ts';

export type OutboxChannel = 'sms' | 'email';

/** Keeps one message the sandbox "sent". */
export async function keepMessage(m: { channel: OutboxChannel; recipient: string; subject?: string; body: string }): Promise<void> {
  await (await processDb()).insert(messageOutbox).values(m);
}

/** The newest messages of a channel, optionally to recipients ending in `recipient` (a national number finds +52...). */
export async function readOutbox(db: Db, channel: OutboxChannel, o: { recipient?: string; limit: number }) {
  const where = o.recipient
    ? and(eq(messageOutbox.channel, channel), like(messageOutbox.recipient, `%${o.recipient.replace(/[%_\\]/g, '')}`))
    : eq(messageOutbox.channel, channel);
  return db.select().from(messageOutbox).where(where).orderBy(desc(messageOutbox.id)).limit(o.limit);
}

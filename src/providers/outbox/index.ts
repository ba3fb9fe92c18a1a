/**
 * The outbox of the sandbox providers: messages they "sent" (sms, e-mail) are kept here for the
 * operator (`npm run ops -- sms-outbox`) and the tests to read. Nothing leaves the machine.
 *
 * A message's one-time secret (an sms code, a temporary password) is kept apart from its text
 * and only while it can be used: reads show it until it expires, then the text shows a mask and
 * `scrubOutboxSecrets` (a job, and every write) erases it. The outbox never holds a usable secret
 * longer than the secret itself lives.
 */
import { and, desc, eq, isNotNull, like, lt } from 'drizzle-orm';
import { clock } from '../../kernel/clock.ts';
import { db as processDb, type Db } from '../../kernel/db/index.ts';
import { messageOutbox } from './tables.ts';

export type OutboxChannel = 'sms' | 'email';

/** A message's one-time secret, as the sender knows it: its value (inside the text) and its end. */
export interface OneTimeSecret {
  value: string;
  expiresAt: Date;
}

/** What stands in the stored text where the secret was. */
export const SECRET_SLOT = '\u2063secret\u2063';
/** What an expired secret reads as. */
export const SECRET_MASK = '••••••';

/** Keeps one message the sandbox "sent", its secret apart from its text. */
export async function keepMessage(m: { channel: OutboxChannel; recipient: string; subject?: string; body: string; secret?: OneTimeSecret }): Promise<void> {
  const db = await processDb();
  const { secret, ...rest } = m;
  const body = secret && secret.value ? rest.body.split(secret.value).join(SECRET_SLOT) : rest.body;
  await db.insert(messageOutbox).values({ ...rest, body, secret: secret?.value ?? null, secretExpiresAt: secret?.expiresAt ?? null });
  await scrubOutboxSecrets(db, clock.now());
}

/** Erases the secrets that have expired; answers how many. */
export async function scrubOutboxSecrets(db: Db, now: number): Promise<number> {
  const gone = await db
    .update(messageOutbox)
    .set({ secret: null, secretExpiresAt: null })
    .where(and(isNotNull(messageOutbox.secret), lt(messageOutbox.secretExpiresAt, new Date(now))))
    .returning({ id: messageOutbox.id });
  return gone.length;
}

/** The newest messages of a channel, optionally to recipients ending in `recipient` (a national number finds +52...). */
export async function readOutbox(db: Db, channel: OutboxChannel, o: { recipient?: string; limit: number; exact?: boolean }, now = clock.now()) {
  const to = o.recipient?.replace(/[%_\\]/g, '');
  const where = to ? and(eq(messageOutbox.channel, channel), o.exact ? eq(messageOutbox.recipient, to) : like(messageOutbox.recipient, `%${to}`)) : eq(messageOutbox.channel, channel);
  const rows = await db.select().from(messageOutbox).where(where).orderBy(desc(messageOutbox.id)).limit(o.limit);
  return rows.map(({ secret, secretExpiresAt, ...r }) => {
    const live = secret !== null && secretExpiresAt !== null && secretExpiresAt.getTime() > now;
    return { ...r, body: r.body.split(SECRET_SLOT).join(live ? secret : SECRET_MASK), secretLive: live };
  });
}

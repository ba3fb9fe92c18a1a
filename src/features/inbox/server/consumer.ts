/**
 * System messages from the outbox's events (src/kernel/events.ts): the features that make the
 * facts emit them in their own transactions, and declare in their contracts which events become
 * a message and with which words (`EventType.message`, their own catalogue's key). The app hands
 * this consumer those declarations (src/app/features.ts), so the inbox, which comes before some of
 * the producers, reads none of their code; each event gives exactly one message, written in the
 * transaction that moves the consumer's cursor.
 */
import { consumer, on, type Consumer, type EventType } from '../../../kernel/events.ts';
import { sendSystemMessage } from './inbox.ts';

/** The consumer of every declared event that has a message. */
export function systemMessages(declared: readonly EventType[]): Consumer {
  return consumer(
    'inbox.system-messages',
    declared.flatMap((event) => {
      const template = event.message;
      if (!template) return [];
      return [
        on(event, async (tx, e) => {
          if (e.memberId !== null) await sendSystemMessage(tx, e.memberId, template, e.payload as Record<string, unknown>, e.id, event.marketing ? 'marketing' : 'system');
        }),
      ];
    }),
  );
}

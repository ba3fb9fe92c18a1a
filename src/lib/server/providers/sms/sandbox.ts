/** The sandbox sms provider: nothing leaves the machine; messages land in the outbox table. */
import { db } from '../../db/index.ts';
import { messageOutbox } from '../../db/schema.ts';
import type { SmsProvider } from './index.ts';

export const sandboxSmsProvider: SmsProvider = {
  name: 'sandbox',
  async send(message) {
    await (await db()).insert(messageOutbox).values({ channel: 'sms', recipient: message.to, body: message.text });
  },
};

/** The sandbox sms provider: nothing leaves the machine; messages land in the outbox table. */
import { keepMessage } from '../outbox/index.ts';
import type { SmsProvider } from './index.ts';

export const sandboxSmsProvider: SmsProvider = {
  name: 'sandbox',
  async send(message) {
    await keepMessage({ channel: 'sms', recipient: message.to, body: message.text, secret: message.secret });
  },
};

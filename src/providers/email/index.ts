/**
 * E-mail provider (forgot password by e-mail). Only the sandbox exists here: messages land in
 * the outbox table (`npm run ops -- email-outbox`); a real one (SMTP, an HTTP API) implements
 * the same interface.
 */
import { keepMessage } from '../outbox/index.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export const sandboxEmailProvider: EmailProvider = {
  name: 'sandbox',
  async send(m) {
    await keepMessage({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text });
  },
};

/** The configured provider. */
export function emailProvider(): EmailProvider {
  return sandboxEmailProvider;
}

/**
 * E-mail provider (forgot password by e-mail). Only the sandbox exists here: messages land in
 * the outbox table (`npm run ops -- email-outbox`); a real one (SMTP, an HTTP API) implements
 * the same interface.
 */
import { keepMessage, type OneTimeSecret } from '../outbox/index.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one-time secret inside `text` (a temporary password), kept by the sandbox only while it lives. */
  secret?: OneTimeSecret;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export const sandboxEmailProvider: EmailProvider = {
  name: 'sandbox',
  async send(m) {
    await keepMessage({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text, secret: m.secret });
  },
};

/** The configured provider. */
export function emailProvider(): EmailProvider {
  return sandboxEmailProvider;
}

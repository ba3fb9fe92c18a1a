/**
 * Sms provider: an interface with a sandbox that keeps every message in the outbox table (read
 * it with `npm run ops -- sms-outbox`) and an HTTP provider for a real gateway, chosen by
 * SMS_PROVIDER (sandbox | http, with SMS_HTTP_URL and SMS_HTTP_TOKEN).
 */
import { env } from '../../kernel/env.ts';
import type { OneTimeSecret } from '../outbox/index.ts';
import { httpSmsProvider } from './http.ts';
import { sandboxSmsProvider } from './sandbox.ts';

export interface SmsMessage {
  /** International number: '+' dialing code and national number without leading zeros. */
  to: string;
  text: string;
  /** The one-time code inside `text`, so that a provider that keeps messages keeps it only while it lives. */
  secret?: OneTimeSecret;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends one message; throws when the provider refuses it. */
  send(message: SmsMessage): Promise<void>;
}

let override: SmsProvider | null = null;

/** The configured provider (or the one a test installed). */
export function smsProvider(): SmsProvider {
  if (override) return override;
  const e = env();
  if (e.SMS_PROVIDER === 'http') {
    if (!e.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return httpSmsProvider({ url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN });
  }
  return sandboxSmsProvider;
}

/** Installs a provider for this process (tests); null restores the configured one. */
export function useSmsProvider(p: SmsProvider | null): void {
  override = p;
}

/**
 * The authenticator app's primitives (TOTP, RFC 6238, with the `otpauth` library), shared by the
 * members' second factor (accounts) and the staff's required one (console): a new secret, its
 * otpauth:// address and QR code (rendered by `uqr` as SVG), the 30-second step a code belongs
 * to, recovery codes and their hashes, and the sealing of secrets at rest.
 *
 * The secret must be readable to check codes, so it is stored encrypted (AES-256-GCM) with a key
 * kept apart from the data: TOTP_KEY, or one made per database (system settings). Recovery codes
 * are stored as SHA-256 hashes. Each caller keeps the last accepted step and refuses a code of
 * that step or an older one (replay), in one conditional UPDATE of its own table.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { brand } from './brand/index.ts';
import { clock } from './clock.ts';
import type { Db } from './db/index.ts';
import { sharedSecret } from './db/settings.ts';
import { env } from './env.ts';
import { log } from './log.ts';

const PERIOD = 30;
/** Letters and digits a person copies without confusion (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

async function keyOf(db: Db): Promise<Buffer> {
  return createHash('sha256')
    .update(await sharedSecret(db, 'accounts.totp.key', env().TOTP_KEY))
    .digest();
}

/** Seals a secret for storage: 'v1.' + base64url(iv | tag | ciphertext). */
export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret, or null when it cannot be opened (TOTP_KEY changed since it was sealed): logged, and no code matches. */
export async function openSecret(db: Db, sealed: string): Promise<string | null> {
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const d = createDecipheriv('aes-256-gcm', await keyOf(db), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    log.error('totp.secret.unreadable', { hint: 'TOTP_KEY differs from the key the secret was sealed with; recovery codes still work' });
    return null;
  }
}

function totpOf(label: string, base32: string): TOTP {
  return new TOTP({ issuer: brand().name, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });
}

/** A new 160-bit secret, base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export interface TotpSetup {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/** What a set-up screen shows for `secret` under the account's `label`. */
export function totpSetup(label: string, secret: string): TotpSetup {
  const uri = totpOf(label, secret).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The 30-second step a code belongs to, or null when it is not a code of the secret now (±1 step). */
export function totpStep(label: string, base32: string, code: string, now = clock.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(label, base32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** A recovery code: 8 characters in two groups (XXXX-XXXX), about 40 bits. */
export function recoveryCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** The stored form of a recovery code (case and dashes ignored). */
export const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

/** Is `code` shaped like a recovery code (before it is looked up)? */
export const looksLikeRecoveryCode = (code: string) => /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(code);

/** For tests and tools: the current code of a base32 secret. */
export function currentCode(label: string, base32: string, now = clock.now()): string {
  return totpOf(label, base32).generate({ timestamp: now });
}

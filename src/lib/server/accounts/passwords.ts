/**
 * Password hashing: scrypt at OWASP's parameters (N=2^17, r=8, p=1), run by the async
 * crypto.scrypt on libuv's thread pool so the event loop never blocks. A hash records its own
 * parameters: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`, so the cost can rise later and old
 * hashes still verify (and are rehashed at the next login).
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { env } from '../env.ts';

const KEY_LEN = 32;
const SALT_LEN = 16;
export const OWASP_LOG_N = 17;

/**
 * At most this many hashes run at once (one core is left to the event loop and the database),
 * so a burst of logins queues up instead of slowing every other call down. Each hash at
 * N=2^17 also takes 128 MiB, which this bounds too.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; maxmem must exceed it (Node's default is 32 MiB).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LEN, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** The cost new hashes get (PASSWORD_HASH_COST; 17 unless a test lowers it). */
export const currentLogN = () => env().PASSWORD_HASH_COST;

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(hash: string): Parsed | null {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!(logN >= 10 && logN <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  return { logN, r, p, salt: Buffer.from(parts[4]!, 'base64'), key: Buffer.from(parts[5]!, 'base64') };
}

let dummy: Promise<string> | null = null;

/**
 * The hashing functions, as one object so tests can watch them (vi.spyOn(passwords, 'verify')).
 */
export const passwords = {
  /** Hashes a password at the current cost. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LEN);
    const logN = currentLogN();
    const key = await scryptAsync(password, salt, logN, 8, 1);
    return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  },

  /** Checks a password against a hash in constant time; a malformed hash never matches. */
  async verify(password: string, hash: string): Promise<boolean> {
    const h = parse(hash);
    if (!h) return false;
    const key = await scryptAsync(password, h.salt, h.logN, h.r, h.p);
    return key.length === h.key.length && timingSafeEqual(key, h.key);
  },

  /**
   * A hash of a random password at the current cost. Checking a login against it when the
   * username is unknown takes as long as checking a real account, so timing tells nothing.
   */
  dummyHash(): Promise<string> {
    dummy ??= passwords.hash(randomBytes(18).toString('base64'));
    return dummy;
  },

  /** Was this hash made at a lower cost than new hashes get? */
  needsRehash(hash: string): boolean {
    const h = parse(hash);
    return !h || h.logN < currentLogN() || h.r < 8;
  },
};

/** Compares two texts in constant time (for their length). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a.normalize('NFC'));
  const y = Buffer.from(b.normalize('NFC'));
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A random password that satisfies letters-and-digits rules (temporary and unusable passwords). */
export function randomPassword(length = 12): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  // At least one letter and one digit, whatever the draw.
  return `${out.slice(0, length - 2)}a7`;
}

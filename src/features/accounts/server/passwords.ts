/**
 * Password hashing: scrypt at OWASP's parameters (N=2^17, r=8, p=1), run by the async
 * crypto.scrypt on libuv's thread pool so the event loop never blocks. A hash records its own
 * parameters: `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`, so the cost can rise later and old
 * hashes still verify (and are rehashed at the next login).
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { fairQueue, QueueFull } from '../../../kernel/fair-queue.ts';
import { currentCaller } from '../../../kernel/http/request-context.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { availableParallelism } from 'node:os';
import { env } from '../../../kernel/env.ts';

const KEY_LEN = 32;
const SALT_LEN = 16;
export const OWASP_LOG_N = 17;

/**
 * At most this many hashes run at once (one core is left to the event loop and the database),
 * so a burst of logins queues up instead of slowing every other call down. Each hash at
 * N=2^17 also takes 128 MiB, which this bounds too. The waiting hashes are served round-robin by
 * caller address (the kernel's fair queue), so one address's burst waits behind itself and not in
 * front of everyone's login; an address with HASH_WAITING_PER_CALLER hashes already waiting is
 * told to try again in a moment (429 `password.busy`).
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
export const HASH_WAITING_PER_CALLER = 8;
const hashing = fairQueue({ concurrency: HASH_CONCURRENCY, maxWaitingPerCaller: HASH_WAITING_PER_CALLER });

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  try {
    // Work outside a call (seeding, ops, tests) waits without a bound; a caller's is bounded.
    const caller = currentCaller();
    return await hashing.run(caller?.ip ?? 'server', fn, { bounded: caller !== null });
  } catch (err) {
    if (err instanceof QueueFull) throw new ApiError(429, 'password.busy');
    throw err;
  }
}

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; maxmem must exceed it (Node's default is 32 MiB).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return withSlot(() => new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LEN, options, (err, key) => (err ? reject(err) : resolve(key)))));
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

  /**
   * Checks a password against a hash in constant time. A malformed or unusable hash (a trial
   * account has none) never matches, after the same scrypt work as a real one, so that timing
   * does not tell which accounts can log in.
   */
  async verify(password: string, hash: string): Promise<boolean> {
    const h = parse(hash) ?? parse(await passwords.dummyHash());
    const key = await scryptAsync(password, h!.salt, h!.logN, h!.r, h!.p);
    return parse(hash) !== null && key.length === h!.key.length && timingSafeEqual(key, h!.key);
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
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const alphabet = `ABCDEFGHJKLMNPQRSTUVWXYZ${lower}${digits}`;
  const out = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]!);
  // At least one (lower-case) letter and one digit, whatever the draw: each at a position of its
  // own, drawn like the rest (a fixed place or character would tell a guesser where to look).
  const letterAt = randomInt(length);
  const digitAt = (letterAt + 1 + randomInt(length - 1)) % length;
  out[letterAt] = lower[randomInt(lower.length)]!;
  out[digitAt] = digits[randomInt(digits.length)]!;
  return out.join('');
}

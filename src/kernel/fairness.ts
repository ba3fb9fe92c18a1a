/**
 * Provably fair randomness, shared by the sandbox game provider (its rounds) and the draws of the
 * promotions' raffles (and the lottery's next): in the kernel because more than one feature draws.
 *
 * The server commits to a secret server seed by showing its SHA-256 hash before play; every round
 * is then fixed by HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`), and when the
 * seed is rotated the old seed is revealed so the player can recompute every round played with it.
 * A round that needs more random words than one HMAC block gives (because draws were rejected, or
 * because it has many reels) continues with HMAC(serverSeed, `${clientSeed}:${nonce}:${k}`) for
 * k = 1, 2, ... Words are read as big-endian unsigned 32-bit integers.
 *
 * HMAC-SHA256 keyed by 32 random bytes is a pseudo-random function, so the stream is a CSPRNG
 * whose output nobody can predict without the seed; `uniformBelow` turns it into integers in
 * [0, n) by rejection sampling, so there is no modulo bias.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { prng } from './prng.ts';
import type { WordSource } from './uniform.ts';

export { uniformBelow, type WordSource } from './uniform.ts';

/** Bytes of a server seed (256 bits, the HMAC-SHA256 block strength). */
export const SERVER_SEED_BYTES = 32;
const TWO_32 = 4294967296;

/** A committed server seed: the hash is shown before play, the seed only when rotated. */
export interface ServerSeed {
  serverSeed: string;
  serverSeedHash: string;
}

/** The hex SHA-256 of the server seed's 32 bytes (not of its hex text): the commitment shown before play. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
}

/** A fresh random server seed (crypto.randomBytes) with its commitment hash. */
export function makeServerSeed(): ServerSeed {
  const serverSeed = randomBytes(SERVER_SEED_BYTES).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** A random default client seed; players may replace it with any text of their own. */
export function makeClientSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Ends the current seed and starts a new one: answers the old seed to reveal (its hash was shown
 * before play, so the player can check it) and the next committed seed, whose nonces restart at 0.
 */
export function rotateServerSeed(current: ServerSeed): { revealed: ServerSeed; next: ServerSeed } {
  if (!seedMatchesHash(current.serverSeed, current.serverSeedHash)) throw new Error('The server seed does not match its hash');
  return { revealed: { ...current }, next: makeServerSeed() };
}

/** True when `serverSeed` is a well-formed seed whose SHA-256 is `serverSeedHash`. */
export function seedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(serverSeed) || !/^[0-9a-f]{64}$/i.test(serverSeedHash)) return false;
  return timingSafeEqual(Buffer.from(hashServerSeed(serverSeed), 'hex'), Buffer.from(serverSeedHash, 'hex'));
}

/** The HMAC message of block `k` of a round: the first block is exactly `${clientSeed}:${nonce}`. */
export function roundMessage(clientSeed: string, nonce: number, block: number): string {
  return block === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${block}`;
}

/** The word stream of one round: HMAC-SHA256 blocks of the server seed, 8 words per block. */
export function roundWords(serverSeed: string, clientSeed: string, nonce: number): WordSource {
  if (!/^[0-9a-f]{64}$/i.test(serverSeed)) throw new RangeError('A server seed is 64 hex digits');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('A nonce is a non-negative integer');
  const key = Buffer.from(serverSeed, 'hex');
  let block = 0;
  let digest = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= digest.length) {
      digest = createHmac('sha256', key)
        .update(roundMessage(clientSeed, nonce, block))
        .digest();
      block++;
      offset = 0;
    }
    const word = digest.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

/** A fast, seeded, non-cryptographic word source (mulberry32 of shared/prng) for simulations only, never for play. */
export function simulationWords(seed: number): WordSource {
  const r = prng(seed);
  // next() is a 32-bit integer divided by 2^32, so this gives the integer back exactly.
  return () => r.next() * TWO_32;
}

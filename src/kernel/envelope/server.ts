/**
 * The server side of encrypted calls (docs/encryption.md): the RSA key pair, made once per
 * database and shared by every process on it, and the checks on an envelope (decryption,
 * freshness, replay).
 */
import { createHash } from 'node:crypto';
import type { CallDef } from '../contract.ts';
import { ENC_ALGORITHM, ENC_MAX_SKEW_MS, EnvelopeError, fromBase64, generateKeyPair, importPrivateKey, openBody } from './crypto.ts';
import { db as processDb, type Db } from '../db/index.ts';
import { encNonce, systemSetting } from '../db/tables.ts';
import type { HandlerContext } from '../http/dispatch.ts';
import { ApiError } from '../http/errors.ts';
import { readSetting } from '../db/settings.ts';
import { clock } from '../clock.ts';

const KEY_SETTING = 'crypto.rsa';
/** Nonces are remembered longer than the timestamp window, so a replay is refused either way. */
const NONCE_TTL_MS = 2 * ENC_MAX_SKEW_MS;

interface StoredKey {
  keyId: string;
  publicKey: string;
  privateKey: string;
  createdAt: string;
}

export interface ServerKey {
  keyId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

// One key per database; cached per process (keyed by the db object, as tests swap databases).
const cache = new WeakMap<Db, Promise<ServerKey>>();

/** The key pair of this database, made on first use (the first process to insert it wins). */
export function serverKey(db: Db): Promise<ServerKey> {
  let p = cache.get(db);
  if (!p) {
    p = loadOrCreate(db);
    cache.set(db, p);
    p.catch(() => cache.delete(db));
  }
  return p;
}

async function loadOrCreate(db: Db): Promise<ServerKey> {
  let stored = await readSetting<StoredKey | null>(db, KEY_SETTING, null);
  if (!stored) {
    const pair = await generateKeyPair(3072);
    const keyId = createHash('sha256').update(fromBase64(pair.publicKey)).digest('hex').slice(0, 16);
    const fresh: StoredKey = { keyId, ...pair, createdAt: new Date().toISOString() };
    await db.insert(systemSetting).values({ key: KEY_SETTING, value: fresh }).onConflictDoNothing();
    stored = await readSetting<StoredKey | null>(db, KEY_SETTING, null);
    if (!stored) throw new Error('The RSA key could not be stored');
  }
  return { keyId: stored.keyId, publicKey: stored.publicKey, privateKey: await importPrivateKey(stored.privateKey) };
}

/** The public half as the key call answers it. */
export async function publicKeyInfo(db: Db) {
  const k = await serverKey(db);
  return { keyId: k.keyId, publicKey: k.publicKey, algorithm: ENC_ALGORITHM, maxSkewSeconds: ENC_MAX_SKEW_MS / 1000 } as const;
}

/** The dispatcher's hook: opens an enc body, refusing undecryptable, stale and replayed ones. */
export async function openEnvelope(call: CallDef, envelope: { value: string; encryption: string }, _ctx: HandlerContext): Promise<unknown> {
  const db = await processDb();
  const key = await serverKey(db);
  let sealed;
  try {
    sealed = await openBody(key.privateKey, call.method, call.path, envelope.value, envelope.encryption);
  } catch (err) {
    if (err instanceof EnvelopeError) throw new ApiError(400, 'request.decrypt.failed');
    throw err;
  }
  const now = clock.now();
  if (Math.abs(now - sealed.ts) > ENC_MAX_SKEW_MS) throw new ApiError(400, 'request.expired');
  const inserted = await db
    .insert(encNonce)
    .values({ nonce: sealed.nonce, expiresAt: new Date(now + NONCE_TTL_MS) })
    .onConflictDoNothing()
    .returning({ nonce: encNonce.nonce });
  if (inserted.length === 0) {
    // Seen before; unless that record had expired (then it is stale anyway, the ts check covers it).
    throw new ApiError(400, 'request.replayed');
  }
  return sealed.body ?? {};
}

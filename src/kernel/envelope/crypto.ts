/**
 * The hybrid encryption of 'enc' calls (docs/encryption.md), on WebCrypto only, so the same
 * code runs in the browser and in Node: a fresh AES-256-GCM key encrypts the body; RSA-OAEP
 * with SHA-256 wraps that key for the server's public key (GET /wps/session/key/rsa).
 *
 * Wire: body `{ "value": base64(iv[12] | ciphertext | tag[16]) }`, header
 * `Encryption: base64(RSA-OAEP-SHA256(aesKey[32]))`. The plaintext is the UTF-8 JSON
 * `{ "ts": <ms>, "nonce": <base64 of 16 random bytes>, "body": <the call's body> }`; the
 * additional authenticated data is the UTF-8 text `<METHOD> <path>` (e.g. `POST /wps/session/login`)
 * so a ciphertext is only good for the call it was made for.
 */

export const ENC_ALGORITHM = 'RSA-OAEP-256+A256GCM';
export const ENCRYPTION_HEADER = 'Encryption';
/** How far (ms) a sealed timestamp may be from the server's clock, either way. */
export const ENC_MAX_SKEW_MS = 5 * 60_000;

const subtle = () => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (a secure context is needed)');
  return s;
};

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** Bytes to base64 (standard alphabet, padded). */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Base64 (standard or url-safe) to bytes; throws on anything else. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const utf8 = new TextEncoder();
const aadFor = (method: string, path: string) => utf8.encode(`${method.toUpperCase()} ${path}`);

/** Imports the server's public key (SPKI DER in base64, as the key call answers it). */
export function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return subtle().importKey('spki', fromBase64(spkiBase64), RSA, false, ['encrypt']);
}

/** Imports a private key (PKCS#8 DER in base64), server side. */
export function importPrivateKey(pkcs8Base64: string): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', fromBase64(pkcs8Base64), RSA, false, ['decrypt']);
}

/** Makes an RSA-OAEP-256 key pair and answers both halves in base64 (SPKI, PKCS#8). */
export async function generateKeyPair(modulusLength = 3072): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await subtle().generateKey({ ...RSA, modulusLength, publicExponent: new Uint8Array([1, 0, 1]) }, true, ['encrypt', 'decrypt'])) as CryptoKeyPair;
  const spki = new Uint8Array(await subtle().exportKey('spki', pair.publicKey));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { publicKey: toBase64(spki), privateKey: toBase64(pkcs8) };
}

/** The plaintext inside an envelope. */
export interface Sealed<T = unknown> {
  /** When it was sealed, ms since the epoch. */
  ts: number;
  /** 16 random bytes in base64: the server refuses a nonce it has seen. */
  nonce: string;
  body: T;
}

/** What travels: the JSON body `{ value }` and the Encryption header. */
export interface Envelope {
  value: string;
  encryption: string;
}

/** Encrypts a call's body for `method path` with the server's public key. */
export async function sealBody(publicKey: CryptoKey, method: string, path: string, body: unknown, now = Date.now()): Promise<Envelope> {
  const s = subtle();
  const raw = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const nonce = toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  const aesKey = await s.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']);
  const plain = utf8.encode(JSON.stringify({ ts: now, nonce, body } satisfies Sealed));
  const ct = new Uint8Array(await s.encrypt({ name: 'AES-GCM', iv, additionalData: aadFor(method, path), tagLength: 128 }, aesKey, plain));
  const wrapped = new Uint8Array(await s.encrypt(RSA, publicKey, raw));
  raw.fill(0);
  const packed = new Uint8Array(iv.length + ct.length);
  packed.set(iv, 0);
  packed.set(ct, iv.length);
  return { value: toBase64(packed), encryption: toBase64(wrapped) };
}

/** Why an envelope could not be opened. */
export class EnvelopeError extends Error {}

/**
 * Decrypts an envelope made for `method path` (server side). Checks shape and authenticity
 * only; freshness of `ts` and uniqueness of `nonce` are the caller's to check.
 */
export async function openBody(privateKey: CryptoKey, method: string, path: string, value: string, encryption: string): Promise<Sealed> {
  const s = subtle();
  let wrapped: Uint8Array<ArrayBuffer>;
  let packed: Uint8Array<ArrayBuffer>;
  try {
    wrapped = fromBase64(encryption.trim());
    packed = fromBase64(value.trim());
  } catch {
    throw new EnvelopeError('not base64');
  }
  if (packed.length < 12 + 16) throw new EnvelopeError('too short');
  let plain: ArrayBuffer;
  try {
    const raw = new Uint8Array(await s.decrypt(RSA, privateKey, wrapped));
    if (raw.length !== 32) throw new EnvelopeError('bad key length');
    const aesKey = await s.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
    raw.fill(0);
    plain = await s.decrypt({ name: 'AES-GCM', iv: packed.subarray(0, 12), additionalData: aadFor(method, path), tagLength: 128 }, aesKey, packed.subarray(12));
  } catch {
    throw new EnvelopeError('cannot decrypt');
  }
  let sealed: Sealed;
  try {
    sealed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as Sealed;
  } catch {
    throw new EnvelopeError('not JSON');
  }
  if (!sealed || typeof sealed.ts !== 'number' || typeof sealed.nonce !== 'string' || sealed.nonce.length < 16 || sealed.nonce.length > 64) {
    throw new EnvelopeError('bad plaintext');
  }
  return sealed;
}

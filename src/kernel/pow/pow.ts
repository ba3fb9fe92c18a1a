/**
 * Proof-of-work human verification (spec 4 'a human-verification challenge runs before non-sms
 * login'). The server hands out `{ challengeId, salt, difficulty }`; the client finds a decimal
 * nonce such that SHA-256 of the UTF-8 text `${salt}:${nonce}` starts with `difficulty` zero
 * bits, and sends `challengeId` and `challengeNonce` with the call. Each challenge is good once.
 *
 * Hashing is the platform's (WebCrypto's `crypto.subtle.digest`, node:crypto on the server) with
 * one exception: the solver's inner loop. `salt:nonce` fits one 64-byte block, and a synchronous
 * single-block SHA-256 on reused buffers tries nonces many times faster than awaiting WebCrypto
 * once per try; `npm run bench` measures both on every run ('proof of work' row), and the found
 * answer is checked once with WebCrypto, as the server checks it with node:crypto.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The same constants as signed 32-bit words, for the single-block tester's integer arithmetic. */
const KI = new Int32Array(K.buffer);

/** Number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0;
  for (const byte of digest) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}

const enc = new TextEncoder();

/** SHA-256 of a text, by WebCrypto (browsers, Node). */
export async function sha256Text(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

/** Does `nonce` answer the challenge? (the same check the server makes) */
export async function checkNonce(salt: string, nonce: string, difficulty: number): Promise<boolean> {
  if (!/^[0-9]{1,20}$/.test(nonce)) return false;
  return leadingZeroBits(await sha256Text(`${salt}:${nonce}`)) >= difficulty;
}

/**
 * A tester of nonces for one salt: answers the number of leading zero bits of
 * SHA-256(`${salt}:${nonce}`) (at most 64), or -1 when the text does not fit one block (the
 * caller then asks WebCrypto).
 */
export function zeroBitsTester(salt: string): (nonce: number) => number {
  const prefix = new TextEncoder().encode(`${salt}:`);
  const block = new Uint8Array(64);
  block.set(prefix);
  const w = new Int32Array(64);
  return (nonce: number) => {
    const digits = String(nonce);
    const len = prefix.length + digits.length;
    if (len > 55) return -1;
    for (let i = 0; i < digits.length; i++) block[prefix.length + i] = digits.charCodeAt(i);
    block[len] = 0x80;
    block.fill(0, len + 1, 62);
    const bits = len * 8;
    block[62] = bits >>> 8;
    block[63] = bits & 0xff;
    for (let i = 0; i < 16; i++) w[i] = (block[i * 4]! << 24) | (block[i * 4 + 1]! << 16) | (block[i * 4 + 2]! << 8) | block[i * 4 + 3]!;
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = 0x6a09e667 | 0,
      b = 0xbb67ae85 | 0,
      c = 0x3c6ef372 | 0,
      d = 0xa54ff53a | 0;
    let e = 0x510e527f | 0,
      f = 0x9b05688c | 0,
      g = 0x1f83d9ab | 0,
      h = 0x5be0cd19 | 0;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + KI[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const h0 = (0x6a09e667 + a) | 0;
    if (h0 !== 0) return Math.clz32(h0);
    return 32 + Math.clz32((0xbb67ae85 + b) | 0);
  };
}

/**
 * Finds the answer to a challenge, in slices of about 12 ms between which it yields to the event
 * loop so that a page stays responsive; `signal` aborts.
 * @example const nonce = await solveChallenge({ salt, difficulty }); // then send challengeId + challengeNonce: nonce
 */
export async function solveChallenge(c: { salt: string; difficulty: number }, o: { signal?: AbortSignal } = {}): Promise<string> {
  const zeros = zeroBitsTester(c.salt);
  for (let n = 0; ;) {
    const until = performance.now() + 12;
    do {
      for (const end = n + 2000; n < end; n++) {
        const z = zeros(n);
        // Too long for one block (never so for the server's salts): WebCrypto decides, try by try.
        if (z < 0 ? await checkNonce(c.salt, String(n), c.difficulty) : z >= c.difficulty && (await checkNonce(c.salt, String(n), c.difficulty))) return String(n);
      }
    } while (performance.now() < until);
    if (o.signal?.aborted) throw new Error('aborted');
    await new Promise((r) => setTimeout(r, 0));
  }
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkNonce, leadingZeroBits, solveChallenge, zeroBitsTester } from '../pow/pow.ts';

describe('the proof-of-work solver', () => {
  it("counts the same leading zero bits as node's SHA-256 for every nonce", () => {
    for (const salt of ['a3f9c2d1e4b5a6f7a3f9c2d1e4b5a6f7', '00', 'ffeeddccbbaa99887766554433221100ffeeddcc']) {
      const zeros = zeroBitsTester(salt);
      for (let n = 0; n < 3000; n++) {
        expect(zeros(n), `${salt}:${n}`).toBe(Math.min(leadingZeroBits(createHash('sha256').update(`${salt}:${n}`).digest()), 64));
      }
    }
  });

  it('finds an answer the server accepts', async () => {
    const salt = 'dac32f9575e7c85d4ca43dffe4b45865';
    const nonce = await solveChallenge({ salt, difficulty: 12 });
    expect(await checkNonce(salt, nonce, 12)).toBe(true);
  });

  it('falls back to WebCrypto when the text does not fit one block', async () => {
    const salt = 'f'.repeat(60);
    expect(zeroBitsTester(salt)(1)).toBe(-1);
    const nonce = await solveChallenge({ salt, difficulty: 6 });
    expect(await checkNonce(salt, nonce, 6)).toBe(true);
  });
});

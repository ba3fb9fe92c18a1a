import { describe, expect, it } from 'vitest';
import { checkNonce, leadingZeroBits, sha256, solveChallenge, zeroBitsTester } from '../../src/lib/shared/pow.ts';

const enc = new TextEncoder();

describe('the proof-of-work solver', () => {
  it('counts the same leading zero bits as the shared SHA-256 for every nonce', () => {
    for (const salt of ['a3f9c2d1e4b5a6f7a3f9c2d1e4b5a6f7', '00', 'ffeeddccbbaa99887766554433221100ffeeddcc']) {
      const zeros = zeroBitsTester(salt);
      for (let n = 0; n < 3000; n++) {
        expect(zeros(n), `${salt}:${n}`).toBe(Math.min(leadingZeroBits(sha256(enc.encode(`${salt}:${n}`))), 64));
      }
    }
  });

  it('finds an answer the server accepts', async () => {
    const salt = 'dac32f9575e7c85d4ca43dffe4b45865';
    const nonce = await solveChallenge({ salt, difficulty: 12 });
    expect(checkNonce(salt, nonce, 12)).toBe(true);
  });

  it('falls back to the general SHA-256 when the text does not fit one block', async () => {
    const salt = 'f'.repeat(60);
    expect(zeroBitsTester(salt)(1)).toBe(-1);
    const nonce = await solveChallenge({ salt, difficulty: 6 });
    expect(checkNonce(salt, nonce, 6)).toBe(true);
  });
});

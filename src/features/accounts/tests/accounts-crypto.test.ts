import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OWASP_LOG_N, passwords, randomPassword, sameText } from '../server/passwords.ts';
import { encodePng } from '../../../kernel/captcha/png.ts';
import { drawCaptcha } from '../../../kernel/captcha/captcha.ts';
import { readCaptcha } from '../../../../tests/e2e-support/captcha.ts';
import { prng } from '../../../kernel/prng.ts';
import { hashToken, newToken } from '../server/sessions.ts';
import { avatarSvg } from '../server/profile.ts';
import { envSchema } from '../../../kernel/env.ts';

describe('password hashing', () => {
  it('uses scrypt at OWASP parameters unless the test environment lowers the cost', () => {
    expect(OWASP_LOG_N).toBe(17);
    // Without PASSWORD_HASH_COST new hashes get N = 2^17; vitest sets 10 to keep tests fast.
    expect(envSchema.parse({}).PASSWORD_HASH_COST).toBe(OWASP_LOG_N);
  });

  it('hashes with a random salt, verifies, and refuses a wrong or malformed hash', async () => {
    const a = await passwords.hash('Secret123');
    const b = await passwords.hash('Secret123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await passwords.verify('Secret123', a)).toBe(true);
    expect(await passwords.verify('Secret124', a)).toBe(false);
    expect(await passwords.verify('Secret123', '!')).toBe(false);
    expect(await passwords.verify('Secret123', 'scrypt$30$8$1$AAAA$AAAA')).toBe(false);
  });

  it('verifies a hash made at the full OWASP cost, without blocking the event loop', async () => {
    const full = await new Promise<string>((resolve, reject) => {
      import('node:crypto').then(({ scrypt, randomBytes }) => {
        const salt = randomBytes(16);
        scrypt('Secret123', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(`scrypt$17$8$1$${salt.toString('base64')}$${key.toString('base64')}`),
        );
      });
    });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const ok = await passwords.verify('Secret123', full);
    clearInterval(timer);
    expect(ok).toBe(true);
    expect(ticks).toBeGreaterThan(3);
    expect(passwords.needsRehash(full)).toBe(false);
    expect(passwords.needsRehash(full.replace('scrypt$17$8', 'scrypt$17$4'))).toBe(true);
  });

  it('compares texts in constant time and draws random passwords with letters and digits', () => {
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('abc', 'abd')).toBe(false);
    expect(sameText('abc', 'abcd')).toBe(false);
    const p = randomPassword(12);
    expect(p).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(p).toMatch(/[a-z]/);
    expect(p).toMatch(/\d/);
  });

  it('draws random passwords whose letter and digit are anywhere, not a fixed ending', () => {
    const drawn = Array.from({ length: 300 }, () => randomPassword(12));
    for (const p of drawn) {
      expect(p).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/\d/);
    }
    // With a fixed ending every password would end alike; drawn, 300 endings of two characters
    // out of 56 x 56 repeat rarely.
    expect(new Set(drawn.map((p) => p.slice(-2))).size).toBeGreaterThan(200);
    expect(new Set(drawn.map((p) => p.search(/\d/))).size).toBeGreaterThan(5);
  });
});

describe('tokens', () => {
  it('are 256 bits, base64url, stored as SHA-256', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
    expect(hashToken('x')).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });
});

describe('images', () => {
  it('encodes a greyscale PNG that inflates back to its pixels', () => {
    const px = new Uint8Array([0, 128, 255, 7, 8, 9]);
    const png = encodePng(3, 2, px);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    const idatLen = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString()).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLen));
    expect([...raw]).toEqual([0, 0, 128, 255, 0, 7, 8, 9]);
    expect(png.subarray(png.length - 8, png.length - 4).toString()).toBe('IEND');
  });

  it('draws a different captcha image each time, even for the same digits', () => {
    const a = drawCaptcha('1234');
    const b = drawCaptcha('1234');
    // Sent at twice the drawn size (240 x 80), to be shown larger and still sharp.
    expect([a.readUInt32BE(16), a.readUInt32BE(20)]).toEqual([240, 80]);
    expect(a.equals(b)).toBe(false);
  });

  it("draws digits that the e2e suite's reader, built on the same font, reads back", () => {
    // Seeded distortion, so that the check is the same on every run: the reader is a heuristic
    // that a rare unlucky random draw can fool (the e2e suite then asks for a new captcha).
    for (const [seed, text] of [
      [1, '0123'],
      [2, '4567'],
      [3, '8901'],
    ] as const) {
      const r = prng(seed);
      const rand = (a: number, b?: number) => (b === undefined ? r.int(0, a - 1) : r.int(a, b - 1));
      expect(readCaptcha(drawCaptcha(text, rand))).toBe(text);
    }
  });

  it('draws an avatar with escaped initials', () => {
    expect(avatarSvg(1, 'maria')).toContain('>MA</text>');
    expect(avatarSvg(1, '<<')).toContain('>?</text>');
  });
});

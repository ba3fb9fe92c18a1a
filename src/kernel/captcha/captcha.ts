/**
 * The captcha: four digits the server draws into a PNG (distorted glyphs, noise lines and
 * speckles). The answer is stored hashed, bound to the caller by the HttpOnly cookie
 * `wps_captcha`, and good for one check within 5 minutes.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { captchaChallenge } from '../db/tables.ts';
import { clock } from '../clock.ts';
import { encodePng } from './png.ts';
import { CAPTCHA_FONT, CAPTCHA_HEIGHT, CAPTCHA_SCALE, CAPTCHA_WIDTH } from './font.ts';

export const CAPTCHA_COOKIE = 'wps_captcha';
export const CAPTCHA_HEADER = 'X-Captcha-Id';
export const CAPTCHA_TTL_MS = 5 * 60_000;
const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
const FONT = CAPTCHA_FONT;

const hashAnswer = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer}`).digest('hex');

/** A source of random integers shaped like node:crypto's randomInt: [0, a) or [a, b). */
export type RandomInt = (a: number, b?: number) => number;

/** Draws the digits of `text` into a greyscale PNG (positions, shear, ink and noise from `rand`). */
export function drawCaptcha(text: string, rand: RandomInt = randomInt): Buffer {
  const px = new Uint8Array(W * H);
  for (let i = 0; i < px.length; i++) px[i] = 225 + rand(31);
  const dot = (x: number, y: number, v: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi >= 0 && xi < W && yi >= 0 && yi < H) px[yi * W + xi] = v;
  };
  // Glyphs: each pixel of the 5x7 font becomes a 3x4 block, sheared and shifted per digit.
  [...text].forEach((ch, n) => {
    const rows = FONT[ch]!;
    const x0 = 10 + n * 27 + rand(-3, 4);
    const y0 = 5 + rand(0, 5);
    const shear = rand(-30, 31) / 100;
    const ink = rand(10, 90);
    rows.forEach((row, ry) => {
      [...row].forEach((bit, rx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 3; dx++) dot(x0 + rx * 3 + dx + (ry * 4 + dy - 14) * shear, y0 + ry * 4 + dy, ink);
      });
    });
  });
  // Noise lines across the text.
  for (let l = 0; l < 4; l++) {
    let x = 0;
    let y = rand(0, H);
    const dy = rand(-40, 41) / 100;
    const grey = rand(40, 160);
    for (; x < W; x++, y += dy) {
      dot(x, y, grey);
      dot(x, y + 1, grey);
    }
  }
  // Speckles.
  for (let s = 0; s < 260; s++) dot(rand(0, W), rand(0, H), rand(0, 200));
  // Each drawn pixel becomes a CAPTCHA_SCALE square: shown larger, still sharp.
  const S = CAPTCHA_SCALE;
  const big = new Uint8Array(W * S * H * S);
  for (let y = 0; y < H * S; y++) for (let x = 0; x < W * S; x++) big[y * W * S + x] = px[Math.floor(y / S) * W + Math.floor(x / S)]!;
  return encodePng(W * S, H * S, big);
}

/** Makes a captcha: answers its id (for the cookie) and the PNG. */
export async function newCaptcha(db: Db): Promise<{ id: string; png: Buffer; answer: string }> {
  const answer = String(randomInt(0, 10_000)).padStart(4, '0');
  const id = randomBytes(16).toString('base64url');
  await db.insert(captchaChallenge).values({ id, answerHash: hashAnswer(id, answer), expiresAt: new Date(clock.now() + CAPTCHA_TTL_MS) });
  return { id, png: drawCaptcha(answer), answer };
}

/** Uses up the captcha `id` and tells whether `answer` was right (false when unknown, used or expired). */
export async function checkCaptcha(db: Db, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer || id.length > 64) return false;
  const rows = await db
    .update(captchaChallenge)
    .set({ usedAt: new Date(clock.now()) })
    .where(and(eq(captchaChallenge.id, id), isNull(captchaChallenge.usedAt), gt(captchaChallenge.expiresAt, new Date(clock.now()))))
    .returning({ answerHash: captchaChallenge.answerHash });
  if (!rows[0]) return false;
  const want = Buffer.from(rows[0].answerHash, 'hex');
  const got = Buffer.from(hashAnswer(id, answer.trim()), 'hex');
  return timingSafeEqual(want, got);
}

/**
 * Reads the server's captcha image, so that the e2e suite can pass the captcha a login asks for
 * after failures, end to end. The captcha (src/kernel/captcha/captcha.ts) draws four digits
 * of a 5x7 font as 3x4 blocks, each with its own offset, shear and ink; every candidate digit,
 * offset and shear is drawn as a mask and the one whose pixels most share one ink wins.
 */
import { inflateSync } from 'node:zlib';
import { CAPTCHA_FONT, CAPTCHA_HEIGHT, CAPTCHA_SCALE, CAPTCHA_WIDTH } from '../../src/kernel/captcha/font.ts';

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
const FONT = CAPTCHA_FONT;

/** Grey levels of an 8-bit greyscale PNG whose rows use filter 0 (what the server writes). */
export function decodeGreyPng(png: Buffer): Uint8Array {
  let off = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (width + 1)] !== 0) throw new Error('unexpected PNG row filter');
    out.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return out;
}

function mask(digit: string, x0: number, y0: number, shear: number): number[] {
  const seen = new Set<number>();
  FONT[digit]!.forEach((row, ry) => {
    [...row].forEach((bit, rx) => {
      if (bit !== '1') return;
      for (let dy = 0; dy < 4; dy++)
        for (let dx = 0; dx < 3; dx++) {
          const x = Math.round(x0 + rx * 3 + dx + (ry * 4 + dy - 14) * shear);
          const y = Math.round(y0 + ry * 4 + dy);
          if (x >= 0 && x < W && y >= 0 && y < H) seen.add(y * W + x);
        }
    });
  });
  return [...seen];
}

/** The drawn pixels of a captcha PNG sent at CAPTCHA_SCALE pixels per drawn pixel. */
function drawnPixels(png: Buffer): Uint8Array {
  const big = decodeGreyPng(png);
  const S = CAPTCHA_SCALE;
  const px = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) px[y * W + x] = big[y * S * W * S + x * S]!;
  return px;
}

/** The four digits of a captcha PNG. */
export function readCaptcha(png: Buffer): string {
  const px = drawnPixels(png);
  let answer = '';
  for (let n = 0; n < 4; n++) {
    let best = { score: -Infinity, digit: '?' };
    for (const digit of Object.keys(FONT)) {
      for (let dx = -3; dx <= 3; dx++) {
        for (let y0 = 5; y0 <= 9; y0++) {
          for (let s = -30; s <= 30; s++) {
            const m = mask(digit, 10 + n * 27 + dx, y0, s / 100);
            const counts = new Map<number, number>();
            for (const i of m) if (px[i]! < 100) counts.set(px[i]!, (counts.get(px[i]!) ?? 0) + 1);
            const matched = Math.max(0, ...counts.values());
            const score = matched - 3 * (m.length - matched);
            if (score > best.score) best = { score, digit };
          }
        }
      }
    }
    answer += best.digit;
  }
  return answer;
}

/**
 * The captcha's geometry: image size and the 5x7 bitmaps of the digits (one string of 7 rows per
 * digit). Kept apart, without imports, so that the e2e suite's captcha reader
 * (tests/e2e-support/captcha.ts) reads the very layout the server draws.
 */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/**
 * The PNG is sent at this many pixels per drawn pixel (240 x 80), so that the browser shows it
 * larger without blurring it (issue 17: 108 x 40 was hard to read); a machine learns nothing more
 * from it than from the drawing itself.
 */
export const CAPTCHA_SCALE = 2;

export const CAPTCHA_FONT: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

/**
 * Generated artwork for game tiles and vendor logos: pure functions from a seed (or a vendor
 * code) to a small SVG string, so the demo catalogue needs no image from anywhere else and the
 * same seed always draws the same icon. Served by ../endpoints/game-icon.ts and vendor-logo.ts.
 */
import { hashString, prng, type Prng } from '../../../kernel/prng.ts';

import { CATEGORY_ORDER, type Category } from '../../../kernel/categories.ts';

export type IconGameType = Category;

export interface GameIconInput {
  /** Any non-negative integer; the catalogue stores one per game. */
  seed: number;
  gameType: IconGameType;
  /** Drawn on a band at the bottom and used as the accessible title when given. */
  name?: string;
}

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

interface Palette {
  /** Main motif colour (light). */
  a: string;
  /** Second motif colour (contrasting). */
  b: string;
  /** Dark outline colour. */
  d: string;
}

/** Motifs are drawn around (0, 0) within about ±60 units. */
type Motif = (p: Palette, r: Prng) => string;

const MOTIFS = {
  reels: (p, r) => {
    const seven = (x: number) => `<path d="M${x - 9} -14h18l-11 28" fill="none" stroke="${p.b}" stroke-width="6" stroke-linejoin="round"/>`;
    return (
      `<rect x="-58" y="-42" width="116" height="84" rx="14" fill="${p.a}" stroke="${p.d}" stroke-width="4"/>` +
      `<rect x="-48" y="-30" width="96" height="60" rx="6" fill="#fff"/>` +
      `<path d="M-16 -30v60M16 -30v60" stroke="${p.d}" stroke-width="3"/>${seven(-32)}${seven(0)}${r.chance(0.7) ? seven(32) : `<rect x="22" y="-8" width="20" height="16" rx="3" fill="${p.b}"/>`}` +
      `<path d="M58 -10h10v-28" fill="none" stroke="${p.d}" stroke-width="4"/><circle cx="68" cy="-42" r="7" fill="${p.b}"/>`
    );
  },
  cherries: (p) =>
    `<path d="M-24 22Q-10-30 18-44Q10-6 26 22" fill="none" stroke="#3a7d2c" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M18-44q24-10 34 6q-22 8-34-6z" fill="#4caf50"/>` +
    `<circle cx="-24" cy="32" r="24" fill="${p.b}" stroke="${p.d}" stroke-width="3"/><circle cx="28" cy="34" r="24" fill="${p.b}" stroke="${p.d}" stroke-width="3"/>` +
    `<circle cx="-32" cy="24" r="6" fill="#fff" opacity=".7"/><circle cx="20" cy="26" r="6" fill="#fff" opacity=".7"/>`,
  crown: (p) =>
    `<path d="M-56 34L-62-26L-28 4L0-40L28 4L62-26L56 34z" fill="${p.a}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<rect x="-58" y="34" width="116" height="16" rx="4" fill="${p.a}" stroke="${p.d}" stroke-width="4"/>` +
    `<circle cx="0" cy="14" r="9" fill="${p.b}"/><circle cx="-32" cy="20" r="6" fill="${p.b}"/><circle cx="32" cy="20" r="6" fill="${p.b}"/>` +
    `<circle cx="-62" cy="-26" r="6" fill="${p.a}"/><circle cx="0" cy="-40" r="6" fill="${p.a}"/><circle cx="62" cy="-26" r="6" fill="${p.a}"/>`,
  gem: (p) =>
    `<path d="M-60-16L-32-48H32L60-16L0 56z" fill="${p.b}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M-60-16H60M-32-48L-16-16L0 56L16-16L32-48M-16-16L0-48L16-16" fill="none" stroke="#fff" stroke-width="3" opacity=".75"/>`,
  star: (p) =>
    `<path d="M0-62L18-20L62-18L28 10L40 54L0 30L-40 54L-28 10L-62-18L-18-20z" fill="${p.a}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M0-40L10-14L36-12" fill="none" stroke="#fff" stroke-width="4" opacity=".6" stroke-linecap="round"/>`,
  fish: (p) =>
    `<path d="M36 0L68-30V30z" fill="${p.b}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M-64 0Q-20-52 44 0Q-20 52-64 0z" fill="${p.a}" stroke="${p.d}" stroke-width="4"/>` +
    `<path d="M-6-30Q6 0-6 30M10-22Q20 0 10 22" fill="none" stroke="${p.d}" stroke-width="3" opacity=".5"/>` +
    `<circle cx="-40" cy="-6" r="7" fill="#fff"/><circle cx="-40" cy="-6" r="3" fill="${p.d}"/>` +
    `<circle cx="-70" cy="-30" r="5" fill="none" stroke="#fff" stroke-width="2"/><circle cx="-80" cy="-46" r="3" fill="none" stroke="#fff" stroke-width="2"/>`,
  cards: (p) =>
    `<rect x="-50" y="-48" width="62" height="88" rx="8" fill="#fff" stroke="${p.d}" stroke-width="3" transform="rotate(-14)"/>` +
    `<rect x="-10" y="-44" width="62" height="88" rx="8" fill="#fff" stroke="${p.d}" stroke-width="3" transform="rotate(10)"/>` +
    `<path d="M22-20c-14 14-22 20-22 30a11 11 0 0 0 20 6l-4 12h12l-4-12a11 11 0 0 0 20-6c0-10-8-16-22-30z" fill="${p.d}" transform="rotate(10)"/>` +
    `<path d="M-22-12c-8-10-22-2-14 10l14 16 14-16c8-12-6-20-14-10z" fill="${p.b}" transform="rotate(-14)"/>`,
  roulette: (p) =>
    `<circle r="60" fill="${p.d}"/><circle r="52" fill="${p.b}" stroke="${p.a}" stroke-width="16" stroke-dasharray="10 10"/>` +
    `<circle r="30" fill="${p.a}" stroke="${p.d}" stroke-width="3"/><path d="M0-26V26M-26 0H26" stroke="${p.d}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle r="6" fill="${p.d}"/><circle cx="30" cy="-36" r="6" fill="#fff"/>`,
  chip: (p) =>
    `<circle r="60" fill="${p.b}" stroke="${p.d}" stroke-width="4"/><circle r="50" fill="none" stroke="#fff" stroke-width="14" stroke-dasharray="16 10"/>` +
    `<circle r="34" fill="${p.a}" stroke="${p.d}" stroke-width="3"/><path d="M0-18l6 12 13 2-10 9 3 13-12-7-12 7 3-13-10-9 13-2z" fill="${p.b}"/>`,
  balls: (p, r) => {
    const ball = (x: number, y: number, rad: number, fill: string) =>
      `<circle cx="${x}" cy="${y}" r="${rad}" fill="${fill}" stroke="${p.d}" stroke-width="3"/><circle cx="${x}" cy="${y}" r="${Math.round(rad * 0.55)}" fill="#fff"/>` +
      `<text x="${x}" y="${y + Math.round(rad * 0.22)}" font-size="${Math.round(rad * 0.6)}" font-family="Arial,sans-serif" font-weight="700" text-anchor="middle" fill="${p.d}">${r.int(1, 49)}</text>`;
    return ball(-30, 18, 30, p.b) + ball(32, 22, 26, p.a) + ball(2, -30, 28, '#fff');
  },
  ball: (p) =>
    `<circle r="58" fill="#fff" stroke="${p.d}" stroke-width="4"/><path d="M0-20l19 14-7 22h-24l-7-22z" fill="${p.d}"/>` +
    `<path d="M0-20V-56M19-6l34-10M12 16l20 30M-12 16l-20 30M-19-6l-34-10" stroke="${p.d}" stroke-width="4"/>` +
    `<path d="M-12-56h24M44-34l10 20M44 36l-20 14M-44 36l20 14M-44-34l-10 20" stroke="${p.d}" stroke-width="8" stroke-linecap="round"/>`,
  trophy: (p) =>
    `<path d="M-40-50H40V-14A40 40 0 0 1-40-14z" fill="${p.a}" stroke="${p.d}" stroke-width="4"/>` +
    `<path d="M-40-40H-62V-24Q-62 0-34 6M40-40H62V-24Q62 0 34 6" fill="none" stroke="${p.a}" stroke-width="8"/>` +
    `<path d="M-8 24H8V42H-8zM-34 42H34V58H-34z" fill="${p.a}" stroke="${p.d}" stroke-width="4"/><path d="M-8 24L0 10L8 24" fill="${p.a}"/>` +
    `<path d="M0-40l6 12 13 2-10 9 3 13-12-7-12 7 3-13-10-9 13-2z" fill="${p.b}"/>`,
  controller: (p) =>
    `<path d="M-44-32H44Q68-32 70 8L72 30Q72 52 52 44L32 22H-32L-52 44Q-72 52-72 30L-70 8Q-68-32-44-32z" fill="${p.a}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M-42-14V10M-54-2H-30" stroke="${p.d}" stroke-width="8" stroke-linecap="round"/>` +
    `<circle cx="34" cy="-12" r="7" fill="${p.b}"/><circle cx="48" cy="2" r="7" fill="${p.b}"/><circle cx="20" cy="2" r="7" fill="${p.b}"/><circle cx="34" cy="16" r="7" fill="${p.b}"/>`,
  rooster: (p) =>
    `<path d="M-60-20Q-70 30-20 40Q-60 10-40-24z" fill="${p.b}" stroke="${p.d}" stroke-width="3"/>` +
    `<path d="M-30 40Q-50-6-10-10Q14-12 22-40Q40-50 48-34Q58-10 40 10Q30 44-30 40z" fill="${p.a}" stroke="${p.d}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M22-44q0-18 10-10q4-14 10-2q8-10 10 4z" fill="#e53935"/><path d="M48-30l18 6-18 6z" fill="#ffb300" stroke="${p.d}" stroke-width="2"/>` +
    `<path d="M44-16q6 12-4 14" fill="#e53935"/><circle cx="38" cy="-30" r="4" fill="${p.d}"/>` +
    `<path d="M-4 40V60M10 40V60M-12 60H2M2 60H18" stroke="#ffb300" stroke-width="5" stroke-linecap="round"/>`,
} satisfies Record<string, Motif>;

export type MotifName = keyof typeof MOTIFS;

/** Which motifs fit each category; the seed picks one. */
const MOTIFS_BY_TYPE: Record<IconGameType, MotifName[]> = {
  RNG: ['reels', 'cherries', 'crown', 'gem', 'star'],
  FISH: ['fish'],
  PVP: ['cards'],
  LIVE: ['roulette', 'chip', 'cards'],
  LOTT: ['balls'],
  ELOTT: ['balls'],
  SPORTS: ['ball', 'trophy'],
  ESPORTS: ['controller', 'trophy'],
  COCKFIGHT: ['rooster'],
};

/** The motif a seed draws for a category. */
export function motifFor(seed: number, gameType: IconGameType): MotifName {
  const list = MOTIFS_BY_TYPE[gameType] ?? MOTIFS_BY_TYPE.RNG;
  return list[Math.floor(seed / 7) % list.length]!;
}

/** A hue in 0..359 spread by the golden angle, so neighbouring seeds look different. */
function hueOf(seed: number): number {
  return Math.round((seed * 137.508) % 360);
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

/**
 * Draws a square game icon (viewBox 200 × 200, about 1–2 KB).
 * @example gameIcon({ seed: 42, gameType: 'FISH' }) // '<svg xmlns=...'
 */
export function gameIcon({ seed, gameType, name }: GameIconInput): string {
  const s = Math.abs(Math.trunc(seed)) >>> 0;
  const r = prng(s ^ 0x5bd1e995);
  const h = hueOf(s);
  const p: Palette = { a: r.chance(0.5) ? '#ffd54a' : hsl(h + 180, 90, 70), b: hsl(h + 150 + r.int(0, 60), 85, 52), d: hsl(h, 60, 14) };
  const id = `g${s.toString(36)}`;
  const sparkles = Array.from({ length: r.int(2, 4) }, () => {
    const x = r.pick([r.int(14, 44), r.int(156, 186)]);
    const y = r.int(14, 60);
    const k = r.int(4, 8);
    return `M${x} ${y - k * 2}L${x + k / 2} ${y - k / 2}L${x + k * 2} ${y}L${x + k / 2} ${y + k / 2}L${x} ${y + k * 2}L${x - k / 2} ${y + k / 2}L${x - k * 2} ${y}L${x - k / 2} ${y - k / 2}z`;
  }).join('');
  const motif = MOTIFS[motifFor(s, gameType)](p, r);
  const tilt = r.int(-8, 8);
  const label = name ? nameBand(name, p) : '';
  const cy = name ? 88 : 100;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">` +
    (name ? `<title>${escapeXml(name)}</title>` : '') +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(h, 70, 46)}"/><stop offset="1" stop-color="${hsl(h + 40, 75, 20)}"/></linearGradient></defs>` +
    `<rect width="200" height="200" rx="24" fill="url(#${id})"/>` +
    `<circle cx="100" cy="${cy}" r="76" fill="#fff" opacity=".12"/>` +
    `<path d="${sparkles}" fill="#fff" opacity=".8"/>` +
    `<g transform="translate(100 ${cy}) rotate(${tilt}) scale(${name ? 0.95 : 1.1})">${motif}</g>` +
    label +
    `</svg>`
  );
}

/** The game's name on a dark band at the bottom, cut to fit. */
function nameBand(name: string, p: Palette): string {
  const chars = [...name.trim()];
  const text = chars.length > 20 ? `${chars.slice(0, 19).join('')}…` : chars.join('');
  return (
    `<rect y="160" width="200" height="40" fill="${p.d}" opacity=".85"/>` +
    `<text x="100" y="186" font-family="Arial,Helvetica,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(text)}</text>`
  );
}

/**
 * Draws a vendor's text logo on a pill (viewBox 240 × 80). The background is a dark colour
 * derived from the code, so the white text always has strong contrast.
 * @example vendorLogo('PG', 'PG Soft')
 */
export function vendorLogo(code: string, displayName: string): string {
  const h = hashString(code) % 360;
  const chars = [...displayName.trim()];
  const text = chars.length > 18 ? `${chars.slice(0, 17).join('')}…` : chars.join('');
  const size = text.length <= 6 ? 34 : text.length <= 10 ? 28 : text.length <= 14 ? 22 : 18;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img">` +
    `<title>${escapeXml(displayName)}</title>` +
    `<rect x="2" y="2" width="236" height="76" rx="38" fill="${hsl(h, 55, 24)}" stroke="${hsl(h, 70, 60)}" stroke-width="3"/>` +
    `<text x="120" y="${40 + Math.round(size * 0.35)}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(text)}</text>` +
    `</svg>`
  );
}

const GAME_FILE = new RegExp(`^(${CATEGORY_ORDER.join('|')})-(0|[1-9][0-9]{0,8})\\.svg$`);
const VENDOR_FILE = /^([A-Z0-9_]{1,32})\.svg$/;

/**
 * Reads a game icon file name, '{gameType}-{seed}.svg' in its one canonical spelling; null otherwise.
 * @example parseGameIconFile('FISH-42.svg') // { gameType: 'FISH', seed: 42 }
 */
export function parseGameIconFile(file: string | undefined): { gameType: IconGameType; seed: number } | null {
  const m = GAME_FILE.exec(file ?? '');
  return m ? { gameType: m[1] as IconGameType, seed: Number(m[2]) } : null;
}

/**
 * Reads a vendor logo file name, '{CODE}.svg' with an upper-case code; null otherwise.
 * @example parseVendorLogoFile('TCG_SEA.svg') // 'TCG_SEA'
 */
export function parseVendorLogoFile(file: string | undefined): string | null {
  return VENDOR_FILE.exec(file ?? '')?.[1] ?? null;
}

/** Response headers of a generated SVG: cached for good (same name, same bytes), inert when opened. */
export const SVG_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Opened directly, an SVG is a document: it may not run or load anything.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

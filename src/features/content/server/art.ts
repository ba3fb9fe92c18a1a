/**
 * Generated banner art: a deterministic SVG per number (same number, same bytes), so demo
 * banners need no image files and can be cached for ever. The left third stays calm and dark
 * for the title and subtitle that the banner component lays over it. No text, no scripts.
 */

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 400;
const MAX_ART = 999;

/** Public address of banner art number `n`. */
export function artUrl(n: number): string {
  return `/img/art/banner-${n}.svg`;
}

/** The art number in a file name 'banner-<n>.svg', or null for anything else. */
export function parseArtFile(file: string | undefined): number | null {
  const m = /^banner-([1-9]\d{0,2})\.svg$/.exec(file ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return n <= MAX_ART ? n : null;
}

/** mulberry32: a tiny seeded generator, good enough for shapes. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES: [string, string, string][] = [
  ['#2e1065', '#9333ea', '#f0abfc'],
  ['#431407', '#ea580c', '#fde68a'],
  ['#022c22', '#059669', '#a7f3d0'],
  ['#172554', '#2563eb', '#7dd3fc'],
  ['#500724', '#db2777', '#fbcfe8'],
  ['#1e1b4b', '#e11d48', '#fecdd3'],
  ['#0c0a09', '#a16207', '#fef08a'],
];

const f = (x: number) => Math.round(x * 10) / 10;

/** The SVG of banner art number `n` (1 to 999). */
export function bannerArt(n: number): string {
  const r = rng(n * 2654435761);
  const [deep, mid, light] = PALETTES[(n - 1) % PALETTES.length]!;
  const W = ART_WIDTH;
  const H = ART_HEIGHT;
  const cx = W * (0.62 + r() * 0.2);
  const cy = H * (0.3 + r() * 0.4);
  const parts: string[] = [];

  // Light rays from the focal point.
  const rays = 14;
  for (let i = 0; i < rays; i++) {
    const a0 = (i / rays) * Math.PI * 2 + r() * 0.1;
    const a1 = a0 + Math.PI / rays / 1.6;
    const len = W;
    parts.push(
      `<path d="M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a0) * len)} ${f(cy + Math.sin(a0) * len)}L${f(cx + Math.cos(a1) * len)} ${f(cy + Math.sin(a1) * len)}Z" fill="#fff" opacity="${f(0.03 + r() * 0.04)}"/>`,
    );
  }

  // Diamonds, like card suits seen from afar.
  for (let i = 0; i < 4; i++) {
    const x = W * (0.45 + r() * 0.5);
    const y = H * (0.1 + r() * 0.8);
    const s = 18 + r() * 40;
    parts.push(
      `<rect x="${f(x - s / 2)}" y="${f(y - s / 2)}" width="${f(s)}" height="${f(s)}" rx="${f(s / 8)}" transform="rotate(45 ${f(x)} ${f(y)})" fill="url(#gem)" opacity="${f(0.55 + r() * 0.4)}"/>`,
    );
  }

  // Coins, biggest last so they sit in front.
  const coins = Array.from({ length: 7 + Math.floor(r() * 5) }, () => ({
    x: W * (0.42 + r() * 0.55),
    y: H * (0.08 + r() * 0.84),
    s: 16 + r() * 52,
  })).sort((a, b) => a.s - b.s);
  for (const c of coins) {
    parts.push(
      `<g><circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(c.s)}" fill="url(#coin)"/>` +
        `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(c.s * 0.72)}" fill="none" stroke="#92400e" stroke-opacity="0.45" stroke-width="${f(Math.max(1.5, c.s * 0.07))}"/>` +
        `<circle cx="${f(c.x - c.s * 0.3)}" cy="${f(c.y - c.s * 0.35)}" r="${f(c.s * 0.18)}" fill="#fff" opacity="0.35"/></g>`,
    );
  }

  // Sparkles.
  for (let i = 0; i < 16; i++) {
    const x = W * (0.3 + r() * 0.7);
    const y = H * r();
    const s = 4 + r() * 12;
    const k = s * 0.22;
    parts.push(
      `<path d="M${f(x)} ${f(y - s)}L${f(x + k)} ${f(y - k)}L${f(x + s)} ${f(y)}L${f(x + k)} ${f(y + k)}L${f(x)} ${f(y + s)}L${f(x - k)} ${f(y + k)}L${f(x - s)} ${f(y)}L${f(x - k)} ${f(y - k)}Z" fill="${light}" opacity="${f(0.5 + r() * 0.5)}"/>`,
    );
  }

  const angle = Math.floor(r() * 40) - 20;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-hidden="true">` +
    `<defs>` +
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${f(cx / W)}" cy="${f(cy / H)}" r="0.55"><stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="coin" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fef3c7"/><stop offset="0.5" stop-color="#fbbf24"/><stop offset="1" stop-color="#b45309"/></radialGradient>` +
    `<linearGradient id="gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${deep}" stop-opacity="0.9"/><stop offset="0.45" stop-color="${deep}" stop-opacity="0.35"/><stop offset="0.7" stop-color="${deep}" stop-opacity="0"/></linearGradient>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>` +
    parts.join('') +
    `<rect width="${W}" height="${H}" fill="url(#shade)"/>` +
    `</svg>`
  );
}

/**
 * The sandbox slot's symbols, drawn as small inline SVGs (no image from elsewhere). Every
 * symbol id of the engine (paytable.ts KINDS) has a glyph; an unknown id is drawn as its first
 * letters on a tile, so a new symbol never breaks the page. Decorative: the cell that holds a
 * glyph carries the symbol's name.
 */
import type { ReactNode } from 'react';

const letter = (text: string, fill: string, size = 46) => (
  <text
    x="32"
    y="34"
    textAnchor="middle"
    dominantBaseline="central"
    fontSize={size}
    fontWeight="900"
    fontFamily="Georgia, 'Times New Roman', serif"
    fill={fill}
    stroke="#1b1236"
    strokeWidth="2"
    paintOrder="stroke"
  >
    {text}
  </text>
);

const GLYPHS: Record<string, ReactNode> = {
  CHERRY: (
    <>
      <path d="M22 40 C24 24 32 14 44 10 M42 40 C40 28 42 18 44 10" stroke="#3f9b3a" strokeWidth="3.5" fill="none" strokeLinecap="round" />
      <path d="M44 10 C50 8 56 12 56 16 C50 18 46 15 44 10Z" fill="#4ade80" />
      <circle cx="21" cy="44" r="11" fill="#e11d48" />
      <circle cx="43" cy="44" r="11" fill="#f43f5e" />
      <circle cx="17" cy="40" r="3" fill="#fecdd3" />
      <circle cx="39" cy="40" r="3" fill="#fecdd3" />
    </>
  ),
  LEMON: (
    <>
      <ellipse cx="32" cy="34" rx="22" ry="16" fill="#facc15" transform="rotate(-20 32 34)" />
      <path d="M12 42 l-4 4 M52 26 l4 -4" stroke="#eab308" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="26" cy="28" rx="7" ry="3" fill="#fef9c3" transform="rotate(-20 26 28)" />
    </>
  ),
  ORANGE: (
    <>
      <circle cx="32" cy="36" r="20" fill="#fb923c" />
      <path d="M32 16 C36 8 44 8 48 10 C44 16 38 17 32 16Z" fill="#4ade80" />
      <circle cx="25" cy="29" r="4" fill="#fed7aa" />
    </>
  ),
  PLUM: (
    <>
      <ellipse cx="32" cy="37" rx="18" ry="20" fill="#7c3aed" />
      <path d="M32 18 C32 26 30 40 32 56" stroke="#5b21b6" strokeWidth="2" fill="none" />
      <path d="M32 18 C28 10 22 8 18 9" stroke="#3f9b3a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <ellipse cx="25" cy="30" rx="4" ry="6" fill="#c4b5fd" />
    </>
  ),
  BELL: (
    <>
      <path d="M32 8 C20 8 16 20 16 32 C16 40 12 44 10 48 L54 48 C52 44 48 40 48 32 C48 20 44 8 32 8Z" fill="#fbbf24" stroke="#b45309" strokeWidth="2" />
      <circle cx="32" cy="53" r="5" fill="#b45309" />
      <path d="M24 18 C22 24 22 30 22 36" stroke="#fef3c7" strokeWidth="3" fill="none" strokeLinecap="round" />
    </>
  ),
  BAR: (
    <>
      <rect x="6" y="20" width="52" height="24" rx="5" fill="#111827" stroke="#e5e7eb" strokeWidth="2.5" />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fontSize="17" fontWeight="900" fontFamily="system-ui, sans-serif" fill="#f9fafb" letterSpacing="1">
        BAR
      </text>
    </>
  ),
  SEVEN: letter('7', '#ef4444', 54),
  TEN: letter('10', '#60a5fa', 34),
  JACK: letter('J', '#34d399'),
  QUEEN: letter('Q', '#f472b6'),
  KING: letter('K', '#fb923c'),
  ACE: letter('A', '#facc15'),
  GEM: (
    <>
      <path d="M18 14 L46 14 L58 28 L32 56 L6 28Z" fill="#22d3ee" stroke="#0e7490" strokeWidth="2" />
      <path d="M6 28 L58 28 M18 14 L26 28 L32 56 L38 28 L46 14" stroke="#0e7490" strokeWidth="1.5" fill="none" />
      <path d="M20 18 L24 26" stroke="#cffafe" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  COIN: (
    <>
      <circle cx="32" cy="32" r="24" fill="#f59e0b" stroke="#92400e" strokeWidth="2" />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#fde68a" strokeWidth="2.5" />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fontSize="20" fontWeight="900" fontFamily="system-ui, sans-serif" fill="#78350f">
        $
      </text>
    </>
  ),
  CROWN: (
    <>
      <path d="M8 46 L12 18 L24 32 L32 12 L40 32 L52 18 L56 46Z" fill="#fbbf24" stroke="#92400e" strokeWidth="2" strokeLinejoin="round" />
      <rect x="8" y="46" width="48" height="8" rx="2" fill="#f59e0b" stroke="#92400e" strokeWidth="2" />
      <circle cx="32" cy="36" r="4" fill="#ef4444" />
      <circle cx="20" cy="40" r="3" fill="#22d3ee" />
      <circle cx="44" cy="40" r="3" fill="#22d3ee" />
    </>
  ),
  DRAGON: (
    <>
      <path d="M10 44 C10 24 22 10 40 10 C50 10 56 16 56 22 L46 24 L54 32 L42 32 C40 40 32 46 22 46 L30 54 L14 52Z" fill="#16a34a" stroke="#14532d" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="42" cy="19" r="3.5" fill="#fde047" />
      <path d="M20 26 L26 22 M18 34 L25 31" stroke="#bbf7d0" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  SCARAB: (
    <>
      <path d="M14 22 L6 14 M50 22 L58 14 M12 34 L4 34 M52 34 L60 34 M14 46 L6 54 M50 46 L58 54" stroke="#0f766e" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="32" cy="36" rx="17" ry="20" fill="#14b8a6" stroke="#134e4a" strokeWidth="2" />
      <path d="M32 20 L32 56" stroke="#134e4a" strokeWidth="2" />
      <circle cx="32" cy="14" r="7" fill="#0d9488" stroke="#134e4a" strokeWidth="2" />
      <ellipse cx="25" cy="30" rx="3" ry="6" fill="#99f6e4" />
    </>
  ),
  MASK: (
    <>
      <path d="M10 16 C20 10 44 10 54 16 C56 36 46 54 32 56 C18 54 8 36 10 16Z" fill="#eab308" stroke="#713f12" strokeWidth="2" />
      <path d="M18 28 C21 24 27 24 29 28 C26 32 21 32 18 28Z M35 28 C37 24 43 24 46 28 C43 32 38 32 35 28Z" fill="#1b1236" />
      <path d="M26 44 C30 47 34 47 38 44" stroke="#713f12" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M32 30 L32 40" stroke="#713f12" strokeWidth="2" />
    </>
  ),
  PHARAOH: (
    <>
      <path d="M32 6 C16 6 10 18 8 56 L56 56 C54 18 48 6 32 6Z" fill="#2563eb" stroke="#1e3a8a" strokeWidth="2" />
      <path d="M12 24 L52 24 M10 36 L54 36 M9 48 L55 48" stroke="#facc15" strokeWidth="4" />
      <path d="M22 20 C22 44 26 52 32 52 C38 52 42 44 42 20Z" fill="#d97706" stroke="#78350f" strokeWidth="2" />
      <circle cx="28" cy="32" r="2" fill="#1b1236" />
      <circle cx="36" cy="32" r="2" fill="#1b1236" />
      <path d="M32 8 L32 16" stroke="#facc15" strokeWidth="3" />
    </>
  ),
};

/** The glyph of a symbol id, filling its box; aria-hidden (the cell names the symbol). */
export function SymbolGlyph({ symbol }: { symbol: string }) {
  const glyph = GLYPHS[symbol] ?? (
    <>
      <rect x="6" y="6" width="52" height="52" rx="10" fill="#4b3b8f" />
      {letter(symbol.slice(0, 2), '#f3f0ff', 24)}
    </>
  );
  return (
    <svg className="pl-glyph" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {glyph}
    </svg>
  );
}

/** Symbol ids that have a drawn glyph (tests check every engine symbol is covered). */
export const DRAWN_SYMBOLS = Object.keys(GLYPHS);

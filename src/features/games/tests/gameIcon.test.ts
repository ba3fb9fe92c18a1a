import { describe, expect, it } from 'vitest';
import { escapeXml, gameIcon, motifFor, parseGameIconFile, parseVendorLogoFile, vendorLogo } from '../art/gameIcon.ts';
import { CATEGORY_ORDER } from '../../../kernel/categories.ts';

/** Checks that every opened tag is closed in order (no XML parser in Node). */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe('gameIcon', () => {
  it('draws the same SVG for the same seed and category', () => {
    expect(gameIcon({ seed: 4242, gameType: 'RNG' })).toBe(gameIcon({ seed: 4242, gameType: 'RNG' }));
  });

  it('draws different SVGs for different seeds', () => {
    const icons = new Set(Array.from({ length: 50 }, (_, i) => gameIcon({ seed: i, gameType: 'RNG' })));
    expect(icons.size).toBe(50);
  });

  it('draws a square, well-formed SVG under 2 KB for every category and many seeds', () => {
    for (const gameType of CATEGORY_ORDER) {
      for (let seed = 0; seed < 400; seed += 37) {
        const svg = gameIcon({ seed, gameType });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(wellFormed(svg), `${gameType}-${seed}`).toBe(true);
        expect(svg.length).toBeLessThan(2048);
        expect(svg).not.toMatch(/NaN|undefined|<script|href=/);
      }
    }
  });

  it('uses motifs that fit the category, and several of them across slots', () => {
    expect(motifFor(1, 'FISH')).toBe('fish');
    expect(motifFor(1, 'COCKFIGHT')).toBe('rooster');
    expect(motifFor(1, 'ESPORTS')).toMatch(/controller|trophy/);
    const slotMotifs = new Set(Array.from({ length: 100 }, (_, s) => motifFor(s, 'RNG')));
    expect(slotMotifs.size).toBeGreaterThanOrEqual(5);
  });

  it('escapes a name placed in the SVG', () => {
    const svg = gameIcon({ seed: 1, gameType: 'PVP', name: `<b>"Tom" & 'Jerry'</b>` });
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;');
    expect(wellFormed(svg)).toBe(true);
  });
});

describe('vendorLogo', () => {
  it('writes the escaped display name on a pill, with white text on a dark fill', () => {
    const svg = vendorLogo('PG', 'PG <Soft> & Co');
    expect(svg).toContain('PG &lt;Soft&gt; &amp; Co');
    expect(svg).not.toContain('<Soft>');
    expect(svg).toMatch(/fill="hsl\(\d+,55%,24%\)"/);
    expect(svg).toContain('fill="#fff"');
    expect(wellFormed(svg)).toBe(true);
  });

  it('is deterministic per code and differs between codes', () => {
    expect(vendorLogo('JL', 'JILI')).toBe(vendorLogo('JL', 'JILI'));
    expect(vendorLogo('JL', 'X')).not.toBe(vendorLogo('PG', 'X'));
  });
});

describe('icon file names', () => {
  it('reads the canonical game icon name and refuses anything else', () => {
    expect(parseGameIconFile('FISH-42.svg')).toEqual({ gameType: 'FISH', seed: 42 });
    expect(parseGameIconFile('RNG-0.svg')).toEqual({ gameType: 'RNG', seed: 0 });
    for (const bad of ['fish-42.svg', 'FISH-042.svg', 'FISH-42.png', 'FISH--1.svg', 'BINGO-1.svg', 'FISH-1234567890.svg', 'FISH-1.svg/x', undefined]) {
      expect(parseGameIconFile(bad), String(bad)).toBeNull();
    }
  });

  it('reads an upper-case vendor code and refuses anything else', () => {
    expect(parseVendorLogoFile('TCG_SEA.svg')).toBe('TCG_SEA');
    for (const bad of ['jl.svg', 'JL.png', '../JL.svg', 'J L.svg', '.svg', undefined]) expect(parseVendorLogoFile(bad), String(bad)).toBeNull();
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});

import { describe, expect, it } from 'vitest';
import { buildCatalogue, DEFAULT_CATALOGUE_SIZE } from '../../features/games/server/seed.ts';
import { brand } from '../../kernel/brand/index.ts';
import { CATEGORY_ORDER } from '../../kernel/categories.ts';

describe('the demo catalogue', () => {
  const big = buildCatalogue();

  it('holds 10,000 games by default, exactly the size asked otherwise', () => {
    expect(DEFAULT_CATALOGUE_SIZE).toBe(10_000);
    expect(big.games).toHaveLength(10_000);
    expect(buildCatalogue({ size: 600 }).games).toHaveLength(600);
    expect(buildCatalogue({ size: 2345 }).games).toHaveLength(2345);
  });

  it('comes out identical on every build', () => {
    const again = buildCatalogue();
    expect(again.games.map((g) => `${g.vassalage}/${g.gameCode}/${g.gameName}/${g.seed}/${g.hotRank}/${g.isNew}`)).toEqual(
      big.games.map((g) => `${g.vassalage}/${g.gameCode}/${g.gameName}/${g.seed}/${g.hotRank}/${g.isNew}`),
    );
    expect(again.vendors).toEqual(big.vendors);
  });

  it('refuses a size too small to give every vendor lane a game', () => {
    expect(() => buildCatalogue({ size: 10 })).toThrow(RangeError);
  });

  it('has one demo vendor per code of the vendor map, each with a plausible name', () => {
    const codes = new Set(Object.values(brand().vendorMap).flat());
    expect(new Set(big.vendors.map((v) => v.code))).toEqual(codes);
    for (const v of big.vendors) {
      expect(v.isDemo).toBe(true);
      expect(v.displayName.length).toBeGreaterThan(1);
    }
    expect(big.vendors.find((v) => v.code === 'PG')?.displayName).toBe('PG Soft');
  });

  it('gives every (category, vendor) pair of the vendor map games of that category', () => {
    for (const [type, codes] of Object.entries(brand().vendorMap)) {
      for (const code of codes) {
        expect(
          big.games.some((g) => g.gameType === type && g.vassalage === code),
          `${type}/${code}`,
        ).toBe(true);
      }
    }
    for (const code of brand().vendorMap.ESPORTS!) {
      expect(big.games.some((g) => g.gameType === 'ESPORTS' && g.vassalage === code)).toBe(true);
    }
  });

  it('is mostly slots, with unique names and codes per vendor', () => {
    expect(big.games.filter((g) => g.gameType === 'RNG').length).toBeGreaterThan(9_000);
    const names = big.games.map((g) => `${g.vassalage}/${g.gameName}`);
    expect(new Set(names).size).toBe(names.length);
    const codes = big.games.map((g) => `${g.vassalage}/${g.gameCode}`);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('fills searchName with the lower-cased name', () => {
    for (const g of big.games) expect(g.searchName).toBe(g.gameName.toLowerCase());
  });

  it('ranks hot games 1..n without gaps and marks some games new', () => {
    const ranks = big.games
      .filter((g) => g.isHot)
      .map((g) => g.hotRank!)
      .sort((a, b) => a - b);
    expect(ranks.length).toBeGreaterThan(50);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    expect(big.games.filter((g) => !g.isHot).every((g) => g.hotRank === 0)).toBe(true);
    expect(big.games.filter((g) => g.isNew).length).toBeGreaterThan(100);
  });

  it('offers free demos on slots, fish and cards but not on live, lottery, sports or cockfight', () => {
    for (const g of big.games) {
      const demo = ['RNG', 'FISH', 'PVP'].includes(g.gameType);
      expect(g.supportPlay, `${g.gameType} ${g.gameName}`).toBe(demo ? 0 : 1);
    }
  });

  it('opens live lobbies as vendor popups, and only there where a vendor has several items', () => {
    const lobbies = big.games.filter((g) => g.isGame === 'VASSALAGE');
    expect(lobbies.map((g) => g.gameType).sort()).toContain('LIVE');
    for (const g of lobbies) expect(['LIVE', 'SPORTS', 'COCKFIGHT']).toContain(g.gameType);
    for (const code of brand().vendorMap.LIVE!) {
      expect(lobbies.some((g) => g.vassalage === code && g.gameType === 'LIVE')).toBe(true);
    }
  });

  it('keeps money in positive integer minor units and lines on slots only', () => {
    for (const g of big.games) {
      expect(typeof g.minBet).toBe('bigint');
      expect(g.minBet! > 0n).toBe(true);
      if (g.gameClassify !== 'SLOT') expect(g.lineNum).toBe(0);
    }
    expect(big.games.filter((g) => g.gameClassify === 'SLOT').every((g) => g.lineNum! > 0)).toBe(true);
  });

  it('sorts categories in navigation order and vendors in vendor-map order', () => {
    const sorted = [...big.games].sort((a, b) => a.sort! - b.sort!);
    const typeOrder = sorted.map((g) => CATEGORY_ORDER.indexOf(g.gameType as never));
    expect(typeOrder).toEqual([...typeOrder].sort((a, b) => a - b));
    const rng = sorted.filter((g) => g.gameType === 'RNG').map((g) => brand().vendorMap.RNG!.indexOf(g.vassalage));
    expect(rng).toEqual([...rng].sort((a, b) => a - b));
  });
});

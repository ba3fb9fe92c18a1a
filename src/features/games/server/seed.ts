/**
 * Demo catalogue: vendors of the brand's vendor map and about 10,000 games with invented but
 * plausible names, drawn from a seeded generator so every run makes the same catalogue
 * (same names, nodeIds, icons). Every row is marked as demo data.
 */
import { and, eq, sql } from 'drizzle-orm';
import { GAME_TYPES, type GameType } from '../contract/catalogue.ts';
import { prng, type Prng } from '../../../kernel/prng.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { game, vendor, winner } from './tables.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { searchKey } from './queries.ts';

type VendorRow = typeof vendor.$inferInsert;
type GameRow = typeof game.$inferInsert;

/** Spec 9: "nearly 10,000 slot games". */
export const DEFAULT_CATALOGUE_SIZE = 10_000;
const CATALOGUE_SEED = 0x5eed_2026;
const WINNERS_SEED = 0x0dd5_2026;
const INSERT_CHUNK = 1000;

/** Demo vendors: display name and home category (spec 9: e-sports vendors belong to sports). */
const DEMO_VENDORS: Record<string, { name: string; home: GameType }> = {
  JL: { name: 'JILI', home: 'RNG' },
  PG: { name: 'PG Soft', home: 'RNG' },
  PP: { name: 'Pragmatic Play', home: 'RNG' },
  JDB: { name: 'JDB Gaming', home: 'RNG' },
  CQ9: { name: 'CQ9 Gaming', home: 'RNG' },
  FC: { name: 'Fa Chai', home: 'RNG' },
  KA: { name: 'KA Gaming', home: 'RNG' },
  SPB: { name: 'Spribe', home: 'RNG' },
  KM: { name: 'King Midas', home: 'PVP' },
  V8: { name: 'V8 Poker', home: 'PVP' },
  EG4: { name: 'Evolution', home: 'LIVE' },
  SEXY: { name: 'Sexy Baccarat', home: 'LIVE' },
  DG: { name: 'Dream Gaming', home: 'LIVE' },
  SBO: { name: 'SBOBET', home: 'SPORTS' },
  BTI: { name: 'BTi Sports', home: 'SPORTS' },
  IMES: { name: 'IM Esports', home: 'SPORTS' },
  TF: { name: 'TF Gaming', home: 'SPORTS' },
  IA: { name: 'IA Esports', home: 'SPORTS' },
  AV: { name: 'AV Esports', home: 'SPORTS' },
  AI: { name: 'AI Esports', home: 'SPORTS' },
  DS88: { name: 'DS88 Esports', home: 'SPORTS' },
  DIG: { name: 'DIG Esports', home: 'SPORTS' },
  WGB: { name: 'WGB Esports', home: 'SPORTS' },
  SV3: { name: 'SV388', home: 'COCKFIGHT' },
  WS168: { name: 'WS168', home: 'COCKFIGHT' },
  TCG_LOTTO_VN: { name: 'TCG Lotto VN', home: 'LOTT' },
  LOTT: { name: 'Lotto Hub', home: 'LOTT' },
  ELOTT: { name: 'E-Lotto', home: 'ELOTT' },
  TCG_SEA: { name: 'TCG SEA Lottery', home: 'ELOTT' },
};

/** Share of the slot catalogue per RNG vendor; other lanes have fixed, small counts. */
const RNG_WEIGHTS: Record<string, number> = { JL: 14, PG: 11, PP: 15, JDB: 9, CQ9: 9, FC: 6, KA: 12 };
const FIXED_COUNTS: Partial<Record<GameType, Record<string, number>>> = {
  RNG: { SPB: 12 },
  FISH: { JL: 20, JDB: 18, FC: 16, KA: 18, CQ9: 18 },
  PVP: { JL: 30, KM: 40, V8: 25 },
  LIVE: { EG4: 40, SEXY: 20, DG: 28 },
  LOTT: { TCG_LOTTO_VN: 2, LOTT: 1 },
  ELOTT: { ELOTT: 5, TCG_SEA: 1 },
  SPORTS: { SBO: 5, BTI: 4 },
  COCKFIGHT: { SV3: 3, WS168: 2 },
};
/** Vendors whose whole slot lane is crash games. */
const CRASH_VENDORS = new Set(['SPB']);
/** Categories played for real money only: no free demo (supportPlay 1). */
const REAL_PLAY_ONLY = new Set<GameType>(['LIVE', 'LOTT', 'ELOTT', 'SPORTS', 'ESPORTS', 'COCKFIGHT']);

const ADJ = [
  'Golden',
  'Lucky',
  'Mega',
  'Super',
  'Wild',
  'Royal',
  'Mystic',
  'Crazy',
  'Magic',
  'Imperial',
  'Fire',
  'Ice',
  'Diamond',
  'Jade',
  'Ancient',
  'Sweet',
  'Hot',
  'Mighty',
  'Shining',
  'Emerald',
  'Ruby',
  'Silver',
  'Neon',
  'Cosmic',
  'Thunder',
  'Happy',
  'Big',
  'Red',
  'Blazing',
  'Sacred',
  'Secret',
  'Hidden',
  'Frozen',
  'Dancing',
  'Flaming',
  'Jungle',
  'Desert',
  'Pirate',
  'Samurai',
  'Viking',
  'Aztec',
  'Egyptian',
  'Oriental',
];
const NOUN = [
  'Dragon',
  'Tiger',
  'Phoenix',
  'Panda',
  'Pharaoh',
  'Treasure',
  'Gems',
  'Fruits',
  'Empire',
  'Temple',
  'Koi',
  'Lion',
  'Wolf',
  'Buffalo',
  'Eagle',
  'Queen',
  'King',
  'Princess',
  'Genie',
  'Wizard',
  'Candy',
  'Joker',
  'Coins',
  'Pearls',
  'Legends',
  'Warriors',
  'Gods',
  'Zeus',
  'Olympus',
  'Ninja',
  'Monkey',
  'Rooster',
  'Ox',
  'Rabbit',
  'Carnival',
  'Festival',
  'Safari',
  'Oasis',
  'Sphinx',
  'Cleopatra',
  'Mermaid',
  'Unicorn',
  'Vampire',
  'Cowboys',
  'Bandits',
  'Galaxy',
  'Stars',
  'Sevens',
  'Bells',
  'Cherries',
  'Mine',
  'Heist',
  'Boxing',
  'Rhino',
  'Bison',
];
const SUFFIX = [
  '',
  '',
  '',
  '',
  'Megaways',
  'Deluxe',
  'Fortune',
  'Riches',
  'Bonanza',
  'Link',
  'Hold and Win',
  'Blitz',
  'Rush',
  'Gold',
  'Jackpot',
  '2',
  '3',
  'Xmas',
  'Power Reels',
  'Wilds',
  'Legend',
  'Quest',
  'Respins',
  'Ways',
  'Infinity',
  'Extreme',
];
const TABLE_GAMES = ['Blackjack', 'European Roulette', 'American Roulette', 'Baccarat', 'Sic Bo', 'Dragon Tiger', 'Video Poker', 'Red Dog', 'Casino War', 'Three Card Poker', 'Pai Gow', 'Hi-Lo'];
const TABLE_VARIANTS = ['', 'Classic', 'Deluxe', 'Pro', 'VIP', 'Gold', 'Multihand', 'Lucky', 'Speed', 'Mini', 'Royal', 'Super'];
const CRASH_GAMES = ['Aviator', 'Rocket', 'Jet', 'Crash', 'Mines', 'Plinko', 'Limbo', 'Dice', 'Hi Lo', 'Tower', 'Goal', 'Balloon', 'Space Dash', 'Chicken Road', 'Hotline', 'Trader', 'Keno'];
const CRASH_VARIANTS = ['', 'X', 'Pro', 'Rush', 'Mania', '2', 'Deluxe', 'Turbo', 'Mini'];
const BINGO_GAMES = ['Bingo', 'Keno', 'Pachinko', 'Scratch', 'Lotto Bingo', 'Slingo'];
const FISH_GAMES = [
  'Ocean King',
  'Fish Hunter',
  'Shark Hunter',
  'Dragon Fishing',
  'Mermaid Hunter',
  'Golden Toad',
  'Jackpot Fishing',
  'Bombing Fishing',
  'Happy Fishing',
  'Mega Fishing',
  'All-star Fishing',
  'Royal Fishing',
  'Fishing War',
  'Ocean Lord',
  'Boom Legend',
  'Dinosaur Tycoon',
  'Fishing Disco',
  'Fishing God',
  'Deep Sea Hunter',
  'Lucky Fishing',
  'Crab Catcher',
];
const PVP_GAMES = [
  "Texas Hold'em",
  'Teen Patti',
  'Rummy',
  'Andar Bahar',
  'Blackjack',
  'Baccarat',
  'Dragon Tiger',
  'Niu Niu',
  'Pusoy',
  'Tongits',
  'Pool Rummy',
  'Callbreak',
  'Ludo',
  'Domino',
  'Pai Gow',
  'Sam Gong',
  'Omaha',
  'Short Deck',
  'Mahjong',
  'Poker Dice',
  'Big Two',
  'Capsa Susun',
  'Crazy Eights',
  'Sic Bo',
  'Fan Tan',
  'Golden Flower',
  'Lucky 9',
  'Pusoy Dos',
];
const LIVE_GAMES = [
  'Speed Baccarat',
  'Baccarat Squeeze',
  'No Commission Baccarat',
  'Lightning Roulette',
  'Auto Roulette',
  'European Roulette',
  'Blackjack',
  'Speed Blackjack',
  'Dragon Tiger',
  'Sic Bo',
  'Fan Tan',
  "Casino Hold'em",
  'Bac Bo',
  'Crazy Wheel',
  'Money Wheel',
  'Mega Ball',
  'Football Studio',
  'Three Card Poker',
  'Andar Bahar',
  'Speed Roulette',
];
/**
 * The lottery vendors' games: the games the lottery feature draws and sells (its engine's
 * schedule.ts, by the same codes and vendors; a lottery test checks the two agree), so that a
 * lottery tile opens a game that really runs. Not invented like the other lanes.
 */
export const LOTTERY_CATALOGUE: Readonly<Record<string, readonly { gameCode: string; gameName: string }[]>> = {
  TCG_LOTTO_VN: [
    { gameCode: 'VN_NORTH', gameName: 'Northern VN Lottery' },
    { gameCode: 'VN_SOUTH', gameName: 'Southern VN Lottery' },
  ],
  LOTT: [{ gameCode: 'LHC', gameName: 'Mark Six 5 Min' }],
  ELOTT: [
    { gameCode: 'SSC1', gameName: 'SSC 1 Min' },
    { gameCode: 'SSC3', gameName: 'SSC 3 Min' },
    { gameCode: 'SSC5', gameName: 'SSC 5 Min' },
    { gameCode: '11X5', gameName: '11X5 3 Min' },
    { gameCode: 'PK10', gameName: 'PK10 5 Min' },
  ],
  TCG_SEA: [{ gameCode: 'SEA_4D', gameName: 'SEA 4D' }],
};
const SPORTS_ITEMS = ['Sportsbook', 'Virtual Football', 'Virtual Basketball', 'Horse Racing', 'Live Betting', 'Greyhounds'];
const COCKFIGHT_ITEMS = ['Arena', 'Sabong Live', 'Derby', 'Hack Fight'];
const SLOT_LINES = [1, 5, 9, 10, 15, 20, 25, 30, 40, 50, 243, 1024];

export interface CatalogueOptions {
  /** Number of games (default 10,000). */
  size?: number;
  /** Category to vendor codes, in display order (default: the brand's vendor map). */
  vendorMap?: Record<string, string[]>;
}

export interface Catalogue {
  vendors: VendorRow[];
  /** In insertion order: the n-th row gets nodeId n on a fresh database. */
  games: GameRow[];
}

/** Builds the demo catalogue in memory; the same options always give the same rows. */
export function buildCatalogue(options: CatalogueOptions = {}): Catalogue {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const map = options.vendorMap ?? brand().vendorMap;
  const r = prng(CATALOGUE_SEED);
  const scale = Math.max(0.2, Math.min(1, size / DEFAULT_CATALOGUE_SIZE));

  // Which (category, vendor) lanes exist, and how many games each gets.
  const lanes: { type: GameType; code: string; rank: number; count: number }[] = [];
  for (const type of GAME_TYPES) {
    (map[type] ?? []).forEach((code, rank) => {
      const fixed = FIXED_COUNTS[type]?.[code] ?? (type === 'RNG' ? undefined : 1);
      lanes.push({ type, code, rank, count: fixed === undefined ? 0 : Math.max(1, Math.round(fixed * scale)) });
    });
  }
  const weighted = lanes.filter((l) => l.count === 0);
  const fixedTotal = lanes.reduce((n, l) => n + l.count, 0);
  const rest = size - fixedTotal;
  if (rest < weighted.length) throw new RangeError(`A catalogue of ${size} games is too small for ${lanes.length} vendor lanes`);
  const weightSum = weighted.reduce((n, l) => n + (RNG_WEIGHTS[l.code] ?? 5), 0);
  for (const l of weighted) l.count = Math.max(1, Math.floor((rest * (RNG_WEIGHTS[l.code] ?? 5)) / weightSum));
  // Rounding leftovers go to the biggest slot lane, so the total is exactly `size`.
  const biggest = weighted.length ? weighted.reduce((a, b) => (b.count > a.count ? b : a)) : lanes[lanes.length - 1];
  if (!biggest) return { vendors: [], games: [] };
  biggest.count += size - lanes.reduce((n, l) => n + l.count, 0);

  const vendors = new Map<string, VendorRow>();
  for (const l of lanes) {
    if (vendors.has(l.code)) continue;
    const demo = DEMO_VENDORS[l.code];
    vendors.set(l.code, {
      code: l.code,
      displayName: demo?.name ?? l.code,
      gameType: demo?.home ?? l.type,
      sort: GAME_TYPES.indexOf(demo?.home ?? l.type) * 100 + l.rank,
      enabled: true,
      isDemo: true,
    });
  }

  const namesByVendor = new Map<string, Set<string>>();
  const codeCounter = new Map<string, number>();
  const esportsVendors = new Set(map.ESPORTS ?? []);
  const games: GameRow[] = [];
  for (const l of lanes) {
    const v = vendors.get(l.code)!;
    const names = namesByVendor.get(l.code) ?? new Set<string>();
    namesByVendor.set(l.code, names);
    for (let i = 0; i < l.count; i++) {
      let item = makeItem(r, l.type, l.code, v.displayName, i, l.count, esportsVendors.has(l.code));
      // A clash is drawn again a few times; only small name pools fall back to 'Name II'.
      for (let k = 0; k < 12 && names.has(item.name); k++) item = makeItem(r, l.type, l.code, v.displayName, i, l.count, esportsVendors.has(l.code));
      const gameName = uniqueName(item.name, names);
      const n = (codeCounter.get(l.code) ?? 0) + 1;
      codeCounter.set(l.code, n);
      games.push({
        gameCode: LOTTERY_CATALOGUE[l.code]?.[i]?.gameCode ?? `${l.code.toLowerCase()}_${String(n).padStart(4, '0')}`,
        gameName,
        searchName: searchKey(gameName),
        gameType: l.type,
        vassalage: l.code,
        gameClassify: item.classify,
        isNew: false,
        isHot: false,
        supportPlay: REAL_PLAY_ONLY.has(l.type) ? 1 : 0,
        isGame: item.lobby ? 'VASSALAGE' : 'GAME',
        minBet: BigInt(item.minBet),
        lineNum: item.classify === 'SLOT' ? (gameName.includes('Megaways') ? 117_649 : r.pick(SLOT_LINES)) : 0,
        sort: GAME_TYPES.indexOf(l.type) * 10_000_000 + l.rank * 100_000 + i,
        hotRank: 0,
        enabled: true,
        seed: r.int(0, 999_999),
      });
    }
  }
  markHotAndNew(r, games, new Set(brand().newGameMap));
  return { vendors: [...vendors.values()], games };
}

interface Item {
  name: string;
  classify: string;
  minBet: number;
  lobby: boolean;
}

/** One invented game of a lane; `i` is its place in the lane of `count` games. */
function makeItem(r: Prng, type: GameType, code: string, vendorName: string, i: number, count: number, esports: boolean): Item {
  const withVariant = (base: string, variants: readonly string[]) => `${base} ${r.pick(variants)}`.trim();
  switch (type) {
    case 'RNG': {
      const roll = r.next();
      if (CRASH_VENDORS.has(code) || (roll > 0.92 && roll <= 0.95)) return { name: withVariant(r.pick(CRASH_GAMES), CRASH_VARIANTS), classify: 'CRASH', minBet: r.pick([10, 100]), lobby: false };
      if (roll > 0.95 && roll <= 0.97) return { name: `${r.pick(ADJ)} ${r.pick(BINGO_GAMES)}`, classify: 'BINGO', minBet: r.pick([10, 50, 100]), lobby: false };
      if (roll > 0.97) return { name: withVariant(r.pick(TABLE_GAMES), TABLE_VARIANTS), classify: 'TABLE', minBet: r.pick([100, 200, 500]), lobby: false };
      return { name: `${r.pick(ADJ)} ${r.pick(NOUN)} ${r.pick(SUFFIX)}`.trim(), classify: 'SLOT', minBet: r.pick([1, 2, 5, 10, 20, 50, 100]), lobby: false };
    }
    case 'FISH':
      return { name: i < FISH_GAMES.length ? r.pick(FISH_GAMES) : `${r.pick(ADJ)} ${r.pick(FISH_GAMES)}`, classify: 'FISHING', minBet: r.pick([1, 10, 100]), lobby: false };
    case 'PVP': {
      const name = r.pick(PVP_GAMES);
      const classify = /Hold'em|Poker|Omaha|Short Deck|Pusoy|Teen Patti|Capsa/.test(name) ? 'POKER' : name.includes('Baccarat') ? 'BACCARAT' : 'TABLE';
      return { name, classify, minBet: r.pick([100, 500, 1000]), lobby: false };
    }
    case 'LIVE': {
      if (i === 0) return { name: `${vendorName} Lobby`, classify: 'TABLE', minBet: 100, lobby: true };
      const name = r.pick(LIVE_GAMES);
      const classify = /Baccarat|Bac Bo/.test(name) ? 'BACCARAT' : name.includes('Roulette') ? 'ROULETTE' : /Poker|Hold'em/.test(name) ? 'POKER' : 'TABLE';
      return { name, classify, minBet: r.pick([100, 500, 1000, 2500, 5000]), lobby: false };
    }
    case 'LOTT':
    case 'ELOTT':
      return { name: LOTTERY_CATALOGUE[code]?.[i]?.gameName ?? `${vendorName} ${i + 1}`, classify: 'LOTTO', minBet: 100, lobby: false };
    case 'SPORTS':
      if (esports) return { name: vendorName, classify: 'SPORTSBOOK', minBet: 100, lobby: false };
      return { name: `${vendorName} ${SPORTS_ITEMS[i % SPORTS_ITEMS.length]}`, classify: 'SPORTSBOOK', minBet: r.pick([100, 500]), lobby: i === 0 && count > 1 };
    case 'ESPORTS':
      return { name: `${vendorName} Arena`, classify: 'ESPORTS', minBet: 100, lobby: false };
    case 'COCKFIGHT':
      return { name: `${vendorName} ${COCKFIGHT_ITEMS[i % COCKFIGHT_ITEMS.length]}`, classify: 'COCKFIGHT', minBet: r.pick([500, 1000]), lobby: i === 0 && count > 1 };
  }
}

/** Keeps names unique per vendor: a clash becomes 'Name II', 'Name III'... or 'Name 7'. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let k = 2; taken.has(candidate); k++) candidate = `${name} ${k <= 5 ? ['II', 'III', 'IV', 'V'][k - 2] : k}`;
  taken.add(candidate);
  return candidate;
}

/** About 1.5% of playable games become hot (ranked) and 4% new, new ones mostly from the new-game vendors. */
function markHotAndNew(r: Prng, games: GameRow[], newVendors: Set<string>): void {
  const playable = games.filter((g) => g.isGame === 'GAME' && ['RNG', 'FISH', 'PVP', 'LIVE'].includes(g.gameType));
  if (playable.length === 0) return;
  const hot = Math.min(playable.length, Math.max(8, Math.round(games.length * 0.015)));
  for (let rank = 1; rank <= hot;) {
    const g = r.pick(playable);
    if (g.isHot) continue;
    g.isHot = true;
    g.hotRank = rank++;
  }
  const fresh = Math.min(playable.length, Math.max(8, Math.round(games.length * 0.04)));
  for (let n = 0; n < fresh;) {
    const g = r.pick(playable);
    if (g.isNew || (!newVendors.has(g.vassalage) && !r.chance(0.3))) continue;
    g.isNew = true;
    n++;
  }
}

/** Inserts the demo catalogue unless games exist already; answers how many rows it wrote. */
export async function seedCatalogue(db: Db, options: CatalogueOptions = {}): Promise<{ vendors: number; games: number }> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(game);
  if ((existing?.n ?? 0) > 0) return { vendors: 0, games: 0 };
  const { vendors, games } = buildCatalogue(options);
  await db.transaction(async (tx) => {
    await tx.insert(vendor).values(vendors).onConflictDoNothing();
    for (let i = 0; i < games.length; i += INSERT_CHUNK) {
      await tx.insert(game).values(games.slice(i, i + INSERT_CHUNK));
    }
  });
  // Fresh statistics, or the planner guesses a near-empty table (PGlite has no autovacuum).
  await db.execute(sql`analyze vendor, game`);
  return { vendors: vendors.length, games: games.length };
}

/** Inserts `count` demo winners (masked names, minor units) on playable games; marked isDemo. */
export async function seedDemoWinners(db: Db, count = 60): Promise<number> {
  const rows = await db
    .select({ nodeId: game.nodeId })
    .from(game)
    .where(and(eq(game.enabled, true), eq(game.isGame, 'GAME')))
    .orderBy(game.nodeId);
  if (rows.length === 0 || count <= 0) return 0;
  const r = prng(WINNERS_SEED);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const now = Date.now();
  const winners = Array.from({ length: count }, () => {
    // Log-uniform between 50.00 and 250,000.00: many modest wins, a few big ones.
    const amount = Math.round(Math.exp(Math.log(5_000) + r.next() * (Math.log(25_000_000) - Math.log(5_000))));
    return {
      nodeId: r.pick(rows).nodeId,
      customerName: `${letters[r.int(0, 25)]}${letters[r.int(0, 25)]}***${String(r.int(0, 99)).padStart(2, '0')}`,
      winAmount: BigInt(amount),
      isDemo: true,
      createdAt: new Date(now - r.int(0, 7 * 24 * 3600) * 1000),
    };
  });
  await db.insert(winner).values(winners);
  await db.execute(sql`analyze winner`);
  return winners.length;
}

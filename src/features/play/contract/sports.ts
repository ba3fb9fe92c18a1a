/**
 * The sandbox's sports, e-sports and cockfight book (issue 34): fixtures generated on a schedule,
 * markets priced from the fixture's own model with a margin, single bets and parlays taken until
 * kick-off, and every result drawn from a server seed committed when the fixture was created
 * (its hash shown beside the fixture, the seed published with the result). Pure and shared: the
 * server draws and settles with these rules, and the page and the verify page recompute a result
 * from the same code.
 *
 * Choices written down here, where the issue is silent:
 * - Fixtures are the sandbox's own, with made-up teams and leagues, played in compressed time
 *   (SPORT_LENGTH_MIN: football 12 minutes, a fight 4), so a visitor sees a result within the
 *   quarter hour. Every sports game of the catalogue opens the same book of its kind: 'sports'
 *   (football and basketball; racing names too, there is no racing yet), 'esports' (games of an
 *   e-sports vendor or type) and 'cockfight'.
 * - Bets are pre-match: taken until kick-off, open until the result (the fixture's end), then
 *   settled. A parlay is settled lost as soon as one of its legs loses; a void leg counts at 1.00.
 * - Lines are half-points (no push). In a cockfight a draw voids the bets on meron and wala (their
 *   stakes go back), as sabong books do; the draw itself is a selection.
 * - Prices are decimal odds in hundredths (185 = 1.85), from the model's probability with the
 *   market's margin, moved a little every quarter hour before kick-off (the market's opinion), so
 *   a slip can meet a changed price: the member's setting accepts any change, only higher prices,
 *   or none.
 *
 * The draw: every random number is an unbiased integer (`uniformBelow`) from the fixture's word
 * stream, HMAC(serverSeed, `sport-<fixtureId>:0`) (kernel/fairness.ts), used in this order:
 * - football: 90 minute-slots for the home side, each a goal when below `home` (per million), then
 *   90 for the away side;
 * - basketball: each side's 40 two-point attempts (below `home`/`away` per million scores) and 20
 *   free throws (below 750,000), home first; a tie goes to overtime, one draw below `ot` won by
 *   the home side 5-2, else 2-5;
 * - e-sports: best of three maps, each won by the home side when below `home`, until one has two;
 * - cockfight: one draw: below `draw` a draw, then below `draw + home` meron (the home corner)
 *   wins, else wala.
 */
import { z } from 'zod';
import { uniformBelow, type WordSource } from '../../../kernel/uniform.ts';
import { defineCall } from '../../../kernel/contract.ts';
import { launchToken } from './launch.ts';

export const SPORT_BOOKS = ['sports', 'esports', 'cockfight'] as const;
export type SportBook = (typeof SPORT_BOOKS)[number];
export const SPORTS = ['football', 'basketball', 'esports', 'cockfight'] as const;
export type Sport = (typeof SPORTS)[number];
export const MARKETS = ['1x2', 'ml', 'hcp', 'total'] as const;
export type Market = (typeof MARKETS)[number];
export type Selection = 'home' | 'draw' | 'away' | 'over' | 'under';
export type LegResult = 'won' | 'lost' | 'void';

/** The book a catalogue game opens, or null when it is not a sports game. */
export function sportBookOf(g: { gameType: string; gameName: string }): SportBook | null {
  if (g.gameType === 'COCKFIGHT') return 'cockfight';
  if (g.gameType === 'ESPORTS') return 'esports';
  if (g.gameType === 'SPORTS') return /\bEsports\b/i.test(g.gameName) ? 'esports' : 'sports';
  return null;
}

/** Minutes between two kick-off slots of a book; the schedule is laid this far ahead. */
export const SLOT_MIN = 10;
export const SCHEDULE_AHEAD_MIN = 6 * 60;
/** How long a fixture plays in the sandbox, minutes: its result is published at kick-off plus this. */
export const SPORT_LENGTH_MIN: Record<Sport, number> = { football: 12, basketball: 12, esports: 10, cockfight: 4 };
/** The fixtures of each slot of a book: their sport and minutes after the slot. */
export const BOOK_LANES: Record<SportBook, { sport: Sport; offsetMin: number }[]> = {
  sports: [
    { sport: 'football', offsetMin: 0 },
    { sport: 'football', offsetMin: 0 },
    { sport: 'basketball', offsetMin: 5 },
  ],
  esports: [
    { sport: 'esports', offsetMin: 0 },
    { sport: 'esports', offsetMin: 5 },
  ],
  cockfight: [
    { sport: 'cockfight', offsetMin: 0 },
    { sport: 'cockfight', offsetMin: 5 },
  ],
};

export const MAX_LEGS = 10;
/** The most one bet may return, in major units of the currency (a parlay of long prices is refused above it). */
export const MAX_RETURN_MAJOR = 100_000;
/** Prices are kept between 1.01 and 100.00. */
export const MIN_PRICE = 101;
export const MAX_PRICE = 10_000;
/** Every quarter hour before kick-off, prices move by up to this fraction of the probability. */
export const PRICE_STEP_MS = 15 * 60_000;
const DRIFT = 0.02;
/** The book's margin (overround) on each market. */
export const MARGIN: Record<Sport, number> = { football: 0.06, basketball: 0.05, esports: 0.06, cockfight: 0.07 };

/** A fixture's model, fixed when it is created (probabilities per million; lines in half-points). */
export type SportParams =
  | { sport: 'football'; home: number; away: number; hcp: number; total: number }
  | { sport: 'basketball'; home: number; away: number; ot: number; hcp: number; total: number }
  | { sport: 'esports'; home: number; hcp: number; total: number }
  | { sport: 'cockfight'; home: number; draw: number };

export interface Score {
  home: number;
  away: number;
}

const MILLION = 1_000_000;
const FOOTBALL_SLOTS = 90;
const TWO_POINTERS = 40;
const FREE_THROWS = 20;
const FREE_THROW = 750_000;

/** How many of `n` independent draws fall below `p` per million. */
function countBelow(n: number, p: number, words: WordSource): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (uniformBelow(MILLION, words) < p) k++;
  return k;
}

/** The result of a fixture from its word stream (the header says the order of the draws). */
export function drawScore(p: SportParams, words: WordSource): Score {
  switch (p.sport) {
    case 'football': {
      const home = countBelow(FOOTBALL_SLOTS, p.home, words);
      return { home, away: countBelow(FOOTBALL_SLOTS, p.away, words) };
    }
    case 'basketball': {
      const home = 2 * countBelow(TWO_POINTERS, p.home, words) + countBelow(FREE_THROWS, FREE_THROW, words);
      const away = 2 * countBelow(TWO_POINTERS, p.away, words) + countBelow(FREE_THROWS, FREE_THROW, words);
      if (home !== away) return { home, away };
      return uniformBelow(MILLION, words) < p.ot ? { home: home + 5, away: away + 2 } : { home: home + 2, away: away + 5 };
    }
    case 'esports': {
      let home = 0;
      let away = 0;
      while (home < 2 && away < 2) {
        if (uniformBelow(MILLION, words) < p.home) home++;
        else away++;
      }
      return { home, away };
    }
    case 'cockfight': {
      const u = uniformBelow(MILLION, words);
      if (u < p.draw) return { home: 0, away: 0 };
      return u < p.draw + p.home ? { home: 1, away: 0 } : { home: 0, away: 1 };
    }
  }
}

/** The markets a sport offers, with their selections in display order. */
export function marketsOf(sport: Sport): { market: Market; selections: Selection[] }[] {
  const winner: { market: Market; selections: Selection[] } =
    sport === 'football' || sport === 'cockfight' ? { market: '1x2', selections: ['home', 'draw', 'away'] } : { market: 'ml', selections: ['home', 'away'] };
  if (sport === 'cockfight') return [winner];
  return [winner, { market: 'hcp', selections: ['home', 'away'] }, { market: 'total', selections: ['over', 'under'] }];
}

/** A market's line (the home side's handicap, or the total), or null for a market without one. */
export function lineOf(p: SportParams, market: Market): number | null {
  if (p.sport === 'cockfight') return null;
  if (market === 'hcp') return p.hcp;
  if (market === 'total') return p.total;
  return null;
}

/** What a selection did, given the final score. */
export function legResult(p: SportParams, market: Market, selection: Selection, s: Score): LegResult {
  const winner = s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw';
  switch (market) {
    case '1x2':
    case 'ml':
      // A cockfight's draw gives meron and wala their stakes back.
      if (p.sport === 'cockfight' && winner === 'draw' && selection !== 'draw') return 'void';
      return selection === winner ? 'won' : 'lost';
    case 'hcp': {
      const margin = s.home + lineOf(p, 'hcp')! - s.away;
      return (selection === 'home') === margin > 0 ? 'won' : 'lost';
    }
    case 'total':
      return (selection === 'over') === s.home + s.away > lineOf(p, 'total')! ? 'won' : 'lost';
  }
}

/** The chance of each final score under the model (for pricing; the draw never reads it). */
export function scoreDistribution(p: SportParams): { score: Score; p: number }[] {
  const out: { score: Score; p: number }[] = [];
  switch (p.sport) {
    case 'football': {
      const h = binomial(FOOTBALL_SLOTS, p.home / MILLION);
      const a = binomial(FOOTBALL_SLOTS, p.away / MILLION);
      h.forEach((ph, i) => a.forEach((pa, j) => ph * pa > 1e-12 && out.push({ score: { home: i, away: j }, p: ph * pa })));
      return out;
    }
    case 'basketball': {
      const ft = binomial(FREE_THROWS, FREE_THROW / MILLION);
      const side = (q: number) => {
        const two = binomial(TWO_POINTERS, q / MILLION);
        const pts = new Array<number>(2 * TWO_POINTERS + FREE_THROWS + 1).fill(0);
        two.forEach((pt, i) => ft.forEach((pf, j) => (pts[2 * i + j]! += pt * pf)));
        return pts;
      };
      const h = side(p.home);
      const a = side(p.away);
      const ot = p.ot / MILLION;
      h.forEach((ph, i) =>
        a.forEach((pa, j) => {
          const q = ph * pa;
          if (q < 1e-12) return;
          if (i !== j) out.push({ score: { home: i, away: j }, p: q });
          else out.push({ score: { home: i + 5, away: j + 2 }, p: q * ot }, { score: { home: i + 2, away: j + 5 }, p: q * (1 - ot) });
        }),
      );
      return out;
    }
    case 'esports': {
      const w = p.home / MILLION;
      const l = 1 - w;
      return [
        { score: { home: 2, away: 0 }, p: w * w },
        { score: { home: 2, away: 1 }, p: 2 * w * l * w },
        { score: { home: 1, away: 2 }, p: 2 * w * l * l },
        { score: { home: 0, away: 2 }, p: l * l },
      ];
    }
    case 'cockfight':
      return [
        { score: { home: 0, away: 0 }, p: p.draw / MILLION },
        { score: { home: 1, away: 0 }, p: p.home / MILLION },
        { score: { home: 0, away: 1 }, p: 1 - (p.draw + p.home) / MILLION },
      ];
  }
}

function binomial(n: number, q: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  out[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k >= 1; k--) out[k] = out[k]! * (1 - q) + out[k - 1]! * q;
    out[0] = out[0]! * (1 - q);
  }
  return out;
}

/**
 * Each selection's fair chance, as the price sees it: the probability it wins given that it is
 * not void (a cockfight's meron and wala are void on a draw). Keyed `market:selection`.
 */
export function fairChances(p: SportParams): Record<string, number> {
  const dist = scoreDistribution(p);
  const out: Record<string, number> = {};
  for (const { market, selections } of marketsOf(p.sport)) {
    for (const sel of selections) {
      let won = 0;
      let decided = 0;
      for (const d of dist) {
        const r = legResult(p, market, sel, d.score);
        if (r !== 'void') decided += d.p;
        if (r === 'won') won += d.p;
      }
      out[`${market}:${sel}`] = decided > 0 ? won / decided : 0;
    }
  }
  return out;
}

/** A small deterministic number in [-1, 1) from a key (FNV-1a, then mixed): the quarter hour's drift of a price. */
function drift(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // murmur3's finaliser: neighbouring quarter hours differ in their last digit only.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 0x80000000 - 1;
}

/** A price in hundredths from a chance, with the margin, within [MIN_PRICE, MAX_PRICE]. */
export function priceOf(chance: number, margin: number): number {
  if (!(chance > 0)) return MAX_PRICE;
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.floor(100 / (chance * (1 + margin)))));
}

/** The prices of a fixture's selections at `now` (keyed `market:selection`): the fair chances, drifted for the quarter hour, with the margin. */
export function pricesAt(fixtureId: number, p: SportParams, chances: Record<string, number>, now: number): Record<string, number> {
  const step = Math.floor(now / PRICE_STEP_MS);
  const out: Record<string, number> = {};
  for (const [key, chance] of Object.entries(chances)) out[key] = priceOf(chance * (1 + DRIFT * drift(`${fixtureId}:${key}:${step}`)), MARGIN[p.sport]);
  return out;
}

/** What a bet returns: the stake times its legs' prices (void legs at 1.00), rounded down to the minor unit; 0 when a leg lost. */
export function betReturn(stake: bigint, legs: { price: number; result: LegResult }[]): bigint {
  let num = stake;
  let den = 1n;
  for (const l of legs) {
    if (l.result === 'lost') return 0n;
    if (l.result === 'won') {
      num *= BigInt(l.price);
      den *= 100n;
    }
  }
  return num / den;
}

/** The return if every leg wins (what the slip shows). */
export const potentialReturn = (stake: bigint, prices: number[]) =>
  betReturn(
    stake,
    prices.map((price) => ({ price, result: 'won' as const })),
  );

// ---------------------------------------------------------------------------------------------
// The wire

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const money = z.string();
const score = z.object({ home: z.number().int(), away: z.number().int() });
export const marketInput = z.enum(MARKETS);
export const selectionInput = z.enum(['home', 'draw', 'away', 'over', 'under']);
export const acceptOddsInput = z.enum(['none', 'higher', 'any']);
export type AcceptOdds = z.infer<typeof acceptOddsInput>;

/** A fixture as the book shows it. */
export const fixtureView = z.object({
  id: z.number().int(),
  sport: z.enum(SPORTS),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** open: bets taken until startsAt; live: playing, bets closed; finished: result published; void: cancelled. */
  status: z.enum(['open', 'live', 'finished', 'void']),
  /** Each market with its line and prices (hundredths); prices only while open. */
  markets: z.array(z.object({ market: marketInput, line: z.number().nullable(), selections: z.array(z.object({ selection: selectionInput, price: z.number().int().nullable() })) })),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  serverSeedHash: hex64,
  /** Published with the result. */
  serverSeed: hex64.nullable(),
  /** The result that counts; `drawn` differs when the operator corrected it. */
  result: score.nullable(),
  drawn: score.nullable(),
});
export type FixtureView = z.infer<typeof fixtureView>;

/** A member's bet: a single (one leg) or a parlay. */
export const sportBetView = z.object({
  id: z.number().int(),
  roundId: z.string(),
  stake: money,
  /** What it returns if every leg still undecided wins (its current price). */
  potential: money,
  status: z.enum(['open', 'settled', 'void']),
  win: money.nullable(),
  createdAt: z.string(),
  legs: z.array(
    z.object({
      fixtureId: z.number().int(),
      sport: z.enum(SPORTS),
      home: z.string(),
      away: z.string(),
      market: marketInput,
      line: z.number().nullable(),
      selection: selectionInput,
      price: z.number().int(),
      result: z.enum(['won', 'lost', 'void']).nullable(),
    }),
  ),
});
export type SportBetView = z.infer<typeof sportBetView>;

/** What the game page's state says of a sports game: its book, and the least stake as its one 'bet'. */
export const bookRules = z.object({ kind: z.literal('book'), book: z.enum(SPORT_BOOKS), bets: z.array(money) });

/**
 * Recomputes a finished fixture's score from a seed (public, as the tables' verify call): whether
 * the seed is the one committed, and the score it draws with the fixture's model.
 */
export const sportsVerify = defineCall({
  name: 'sportsVerify',
  method: 'GET',
  path: '/wps/sandbox/sports/verify',
  query: z.object({ fixtureId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), serverSeed: hex64 }),
  value: z.object({ matchesHash: z.boolean(), serverSeedHash: hex64, score, params: z.record(z.string(), z.union([z.string(), z.number()])) }),
});

/** The book now: fixtures playing and to come (open first by kick-off), the last results, the member's bets and balance. */
export const sportsBook = defineCall({
  name: 'sportsBook',
  method: 'GET',
  path: '/wps/sandbox/sports/book',
  query: z.object({ launch: launchToken }),
  value: z.object({
    book: z.enum(SPORT_BOOKS),
    serverNow: z.string(),
    fixtures: z.array(fixtureView),
    results: z.array(fixtureView),
    bets: z.array(sportBetView),
    balance: money,
    minStake: money,
    maxReturn: money,
  }),
});

/**
 * Places one bet: one leg is a single, two to ten legs (of different fixtures) a parlay. Each leg
 * carries the price the slip showed; when a price moved, `acceptOdds` says whether the bet takes
 * the new one (any, or only higher) or is refused with 409 `sports.odds.changed` (the value
 * carries the current prices). Refused: a fixture that kicked off (409 `sports.closed`), two legs
 * of one fixture (400 `sports.sameFixture`), a return above the book's most (400
 * `sports.maxReturn`), a stake below the game's least (400 `game.bet.invalid`).
 */
export const sportsBet = defineCall({
  name: 'sportsBet',
  method: 'POST',
  path: '/wps/sandbox/sports/bet',
  body: z.object({
    launch: launchToken,
    legs: z
      .array(z.object({ fixtureId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), market: marketInput, selection: selectionInput, price: z.number().int().min(MIN_PRICE).max(MAX_PRICE) }))
      .min(1)
      .max(MAX_LEGS),
    stake: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/),
    acceptOdds: acceptOddsInput,
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  }),
  value: z.object({ bet: sportBetView, balance: money }),
});

export const sportsCalls = [sportsBook, sportsBet, sportsVerify];

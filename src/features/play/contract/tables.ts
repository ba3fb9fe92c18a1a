/**
 * The rules of the sandbox's single-player table games (issue 34: RNG tables): European and
 * American roulette, baccarat (punto banco), dragon tiger and sic bo. Pure and shared: the server deals and
 * pays with them, the game page and the verify page show a round from the same record, so both
 * sides always agree on what a round's draws mean.
 *
 * A round's record (`stops`) is the list of its draws, in the order they were drawn from the
 * round's provably-fair word stream (kernel/fairness.ts `roundWords`), each an unbiased integer
 * (`uniformBelow`):
 * - roulette: one pocket, 0..36 (37 on an American wheel is '00');
 * - baccarat: the cards in dealing order (player, banker, player, banker, then the third cards
 *   the tableau draws); dragon tiger: the dragon's card, then the tiger's;
 * - sic bo: three dice, each 1..6 (`uniformBelow(6) + 1`);
 * - fish and crash: one roll (see FISH and CRASH_SPAN);
 * - keno: the 20 numbers drawn, in the order drawn (see KENO_DRAWN);
 * - dice: one roll of 0..9999, read as 00.00 to 99.99 (see DICE_ROLLS);
 * - plinko: the ball's 12 bounces, 0 to the left and 1 to the right (see PLINKO_ROWS).
 *
 * Cards are drawn from an infinite deck: each card is one of 52 (rank = card % 13, ace first;
 * suit = card / 13), independently, as provably-fair casinos deal, so that a round never depends
 * on the rounds before it. The return to player of each bet is exact for that deck and is
 * checked by enumerating every deal (tables.test.ts).
 */
import { z } from 'zod';
import { uniformBelow, type WordSource } from '../../../kernel/uniform.ts';
import { blackjackView } from './blackjack.ts';

/** Every kind a table round or a table's rules may name: the tables here, blackjack (contract/blackjack.ts) and the PVP rooms' games (contract/rooms.ts). */
export const TABLE_KINDS = ['roulette', 'baccarat', 'dragonTiger', 'sicBo', 'andarBahar', 'fish', 'crash', 'keno', 'dice', 'plinko', 'blackjack', 'bullBull', 'teenPatti'] as const;
export type TableKind = (typeof TABLE_KINDS)[number];
export type RouletteWheel = 'european' | 'american';

/** Which table a game is: the kind, and for roulette the wheel. */
export type TableGame =
  | { kind: 'roulette'; wheel: RouletteWheel }
  | { kind: 'baccarat'; noCommission?: true }
  | { kind: 'dragonTiger' }
  | { kind: 'sicBo' }
  | { kind: 'andarBahar' }
  | { kind: 'fish' }
  | { kind: 'crash' }
  | { kind: 'keno' }
  | { kind: 'dice' }
  | { kind: 'plinko' };

/** The crash lane's games that fly a multiplier until it crashes (names as the catalogue gives them, with a variant or none). */
const CRASH_NAME = /^(Aviator|Rocket|Jet|Crash|Balloon|Space Dash|Limbo|Trader)( (X|Pro|Rush|Mania|2|Deluxe|Turbo|Mini))?$/;

/**
 * The table a catalogue game plays, by its type and name, or null for a slot: the RNG lane's
 * table games and the fish lane's games (a shot is a round with one spot, the fish aimed at).
 * Live casino tables are shared tables (contract/live.ts); blackjack is played in turns
 * (contract/blackjack.ts); the other table games of the catalogue (video poker, red dog, casino
 * war, three card poker, pai gow, hi-lo) are not built yet. The crash lane's multiplier games
 * (Aviator, Rocket, Limbo...) are a one-spot round: the spot is the cash-out target.
 */
export function tableGameOf(g: { gameType: string; gameName: string }): TableGame | null {
  // Every fish game shoots (a shot is a one-spot round: the fish aimed at is the spot).
  if (g.gameType === 'FISH') return { kind: 'fish' };
  if (g.gameType !== 'RNG') return null;
  if (CRASH_NAME.test(g.gameName)) return { kind: 'crash' };
  if (/\bKeno\b/.test(g.gameName)) return { kind: 'keno' };
  if (/^Dice( (X|Pro|Rush|Mania|2|Deluxe|Turbo|Mini))?$/.test(g.gameName)) return { kind: 'dice' };
  if (/^Plinko( (X|Pro|Rush|Mania|2|Deluxe|Turbo|Mini))?$/.test(g.gameName) || /\bPachinko\b/.test(g.gameName)) return { kind: 'plinko' };
  if (/\bAmerican Roulette\b/.test(g.gameName)) return { kind: 'roulette', wheel: 'american' };
  if (/\bRoulette\b/.test(g.gameName)) return { kind: 'roulette', wheel: 'european' };
  if (/\bBaccarat\b/.test(g.gameName)) return { kind: 'baccarat' };
  if (/\bDragon Tiger\b/.test(g.gameName)) return { kind: 'dragonTiger' };
  if (/\bSic Bo\b/.test(g.gameName)) return { kind: 'sicBo' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Cards

export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const cardRank = (card: number) => card % 13;
export const cardSuit = (card: number) => SUITS[Math.floor(card / 13)]!;
/** A card's baccarat value: ace 1, two to nine their pips, tens and faces 0. */
export const baccaratValue = (card: number) => (card % 13 >= 9 ? 0 : (card % 13) + 1);
const isCard = (c: unknown): c is number => Number.isInteger(c) && (c as number) >= 0 && (c as number) < 52;

// ---------------------------------------------------------------------------------------------
// Roulette

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The American wheel's '00' pocket. */
export const DOUBLE_ZERO = 37;
export const pocketCount = (wheel: RouletteWheel) => (wheel === 'american' ? 38 : 37);
export const pocketLabel = (pocket: number) => (pocket === DOUBLE_ZERO ? '00' : String(pocket));
export const pocketColour = (pocket: number): 'red' | 'black' | 'green' => (pocket === 0 || pocket === DOUBLE_ZERO ? 'green' : RED.has(pocket) ? 'red' : 'black');

/** The outside bets, each with what it pays to one. */
export const ROULETTE_OUTSIDE = ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen1', 'dozen2', 'dozen3', 'column1', 'column2', 'column3'] as const;
/** The straight-up spot of a pocket: 'n17', 'n0', 'n00'. */
export const straightSpot = (pocket: number) => `n${pocketLabel(pocket)}`;

function rouletteSpots(wheel: RouletteWheel): string[] {
  return [...Array.from({ length: pocketCount(wheel) }, (_, p) => straightSpot(p)), ...ROULETTE_OUTSIDE];
}

/** Whether a roulette spot wins on a pocket (zeros lose every outside bet). */
export function rouletteWins(spot: string, pocket: number): boolean {
  if (spot.startsWith('n')) return spot === straightSpot(pocket);
  if (pocket === 0 || pocket === DOUBLE_ZERO) return false;
  switch (spot) {
    case 'red':
      return RED.has(pocket);
    case 'black':
      return !RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen1':
    case 'dozen2':
    case 'dozen3':
      return Math.ceil(pocket / 12) === Number(spot.slice(5));
    case 'column1':
    case 'column2':
    case 'column3':
      return ((pocket - 1) % 3) + 1 === Number(spot.slice(6));
    default:
      return false;
  }
}

/** What a roulette spot pays to one: straight 35, dozens and columns 2, even chances 1. */
const roulettePays = (spot: string) => (spot.startsWith('n') ? 35 : spot.startsWith('dozen') || spot.startsWith('column') ? 2 : 1);

// ---------------------------------------------------------------------------------------------
// Baccarat (punto banco)

export interface BaccaratHands {
  player: number[];
  banker: number[];
}

const total = (cards: readonly number[]) => cards.reduce((t, c) => t + baccaratValue(c), 0) % 10;

/**
 * Deals a coup with the tableau: two cards each (player first); a natural 8 or 9 on either side
 * stands both; else the player draws on 0-5, and the banker draws on 0-2 always, 3 unless the
 * player's third card is an 8, 4 on a third card of 2-7, 5 on 4-7, 6 on 6-7, stands on 7; a
 * banker whose player stood draws on 0-5. `next` gives the cards in dealing order.
 */
export function dealBaccaratWith(next: () => number): BaccaratHands {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p = total(player);
  const b = total(banker);
  if (p >= 8 || b >= 8) return { player, banker };
  if (p <= 5) {
    const third = next();
    player.push(third);
    const x = baccaratValue(third);
    const draws = b <= 2 || (b === 3 && x !== 8) || (b === 4 && x >= 2 && x <= 7) || (b === 5 && x >= 4 && x <= 7) || (b === 6 && (x === 6 || x === 7));
    if (draws) banker.push(next());
  } else if (b <= 5) {
    banker.push(next());
  }
  return { player, banker };
}

// ---------------------------------------------------------------------------------------------
// Andar bahar

/**
 * Andar bahar: the joker card is shown, then cards are dealt one at a time, first to andar, then
 * to bahar, and so on, until a card of the joker's rank falls: its side wins. On the infinite deck
 * each card matches with chance 1/13, so andar wins 13/25 of rounds (1/13 summed over its turns,
 * (12/13)^2k before each) and bahar 12/25: andar pays 0.9 to 1 (its return 0.988), bahar 1 to 1
 * (0.96). The record is the joker, then the cards in the order dealt.
 */
export const ANDAR_CHANCE = 13 / 25;
export const andarBaharWinner = (dealt: number) => (dealt % 2 === 1 ? 'andar' : 'bahar');

// ---------------------------------------------------------------------------------------------
// Sic bo

/**
 * Sic bo's spots, as the Macau table lays them: small (4-10) and big (11-17), odd and even, all
 * losing on a triple; any triple; a triple of a number; a double of a number (at least two); a
 * total of 4 to 17; a number on one die or more (paid once per die showing it); two numbers
 * together (a combination).
 */
const DICE = [1, 2, 3, 4, 5, 6] as const;
const COMBOS = DICE.flatMap((a) => DICE.filter((b) => b > a).map((b) => `combo${a}${b}`));
export const SIC_BO_SPOTS = [
  'small',
  'big',
  'odd',
  'even',
  'anyTriple',
  ...DICE.map((n) => `triple${n}`),
  ...DICE.map((n) => `double${n}`),
  ...Array.from({ length: 14 }, (_, i) => `total${i + 4}`),
  ...DICE.map((n) => `single${n}`),
  ...COMBOS,
];
/** What a total pays to one (4 and 17 alike, 5 and 16...). */
const TOTAL_PAYS: Record<number, number> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60 };
/** The number of the 216 throws that give each total. */
const TOTAL_WAYS: Record<number, number> = { 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27, 11: 27, 12: 25, 13: 21, 14: 15, 15: 10, 16: 6, 17: 3 };

/** What a sic bo spot returns per unit staked on three dice (0 when it loses). */
function sicBoReturn(spot: string, dice: readonly number[]): number {
  const total = dice[0]! + dice[1]! + dice[2]!;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = (n: number) => dice.filter((d) => d === n).length;
  if (spot === 'small') return !triple && total >= 4 && total <= 10 ? 2 : 0;
  if (spot === 'big') return !triple && total >= 11 && total <= 17 ? 2 : 0;
  if (spot === 'odd') return !triple && total % 2 === 1 ? 2 : 0;
  if (spot === 'even') return !triple && total % 2 === 0 ? 2 : 0;
  if (spot === 'anyTriple') return triple ? 31 : 0;
  const n = Number(spot.slice(-1));
  if (spot.startsWith('triple')) return count(n) === 3 ? 181 : 0;
  if (spot.startsWith('double')) return count(n) >= 2 ? 11 : 0;
  if (spot.startsWith('total')) {
    const t = Number(spot.slice(5));
    return total === t ? TOTAL_PAYS[t]! + 1 : 0;
  }
  if (spot.startsWith('single')) return count(n) > 0 ? count(n) + 1 : 0;
  if (spot.startsWith('combo')) return count(Number(spot[5])) > 0 && count(Number(spot[6])) > 0 ? 6 : 0;
  return 0;
}

/** A sic bo spot's pays and return, from the number of throws each pays on (the unit test enumerates all 216). */
function sicBoTerms(spot: string): { pays: string; rtp: number } {
  if (['small', 'big', 'odd', 'even'].includes(spot)) return { pays: '1:1', rtp: (2 * 105) / 216 };
  if (spot === 'anyTriple') return { pays: '30:1', rtp: (31 * 6) / 216 };
  if (spot.startsWith('triple')) return { pays: '180:1', rtp: 181 / 216 };
  if (spot.startsWith('double')) return { pays: '10:1', rtp: (11 * 16) / 216 };
  if (spot.startsWith('total')) {
    const t = Number(spot.slice(5));
    return { pays: `${TOTAL_PAYS[t]}:1`, rtp: ((TOTAL_PAYS[t]! + 1) * TOTAL_WAYS[t]!) / 216 };
  }
  // One die showing it 75 throws in 216, two 15, three 1.
  if (spot.startsWith('single')) return { pays: '1:1, 2:1, 3:1', rtp: 199 / 216 };
  return { pays: '5:1', rtp: (6 * 30) / 216 };
}

// ---------------------------------------------------------------------------------------------
// Fish

/**
 * The fish a shot may aim at, smallest first, with the multiple of the stake a hit returns. A
 * shot's record is one roll, uniform in 0..FISH_ROLLS-1; it hits the fish aimed at when the roll
 * is below FISH_RTP_ROLLS / multiple, so every fish returns exactly 96% (a shark, x20, is hit 4.8
 * times in 100 shots; a clownfish, x2, 48 times).
 */
export const FISH = [
  { id: 'clownfish', multiple: 2 },
  { id: 'angelfish', multiple: 3 },
  { id: 'pufferfish', multiple: 5 },
  { id: 'turtle', multiple: 8 },
  { id: 'octopus', multiple: 10 },
  { id: 'shark', multiple: 20 },
  { id: 'whale', multiple: 50 },
  { id: 'dragon', multiple: 100 },
] as const;
export type FishId = (typeof FISH)[number]['id'];
export const FISH_ROLLS = 1_000_000;
const FISH_RTP_ROLLS = 960_000;
export const fishMultiple = (id: string) => FISH.find((f) => f.id === id)?.multiple ?? null;
/** Whether a roll hits a fish (every multiple divides FISH_RTP_ROLLS, so the chance is exact). */
export const fishHit = (id: string, roll: number) => {
  const m = fishMultiple(id);
  return m !== null && roll < FISH_RTP_ROLLS / m;
};

// ---------------------------------------------------------------------------------------------
// Crash

/**
 * A crash round: a multiplier climbs from 1.00x until it crashes; the player names a cash-out
 * target before the round and is paid the stake times the target when the multiplier reaches it.
 * The record is one roll r, uniform in 0..CRASH_SPAN-1; with k = CRASH_SPAN - r (1..CRASH_SPAN)
 * the crash point, in hundredths, is floor(97 * CRASH_SPAN / k), at least 100 (1.00x: the round
 * crashes at once, about 4 rounds in 100) and at most CRASH_MAX. A target m (hundredths, 101 to
 * CRASH_MAX) is reached in exactly floor(97 * CRASH_SPAN / m) of the CRASH_SPAN rolls, so no
 * target returns more than 97%, nor less by more than target/100 parts in CRASH_SPAN (`crashTerms`, checked in tables.test.ts).
 */
export const CRASH_SPAN = 100_000_000;
/** The highest crash point and target, in hundredths: 1,000.00x. */
export const CRASH_MAX = 100_000;
/** The lowest target: 1.01x. */
export const CRASH_MIN_TARGET = 101;
const CRASH_EDGE_NUMERATOR = 97;
/** The targets the rules list (any target from 1.01x to 1,000x may be named). */
export const CRASH_TARGETS = [101, 150, 200, 500, 1_000, 10_000, CRASH_MAX] as const;

/** A roll's crash point in hundredths of the stake (250 = 2.50x). */
export const crashPoint = (roll: number) => Math.min(CRASH_MAX, Math.max(100, Math.floor((CRASH_EDGE_NUMERATOR * CRASH_SPAN) / (CRASH_SPAN - roll))));

/** A crash spot's target in hundredths ('x250' = 2.50x), or null when the spot names none a round takes. */
export function crashTarget(spot: string): number | null {
  const m = /^x([1-9]\d{2,5})$/.exec(spot);
  if (!m) return null;
  const target = Number(m[1]);
  return target >= CRASH_MIN_TARGET && target <= CRASH_MAX ? target : null;
}
export const crashSpot = (target: number) => `x${target}`;
/** A multiplier in hundredths as the table writes it: '2.50'. */
export const crashText = (hundredths: number) => (hundredths / 100).toFixed(2);

/** A target's pays and its exact return: the chance to reach it (whole rolls) times what it pays. */
function crashTerms(target: number): { pays: string; rtp: number } {
  const reached = Math.floor((CRASH_EDGE_NUMERATOR * CRASH_SPAN) / target);
  return { pays: `×${crashText(target)}`, rtp: ((target / 100) * reached) / CRASH_SPAN };
}

// ---------------------------------------------------------------------------------------------
// Keno

/**
 * Keno: the player picks 1 to 10 numbers of 1..80; the round draws 20 of the 80 (a partial
 * Fisher-Yates shuffle from the seed pair: for i from 0, a number below 80 - i picks which of the
 * numbers not drawn yet comes next) and pays by how many picks were drawn, on the paytable of the
 * number of picks (KENO_PAYS, in tenths of the stake). A pick of n numbers hits h of them with the
 * hypergeometric chance C(20, h) C(60, n - h) / C(80, n), so each paytable's return is exact
 * (`kenoTerms`: 93.8% to 95%). A bet's spot names its picks: 'k' and each number in two digits,
 * ascending ('k071580' is 7, 15 and 80), so one set of picks has one spot.
 */
export const KENO_NUMBERS = 80;
export const KENO_DRAWN = 20;
export const KENO_MAX_PICKS = 10;
/** What h hits pay on n picks, in tenths of the stake (38 = ×3.8), by n then h; hits not listed pay nothing. */
export const KENO_PAYS: Record<number, Record<number, number>> = {
  1: { 1: 38 },
  2: { 1: 10, 2: 94 },
  3: { 2: 28, 3: 400 },
  4: { 2: 18, 3: 60, 4: 1_000 },
  5: { 3: 53, 4: 150, 5: 5_000 },
  6: { 3: 21, 4: 80, 5: 800, 6: 15_000 },
  7: { 3: 14, 4: 40, 5: 250, 6: 2_000, 7: 50_000 },
  8: { 4: 28, 5: 150, 6: 1_000, 7: 10_000, 8: 100_000 },
  9: { 4: 18, 5: 60, 6: 400, 7: 3_000, 8: 40_000, 9: 100_000 },
  10: { 5: 38, 6: 300, 7: 1_500, 8: 10_000, 9: 50_000, 10: 100_000 },
};

/** A keno spot's picks ('k071580' -> [7, 15, 80]), or null when it names no set of picks a round takes. */
export function kenoPicks(spot: string): number[] | null {
  const m = /^k((?:\d\d){1,10})$/.exec(spot);
  if (!m) return null;
  const picks = m[1]!.match(/\d\d/g)!.map(Number);
  // Ascending, each 1..80: the one spelling of a set of picks.
  return picks.every((n, i) => n >= 1 && n <= KENO_NUMBERS && (i === 0 || n > picks[i - 1]!)) ? picks : null;
}
/** The spot of a set of picks (any order). */
export const kenoSpot = (picks: readonly number[]) =>
  `k${[...picks]
    .sort((a, b) => a - b)
    .map((n) => String(n).padStart(2, '0'))
    .join('')}`;

const choose = (n: number, k: number): number => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
};
/** The chance that h of n picks are among the 20 drawn. */
export const kenoChance = (n: number, h: number) => (choose(KENO_DRAWN, h) * choose(KENO_NUMBERS - KENO_DRAWN, n - h)) / choose(KENO_NUMBERS, n);

/** The paytable of n picks as the rules show it ('2 → ×1.8 · 3 → ×6 · 4 → ×100') and its exact return. */
export function kenoTerms(n: number): { pays: string; rtp: number } {
  const table = KENO_PAYS[n] ?? {};
  const hits = Object.keys(table).map(Number);
  return {
    pays: hits.map((h) => `${h} → ×${table[h]! / 10}`).join(' · '),
    rtp: hits.reduce((sum, h) => sum + (kenoChance(n, h) * table[h]!) / 10, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Dice

/**
 * Dice (the crash lane's): one roll of 0..9999, shown as 00.00 to 99.99; the player bets that it
 * comes under a line ('u' and the chance in whole percent, 'u50': under 50.00) or over one ('o'
 * and the chance: 'o25' wins on 75.00 and over), with a chance of 2% to 95%. A win pays the stake
 * times floor(9700 / chance) hundredths (×48.50 at 2%, ×1.94 at 50%, ×1.02 at 95%), so each bet's
 * return is chance x multiplier, at most 97% (`diceTerms`: exact, every roll counted).
 */
export const DICE_ROLLS = 10_000;
export const DICE_MIN_CHANCE = 2;
export const DICE_MAX_CHANCE = 95;
/** The chances the rules list (any whole chance from 2% to 95%, under or over, may be bet). */
export const DICE_CHANCES = [2, 10, 25, 50, 75, 95] as const;

/** A dice spot's side and chance ('u50' -> under, 50), or null when the spot names no bet a roll takes. */
export function diceBet(spot: string): { side: 'under' | 'over'; chance: number } | null {
  const m = /^([uo])([1-9]\d?)$/.exec(spot);
  if (!m) return null;
  const chance = Number(m[2]);
  return chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE ? { side: m[1] === 'u' ? 'under' : 'over', chance } : null;
}
export const diceSpot = (side: 'under' | 'over', chance: number) => `${side === 'under' ? 'u' : 'o'}${chance}`;
/** What a win pays, in hundredths of the stake. */
export const diceMultiple = (chance: number) => Math.floor(9_700 / chance);
/** Whether a roll wins a bet: under the chance's line, or at or over the line from the top. */
export const diceWins = (bet: { side: 'under' | 'over'; chance: number }, roll: number) => (bet.side === 'under' ? roll < bet.chance * 100 : roll >= DICE_ROLLS - bet.chance * 100);
/** A roll as the table writes it: '07.25'. */
export const diceText = (roll: number) => (roll / 100).toFixed(2).padStart(5, '0');

function diceTerms(chance: number): { pays: string; rtp: number } {
  const m = diceMultiple(chance);
  return { pays: `×${(m / 100).toFixed(2)}`, rtp: (chance * m) / 10_000 };
}

// ---------------------------------------------------------------------------------------------
// Plinko

/**
 * Plinko (the crash lane's Plinko and bingo's Pachinko): a ball falls through 12 rows of pegs,
 * bouncing left or right at each (`uniformBelow(2)`: 1 is right) into one of 13 buckets, the
 * number of right bounces; bucket k is reached in C(12, k) of the 4,096 paths. The player chooses
 * a risk (the bet's spot: 'lowRisk', 'mediumRisk', 'highRisk'), whose buckets pay (PLINKO_PAYS, in tenths of the stake) from the middle's little to the
 * edges' most; each risk's return is exact (`plinkoTerms`: 96.7% to 97.2%).
 */
export const PLINKO_ROWS = 12;
export const PLINKO_RISKS = ['lowRisk', 'mediumRisk', 'highRisk'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
/** What each bucket pays, edge to edge, in tenths of the stake (95 = ×9.5). */
export const PLINKO_PAYS: Record<PlinkoRisk, readonly number[]> = {
  lowRisk: [95, 30, 16, 14, 11, 10, 4, 10, 11, 14, 16, 30, 95],
  mediumRisk: [300, 100, 40, 19, 11, 6, 3, 6, 11, 19, 40, 100, 300],
  highRisk: [1_700, 240, 81, 20, 6, 2, 2, 2, 6, 20, 81, 240, 1_700],
};
const PATHS = 2 ** PLINKO_ROWS;
const isRisk = (spot: string): spot is PlinkoRisk => (PLINKO_RISKS as readonly string[]).includes(spot);

function plinkoTerms(risk: PlinkoRisk): { pays: string; rtp: number } {
  const pays = PLINKO_PAYS[risk];
  let ways = 1;
  let back = 0;
  for (let k = 0; k <= PLINKO_ROWS; k++) {
    back += ways * pays[k]!;
    ways = (ways * (PLINKO_ROWS - k)) / (k + 1);
  }
  return { pays: `×${pays[PLINKO_ROWS / 2]! / 10} – ×${pays[0]! / 10}`, rtp: back / 10 / PATHS };
}

// ---------------------------------------------------------------------------------------------
// Every table

/** What a table round's draws show. */
export type TableOutcome =
  | { kind: 'roulette'; pocket: number }
  | {
      kind: 'baccarat';
      player: number[];
      banker: number[];
      playerTotal: number;
      bankerTotal: number;
      winner: 'player' | 'banker' | 'tie';
      playerPair: boolean;
      bankerPair: boolean;
      /** No Commission baccarat: the banker pays 1 to 1, but half that on a winning 6. */
      noCommission?: true;
    }
  | { kind: 'dragonTiger'; dragon: number; tiger: number; winner: 'dragon' | 'tiger' | 'tie' }
  | { kind: 'sicBo'; dice: [number, number, number]; total: number; triple: boolean }
  | { kind: 'andarBahar'; joker: number; andar: number[]; bahar: number[]; winner: 'andar' | 'bahar' }
  | { kind: 'fish'; roll: number }
  | { kind: 'crash'; roll: number; point: number }
  | { kind: 'keno'; drawn: number[] }
  | { kind: 'dice'; roll: number }
  | { kind: 'plinko'; path: number[]; bucket: number };

/** The spots a table takes bets on. */
export function tableSpots(t: TableGame): string[] {
  switch (t.kind) {
    case 'roulette':
      return rouletteSpots(t.wheel);
    case 'baccarat':
      return ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];
    case 'dragonTiger':
      return ['dragon', 'tiger', 'tie'];
    case 'sicBo':
      return [...SIC_BO_SPOTS];
    case 'andarBahar':
      return ['andar', 'bahar'];
    case 'fish':
      return FISH.map((f) => f.id);
    case 'crash':
      // Any target from 1.01x to 1,000x is a spot (`isTableSpot`); these are the ones the rules list.
      return CRASH_TARGETS.map(crashSpot);
    case 'keno':
      // Any set of 1 to 10 numbers is a spot (`isTableSpot`); the rules list one per count, 1 to n.
      return Array.from({ length: KENO_MAX_PICKS }, (_, i) => kenoSpot(Array.from({ length: i + 1 }, (_, k) => k + 1)));
    case 'dice':
      // Any whole chance from 2% to 95%, under or over, is a spot (`isTableSpot`); the rules list these.
      return DICE_CHANCES.map((c) => diceSpot('under', c));
    case 'plinko':
      return [...PLINKO_RISKS];
  }
}

/** Whether a table takes bets on a spot. */
export function isTableSpot(t: TableGame, spot: string): boolean {
  if (t.kind === 'crash') return crashTarget(spot) !== null;
  if (t.kind === 'keno') return kenoPicks(spot) !== null;
  if (t.kind === 'dice') return diceBet(spot) !== null;
  return tableSpots(t).includes(spot);
}

/** Draws a round's record from its word stream (see the module's comment). */
export function drawTable(t: TableGame, words: WordSource): number[] {
  switch (t.kind) {
    case 'roulette':
      return [uniformBelow(pocketCount(t.wheel), words)];
    case 'baccarat': {
      const cards: number[] = [];
      dealBaccaratWith(() => {
        const c = uniformBelow(52, words);
        cards.push(c);
        return c;
      });
      return cards;
    }
    case 'dragonTiger':
      return [uniformBelow(52, words), uniformBelow(52, words)];
    case 'sicBo':
      // Three dice, each 1 to 6.
      return [uniformBelow(6, words) + 1, uniformBelow(6, words) + 1, uniformBelow(6, words) + 1];
    case 'andarBahar': {
      const joker = uniformBelow(52, words);
      const cards = [joker];
      for (;;) {
        const c = uniformBelow(52, words);
        cards.push(c);
        if (cardRank(c) === cardRank(joker)) return cards;
      }
    }
    case 'fish':
      return [uniformBelow(FISH_ROLLS, words)];
    case 'crash':
      return [uniformBelow(CRASH_SPAN, words)];
    case 'keno': {
      const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
      for (let i = 0; i < KENO_DRAWN; i++) {
        const j = i + uniformBelow(KENO_NUMBERS - i, words);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, KENO_DRAWN);
    }
    case 'dice':
      return [uniformBelow(DICE_ROLLS, words)];
    case 'plinko':
      return Array.from({ length: PLINKO_ROWS }, () => uniformBelow(2, words));
  }
}

/** What a recorded round shows; throws a RangeError when the record is not one this table could draw. */
export function tableOutcome(t: TableGame, stops: readonly number[]): TableOutcome {
  switch (t.kind) {
    case 'roulette': {
      const pocket = stops[0]!;
      if (stops.length !== 1 || !Number.isInteger(pocket) || pocket < 0 || pocket >= pocketCount(t.wheel)) throw new RangeError('Not a pocket of this wheel');
      return { kind: 'roulette', pocket };
    }
    case 'baccarat': {
      if (!stops.every(isCard)) throw new RangeError('Not a card');
      let i = 0;
      const hands = dealBaccaratWith(() => {
        if (i >= stops.length) throw new RangeError('Too few cards for this coup');
        return stops[i++]!;
      });
      if (i !== stops.length) throw new RangeError('Too many cards for this coup');
      const playerTotal = total(hands.player);
      const bankerTotal = total(hands.banker);
      const pair = (cards: number[]) => cardRank(cards[0]!) === cardRank(cards[1]!);
      return {
        kind: 'baccarat',
        ...hands,
        playerTotal,
        bankerTotal,
        winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
        playerPair: pair(hands.player),
        bankerPair: pair(hands.banker),
        ...(t.noCommission ? { noCommission: true as const } : {}),
      };
    }
    case 'dragonTiger': {
      const [dragon, tiger] = stops;
      if (stops.length !== 2 || !isCard(dragon) || !isCard(tiger)) throw new RangeError('Two cards: the dragon, the tiger');
      const d = cardRank(dragon);
      const g = cardRank(tiger);
      return { kind: 'dragonTiger', dragon, tiger, winner: d > g ? 'dragon' : g > d ? 'tiger' : 'tie' };
    }
    case 'sicBo': {
      if (stops.length !== 3 || !stops.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) throw new RangeError('Three dice, each 1 to 6');
      const dice = [stops[0]!, stops[1]!, stops[2]!] as [number, number, number];
      return { kind: 'sicBo', dice, total: dice[0] + dice[1] + dice[2], triple: dice[0] === dice[1] && dice[1] === dice[2] };
    }
    case 'andarBahar': {
      if (stops.length < 2 || !stops.every(isCard)) throw new RangeError('The joker, then the cards dealt');
      const rank = cardRank(stops[0]!);
      const dealt = stops.slice(1);
      // Only the last card dealt matches the joker's rank.
      if (dealt.findIndex((c) => cardRank(c) === rank) !== dealt.length - 1) throw new RangeError("The deal stops at the first card of the joker's rank");
      return {
        kind: 'andarBahar',
        joker: stops[0]!,
        andar: dealt.filter((_, i) => i % 2 === 0),
        bahar: dealt.filter((_, i) => i % 2 === 1),
        winner: andarBaharWinner(dealt.length),
      };
    }
    case 'fish': {
      const roll = stops[0]!;
      if (stops.length !== 1 || !Number.isInteger(roll) || roll < 0 || roll >= FISH_ROLLS) throw new RangeError('One roll of a shot');
      return { kind: 'fish', roll };
    }
    case 'crash': {
      const roll = stops[0]!;
      if (stops.length !== 1 || !Number.isInteger(roll) || roll < 0 || roll >= CRASH_SPAN) throw new RangeError('One roll of a crash round');
      return { kind: 'crash', roll, point: crashPoint(roll) };
    }
    case 'keno': {
      if (stops.length !== KENO_DRAWN || !stops.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS) || new Set(stops).size !== KENO_DRAWN)
        throw new RangeError('Twenty different numbers of 1 to 80');
      return { kind: 'keno', drawn: [...stops] };
    }
    case 'dice': {
      const roll = stops[0]!;
      if (stops.length !== 1 || !Number.isInteger(roll) || roll < 0 || roll >= DICE_ROLLS) throw new RangeError('One roll of 0 to 9999');
      return { kind: 'dice', roll };
    }
    case 'plinko': {
      if (stops.length !== PLINKO_ROWS || !stops.every((b) => b === 0 || b === 1)) throw new RangeError('Twelve bounces, each 0 or 1');
      return { kind: 'plinko', path: [...stops], bucket: stops.reduce<number>((a, b) => a + b, 0) };
    }
  }
}

/**
 * What a spot returns for `amount` (minor units) on an outcome: the stake with the win, the
 * stake alone on a push, part of it, or nothing. Fractions (the banker's 5% commission, half a
 * dragon tiger stake on a tie) are rounded down to the minor unit; the table's chips make them
 * whole (`tableLimits`).
 */
export function spotReturn(o: TableOutcome, spot: string, amount: bigint): bigint {
  switch (o.kind) {
    case 'roulette':
      return rouletteWins(spot, o.pocket) ? amount * BigInt(roulettePays(spot) + 1) : 0n;
    case 'baccarat':
      switch (spot) {
        case 'player':
          return o.winner === 'player' ? amount * 2n : o.winner === 'tie' ? amount : 0n;
        case 'banker':
          if (o.winner === 'tie') return amount;
          if (o.winner !== 'banker') return 0n;
          return o.noCommission ? (o.bankerTotal === 6 ? amount + amount / 2n : amount * 2n) : amount + (amount * 95n) / 100n;
        case 'tie':
          return o.winner === 'tie' ? amount * 9n : 0n;
        case 'playerPair':
          return o.playerPair ? amount * 12n : 0n;
        case 'bankerPair':
          return o.bankerPair ? amount * 12n : 0n;
        default:
          return 0n;
      }
    case 'dragonTiger':
      if (spot === 'tie') return o.winner === 'tie' ? amount * 12n : 0n;
      if (o.winner === 'tie') return amount / 2n;
      return o.winner === spot ? amount * 2n : 0n;
    case 'sicBo':
      return amount * BigInt(sicBoReturn(spot, o.dice));
    case 'andarBahar':
      if (spot !== o.winner) return 0n;
      return spot === 'andar' ? amount + (amount * 90n) / 100n : amount * 2n;
    case 'fish':
      return fishHit(spot, o.roll) ? amount * BigInt(fishMultiple(spot)!) : 0n;
    case 'crash': {
      // Stakes are whole multiples of 100 minor units (tableLimits): the return is whole.
      const target = crashTarget(spot);
      return target !== null && o.point >= target ? (amount * BigInt(target)) / 100n : 0n;
    }
    case 'keno': {
      const picks = kenoPicks(spot);
      if (!picks) return 0n;
      const hits = picks.filter((n) => o.drawn.includes(n)).length;
      // Stakes are whole multiples of 100 minor units (tableLimits): a tenth of one is whole.
      return (amount * BigInt(KENO_PAYS[picks.length]![hits] ?? 0)) / 10n;
    }
    case 'dice': {
      const bet = diceBet(spot);
      // Stakes are whole multiples of 100 minor units (tableLimits): the return is whole.
      return bet && diceWins(bet, o.roll) ? (amount * BigInt(diceMultiple(bet.chance))) / 100n : 0n;
    }
    case 'plinko':
      // Stakes are whole multiples of 100 minor units (tableLimits): a tenth of one is whole.
      return isRisk(spot) ? (amount * BigInt(PLINKO_PAYS[spot][o.bucket]!)) / 10n : 0n;
  }
}

/** What each kind of spot pays, as the table shows it ('35:1'), and its exact return to player. */
export function spotTerms(t: TableGame, spot: string): { pays: string; rtp: number } {
  switch (t.kind) {
    case 'roulette':
      return { pays: `${roulettePays(spot)}:1`, rtp: 36 / pocketCount(t.wheel) };
    case 'baccarat':
      return t.noCommission && spot === 'banker' ? BANKER_NO_COMMISSION : BACCARAT_TERMS[spot as keyof typeof BACCARAT_TERMS];
    case 'dragonTiger':
      return spot === 'tie' ? { pays: '11:1', rtp: 12 / 13 } : { pays: '1:1', rtp: 12.5 / 13 };
    case 'sicBo':
      return sicBoTerms(spot);
    case 'andarBahar':
      return spot === 'andar' ? { pays: '0.9:1', rtp: ANDAR_CHANCE * 1.9 } : { pays: '1:1', rtp: (1 - ANDAR_CHANCE) * 2 };
    case 'fish':
      return { pays: `×${fishMultiple(spot)}`, rtp: FISH_RTP_ROLLS / FISH_ROLLS };
    case 'crash':
      return crashTerms(crashTarget(spot) ?? CRASH_MIN_TARGET);
    case 'keno':
      return kenoTerms(kenoPicks(spot)?.length ?? 1);
    case 'dice':
      return diceTerms(diceBet(spot)?.chance ?? DICE_MIN_CHANCE);
    case 'plinko':
      return plinkoTerms(isRisk(spot) ? spot : 'lowRisk');
  }
}

/**
 * Baccarat's returns on an infinite deck, exact to the digits written (every deal enumerated by
 * tables.test.ts): the banker pays 0.95 to one, a tie 8 to one (player and banker bets push), a
 * pair 11 to one (a pair is 1 in 13 on this deck).
 */
const BACCARAT_TERMS = {
  player: { pays: '1:1', rtp: 0.987719 },
  banker: { pays: '0.95:1', rtp: 0.98936 },
  tie: { pays: '8:1', rtp: 0.85883 },
  playerPair: { pays: '11:1', rtp: 12 / 13 },
  bankerPair: { pays: '11:1', rtp: 12 / 13 },
} as const;

/** No Commission baccarat's banker: 1 to 1, half that when it wins with 6; exact as the others (enumerated). */
const BANKER_NO_COMMISSION = { pays: '1:1 (6: 0.5:1)', rtp: 0.985321 } as const;

/** Chip values, as multiples of the game's smallest stake; a spot takes at most MAX_SPOT_CHIPS smallest chips. */
export const CHIP_MULTIPLES = [1n, 5n, 10n, 25n, 100n] as const;
export const MAX_SPOT_CHIPS = 500n;

/**
 * A table's limits in minor units: every stake a whole number of the smallest chip (the game's
 * minimum bet, raised to a multiple of 100 so that the banker's commission and a half stake are
 * whole), at most MAX_SPOT_CHIPS of them on a spot.
 */
export function tableLimits(minBet: bigint): { chip: bigint; chips: bigint[]; maxSpot: bigint } {
  const chip = minBet <= 100n ? 100n : ((minBet + 99n) / 100n) * 100n;
  return { chip, chips: CHIP_MULTIPLES.map((m) => m * chip), maxSpot: chip * MAX_SPOT_CHIPS };
}

/** Why a table refuses a set of bets (the errors catalogue's `game.table.*`), or null when it takes them. */
export function tableBetsIssue(t: TableGame, bets: readonly { spot: string; amount: bigint }[], minBet: bigint): 'empty' | 'spot' | 'twice' | 'amount' | 'oneTarget' | null {
  if (bets.length === 0) return 'empty';
  // A shot aims at one fish; a crash round cashes out at one target; a keno ticket is one set of picks.
  if ((t.kind === 'fish' || t.kind === 'crash' || t.kind === 'keno' || t.kind === 'dice' || t.kind === 'plinko') && bets.length > 1) return 'oneTarget';
  const spots = t.kind === 'crash' || t.kind === 'keno' || t.kind === 'dice' ? null : new Set(tableSpots(t));
  const seen = new Set<string>();
  const { chip, maxSpot } = tableLimits(minBet);
  for (const b of bets) {
    if (spots ? !spots.has(b.spot) : !isTableSpot(t, b.spot)) return 'spot';
    if (seen.has(b.spot)) return 'twice';
    seen.add(b.spot);
    if (b.amount <= 0n || b.amount % chip !== 0n || b.amount > maxSpot) return 'amount';
  }
  return null;
}

/** The errors catalogue's code of each issue of `tableBetsIssue`. */
export const TABLE_ISSUE_CODE = { empty: 'game.table.noBets', spot: 'game.table.spot', twice: 'game.table.spotTwice', amount: 'game.table.amount', oneTarget: 'game.table.oneTarget' } as const;

/** The bets of a table round as the call sends them: a spot and a typed amount each. */
export const tableBetsInput = z
  .array(
    z.object({
      // Up to 23 characters: a keno ticket's ten picks ('k' and two digits each) and one more, which the table refuses by name.
      spot: z.string().regex(/^[A-Za-z0-9]{1,23}$/),
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/),
    }),
  )
  .min(1)
  // As many as the largest table has spots (sic bo's 52; American roulette's 50).
  .max(SIC_BO_SPOTS.length);

/** A played table round: its bets with what each returned, and what the draws showed. */
export const tableRound = z.object({
  kind: z.enum(TABLE_KINDS),
  wheel: z.enum(['european', 'american']).nullable(),
  bets: z.array(z.object({ spot: z.string(), amount: z.string(), payout: z.string() })),
  /** A blackjack hand (contract/blackjack.ts): its hands, the dealer's cards shown, what it takes next. */
  blackjack: blackjackView.optional(),
});

/** A table game's rules as the game page draws them. */
export const tableRules = z.object({
  kind: z.enum(TABLE_KINDS),
  wheel: z.enum(['european', 'american']).nullable(),
  /** Every spot with what it pays and its return to player. */
  spots: z.array(z.object({ spot: z.string(), pays: z.string(), rtp: z.number() })),
  /** Chip values, smallest first (2-decimal strings): every stake is a whole number of the first. */
  bets: z.array(z.string()),
  /** The most one spot takes. */
  maxSpot: z.string(),
  /** The best return of any spot. */
  rtp: z.number(),
  /** A live table (shared rounds on a schedule: contract/live.ts) rather than a single player's. */
  live: z.boolean().optional(),
  /** No Commission baccarat: the banker pays 1 to 1, half that on a winning 6. */
  noCommission: z.boolean().optional(),
  /** A PVP game's room ('r2': contract/rooms.ts): its rounds are the room's, `bets` its stakes. */
  room: z.string().optional(),
  /** The room's name in the page's language ('Beginner room'). */
  roomName: z.string().optional(),
});

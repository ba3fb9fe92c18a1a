/**
 * PVP rooms of the sandbox (issue 34): the rooms a PVP game already lists ('1234-r2', each with
 * its stakes) seat players together for a showdown card game, every round shared by the room.
 * Pure and shared: the server deals and pays with these rules, the room's page and the verify
 * page read a round from the same record.
 *
 * How a round plays (the room runs on the live tables' schedule, contract/live.ts):
 * - While the round takes players (LIVE_BET_WINDOW_MS), up to ROOM_SEATS players join it, each
 *   with one of the room's stakes; seats are given in the order they join (1, 2, ...).
 * - When a single player joined, the house takes the next seat with the same stake (the house
 *   seat, said on the table): a showdown needs two hands. With two or more players the house
 *   plays no hand and only takes its commission.
 * - The draw deals every seat its hand from one shuffled 52-card deck (ROOM_SEATS hands whoever
 *   sits, so the record never depends on who joined): seat 1 the first cards, then seat 2...
 * - The best hand among the seated wins. Every other seat pays it min(own stake, winner's stake)
 *   and keeps the rest; the winner takes its stake back with those payments, less the house's
 *   commission of ROOM_COMMISSION_PERCENT of what it won (rounded up to the minor unit).
 *
 * The games, by the catalogue's names:
 * - Niu Niu (bull-bull), five cards: a bull is three cards summing to a multiple of ten (ace 1,
 *   tens and faces 10); the other two, modulo ten, are the bull's number (zero: bull-bull, the
 *   best). No bull is the lowest. No special hands (five small, bombs): they count as their bull.
 * - Teen Patti and Golden Flower, three cards: trail (three of a kind), pure sequence (straight
 *   flush), sequence, colour (flush), pair, high card; ace high, A-2-3 the lowest sequence.
 * Equal hands are decided by the highest card, then its suit (spades, hearts, clubs, diamonds);
 * in Teen Patti by the cards from the highest down (a pair first), then the suit of the highest
 * card (of the pair's, for a pair). Cards of one deck differ in suit where they tie in rank, so
 * every deal has one winner, never a split pot.
 *
 * A player's return: alone against the house, (2 - 5%) / 2 = 97.5% of the stake; with k players
 * of equal stakes, 1 - 5% (k - 1) / k (96% at five). The hands' rules change who wins, not how much
 * the house keeps.
 */
import { uniformBelow, type WordSource } from '../../../kernel/uniform.ts';
import { liveTableOf } from './live.ts';
import type { TableGame } from './tables.ts';

export const ROOM_GAMES = ['bullBull', 'teenPatti'] as const;
export type RoomGame = (typeof ROOM_GAMES)[number];
export const ROOM_SEATS = 5;
export const ROOM_COMMISSION_PERCENT = 5n;
/** The return of a player alone against the house seat (the room's published return). */
export const ROOM_RTP = 0.975;
export const CARDS_PER_HAND: Record<RoomGame, number> = { bullBull: 5, teenPatti: 3 };

/** The showdown a catalogue game's rooms play, or null. */
export function roomGameOf(g: { gameType: string; gameName: string }): RoomGame | null {
  if (g.gameType !== 'PVP') return null;
  if (/\bNiu Niu\b/.test(g.gameName)) return 'bullBull';
  if (/\b(Teen Patti|Golden Flower)\b/.test(g.gameName)) return 'teenPatti';
  return null;
}

/** What a shared table plays: a live table's game, or a PVP room's showdown. */
export type LivePlay = TableGame | { kind: 'room'; game: RoomGame };

/**
 * What a PVP game's rooms play, or null (the PVP names not built yet stay slots): a showdown
 * (roomGameOf), or, for PVP baccarat, dragon tiger and sic bo, the live lane's shared table of
 * that name (many players bet on one round of the room, as the hundred-player tables of PVP
 * vendors), its smallest chip the room's smallest stake (raised to a whole unit, as every table's).
 */
export function pvpPlayOf(g: { gameType: string; gameName: string }): LivePlay | null {
  if (g.gameType !== 'PVP') return null;
  const game = roomGameOf(g);
  if (game) return { kind: 'room', game };
  const table = liveTableOf({ gameType: 'LIVE', gameName: g.gameName });
  return table && table.kind !== 'roulette' ? table : null;
}

/** The room's seat spot as a join names it: a join stakes one seat. */
export const SEAT_SPOT = 'seat';
/** A seat as it is kept on a round's bet ('seat3'). */
export const seatSpot = (seat: number) => `seat${seat}`;
export const seatOfSpot = (spot: string): number | null => {
  const m = /^seat([1-9])$/.exec(spot);
  return m ? Number(m[1]) : null;
};

/** A round's record: the first ROOM_SEATS x cards-per-hand cards of a deck shuffled from its words (Fisher-Yates from the top). */
export function drawRoom(game: RoomGame, words: WordSource): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const n = ROOM_SEATS * CARDS_PER_HAND[game];
  for (let i = 0; i < n; i++) {
    const j = i + uniformBelow(52 - i, words);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck.slice(0, n);
}

/** Every seat's cards (seat 1 first); throws a RangeError when the record is not one this room could deal. */
export function roomHands(game: RoomGame, stops: readonly number[]): number[][] {
  const per = CARDS_PER_HAND[game];
  if (stops.length !== ROOM_SEATS * per) throw new RangeError(`${ROOM_SEATS * per} cards, ${per} a seat`);
  if (!stops.every((c) => Number.isInteger(c) && c >= 0 && c < 52) || new Set(stops).size !== stops.length) throw new RangeError('Cards of one deck, each once');
  return Array.from({ length: ROOM_SEATS }, (_, s) => stops.slice(s * per, (s + 1) * per));
}

const rankOf = (card: number) => card % 13; // 0 = ace ... 12 = king
/** Suit strength for the last tie-break: spades 3, hearts 2, clubs 1, diamonds 0 (the deck's suits run spades, hearts, diamonds, clubs). */
const SUIT_STRENGTH = [3, 2, 0, 1] as const;
const suitStrength = (card: number) => SUIT_STRENGTH[Math.floor(card / 13)]!;

/** A hand's name (the labels' key) and a score: hands compare by their scores, element by element. */
export interface RoomHand {
  /** bullBull: 'noBull', 'bull1'..'bull9', 'bullBull'; teenPatti: 'trail', 'pureSequence', 'sequence', 'colour', 'pair', 'highCard'. */
  name: string;
  score: number[];
}

/** A five-card bull-bull hand. Ranks order king high, ace low (the bull-bull convention). */
export function bullHand(cards: readonly number[]): RoomHand {
  const value = (c: number) => Math.min(rankOf(c) + 1, 10);
  const total = cards.reduce((t, c) => t + value(c), 0);
  let bull = -1;
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((value(cards[a]!) + value(cards[b]!) + value(cards[c]!)) % 10 !== 0) continue;
        const rest = (total - value(cards[a]!) - value(cards[b]!) - value(cards[c]!)) % 10;
        bull = Math.max(bull, rest === 0 ? 10 : rest);
      }
  const high = [...cards].sort((x, y) => rankOf(y) - rankOf(x) || suitStrength(y) - suitStrength(x))[0]!;
  const name = bull < 0 ? 'noBull' : bull === 10 ? 'bullBull' : `bull${bull}`;
  return { name, score: [Math.max(bull, 0), rankOf(high), suitStrength(high)] };
}

const TEEN_PATTI_ORDER = ['highCard', 'pair', 'colour', 'sequence', 'pureSequence', 'trail'] as const;

/** A three-card Teen Patti hand. Ranks order ace high; A-2-3 is the lowest sequence. */
export function teenPattiHand(cards: readonly number[]): RoomHand {
  const hi = (c: number) => (rankOf(c) === 0 ? 14 : rankOf(c) + 1);
  const sorted = [...cards].sort((x, y) => hi(y) - hi(x) || suitStrength(y) - suitStrength(x));
  const r = sorted.map(hi);
  const flush = sorted.every((c) => Math.floor(c / 13) === Math.floor(sorted[0]! / 13));
  const wheel = r[0] === 14 && r[1] === 3 && r[2] === 2;
  const straight = wheel || (r[0]! - r[1]! === 1 && r[1]! - r[2]! === 1);
  // A-2-3 ranks as a 3-high sequence: its highest card counts as the three.
  const ranks = wheel ? [3, 2, 1] : r;
  const top = wheel ? sorted[1]! : sorted[0]!;
  let name: (typeof TEEN_PATTI_ORDER)[number];
  let order = ranks;
  if (r[0] === r[2]) name = 'trail';
  else if (straight && flush) name = 'pureSequence';
  else if (straight) name = 'sequence';
  else if (flush) name = 'colour';
  else if (r[0] === r[1] || r[1] === r[2]) {
    name = 'pair';
    const pair = r[1]!;
    order = [pair, r[0] === r[1] ? r[2]! : r[0]!];
  } else name = 'highCard';
  const pairTop = name === 'pair' ? sorted.filter((c) => hi(c) === order[0]).sort((x, y) => suitStrength(y) - suitStrength(x))[0]! : top;
  return { name, score: [TEEN_PATTI_ORDER.indexOf(name), ...order, suitStrength(pairTop)] };
}

export function roomHand(game: RoomGame, cards: readonly number[]): RoomHand {
  return game === 'bullBull' ? bullHand(cards) : teenPattiHand(cards);
}

/** >0 when a beats b. */
export function compareHands(a: RoomHand, b: RoomHand): number {
  for (let i = 0; i < Math.max(a.score.length, b.score.length); i++) {
    const d = (a.score[i] ?? -1) - (b.score[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

export interface RoomSeat {
  seat: number;
  stake: bigint;
  /** The house's seat (taken when a single player joined). */
  house: boolean;
}

/**
 * The seats that play a round: the players' seats, and the house's next to a lone player's with
 * the same stake.
 */
export function seatsOfRound(players: readonly { seat: number; stake: bigint }[]): RoomSeat[] {
  const seats = [...players].sort((a, b) => a.seat - b.seat).map((p) => ({ ...p, house: false }));
  if (seats.length !== 1) return seats;
  const lone = seats[0]!;
  const free = Array.from({ length: ROOM_SEATS }, (_, i) => i + 1).find((s) => s !== lone.seat)!;
  return [...seats, { seat: free, stake: lone.stake, house: true }].sort((a, b) => a.seat - b.seat);
}

export interface SeatResult extends RoomSeat {
  cards: number[];
  hand: RoomHand;
  winner: boolean;
  /** What the seat takes back (the wallet round's win): stake + winnings - commission, or what it kept. */
  returned: bigint;
}

/** A drawn round's result for its seats (every seat's hand, the winner, what each takes back) and the house's commission. */
export function roomResult(game: RoomGame, stops: readonly number[], seats: readonly RoomSeat[]): { seats: SeatResult[]; commission: bigint } {
  const hands = roomHands(game, stops);
  const played = seats.map((s) => ({ ...s, cards: hands[s.seat - 1]!, hand: roomHand(game, hands[s.seat - 1]!) }));
  if (played.length < 2) return { seats: played.map((s) => ({ ...s, winner: false, returned: s.stake })), commission: 0n };
  const best = played.reduce((w, s) => (compareHands(s.hand, w.hand) > 0 ? s : w));
  let winnings = 0n;
  const out: SeatResult[] = played.map((s) => {
    if (s === best) return { ...s, winner: true, returned: 0n };
    const paid = s.stake < best.stake ? s.stake : best.stake;
    winnings += paid;
    return { ...s, winner: false, returned: s.stake - paid };
  });
  const commission = (winnings * ROOM_COMMISSION_PERCENT + 99n) / 100n;
  const w = out.find((s) => s.winner)!;
  w.returned = best.stake + winnings - commission;
  return { seats: out, commission };
}

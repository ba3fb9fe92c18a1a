/**
 * Blackjack's rules (issue 34, RNG tables): a hand played in turns, against the dealer. Pure and
 * shared, as the other tables' rules (tables.ts): the server deals and pays with them, the game
 * page and the verify page show a hand from its record with the very same code.
 *
 * The rules, as the table says them (BLACKJACK_RULES): an infinite deck (each card any of 52,
 * independently, as the other tables deal); blackjack pays 3 to 2; the dealer stands on every 17,
 * soft ones too, and peeks for blackjack under an ace or a ten (a hand lost to the dealer's
 * blackjack loses only its first stake); double on any first two cards, after a split too; one
 * split of a pair of equal value, into two hands; split aces take one card each; a split hand's
 * 21 is not a blackjack; insurance, offered under the dealer's ace, costs half the stake and pays
 * 2 to 1; no surrender.
 *
 * Provably fair: a hand's cards are the round's word stream's cards in order (`uniformBelow(52)`
 * each, from the member's seed pair at the hand's nonce), whatever the player does: the player's
 * first card, the dealer's up card, the player's second, the dealer's hole card, then every card
 * the actions ask for, then the dealer's draws. The actions only say which hand takes the next
 * card, so the record (`stops`, the cards in the order dealt; `actions`) replays the hand
 * (`replayBlackjack`), and the verify page checks the cards against the seeds.
 */
import { z } from 'zod';

/** What the table says of its rules (the page's words for each are in the play catalogue's blackjack.rules). */
export const BLACKJACK_RULES = ['blackjackPays', 'dealerStands', 'peek', 'double', 'split', 'insurance', 'deck'] as const;

/**
 * What a hand returns per first stake when played with basic strategy on these rules (stakes
 * added by doubles, splits and insurance count in the return, not in the stake): measured by
 * simulation, 20 million hands (0.99389, standard error 0.00026: a house edge of about 0.61%),
 * and checked by blackjack.test.ts.
 */
export const BLACKJACK_RTP = 0.9939;

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];

/** Whether a catalogue game deals blackjack (the RNG lane's blackjack names). */
export const isBlackjackGame = (g: { gameType: string; gameName: string }) => g.gameType === 'RNG' && /\bBlackjack\b/.test(g.gameName);

/** A card's rank, ace first (tables.ts writes cards so; not imported from there, which imports this module). */
const cardRank = (card: number) => card % 13;

/** A card's blackjack value: ace 1 (11 when it helps), two to ten their pips, faces 10. */
export const blackjackValue = (card: number) => Math.min(cardRank(card) + 1, 10);

/** A hand's best total, and whether an ace counts 11 in it (soft). */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += blackjackValue(c);
    if (cardRank(c) === 0) aces++;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

export interface BlackjackHand {
  cards: number[];
  doubled: boolean;
  /** One of the two hands of a split (its 21 is not a blackjack). */
  split: boolean;
  done: boolean;
}

export interface BlackjackState {
  hands: BlackjackHand[];
  /** The hand being played, or -1 (insurance is asked, or the hand is over). */
  active: number;
  /** The dealer's cards: the up card, the hole card, then the draws. */
  dealer: number[];
  insurance: 'offered' | 'taken' | 'declined' | null;
  phase: 'insurance' | 'player' | 'done';
  /** Every card dealt, in the order dealt (the round's record). */
  cards: number[];
}

const isNatural = (h: BlackjackHand) => !h.split && h.cards.length === 2 && handTotal(h.cards).total === 21;
const bust = (cards: readonly number[]) => handTotal(cards).total > 21;
const splitAces = (h: BlackjackHand) => h.split && cardRank(h.cards[0]!) === 0;

/** Deals a hand's first four cards; `next` gives the stream's cards in order. */
export function startBlackjack(next: () => number): BlackjackState {
  const cards: number[] = [];
  const take = () => {
    const c = next();
    cards.push(c);
    return c;
  };
  const p1 = take();
  const up = take();
  const p2 = take();
  const hole = take();
  const s: BlackjackState = { hands: [{ cards: [p1, p2], doubled: false, split: false, done: false }], active: -1, dealer: [up, hole], insurance: null, phase: 'player', cards };
  if (cardRank(up) === 0) {
    s.insurance = 'offered';
    s.phase = 'insurance';
    return s;
  }
  return afterPeek(s, take);
}

/** The dealer has looked at the hole card (and insurance is answered): a blackjack on either side ends the hand. */
function afterPeek(s: BlackjackState, take: () => number): BlackjackState {
  if (handTotal(s.dealer).total === 21 || isNatural(s.hands[0]!)) {
    s.hands[0]!.done = true;
    s.phase = 'done';
    s.active = -1;
    return s;
  }
  s.phase = 'player';
  s.active = 0;
  return autoStand(s, take);
}

/** A hand on 21, or split aces with their card, plays no more; then the next hand, or the dealer. */
function autoStand(s: BlackjackState, take: () => number): BlackjackState {
  while (s.active >= 0) {
    const h = s.hands[s.active]!;
    if (!h.done && (handTotal(h.cards).total >= 21 || splitAces(h))) h.done = true;
    if (!h.done) return s;
    const next = s.hands.findIndex((x) => !x.done);
    s.active = next;
  }
  // Every hand is played: the dealer draws to 17 unless every hand went bust.
  if (s.hands.some((h) => !bust(h.cards))) while (handTotal(s.dealer).total < 17) s.dealer.push(take());
  s.phase = 'done';
  return s;
}

/** The actions the hand takes now (none when it is over). */
export function allowedActions(s: BlackjackState): BlackjackAction[] {
  if (s.phase === 'insurance') return ['insurance', 'noInsurance'];
  if (s.phase !== 'player' || s.active < 0) return [];
  const h = s.hands[s.active]!;
  const out: BlackjackAction[] = ['hit', 'stand'];
  if (h.cards.length === 2) {
    out.push('double');
    if (s.hands.length === 1 && blackjackValue(h.cards[0]!) === blackjackValue(h.cards[1]!)) out.push('split');
  }
  return out;
}

/** Plays an action on a copy of the hand; throws a RangeError for one the hand does not take now. */
export function applyAction(state: BlackjackState, action: BlackjackAction, next: () => number): BlackjackState {
  if (!allowedActions(state).includes(action)) throw new RangeError(`the hand does not take ${action} now`);
  const s: BlackjackState = structuredClone(state);
  const take = () => {
    const c = next();
    s.cards.push(c);
    return c;
  };
  if (action === 'insurance' || action === 'noInsurance') {
    s.insurance = action === 'insurance' ? 'taken' : 'declined';
    return afterPeek(s, take);
  }
  const h = s.hands[s.active]!;
  switch (action) {
    case 'hit':
      h.cards.push(take());
      if (bust(h.cards)) h.done = true;
      break;
    case 'stand':
      h.done = true;
      break;
    case 'double':
      h.cards.push(take());
      h.doubled = true;
      h.done = true;
      break;
    case 'split': {
      const [a, b] = h.cards as [number, number];
      s.hands = [
        { cards: [a, take()], doubled: false, split: true, done: false },
        { cards: [b, take()], doubled: false, split: true, done: false },
      ];
      s.active = 0;
      break;
    }
  }
  return autoStand(s, take);
}

/**
 * Replays a hand from its actions with the stream's cards (`next`); throws a RangeError for an
 * action the hand could not take. With the recorded cards as `next`, checks a record too.
 */
export function replayBlackjack(actions: readonly BlackjackAction[], next: () => number): BlackjackState {
  let s = startBlackjack(next);
  for (const a of actions) s = applyAction(s, a, next);
  return s;
}

/** A recorded hand's state, or a RangeError when the record is not one the rules could deal. */
export function blackjackOfRecord(cards: readonly number[], actions: readonly BlackjackAction[]): BlackjackState {
  let i = 0;
  const s = replayBlackjack(actions, () => {
    if (i >= cards.length) throw new RangeError('Too few cards for this hand');
    const c = cards[i++]!;
    if (!Number.isInteger(c) || c < 0 || c >= 52) throw new RangeError('Not a card');
    return c;
  });
  if (i !== cards.length) throw new RangeError('Too many cards for this hand');
  return s;
}

/** What the hand has staked in all (minor units): a stake per hand, twice for a doubled one, and half a stake for insurance. */
export function stakeOf(s: BlackjackState, bet: bigint): bigint {
  const hands = s.hands.reduce((n, h) => n + (h.doubled ? 2n : 1n), 0n);
  return bet * hands + (s.insurance === 'taken' ? bet / 2n : 0n);
}

/** What the action costs on top of what is staked (minor units; the bet is a whole number of chips, so half is whole). */
export function actionCost(s: BlackjackState, action: BlackjackAction, bet: bigint): bigint {
  return action === 'double' || action === 'split' ? bet : action === 'insurance' ? bet / 2n : 0n;
}

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** Each hand's result and return (stake with the win), the insurance's return, and the round's whole return. Only for a hand that is over. */
export function settleBlackjack(s: BlackjackState, bet: bigint): { hands: { result: HandResult; payout: bigint }[]; insurance: bigint; win: bigint } {
  if (s.phase !== 'done') throw new Error('the hand is not over');
  const dealer = handTotal(s.dealer).total;
  const dealerNatural = s.dealer.length === 2 && dealer === 21;
  const hands = s.hands.map((h) => {
    const stake = h.doubled ? bet * 2n : bet;
    const total = handTotal(h.cards).total;
    let result: HandResult;
    if (isNatural(h)) result = dealerNatural ? 'push' : 'blackjack';
    else if (dealerNatural) result = 'lose';
    else if (total > 21) result = 'bust';
    else if (dealer > 21 || total > dealer) result = 'win';
    else result = total === dealer ? 'push' : 'lose';
    const payout = result === 'blackjack' ? (stake * 5n) / 2n : result === 'win' ? stake * 2n : result === 'push' ? stake : 0n;
    return { result, payout };
  });
  const insurance = s.insurance === 'taken' && dealerNatural ? (bet / 2n) * 3n : 0n;
  return { hands, insurance, win: hands.reduce((n, h) => n + h.payout, 0n) + insurance };
}

/** The hand as the player may see it: the dealer's hole card is hidden until the hand is over. */
export function visibleDealer(s: BlackjackState): number[] {
  return s.phase === 'done' ? s.dealer : s.dealer.slice(0, 1);
}

/** The cards of a hand the player may see, in dealing order: all but the hole card (the 4th) while it is played. */
export function visibleCards(s: BlackjackState): number[] {
  return s.phase === 'done' ? s.cards : s.cards.filter((_, i) => i !== 3);
}

/** A blackjack hand as the game page, the history and the verify page show it. */
export const blackjackView = z.object({
  phase: z.enum(['insurance', 'player', 'done']),
  /** The number of actions played: the next action's `step`. */
  step: z.number().int(),
  active: z.number().int(),
  allowed: z.array(z.enum(BLACKJACK_ACTIONS)),
  hands: z.array(
    z.object({
      cards: z.array(z.number().int()),
      total: z.number().int(),
      soft: z.boolean(),
      doubled: z.boolean(),
      split: z.boolean(),
      /** The hand's stake (2-decimal string). */
      stake: z.string(),
      result: z.enum(['blackjack', 'win', 'push', 'lose', 'bust']).nullable(),
      payout: z.string().nullable(),
    }),
  ),
  /** The dealer's cards shown (the up card alone while the hand is played) and their total. */
  dealer: z.object({ cards: z.array(z.number().int()), total: z.number().int(), soft: z.boolean() }),
  insurance: z.object({ state: z.enum(['offered', 'taken', 'declined']), stake: z.string(), payout: z.string().nullable() }).nullable(),
  actions: z.array(z.enum(BLACKJACK_ACTIONS)),
});
export type BlackjackView = z.infer<typeof blackjackView>;

/** The view of a hand (`format` writes minor units as the answers do). */
export function viewOfBlackjack(s: BlackjackState, actions: readonly BlackjackAction[], bet: bigint, format: (minor: bigint) => string): BlackjackView {
  const done = s.phase === 'done';
  const settled = done ? settleBlackjack(s, bet) : null;
  const dealerCards = visibleDealer(s);
  return {
    phase: s.phase,
    step: actions.length,
    active: s.active,
    allowed: allowedActions(s),
    hands: s.hands.map((h, i) => ({
      cards: h.cards,
      ...handTotal(h.cards),
      doubled: h.doubled,
      split: h.split,
      stake: format(h.doubled ? bet * 2n : bet),
      result: settled?.hands[i]!.result ?? null,
      payout: settled ? format(settled.hands[i]!.payout) : null,
    })),
    dealer: { cards: dealerCards, ...handTotal(dealerCards) },
    insurance: s.insurance ? { state: s.insurance, stake: format(bet / 2n), payout: settled ? format(settled.insurance) : null } : null,
    actions: [...actions],
  };
}

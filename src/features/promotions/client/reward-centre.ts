/**
 * The reward centre's state and steps (spec 2.14, issue 15), as nanostores advises: one store per
 * page, actions as plain functions, the component (islands/RewardCentre.tsx) only renders. The
 * rewards the member may claim now, each claimed into the main wallet at once; a bonus code; the
 * daily sign-in. The member centre's badge follows the count of rewards to claim. What the steps
 * found is kept as data (the reward paid, the server's message), and the page says it in words.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { refreshBalance } from '../../wallet/client.ts';
import { bonusCode, claimRafflePromotion, rewardClaim, rewardList, signinStatus, signinToday, type PrizeView, type RewardItem, type SigninCalendar } from '../contract.ts';
import { $availableRewards } from '../client.ts';

/** What a step answered: what was paid, or the server's (or the network's) message. */
export type Outcome<T> = { kind: 'done'; value: T } | { kind: 'refused'; text: string };

export interface RewardsView {
  /** null until the first list arrives. */
  items: RewardItem[] | null;
  /** Why the list could not be read (a retry loads it again). */
  error: string | null;
  /** What the last claim did: the reward as paid. */
  notice: Outcome<RewardItem> | null;
  /** The reward being claimed (every Claim waits meanwhile). */
  busy: number | null;
  /** Grows whenever what depends on claims and sign-ins loads again: the list and the raffles' blocks. */
  version: number;
}

export interface BonusCodeView {
  code: string;
  /** required: nothing typed; refused: the server's message. */
  error: { kind: 'required' } | { kind: 'refused'; text: string } | null;
  /** The bonus the last code paid. */
  paid: ValueOf<typeof bonusCode> | null;
  busy: boolean;
}

export interface SigninView {
  /** This period's calendar; null until read, or when it cannot be (the block is not shown). */
  calendar: SigninCalendar | null;
  /** What the last sign-in did: the day's reward. */
  note: Outcome<RewardItem> | null;
  busy: boolean;
}

/**
 * Does a bonus ask for turnover before it may be withdrawn? ('0.00': no.)
 * @example hasWagering('0.00') // false
 * @example hasWagering('150.00') // true
 */
export const hasWagering = (turnover: string): boolean => (parseMinor(turnover) ?? 0n) > 0n;

const message = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));

/** One reward centre's store, on the member's session (`client`). */
export function createRewardCentre(o: { client: ApiClient }) {
  const { client } = o;
  const $rewards = map<RewardsView>({ items: null, error: null, notice: null, busy: null, version: 0 });
  const $code = map<BonusCodeView>({ code: '', error: null, paid: null, busy: false });
  const $signin = map<SigninView>({ calendar: null, note: null, busy: false });
  const patch = <T extends object>(store: { get(): T; set(v: T): void }, p: Partial<T>) => store.set({ ...store.get(), ...p });
  // Only the newest load may fill the list or the calendar: an older answer arriving late is dropped.
  let listLoad = 0;
  let calendarLoad = 0;

  async function loadList(): Promise<void> {
    const mine = ++listLoad;
    patch($rewards, { error: null });
    try {
      const d = await client.call(rewardList);
      if (mine !== listLoad) return;
      patch($rewards, { items: d.items });
      $availableRewards.set(d.available);
    } catch (err) {
      if (mine === listLoad) patch($rewards, { error: message(err) });
    }
  }

  async function loadCalendar(): Promise<void> {
    const mine = ++calendarLoad;
    try {
      const calendar = await client.call(signinStatus);
      if (mine === calendarLoad) patch($signin, { calendar });
    } catch {
      if (mine === calendarLoad) patch($signin, { calendar: null });
    }
  }

  /** Loads the list again, and tells the blocks that depend on it (the raffles) to do the same. */
  function reload(): void {
    patch($rewards, { version: $rewards.get().version + 1 });
    void loadList();
  }

  /** Loads the list and the sign-in calendar (the page opens). */
  function open(): void {
    void loadList();
    void loadCalendar();
  }

  /** Claims a reward into the main wallet; a raffle prize with spec 7's MCS2_claimRafflePromotion. */
  async function claim(r: RewardItem): Promise<void> {
    patch($rewards, { busy: r.id, notice: null });
    try {
      const out =
        r.kind === 'raffle'
          ? await client.call(claimRafflePromotion, { body: { id: r.id } }).then((x) => ({ item: x.claimed[0]!, available: x.available }))
          : await client.call(rewardClaim, { body: { id: r.id } });
      $availableRewards.set(out.available);
      const items = $rewards.get().items;
      patch($rewards, { items: items?.map((x) => (x.id === r.id ? out.item : x)) ?? null });
      // The raffle's block shows the prize too: bring it up to date.
      if (r.kind === 'raffle') reload();
      patch($rewards, { notice: { kind: 'done', value: out.item } });
      void refreshBalance();
    } catch (err) {
      patch($rewards, { notice: { kind: 'refused', text: message(err) } });
      // The reward may have changed meanwhile (claimed in another tab, expired): show it as it is.
      reload();
    } finally {
      patch($rewards, { busy: null });
    }
  }

  /** The bonus code as typed. */
  function typeCode(code: string): void {
    patch($code, { code });
  }

  /** Redeems the typed code: its bonus is paid into the main wallet at once. */
  async function applyCode(): Promise<void> {
    const { code } = $code.get();
    patch($code, { paid: null });
    if (!code.trim()) {
      patch($code, { error: { kind: 'required' } });
      return;
    }
    patch($code, { busy: true });
    try {
      const paid = await client.call(bonusCode, { body: { code } });
      patch($code, { error: null, code: '', paid });
      void refreshBalance();
    } catch (err) {
      patch($code, { error: { kind: 'refused', text: message(err) } });
    } finally {
      patch($code, { busy: false });
    }
  }

  /** Signs in for today; the day's reward joins the list. */
  async function sign(): Promise<void> {
    patch($signin, { busy: true });
    try {
      const r = await client.call(signinToday);
      patch($signin, { note: { kind: 'done', value: r.reward } });
      void loadCalendar();
      reload();
    } catch (err) {
      patch($signin, { note: { kind: 'refused', text: message(err) } });
    } finally {
      patch($signin, { busy: false });
    }
  }

  return { $rewards, $code, $signin, open, reload, claim, typeCode, applyCode, sign };
}

export type RewardCentreStore = ReturnType<typeof createRewardCentre>;

/** The words of what a reward gives (promotions.json `prize`). */
export interface PrizeWords {
  points: string;
  points_one: string;
  freeSpins: string;
  freeSpins_one: string;
  freeSpinsOn: string;
  freeSpinsOn_one: string;
  raffleTickets: string;
  raffleTickets_one: string;
  raffleTicketsOn: string;
  raffleTicketsOn_one: string;
}

/**
 * What a reward gives, in words: the money formatted by `fmt`, or "500 points", "10 free spins on
 * Lucky Dragon", "3 tickets in Weekly Raffle".
 * @example prizeText({ kind: 'points', amount: null, count: 500, on: null, game: null }, words, fmt) // '500 points'
 */
export function prizeText(p: PrizeView, w: PrizeWords, fmt: (amount: string) => string, lang?: string): string {
  if (p.kind === 'money') return fmt(p.amount ?? '0');
  const count = p.count ?? 0;
  const key = (p.kind === 'points' ? 'points' : p.on ? `${p.kind}On` : p.kind) as 'points' | 'freeSpins' | 'freeSpinsOn' | 'raffleTickets' | 'raffleTicketsOn';
  return fill(count === 1 ? w[`${key}_one`] : w[key], { count: new Intl.NumberFormat(lang).format(count), on: p.on ?? '' });
}

/** What a claim did, in words: the money and its wagering, or what else it gave. */
export function claimedText(
  item: RewardItem,
  w: { claimed: string; claimedWager: string },
  pw: PrizeWords & { given: Record<'points' | 'freeSpins' | 'raffleTickets', string> },
  fmt: (amount: string) => string,
  lang?: string,
): string {
  if (item.prize.kind === 'money') return fill(hasWagering(item.turnover) ? w.claimedWager : w.claimed, { amount: fmt(item.amount), turnover: fmt(item.turnover) });
  return fill(pw.given[item.prize.kind], { prize: prizeText(item.prize, pw, fmt, lang) });
}

/**
 * The sports book's page state (issue 34; contract/sports.ts), as nanostores advises: one store,
 * actions as plain functions, the component (islands/play/SportsBook.tsx) only renders. It reads
 * the book with the launch token (`sportsBook`, again every 15 s while the page shows, so kick-offs,
 * results and quarter-hour prices arrive), keeps the slip (a selection per fixture; singles, or one
 * parlay of them), places bets (`sportsBet`, a key per slip kept while the same slip is retried
 * after a lost answer), and takes the book's new prices when it answers that they moved. The
 * member's odds setting is kept in this browser.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient, type CallInput } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { MAX_LEGS, potentialReturn, sportsBet, sportsBook, sportsVerify, type AcceptOdds, type FixtureView, type Market, type Selection } from '../contract.ts';
import { fill, isEndedSession, NETWORK_CODES, newKey } from './game-logic.ts';

export type BookAnswer = ValueOf<typeof sportsBook>;
type BetBody = CallInput<typeof sportsBet>['body'];
export type VerifyAnswer = ValueOf<typeof sportsVerify>;

export interface SlipLeg {
  fixtureId: number;
  market: Market;
  selection: Selection;
  price: number;
  /** The price moved since the member chose it (the book answered so). */
  moved: boolean;
}

export type SlipMode = 'singles' | 'parlay';

export interface BookView {
  book: BookAnswer | null;
  loadError: string;
  ended: boolean;
  slip: SlipLeg[];
  mode: SlipMode;
  stake: string;
  stakeError: string;
  acceptOdds: AcceptOdds;
  busy: boolean;
  /** The last placement's refusal, or its lost answer. */
  error: string;
  /** What a screen reader hears, and the slip shows after a placement. */
  announce: string;
  /** Results checked here: the fixture's recomputed score. */
  verified: Record<number, VerifyAnswer | 'failed'>;
}

/** The words the store says itself (the `play` catalogue's sports section). */
export interface BookWords {
  stakeRequired: string;
  stakeInvalid: string;
  stakeMin: string;
  placed: string;
  placedMany: string;
  moved: string;
  network: string;
}

const REFRESH_MS = 15_000;
const ODDS_KEY = 'sports.acceptOdds';

/** Adds a selection to the slip, or takes it off when it is there; another selection of the same fixture replaces it (a parlay takes one per fixture). */
export function toggleLeg(slip: SlipLeg[], leg: Omit<SlipLeg, 'moved'>): SlipLeg[] {
  const same = slip.find((l) => l.fixtureId === leg.fixtureId);
  if (same && same.market === leg.market && same.selection === leg.selection) return slip.filter((l) => l !== same);
  if (same) return slip.map((l) => (l === same ? { ...leg, moved: false } : l));
  if (slip.length >= MAX_LEGS) return slip;
  return [...slip, { ...leg, moved: false }];
}

/** What the slip would return if every leg wins: one parlay, or every single at the stake (minor units). */
export function slipReturn(slip: SlipLeg[], mode: SlipMode, stake: bigint): bigint {
  if (!slip.length || stake <= 0n) return 0n;
  if (mode === 'parlay' && slip.length > 1)
    return potentialReturn(
      stake,
      slip.map((l) => l.price),
    );
  return slip.reduce((n, l) => n + potentialReturn(stake, [l.price]), 0n);
}

/** A typed stake as the wire takes it: trimmed, a decimal comma read as the point (Spanish writes 10,50). */
export const stakeText = (text: string) => text.trim().replace(',', '.');

/** The slip's stake issue (the message under the field), or ''. */
export function stakeIssue(text: string, min: string, words: BookWords, fmt: (amount: string) => string): string {
  const t = stakeText(text);
  if (!t) return words.stakeRequired;
  const v = parseMinor(t);
  if (v === null || !/^\d{1,9}(\.\d{1,2})?$/.test(t)) return words.stakeInvalid;
  if (v < (parseMinor(min) ?? 0n)) return fill(words.stakeMin, { min: fmt(min) });
  return '';
}

/** The prices the book shows now, taken into the slip: legs whose price moved are marked; legs whose fixture no longer takes bets are dropped. */
export function repriceSlip(slip: SlipLeg[], fixtures: FixtureView[]): SlipLeg[] {
  const out: SlipLeg[] = [];
  for (const l of slip) {
    const f = fixtures.find((x) => x.id === l.fixtureId);
    const price = f?.status === 'open' ? f.markets.find((m) => m.market === l.market)?.selections.find((s) => s.selection === l.selection)?.price : null;
    if (!price) continue;
    out.push(price === l.price ? l : { ...l, price, moved: true });
  }
  return out;
}

function readOdds(): AcceptOdds {
  try {
    const v = localStorage.getItem(ODDS_KEY);
    return v === 'higher' || v === 'any' ? v : 'none';
  } catch {
    return 'none';
  }
}

export function createSportsBook(o: { client: ApiClient; launch: string; words: BookWords; fmt: (amount: string) => string; onBalance: (balance: string) => void; onEnded: () => void }) {
  const { client, launch, words } = o;
  const $book = map<BookView>({
    book: null,
    loadError: '',
    ended: false,
    slip: [],
    mode: 'singles',
    stake: '',
    stakeError: '',
    acceptOdds: 'none',
    busy: false,
    error: '',
    announce: '',
    verified: {},
  });
  const get = () => $book.get();
  const set = (patch: Partial<BookView>) => $book.set({ ...get(), ...patch });
  let timer: ReturnType<typeof setInterval> | null = null;
  /**
   * The bet whose answer was lost: its very request (the prices it carried) and key, sent again
   * when the member places the same selections at the same stake, so that it goes on once even if
   * the book's prices moved meanwhile. Dropped on an answer, a refusal or moved prices.
   */
  let pending: { selections: string; body: BetBody } | null = null;
  /** Book reads in flight are numbered: an answer older than the last one shown is dropped. */
  let reads = 0;
  let shown = 0;

  const message = (err: unknown) => (err instanceof ApiFailure ? err.message : words.network);
  const ended = (err: unknown) => err instanceof ApiFailure && isEndedSession(err.errorCode, err.status, err.fieldErrors);

  async function load(): Promise<void> {
    const n = ++reads;
    try {
      const book = await client.call(sportsBook, { query: { launch } });
      if (n < shown) return;
      shown = n;
      const slip = repriceSlip(get().slip, book.fixtures);
      set({ book, loadError: '', slip, ...(slip.length < 2 && get().mode === 'parlay' ? { mode: 'singles' as const } : {}) });
      o.onBalance(book.balance);
    } catch (err) {
      if (ended(err)) {
        set({ ended: true });
        o.onEnded();
      } else set({ loadError: message(err) });
    }
  }

  function start(): void {
    set({ acceptOdds: readOdds() });
    void load();
    const tick = () => {
      if (document.visibilityState === 'visible') void load();
    };
    timer = setInterval(tick, REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    stopListening = () => document.removeEventListener('visibilitychange', tick);
  }
  let stopListening = () => {};

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = null;
    stopListening();
  }

  function pick(fixtureId: number, market: Market, selection: Selection, price: number): void {
    const slip = toggleLeg(get().slip, { fixtureId, market, selection, price });
    set({ slip, error: '', announce: '', ...(slip.length < 2 ? { mode: 'singles' as const } : {}) });
  }

  const remove = (fixtureId: number) => set({ slip: get().slip.filter((l) => l.fixtureId !== fixtureId), error: '' });
  const clear = () => set({ slip: [], error: '', stakeError: '' });
  const setMode = (mode: SlipMode) => set({ mode });
  const typeStake = (stake: string) => set({ stake, stakeError: '' });
  function setAcceptOdds(acceptOdds: AcceptOdds): void {
    set({ acceptOdds });
    try {
      localStorage.setItem(ODDS_KEY, acceptOdds);
    } catch {
      // A browser that keeps nothing asks again next time.
    }
  }

  /** Places the slip: one parlay, or each leg as a single at the stake. Answers whether all went on. */
  async function place(): Promise<boolean> {
    const { book, slip, mode, stake, acceptOdds, busy } = get();
    if (!book || !slip.length || busy) return false;
    const issue = stakeIssue(stake, book.minStake, words, o.fmt);
    if (issue) {
      set({ stakeError: issue });
      return false;
    }
    const bets = mode === 'parlay' && slip.length > 1 ? [slip] : slip.map((l) => [l]);
    set({ busy: true, error: '', announce: '' });
    let placed = 0;
    try {
      for (const legs of bets) {
        const selections = JSON.stringify([legs.map((l) => [l.fixtureId, l.market, l.selection]), stakeText(stake), acceptOdds]);
        if (!pending || pending.selections !== selections)
          pending = {
            selections,
            body: { launch, legs: legs.map(({ fixtureId, market, selection, price }) => ({ fixtureId, market, selection, price })), stake: stakeText(stake), acceptOdds, idempotencyKey: newKey() },
          };
        const answer = await client.call(sportsBet, { body: pending.body });
        pending = null;
        // The next read of the book is newer than this bet.
        shown = reads;
        placed++;
        o.onBalance(answer.balance);
        // A placed single leaves the slip; what failed stays for another try.
        set({ slip: get().slip.filter((l) => !legs.some((x) => x.fixtureId === l.fixtureId)) });
      }
      set({ announce: bets.length > 1 ? fill(words.placedMany, { count: placed }) : words.placed, stake: '' });
      void load();
      return true;
    } catch (err) {
      const sofar = placed ? { announce: fill(words.placedMany, { count: placed }) } : {};
      if (err instanceof ApiFailure && err.errorCode === 'sports.odds.changed') {
        pending = null;
        const moved = (err.value as { legs?: { fixtureId: number; market: Market; selection: Selection; price: number }[] } | undefined)?.legs ?? [];
        const same = (l: SlipLeg, m: (typeof moved)[number]) => m.fixtureId === l.fixtureId && m.market === l.market && m.selection === l.selection;
        set({
          slip: get().slip.map((l) => {
            const m = moved.find((x) => same(l, x));
            return m ? { ...l, price: m.price, moved: true } : l;
          }),
          error: words.moved,
          ...sofar,
        });
      } else if (ended(err)) {
        set({ ended: true });
        o.onEnded();
      } else {
        if (!(err instanceof ApiFailure && NETWORK_CODES.has(err.errorCode))) pending = null;
        set({ error: err instanceof ApiFailure && !NETWORK_CODES.has(err.errorCode) ? err.message : words.network, ...sofar });
        if (err instanceof ApiFailure && err.fieldErrors?.stake) set({ stakeError: err.fieldErrors.stake });
      }
      if (placed) void load();
      return false;
    } finally {
      set({ busy: false });
    }
  }

  /** Recomputes a finished fixture's score from its published seed. */
  async function verify(f: FixtureView): Promise<void> {
    if (!f.serverSeed) return;
    try {
      const v = await client.call(sportsVerify, { query: { fixtureId: f.id, serverSeed: f.serverSeed } });
      set({ verified: { ...get().verified, [f.id]: v } });
    } catch {
      set({ verified: { ...get().verified, [f.id]: 'failed' } });
    }
  }

  return { $book, start, stop, load, pick, remove, clear, setMode, typeStake, setAcceptOdds, place, verify, formatReturn: (minor: bigint) => formatMinor(minor) };
}

export type SportsBookStore = ReturnType<typeof createSportsBook>;

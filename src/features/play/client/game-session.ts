/**
 * The game page's state and actions (the sandbox provider's game window, /play?launch=<token>),
 * as nanostores advises: one store per page, actions as plain functions, the component only
 * renders. It speaks only to the provider's calls with the launch token (acting for the member
 * who launched the game; the tab's own login goes along only so that the server refuses a tab
 * logged in as someone else): sandboxState to load, sandboxSpin to play (a fresh
 * idempotency key per spin, kept while the same spin is retried after a network failure),
 * sandboxSeed to rotate the server seed, and sandboxRounds for older rounds.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { parseMinor } from '../../../kernel/money.ts';
import {
  launchToken,
  liveBet,
  liveState,
  liveStream,
  sandboxRounds,
  sandboxSeed,
  sandboxBlackjack,
  sandboxSpin,
  sandboxState,
  sandboxTable,
  type LiveTableView,
  type PlayedRound,
} from '../contract.ts';
import type { BlackjackAction } from '../contract/blackjack.ts';
import { openEventStream } from '../../../kernel/http/event-stream.ts';
import { livePhase } from './live-logic.ts';
import { SEAT_SPOT } from '../contract/rooms.ts';
import { addChip, removeSpot, stakesKey, stakesList, type TableStakes } from './table-logic.ts';
import { applyRevealed, clientSeedIssue, fill, initialBet, isEndedSession, mergeRounds, NETWORK_CODES, spinKeys, stepBet } from './game-logic.ts';

export type GameState = ValueOf<typeof sandboxState>;
/** A blackjack call's refusals that mean the hand moved on elsewhere: the page reads it again. */
const HAND_MOVED = new Set(['game.blackjack.stale', 'game.blackjack.over', 'game.blackjack.handOpen', 'game.blackjack.unknown']);
export type Revealed = ValueOf<typeof sandboxSeed>['revealed'];
export type SpinError = { kind: 'insufficient' } | { kind: 'network' } | { kind: 'message'; text: string };

export interface GameView {
  launch: string | null;
  /** otherMember: the tab is logged in as another member than the one who launched the game. */
  phase: 'loading' | 'ready' | 'ended' | 'failed' | 'otherMember';
  loadError: string;
  state: GameState | null;
  balance: string;
  fairness: GameState['fairness'] | null;
  history: PlayedRound[];
  historyPage: number;
  hasMore: boolean;
  moreBusy: boolean;
  moreError: string;
  bet: string;
  round: PlayedRound | null;
  /** Reels from this index on are still spinning (MAX_SAFE_INTEGER: none). */
  spinningFrom: number;
  busy: boolean;
  spinError: SpinError | null;
  /** What a screen reader hears (aria-live). */
  announce: string;
  seedInput: string;
  seedError: string;
  seedBusy: boolean;
  seedMessage: string;
  revealed: Revealed | null;
  /** Grows when a spin from a game wallet is refused for want of money (the move-money form takes focus). */
  needMoney: number;
  /** Free spins held on this game (used by the next spins before any money); null: none. */
  freeSpins: GameState['freeSpins'];
  /** The free spins that the last spin ended (their winnings became a bonus); null until then. */
  freeSpinsEnded: GameState['freeSpins'];
  /** A table game's stakes on its spots (they stay for the next round until cleared); `bet` is then the chosen chip. */
  tableStakes: TableStakes;
  /** A chip did not fit under a spot's limit and was cut to it. */
  stakeCapped: boolean;
  /** A live table (shared rounds, issue 34): the table as its stream last told; null for other games. */
  live: LiveTableView | null;
  /** The server's clock minus this page's, in ms (from the table's serverNow): the countdown runs on the server's time. */
  liveOffset: number;
  /** The table's stream is connected (false while it reconnects). */
  liveConnected: boolean;
}

/** The words the store says itself (from the `play` catalogue). */
export interface GameWords {
  spinning: string;
  resultWin: string;
  resultNone: string;
  rotated: string;
  clientSeedRequired: string;
  clientSeedTooLong: string;
  clientSeedChars: string;
  /** A live round drawn, for a player without bets on it ({{n}}: its number). */
  liveDrawn: string;
  /** Bets accepted on a live round ({{n}}, {{amount}}). */
  livePlaced: string;
}

const HISTORY_PAGE = 20;
const OTHER_MEMBER = 'game.session.otherMember';
const NONE_SPINNING = Number.MAX_SAFE_INTEGER;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const ended = (err: unknown) => err instanceof ApiFailure && isEndedSession(err.errorCode, err.status, err.fieldErrors);

/** The stake the player last chose for a game (this tab). */
function readBet(nodeId: number): string | null {
  try {
    return sessionStorage.getItem(`play.bet.${nodeId}`);
  } catch {
    return null;
  }
}
function keepBet(nodeId: number, bet: string) {
  try {
    sessionStorage.setItem(`play.bet.${nodeId}`, bet);
  } catch {
    /* private mode */
  }
}

/**
 * One game page's store. `format` writes an amount in the session's currency (for the announced
 * result); `animate` says whether reels may move (not for reduced-motion users).
 */
export function createGameSession(o: { client: ApiClient; words: GameWords; format: (amount: string, currency: string) => string; animate: () => boolean }) {
  const { client, words } = o;
  const $game = map<GameView>({
    launch: null,
    phase: 'loading',
    loadError: '',
    state: null,
    balance: '0.00',
    fairness: null,
    history: [],
    historyPage: 0,
    hasMore: false,
    moreBusy: false,
    moreError: '',
    bet: '',
    round: null,
    spinningFrom: NONE_SPINNING,
    busy: false,
    spinError: null,
    announce: '',
    seedInput: '',
    seedError: '',
    seedBusy: false,
    seedMessage: '',
    revealed: null,
    needMoney: 0,
    freeSpins: null,
    freeSpinsEnded: null,
    tableStakes: {},
    stakeCapped: false,
    live: null,
    liveOffset: 0,
    liveConnected: false,
  });
  let closeStream: (() => void) | null = null;
  /** The page left: no stream is opened after it (a load still under way). */
  let stopped = false;
  const keys = spinKeys();
  const get = () => $game.get();
  const set = (patch: Partial<GameView>) => $game.set({ ...get(), ...patch });

  /** Loads the session a launch token names (again, after a failure). */
  async function load(token: string): Promise<void> {
    set({ launch: token, phase: 'loading' });
    try {
      const s = await client.call(sandboxState, { query: { launch: token } });
      const bet = get().bet;
      set({
        state: s,
        balance: s.balance,
        fairness: s.fairness,
        seedInput: s.fairness.clientSeed,
        history: s.history,
        historyPage: 0,
        hasMore: s.history.length > 0,
        bet: bet && s.rules.bets.includes(bet) ? bet : initialBet(s.rules.bets, readBet(s.game.nodeId)),
        round: s.history[0] ?? null,
        spinningFrom: NONE_SPINNING,
        freeSpins: s.freeSpins,
        phase: 'ready',
      });
      if ('live' in s.rules && s.rules.live) await loadLive(token);
    } catch (err) {
      if (ended(err)) set({ phase: 'ended' });
      else if (err instanceof ApiFailure && err.errorCode === OTHER_MEMBER) set({ loadError: err.message, phase: 'otherMember' });
      else set({ loadError: message(err), phase: 'failed' });
    }
  }

  /** A live table: the table, the member's rounds at it and the balance; then its stream, once. */
  async function loadLive(token: string): Promise<void> {
    const answer = await client.call(liveState, { query: { launch: token } });
    set({ history: answer.history, hasMore: answer.history.length > 0, balance: answer.balance, round: answer.history[0] ?? null });
    applyTable(answer.table, false);
    if (closeStream || stopped) return;
    closeStream = openEventStream({
      url: `${liveStream.path}?launch=${encodeURIComponent(token)}`,
      headers: () => client.headers(),
      onOpenChange: (open) => set({ liveConnected: open }),
      onRefused: (status) => {
        // The session ended (or the tab is another member's now): the table stops; any other refusal only shows it lost.
        set({ liveConnected: false, ...(status === 401 || status === 403 ? { phase: status === 401 ? 'ended' : 'otherMember' } : {}) });
        closeStream = null;
      },
      onEvent: (event, data) => {
        if (event === 'table') applyTable(data as LiveTableView, true);
      },
    });
  }

  /**
   * The table as it is now. When a round the member bet on is drawn, their rounds and balance are
   * read again (the draw settled them); a round drawn without their bets is announced by itself.
   */
  function applyTable(view: LiveTableView, announceDraw: boolean): void {
    const before = get().live;
    set({ live: view, liveOffset: Date.parse(view.serverNow) - Date.now() });
    const drawn = view.last;
    if (!drawn || before?.last?.roundNo === drawn.roundNo) return;
    const mine = get().history.some((r) => r.open && r.nonce <= drawn.roundNo);
    if (mine) void settleLive();
    else if (announceDraw) set({ announce: fill(words.liveDrawn, { n: drawn.roundNo }) });
  }

  /** Reads the member's rounds and balance after a draw that settled their bets. */
  async function settleLive(): Promise<void> {
    const { launch, state } = get();
    if (!launch || !state) return;
    try {
      const answer = await client.call(liveState, { query: { launch } });
      const round = answer.history.find((r) => !r.open) ?? null;
      const won = round ? (parseMinor(round.win) ?? 0n) > 0n : false;
      set({
        history: answer.history,
        balance: answer.balance,
        round,
        ...(round ? { announce: fill(won ? words.resultWin : words.resultNone, { amount: o.format(round.win, state.currency), bet: o.format(round.bet, state.currency) }) } : {}),
      });
    } catch (err) {
      if (ended(err)) set({ phase: 'ended' });
    }
  }

  /** Puts the stakes on the live table's open round (once per round); a lost answer keeps the key. */
  async function placeLive(): Promise<void> {
    const { launch, state, busy, tableStakes, live, liveOffset } = get();
    const bets = stakesList(tableStakes);
    const phase = livePhase(live, Date.now() + liveOffset);
    if (!launch || !state || busy || bets.length === 0 || phase.kind !== 'betting') return;
    const key = keys.keyFor(`${phase.roundNo}:${stakesKey(tableStakes)}`);
    set({ busy: true, spinError: null, stakeCapped: false, announce: '' });
    try {
      const answer = await client.call(liveBet, { body: { launch, roundNo: phase.roundNo, bets, idempotencyKey: key } });
      keys.settled();
      set({
        balance: answer.balance,
        history: [answer.round, ...get().history.filter((x) => x.roundId !== answer.round.roundId)],
        announce: fill(words.livePlaced, { n: phase.roundNo, amount: o.format(answer.round.bet, state.currency) }),
      });
    } catch (err) {
      failed(err);
    } finally {
      set({ busy: false });
    }
    // The draw may have come before the answer (a bet in the window's last moment), or the answer
    // was lost: the round drawn since is read now, with the member's rounds and balance.
    if ((get().live?.last?.roundNo ?? 0) >= phase.roundNo) await settleLive();
  }

  /** A refused or lost round, said as the page shows it (shared by spins, deals and live bets). */
  function failed(err: unknown): void {
    const { state } = get();
    set({ spinningFrom: NONE_SPINNING, announce: '' });
    if (err instanceof ApiFailure && NETWORK_CODES.has(err.errorCode)) {
      // The round may have been played: keep its key, so that retrying replays it at most once.
      set({ spinError: { kind: 'network' } });
      return;
    }
    keys.settled();
    if (err instanceof ApiFailure && err.errorCode === 'wallet.balance.insufficient') {
      set({ spinError: { kind: 'insufficient' }, ...(state?.wallet?.kind === 'game' ? { needMoney: get().needMoney + 1 } : {}) });
    } else if (ended(err)) set({ phase: 'ended' });
    else if (err instanceof ApiFailure && err.errorCode === 'game.freeSpins.gone') set({ spinError: { kind: 'message', text: message(err) }, freeSpins: null });
    else set({ spinError: { kind: 'message', text: message(err) } });
  }

  /** The live table's stream closed (the page leaves). */
  function stop(): void {
    stopped = true;
    closeStream?.();
    closeStream = null;
  }

  /** Starts from the page's address: its launch token, or the ended-session message. */
  function start(search: string): void {
    stopped = false;
    const token = new URLSearchParams(search).get('launch') ?? '';
    if (!launchToken.safeParse(token).success) set({ phase: 'ended' });
    else void load(token);
  }

  /** Plays one round at the chosen stake; a lost answer keeps the spin's key, so a retry replays it at most once. */
  async function spin(): Promise<void> {
    const { launch, state, busy, seedBusy, bet } = get();
    const rules = state?.rules;
    if (!launch || !rules || busy || seedBusy) return;
    if (!('reels' in rules)) return deal();
    const animate = o.animate();
    const key = keys.keyFor(bet);
    set({ busy: true, spinError: null, announce: words.spinning, ...(animate ? { spinningFrom: 0 } : {}) });
    const started = Date.now();
    try {
      const answer = await client.call(sandboxSpin, { body: { launch, bet, idempotencyKey: key } });
      keys.settled();
      set({ round: answer.round });
      if (animate) {
        await wait(Math.max(0, 450 - (Date.now() - started)));
        for (let r = 1; r <= rules.reels; r++) {
          set({ spinningFrom: r });
          await wait(110);
        }
      }
      const won = (parseMinor(answer.round.win) ?? 0n) > 0n;
      set({
        spinningFrom: NONE_SPINNING,
        balance: answer.balance,
        fairness: answer.fairness,
        history: [answer.round, ...get().history.filter((x) => x.roundId !== answer.round.roundId)],
        freeSpins: answer.freeSpins,
        ...(answer.freeSpinsEnded ? { freeSpinsEnded: answer.freeSpinsEnded } : {}),
        announce: fill(won ? words.resultWin : words.resultNone, { amount: o.format(answer.round.win, state.currency), bet: o.format(answer.round.bet, state.currency) }),
      });
    } catch (err) {
      failed(err);
    } finally {
      set({ busy: false });
    }
  }

  /**
   * Plays a table game's round with the stakes on its spots: as a spin, a lost answer keeps the
   * round's key (per set of stakes), so retrying the same stakes replays it at most once.
   */
  async function deal(): Promise<void> {
    if (get().live) return placeLive();
    const { launch, state, busy, seedBusy, tableStakes } = get();
    const bets = stakesList(tableStakes);
    if (!launch || !state || busy || seedBusy || bets.length === 0) return;
    const key = keys.keyFor(stakesKey(tableStakes));
    set({ busy: true, spinError: null, stakeCapped: false, announce: words.spinning });
    try {
      const answer = await client.call(sandboxTable, { body: { launch, bets, idempotencyKey: key } });
      keys.settled();
      const won = (parseMinor(answer.round.win) ?? 0n) > 0n;
      set({
        round: answer.round,
        balance: answer.balance,
        fairness: answer.fairness,
        history: [answer.round, ...get().history.filter((x) => x.roundId !== answer.round.roundId)],
        announce: fill(won ? words.resultWin : words.resultNone, { amount: o.format(answer.round.win, state.currency), bet: o.format(answer.round.bet, state.currency) }),
      });
    } catch (err) {
      failed(err);
    } finally {
      set({ busy: false });
    }
  }

  /**
   * A blackjack hand (issue 34): `deal` at the chosen stake, or an action on the hand shown
   * (`round`, open). A lost answer keeps the call's key (per stake, or per hand, step and action),
   * so retrying plays it at most once. A hand that moved on elsewhere (another tab, the idle job)
   * is read again as it stands, with its refusal said.
   */
  async function blackjack(action: 'deal' | BlackjackAction): Promise<void> {
    const { launch, state, busy, seedBusy, bet, round } = get();
    if (!launch || !state || busy || seedBusy) return;
    const hand = round?.open && round.table?.blackjack ? round : null;
    if (action !== 'deal' && !hand) return;
    const step = hand?.table?.blackjack?.step ?? 0;
    const key = keys.keyFor(action === 'deal' ? `deal:${bet}` : `${hand!.roundId}:${step}:${action}`);
    set({ busy: true, spinError: null, announce: '' });
    try {
      const body = action === 'deal' ? { launch, action, bet, idempotencyKey: key } : { launch, action, roundId: hand!.roundId, step, idempotencyKey: key };
      const answer = await client.call(sandboxBlackjack, { body });
      keys.settled();
      const over = !answer.round.open;
      const won = (parseMinor(answer.round.win) ?? 0n) > 0n;
      set({
        round: answer.round,
        balance: answer.balance,
        fairness: answer.fairness,
        history: [answer.round, ...get().history.filter((x) => x.roundId !== answer.round.roundId)],
        announce: over ? fill(won ? words.resultWin : words.resultNone, { amount: o.format(answer.round.win, state.currency), bet: o.format(answer.round.bet, state.currency) }) : '',
      });
    } catch (err) {
      if (err instanceof ApiFailure && HAND_MOVED.has(err.errorCode)) {
        keys.settled();
        const said = message(err);
        await load(launch);
        set({ spinError: { kind: 'message', text: said } });
      } else failed(err);
    } finally {
      set({ busy: false });
    }
  }

  /** A one-spot round: a fish game's shot (the spot is the fish aimed at), a crash round (its cash-out target); the chosen stake on it. */
  function playOne(spot: string): Promise<void> {
    const { busy, bet } = get();
    if (busy) return Promise.resolve();
    set({ tableStakes: { [spot]: bet } });
    return deal();
  }

  /** A PVP room's join: the chosen stake on the round's next free seat (contract/rooms.ts), placed as a live bet. */
  function join(): Promise<void> {
    const { busy, bet } = get();
    if (busy) return Promise.resolve();
    set({ tableStakes: { [SEAT_SPOT]: bet } });
    return deal();
  }

  /** Puts the chosen chip on a table's spot (cut to the spot's limit). */
  function placeChip(spot: string): void {
    const { state, bet, tableStakes, busy } = get();
    if (!state || busy || !('maxSpot' in state.rules)) return;
    const { stakes, capped } = addChip(tableStakes, spot, bet, state.rules.maxSpot);
    set({ tableStakes: stakes, stakeCapped: capped, ...(get().spinError?.kind === 'insufficient' ? { spinError: null } : {}) });
  }

  /** Takes one spot's stake, or every stake, off the table. */
  function clearStakes(spot?: string): void {
    if (get().busy) return;
    set({ tableStakes: spot === undefined ? {} : removeSpot(get().tableStakes, spot), stakeCapped: false });
  }

  /** Chooses a stake (remembered for this game in this tab); a new stake clears a short-balance refusal. */
  function chooseBet(bet: string): void {
    const { state, spinError } = get();
    set({ bet, ...(spinError?.kind === 'insufficient' ? { spinError: null } : {}) });
    if (state) keepBet(state.game.nodeId, bet);
  }

  /** The next stake up or down. */
  function stepStake(dir: 1 | -1): void {
    const { state, bet } = get();
    if (state) chooseBet(stepBet(state.rules.bets, bet, dir));
  }

  /** The client seed as typed. */
  function typeSeed(text: string): void {
    set({ seedInput: text, ...(get().seedError ? { seedError: '' } : {}) });
  }

  /** Reveals the server seed and commits a new pair; answers false when the typed client seed is refused. */
  async function rotateSeed(): Promise<boolean> {
    const { launch, seedBusy, busy, seedInput } = get();
    if (!launch || seedBusy || busy) return true;
    const issue = clientSeedIssue(seedInput);
    if (issue) {
      set({ seedError: issue === 'required' ? words.clientSeedRequired : issue === 'tooLong' ? words.clientSeedTooLong : words.clientSeedChars });
      return false;
    }
    set({ seedBusy: true, seedError: '', seedMessage: '' });
    try {
      const answer = await client.call(sandboxSeed, { body: { launch, clientSeed: seedInput.trim() } });
      const { history, round } = get();
      set({
        fairness: answer.fairness,
        seedInput: answer.fairness.clientSeed,
        revealed: answer.revealed,
        history: applyRevealed(history, answer.revealed),
        round: round ? applyRevealed([round], answer.revealed)[0]! : round,
        seedMessage: words.rotated,
      });
    } catch (err) {
      if (err instanceof ApiFailure && err.fieldErrors.clientSeed) set({ seedError: err.fieldErrors.clientSeed });
      else if (ended(err)) set({ phase: 'ended' });
      else set({ seedError: message(err) });
    } finally {
      set({ seedBusy: false });
    }
    return true;
  }

  /** Money moved between wallets: re-reads the balance the bets come from. */
  async function refreshBalance(): Promise<void> {
    const { launch } = get();
    if (!launch) return;
    try {
      const s = await client.call(sandboxState, { query: { launch } });
      set({ balance: s.balance, ...(get().spinError?.kind === 'insufficient' ? { spinError: null } : {}) });
    } catch (err) {
      if (ended(err)) set({ phase: 'ended' });
    }
  }

  /** A balance another part of the page learnt (the sports book's bets answer with it). */
  function showBalance(balance: string): void {
    set({ balance });
  }

  /** The next page of older rounds. */
  async function more(): Promise<void> {
    const { launch, moreBusy, historyPage } = get();
    if (!launch || moreBusy) return;
    set({ moreBusy: true, moreError: '' });
    try {
      const page = historyPage + 1;
      const answer = await client.call(sandboxRounds, { query: { launch, pageNo: page, pageSize: HISTORY_PAGE } });
      set({ history: mergeRounds(get().history, answer.list), historyPage: page, hasMore: answer.pageNum < answer.totalPages });
    } catch (err) {
      if (ended(err)) set({ phase: 'ended' });
      else set({ moreError: message(err) });
    } finally {
      set({ moreBusy: false });
    }
  }

  /** Is the spin with this stake waiting to be retried (its answer was lost)? */
  const retrying = (bet: string) => get().spinError?.kind === 'network' && keys.pending(bet);

  /**
   * Is the round the page would play now waiting to be retried: a slot's stake, a table's (or a
   * fish's shot's) stakes, a live round's stakes on its round (the keys' labels, as played)?
   */
  function retryingNow(): boolean {
    const { state, bet, tableStakes, live, liveOffset } = get();
    if (!state || 'reels' in state.rules) return retrying(bet);
    if (!live) return retrying(stakesKey(tableStakes));
    const phase = livePhase(live, Date.now() + liveOffset);
    return phase.kind === 'betting' && retrying(`${phase.roundNo}:${stakesKey(tableStakes)}`);
  }

  return {
    $game,
    start,
    load,
    stop,
    spin,
    deal,
    blackjack,
    playOne,
    join,
    placeChip,
    clearStakes,
    chooseBet,
    stepStake,
    typeSeed,
    rotateSeed,
    refreshBalance,
    showBalance,
    more,
    retrying,
    retryingNow,
  };
}

export type GameSession = ReturnType<typeof createGameSession>;

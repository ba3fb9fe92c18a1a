/**
 * The lottery page's state and steps (issue 16; moved out of the island in issue 27), as nanostores
 * advises: one store per page, actions as plain functions, the components (islands/) only render.
 * The game menu (read again every 30 seconds: its draws move on) and the player's recent games,
 * the chosen game (kept in the address), its board, latest results and the player's tickets, the
 * balances, the slip (bought in one call, keyed by an idempotency key kept while the same slip is
 * retried) and the verification of a drawn draw. The betting board's own form is `board-flow.ts`.
 *
 * Time: the server's clock (each game info carries its `now`); `$now` ticks every second only
 * while something shows or watches it, and a draw that closes or is drawn brings the board,
 * results, tickets and balances again.
 */
import { atom, computed, map, onMount } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { refreshBalance, submission, walletBalance, type BalanceValue } from '../../wallet/client.ts';
import { launchGame } from '../../play/contract.ts';
import { lotteryBet, lotteryGameInfo, lotteryGameMenu, lotteryRecentMenu, lotteryTickets, lotteryVerify, openedNumbers, type DrawValue, type GameMenuItem, type TicketValue } from '../contract.ts';
import { slipTotal, type SlipTicket } from './board-logic.ts';
import { closingDraw, openDraw, refreshDue, upcomingDraw } from './draw-times.ts';

export type Area = 'vn' | 'sea' | 'lotto';
export type GameInfo = ValueOf<typeof lotteryGameInfo>;
export type GameMenu = ValueOf<typeof lotteryGameMenu>;
export type Verification = ValueOf<typeof lotteryVerify>;

/** The page's address as the store uses it: the browser's location, a stand-in in tests. */
export interface PageAddress {
  /** The address now. */
  href(): string;
  /** Replaces the address without a new history entry. */
  replace(pathAndQuery: string): void;
  /** Leaves the page for another address. */
  assign(href: string): void;
}

/** The browser's address (history.replaceState keeps the back button's history as it was). */
export function browserAddress(): PageAddress {
  return {
    href: () => window.location.href,
    replace: (to) => history.replaceState(history.state, '', to),
    assign: (href) => window.location.assign(href),
  };
}

/** The words the store says itself (the lottery catalogue's). */
export interface LotteryWords {
  /** slip.placed: {{count}}, {{drawNo}}, {{total}}. */
  placed: string;
}

/** The purchase of the slip: under way, its confirmation, or why it was refused. */
export interface Purchase {
  placing: boolean;
  placed: string;
  error: string;
}

/** A drawn draw's check, asked for by the player: waiting, answered, or failed. */
export interface VerificationView {
  drawNo: string;
  value?: Verification;
  error?: string;
}

/** The first game of the page's area, when the address names none. */
const AREA_GROUP: Record<Area, string> = { vn: 'VN', sea: 'SEA', lotto: 'SSC' };
const MENU_EVERY_MS = 30_000;
const RESULTS_SHOWN = 10;
/** Tickets shown at first, and how many more each "more" adds. */
const TICKETS_PAGE = 10;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One lottery page's store. `api` is the page's API client (asked for at each call: it reads the
 * session's token); `format` writes an amount in the brand's currency.
 */
export function createLotteryFlow(o: { api: () => ApiClient; area: Area; address: PageAddress; words: LotteryWords; format: (amount: string) => string }) {
  const api = () => o.api();
  const $menu = atom<GameMenu | null>(null);
  const $recent = atom<GameMenuItem[]>([]);
  const $menuError = atom('');
  const $gameCode = atom<string | null>(null);
  const $info = atom<GameInfo | null>(null);
  const $infoError = atom('');
  /** The server's clock minus the browser's. */
  const $offset = atom(0);
  /** The browser's clock, ticking while mounted (a countdown shown, the draw watch started). */
  const $now = atom(Date.now());
  onMount($now, () => {
    $now.set(Date.now());
    const t = setInterval(() => $now.set(Date.now()), 1000);
    return () => clearInterval(t);
  });
  /** The server's clock, to the second. */
  const $serverNow = computed([$now, $offset], (now, offset) => now + offset);
  const $balance = atom<BalanceValue | null>(null);
  const $slip = atom<SlipTicket[]>([]);
  const $purchase = map<Purchase>({ placing: false, placed: '', error: '' });
  const $tickets = atom<{ total: number; list: TicketValue[] } | null>(null);
  const $results = atom<DrawValue[] | null>(null);
  /** Grows when a purchase is refused for want of money (the game wallet's form takes focus). */
  const $needMoney = atom(0);
  const $verification = atom<VerificationView | null>(null);

  // Derived. The draws are the game info's own objects, so these change only when a draw opens,
  // closes or is drawn, not with every second of the clock.
  const $draw = computed([$info, $serverNow], (info, now) => (info ? openDraw(info.draws, now) : null));
  const $closing = computed([$info, $serverNow, $draw], (info, now, draw) => (info && !draw ? closingDraw(info.draws, now) : null));
  const $upcoming = computed([$info, $serverNow], (info, now) => (info ? upcomingDraw(info.draws, now) : null));
  const $groups = computed($menu, (menu) => (menu ? Object.values(menu) : []));
  const $selected = computed([$groups, $gameCode], (groups, code) => groups.flatMap((g) => g.gameMenus).find((g) => g.gameCode === code) ?? null);
  /** The vendor whose wallet pays the tickets. */
  const $vendor = computed([$info, $selected], (info, selected) => info?.vendor ?? selected?.vendor ?? '');
  const $slipTotal = computed($slip, slipTotal);
  const $slipFull = computed([$slip, $info], (slip, info) => info !== null && slip.length >= info.maxTickets);

  const slipKeys = submission();
  /** Games whose vendor lobby was asked for (once per page). */
  const asked = new Set<string>();
  let ticketsShown = TICKETS_PAGE;
  /** When (server's clock) the game was last read: events after it bring it again. */
  let readAt = 0;
  const serverTime = () => Date.now() + $offset.get();
  const current = (code: string) => $gameCode.get() === code;

  /** The player's balances (the game wallet line and the main wallet's line read them). */
  async function loadBalance(): Promise<void> {
    try {
      $balance.set(await api().call(walletBalance));
    } catch {
      /* the header says when the wallet cannot be read */
    }
  }

  async function loadRecent(): Promise<void> {
    try {
      $recent.set((await api().call(lotteryRecentMenu, { query: { device: 'WEB' } })).gameMenus);
    } catch {
      /* the menu shows its groups without the recent games */
    }
  }

  async function loadResults(code: string): Promise<void> {
    try {
      const r = await api().call(openedNumbers, { query: { gameCode: code, pageSize: RESULTS_SHOWN } });
      if (current(code)) $results.set(r.list);
    } catch {
      if (current(code)) $results.set([]);
    }
  }

  async function loadTickets(code: string): Promise<void> {
    try {
      const tickets = await api().call(lotteryTickets, { query: { gameCode: code, pageSize: ticketsShown } });
      if (current(code)) $tickets.set(tickets);
    } catch {
      if (current(code)) $tickets.set({ total: 0, list: [] });
    }
  }

  /**
   * Opens a real lottery vendor's lobby for a game this server does not draw (its vendor switched
   * to the game gateway): launchGame's lottery form answers the vendor's address. An unknown game,
   * or one that leads back here, stays on this page (the menu's first game is shown).
   */
  async function openVendorLobby(gameCode: string): Promise<void> {
    try {
      const v = await api().call(launchGame, {
        query: { lottoGameCode: gameCode, lottoArea: o.area === 'sea' ? 'SEA' : 'VN', launchMode: 'LOTT', lottoView: 'betting', device: 'WEB', accountType: '1' },
      });
      const url = new URL(v.content.game_url);
      if (url.origin !== new URL(o.address.href()).origin) o.address.assign(url.href);
    } catch {
      /* not a game of any lottery vendor: the page shows its own games */
    }
  }

  /** The game the menu shows: the chosen one when the menu has it, else the area's first. */
  function gameIn(menu: GameMenu, code: string | null): string | null {
    if (code && Object.values(menu).some((g) => g.gameMenus.some((x) => x.gameCode === code))) return code;
    // A game this server does not draw: a real lottery vendor serves it in its own lobby.
    if (code && !asked.has(code)) {
      asked.add(code);
      void openVendorLobby(code);
    }
    return (menu[AREA_GROUP[o.area]] ?? Object.values(menu)[0])?.gameMenus[0]?.gameCode ?? null;
  }

  async function loadMenu(): Promise<void> {
    try {
      const menu = await api().call(lotteryGameMenu, { query: { prizeMode: o.area === 'sea' ? 'SEA' : undefined, device: 'WEB' } });
      $menu.set(menu);
      $menuError.set('');
      choose(gameIn(menu, $gameCode.get()));
    } catch (err) {
      $menuError.set(message(err));
    }
  }

  /** Reads the game again: its board (and the server's clock), its latest results, the player's tickets and balances. */
  async function refresh(code: string): Promise<void> {
    readAt = serverTime();
    try {
      const info = await api().call(lotteryGameInfo, { query: { gameCode: code } });
      // Another game was chosen meanwhile: its own reading shows it.
      if (!current(code)) return;
      $info.set(info);
      $offset.set(info.now - Date.now());
      $infoError.set('');
    } catch (err) {
      if (!current(code)) return;
      $infoError.set(message(err));
    }
    void loadResults(code);
    void loadTickets(code);
    // A drawn ticket may have paid into the wallet.
    void loadBalance();
    void refreshBalance();
  }

  /** A game chosen: the address keeps its code; its board, results and tickets replace the last game's, and the slip starts empty. */
  function open(code: string): void {
    const url = new URL(o.address.href());
    if (url.searchParams.get('gameCode') !== code) {
      url.searchParams.set('gameCode', code);
      o.address.replace(url.pathname + url.search + url.hash);
    }
    $info.set(null);
    $slip.set([]);
    $purchase.set({ ...$purchase.get(), placed: '', error: '' });
    $verification.set(null);
    void refresh(code);
  }

  /** The player (or the menu) chooses a game; the game already shown stays as it is. */
  function choose(code: string | null): void {
    if (code === $gameCode.get()) return;
    $gameCode.set(code);
    if (code) open(code);
  }

  /** Each second of the server's clock: a draw that closed or was drawn since the last reading brings the game again. */
  function watch(now: number): void {
    const info = $info.get();
    const code = $gameCode.get();
    if (info && code && refreshDue(readAt, now, info.draws, $tickets.get()?.list ?? [])) void refresh(code);
  }

  /**
   * Starts the page: the game the address names, the menu (again every 30 seconds), the recent
   * games, the balances and the draw watch. Answers the function that stops it.
   */
  function start(): () => void {
    const named = new URL(o.address.href()).searchParams.get('gameCode');
    if (named) choose(named);
    void loadMenu();
    const menuTimer = setInterval(() => void loadMenu(), MENU_EVERY_MS);
    void loadRecent();
    void loadBalance();
    const unwatch = $serverNow.listen(watch);
    return () => {
      clearInterval(menuTimer);
      unwatch();
    };
  }

  /** Tickets from the board: onto the slip, up to the game's limit; a new slip forgets the last purchase's words. */
  function addToSlip(tickets: SlipTicket[]): void {
    const info = $info.get();
    if (!info) return;
    $purchase.set({ ...$purchase.get(), placed: '', error: '' });
    $slip.set([...$slip.get(), ...tickets].slice(0, info.maxTickets));
  }

  /** Takes the slip's ticket at `index` off. */
  function removeFromSlip(index: number): void {
    $slip.set($slip.get().filter((_, k) => k !== index));
  }

  /**
   * Buys the slip on the draw taking bets now. A retry of the same slip (a lost answer, a second
   * press) keeps its idempotency key, so the server sells it once; a refusal for want of money
   * puts the game wallet's form in focus.
   */
  async function buy(): Promise<void> {
    const info = $info.get();
    const draw = info ? openDraw(info.draws, serverTime()) : null;
    const slip = $slip.get();
    if (!info || !draw || slip.length === 0 || $purchase.get().placing) return;
    $purchase.set({ placing: true, placed: '', error: '' });
    const payload = { gameCode: info.gameCode, drawNo: draw.drawNo, tickets: slip };
    try {
      const r = await api().call(lotteryBet, { body: { ...payload, idempotencyKey: slipKeys.keyFor(payload) } });
      slipKeys.done();
      $slip.set([]);
      $purchase.setKey('placed', fill(o.words.placed, { count: r.tickets.length, drawNo: r.drawNo, total: o.format(r.total) }));
      void loadBalance();
      void refreshBalance();
      void refresh(info.gameCode);
      void loadRecent();
    } catch (err) {
      $purchase.setKey('error', message(err));
      if (err instanceof ApiFailure && err.errorCode === 'wallet.balance.insufficient') $needMoney.set($needMoney.get() + 1);
    } finally {
      $purchase.setKey('placing', false);
    }
  }

  /** Ten more of the player's tickets. */
  function moreTickets(): void {
    const code = $gameCode.get();
    ticketsShown += TICKETS_PAGE;
    if (code) void loadTickets(code);
  }

  /** Money moved between the main and the game wallet (the wallet line): the balances again. */
  async function moved(): Promise<void> {
    await loadBalance();
    void refreshBalance();
  }

  /** Recomputes a drawn draw from its revealed seed; an answer for a draw no longer asked about is dropped. */
  async function verify(drawNo: string): Promise<void> {
    const code = $info.get()?.gameCode;
    if (!code) return;
    $verification.set({ drawNo });
    const still = () => $verification.get()?.drawNo === drawNo;
    try {
      const value = await api().call(lotteryVerify, { query: { gameCode: code, drawNo } });
      if (still()) $verification.set({ drawNo, value });
    } catch (err) {
      if (still()) $verification.set({ drawNo, error: message(err) });
    }
  }

  return {
    $menu,
    $groups,
    $recent,
    $menuError,
    $gameCode,
    $selected,
    $info,
    $infoError,
    $serverNow,
    $draw,
    $closing,
    $upcoming,
    $vendor,
    $balance,
    $slip,
    $slipTotal,
    $slipFull,
    $purchase,
    $tickets,
    $results,
    $needMoney,
    $verification,
    start,
    choose,
    refresh,
    addToSlip,
    removeFromSlip,
    clearSlip: () => $slip.set([]),
    buy,
    moreTickets,
    moved,
    verify,
  };
}

export type LotteryFlow = ReturnType<typeof createLotteryFlow>;

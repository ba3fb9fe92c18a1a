/**
 * The game page's wallet line, for brands with game wallets (sandboxState's `wallet.kind` 'game'),
 * as nanostores advises: one store, actions as plain functions, the component
 * (islands/play/GameWallet.tsx) only renders. Real bets come from the vendor's game wallet, so the
 * line says what is there and in the main wallet, and moves money from the main wallet into the
 * game (and all of it back) with GCS_walletTransfer. Game calls use the launch token only; moving
 * money is the member's own business, so these calls carry the member's session of this tab (a
 * game window opened from the site gets a copy). Without one (another browser, logged out) the
 * page links to the transfer page instead. Each submission carries an idempotency key from
 * `submission()`, kept while the same payload is retried.
 */
import { computed, map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { announceWallet, bringBackOnLeave, checkAmount, compareAmounts, fromInput, MAIN_WALLET, submission, toInput } from '../../wallet/client.ts';
import { walletAmount, walletBalance, walletTransfer, type BalanceValue } from '../../wallet/client.ts';
import type playCatalogue from '../i18n/en/play.json';
import { fill } from './game-logic.ts';
import { lastTransfer, moveIssueText, openingTransfer, rememberTransfer } from './transfer-offer.ts';

/** The game wallet's strings (play's `wallet` section), which a page that hosts it passes in. */
export type GameWalletLabels = (typeof playCatalogue)['wallet'];

/** What the hosting page says; read afresh at every step, since it changes (the game's balance after each spin). */
export interface GameWalletPage {
  labels: GameWalletLabels;
  /** The vendor's wallet id (its code, e.g. PG). */
  vendor: string;
  vendorName: string;
  /** The game wallet's balance as the game page knows it (sandboxState, spins). */
  gameBalance: string;
  fmt: (amount: string) => string;
  /** BCP 47 language of the page (amounts typed with its decimal separator). */
  lang: string;
  /** Re-reads the game's state (its balance) after money moved. */
  onMoved: () => Promise<void>;
  /**
   * The brand's rule for a game wallet that cannot pay `minBet` when the page opens (issue 17):
   * 'ask' offers an amount in the form, 'all' moves all of the main wallet in and says so.
   */
  transfer?: 'ask' | 'all';
  /** The brand's default amount to offer (2-decimal string); 20.00 when the page is not told. */
  transferAmount?: string;
  /** The game's smallest bet (2-decimal string). */
  minBet?: string;
}

export interface GameWalletView {
  /** member: a session in this tab; none: no session (or it ended: `ended`). */
  mode: 'checking' | 'member' | 'none';
  ended: boolean;
  /** The main wallet's balance; null until read. */
  main: string | null;
  mainError: string;
  /** The amount as typed. */
  amount: string;
  error: string;
  busy: boolean;
  backBusy: boolean;
  backError: string;
  notice: string;
  /** The page opened with too little in the game wallet: the form offers the main wallet's money. */
  prompt: boolean;
  /** Grows when the amount field should take focus; `quiet`: without scrolling to it (the page has just opened). */
  focus: { count: number; quiet: boolean };
}

const mainOf = (b: BalanceValue) => walletAmount(b, MAIN_WALLET);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One game page's wallet line: `client` carries the member's session of this tab (`token`),
 * `page` answers what the hosting page says now.
 */
export function createGameWallet(o: { client: ApiClient; token: () => string | null; page: () => GameWalletPage }) {
  const { client } = o;
  const $wallet = map<GameWalletView>({
    mode: 'checking',
    ended: false,
    main: null,
    mainError: '',
    amount: '',
    error: '',
    busy: false,
    backBusy: false,
    backError: '',
    notice: '',
    prompt: false,
    focus: { count: 0, quiet: false },
  });
  const get = () => $wallet.get();
  const set = (patch: Partial<GameWalletView>) => $wallet.set({ ...get(), ...patch });
  const focusAmount = (quiet: boolean) => set({ focus: { count: get().focus.count + 1, quiet } });
  const moveSub = submission();
  const backSub = submission();
  let opened = false;

  /** A refusal of the session itself: the tab has no (live) session, so the page links to the transfer page. */
  function sessionGone(err: unknown): boolean {
    if (!(err instanceof ApiFailure) || err.status !== 401) return false;
    set({ ended: true, mode: 'none' });
    return true;
  }

  /** The main wallet's balance, as read or as a transfer answered it; the first time, the opening rule runs. */
  function knowMain(main: string): void {
    set({ main, mode: 'member' });
    const p = o.page();
    if (opened || !p.minBet) return;
    opened = true;
    // Opening the game with too little in its wallet to bet: by the brand's rule, all of the main
    // wallet is moved in (said in the notice), or the form offers a sensible amount (the last one
    // moved, else the brand's), never the whole balance, for the player to change or accept.
    const next = openingTransfer({ game: p.gameBalance, minBet: p.minBet, main, rule: p.transfer, brandDefault: p.transferAmount ?? '20.00', last: lastTransfer() });
    if (next.kind === 'all') void move(next.amount);
    else if (next.kind === 'ask') {
      set({ amount: toInput(next.amount, p.lang), prompt: true });
      focusAmount(true);
    }
  }

  /** Reads the main wallet (again, after a failure). */
  async function loadMain(): Promise<void> {
    set({ mainError: '' });
    try {
      knowMain(mainOf(await client.call(walletBalance)));
    } catch (err) {
      if (!sessionGone(err)) set({ mode: 'member', mainError: message(err) });
    }
  }

  /** Starts: with a session in this tab, reads the main wallet; without, links to the transfer page. */
  function start(): void {
    if (!o.token()) set({ mode: 'none' });
    else void loadMain();
  }

  /** Moves the typed amount (or `exact`, the opening rule's) from the main wallet into the game. */
  async function move(exact?: string): Promise<void> {
    const v = get();
    const p = o.page();
    if (v.busy) return;
    const typed = exact ?? fromInput(v.amount, p.lang);
    const issue = moveIssueText(checkAmount(typed, { max: v.main }), { words: p.labels, fmt: p.fmt, main: v.main, example: toInput('25.00', p.lang) });
    set({ notice: '', error: issue });
    if (issue) return focusAmount(false);
    set({ busy: true });
    const payload = { from: MAIN_WALLET, to: p.vendor, amount: typed };
    try {
      const value = await client.call(walletTransfer, { body: { ...payload, idempotencyKey: moveSub.keyFor(payload) } });
      moveSub.done();
      const moved = formatMinor(parseMinor(typed) ?? 0n);
      // Only an amount the player chose is remembered as the next offer.
      if (exact === undefined) rememberTransfer(moved);
      set({ amount: '', prompt: false });
      knowMain(mainOf(value));
      await p.onMoved();
      announceWallet({ type: 'moved' });
      const L = p.labels;
      set({
        notice: `${fill(L.moved, { amount: p.fmt(moved), vendor: p.vendorName, balance: p.fmt(walletAmount(value, p.vendor)) })} ${fill(L.comesBack, { vendor: p.vendorName })}`,
      });
    } catch (err) {
      if (sessionGone(err)) return;
      const f = err instanceof ApiFailure ? (err.fieldErrors.amount ?? err.fieldErrors.to ?? err.fieldErrors.from) : undefined;
      set({ error: f ?? message(err) });
      focusAmount(false);
    } finally {
      set({ busy: false });
    }
  }

  /** Brings all of the game wallet back to the main wallet. */
  async function bringBack(): Promise<void> {
    const p = o.page();
    if (get().backBusy || compareAmounts(p.gameBalance, '0.00') <= 0) return;
    set({ backBusy: true, backError: '', notice: '' });
    const payload = { from: p.vendor, to: MAIN_WALLET, amount: p.gameBalance };
    try {
      const value = await client.call(walletTransfer, { body: { ...payload, idempotencyKey: backSub.keyFor(payload) } });
      backSub.done();
      knowMain(mainOf(value));
      await p.onMoved();
      announceWallet({ type: 'moved' });
      set({ notice: fill(p.labels.broughtBack, { amount: p.fmt(payload.amount), balance: p.fmt(mainOf(value)) }) });
    } catch (err) {
      if (!sessionGone(err)) set({ backError: message(err) });
    } finally {
      set({ backBusy: false });
    }
  }

  /** The amount as typed; typing clears its error. */
  function type(amount: string): void {
    set({ amount, ...(get().error ? { error: '' } : {}) });
  }

  /** Max: all of the main wallet. */
  function fillMax(): void {
    const { main } = get();
    if (main !== null) set({ amount: toInput(main, o.page().lang), error: '' });
  }

  /**
   * The page goes away (its window closes, the lobby, a reload): the game wallet goes back to the
   * main wallet with a request that outlives the page, and the site's tabs hear of it.
   */
  function leave(): void {
    const p = o.page();
    if (get().mode !== 'member' || !o.token() || compareAmounts(p.gameBalance, '0.00') <= 0) return;
    bringBackOnLeave(client, { vendor: p.vendor, vendorName: p.vendorName, amount: p.gameBalance });
  }

  /** Back from the browser's page cache (the page left, so its wallet went back): reads the money again. */
  function restored(): void {
    if (get().mode !== 'member') return;
    void loadMain();
    void o.page().onMoved();
  }

  /** Whether Max has anything to fill in. */
  const $canMax = computed($wallet, (v) => v.main !== null && compareAmounts(v.main, '0.00') > 0);

  return { $wallet, $canMax, start, loadMain, move: () => move(), bringBack, type, fillMax, leave, restored };
}

export type GameWallet = ReturnType<typeof createGameWallet>;

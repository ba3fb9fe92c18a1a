/**
 * The transfer page's state and steps (spec 2.14, transfer funds), as nanostores advises: one
 * store per page, actions as plain functions, the component (islands/pages/WalletPage.tsx) only
 * renders. The total, the main wallet, funds held for withdrawals and, when the brand is not
 * single-wallet, each vendor's game wallet, with transfers between the main wallet and a game
 * wallet and 'transfer all back' (GCS_walletTransfer). A single-wallet brand has nothing to move:
 * every game plays from the one balance.
 */
import { computed, map } from 'nanostores';
import { fill } from '../../../kernel/i18n/browser.ts';
import { api } from '../../accounts/client.ts';
import { MAIN_WALLET, walletTransfer, type BalanceValue } from '../contract.ts';
import { compareAmounts, fromInput } from '../islands/format.ts';
import { createWalletForm, errorsOf, type FieldErrors, type WalletWords } from './form.ts';
import { $balance, $balanceError, $merchantWallet, amountText, loadMerchantWallet, refreshBalance, setBalance, submission, walletAmount, type MerchantWallet } from './wallet.ts';

export type Direction = 'in' | 'out';

/** A vendor's game wallet as the page lists it. */
export interface GameWalletLine {
  code: string;
  name: string;
  amount: string;
}

/** What the page shows once the balance and the brand's merchant wallet are known. */
export interface Wallets {
  total: string;
  main: string;
  held: string;
  single: boolean;
  games: GameWalletLine[];
}

export interface TransferView {
  /** Why the balance or the merchant wallet could not be read (a retry reads them again). */
  loadError: string | null;
  direction: Direction;
  /** The game wallet chosen; null: the first one listed. */
  game: string | null;
  /** The amount as typed. */
  amount: string;
  /** 'Transfer all back' is under way. */
  allBusy: boolean;
}

/** The transfer as chosen: the game wallet, its name, the money on the side it comes from. */
export interface TransferChoice {
  game: string;
  gameName: string;
  /** What the wallet the money leaves holds (the main wallet, or the game wallet). */
  source: string;
  /** Does any game wallet hold money ('transfer all back' has something to do)? */
  anyInGames: boolean;
}

/** The page's figures from the balance and the merchant wallet; null until both are known. */
export function walletsOf(b: BalanceValue | null, m: MerchantWallet | null): Wallets | null {
  if (!b || !m) return null;
  return {
    total: amountText(b.sumBalance),
    main: walletAmount(b, MAIN_WALLET),
    held: amountText(b.heldBalance),
    single: m.isSingle,
    games: m.vendors.map((v) => ({ code: v.accountTypeName, name: v.name, amount: walletAmount(b, v.accountTypeName) })),
  };
}

/**
 * The transfer as the form stands: the chosen game wallet (the first by default), and the money
 * on the side it leaves from, main for 'in', the game wallet for 'out'.
 * @example transferChoice({ direction: 'out', game: null }, wallets) // { game: 'JL', gameName: 'JILI', source: '12.00', anyInGames: true }
 */
export function transferChoice(v: Pick<TransferView, 'direction' | 'game'>, ws: Wallets | null): TransferChoice {
  const games = ws?.games ?? [];
  const game = v.game ?? games[0]?.code ?? '';
  const chosen = games.find((g) => g.code === game);
  return {
    game,
    gameName: chosen?.name ?? game,
    source: v.direction === 'in' ? (ws?.main ?? '0.00') : (chosen?.amount ?? '0.00'),
    anyInGames: games.some((g) => compareAmounts(g.amount, '0.00') > 0),
  };
}

/**
 * One transfer page's store. `refused` puts a refused transfer under the form's fields; `failed`
 * says a failure that concerns no field ('transfer all back').
 */
export function createTransferPage(o: { words: WalletWords; refused: (err: unknown) => FieldErrors<'game' | 'amount'>; failed: (err: unknown) => void }) {
  const { w, money } = o.words;
  const $transfer = map<TransferView>({ loadError: null, direction: 'in', game: null, amount: '', allBusy: false });
  const get = () => $transfer.get();
  const set = (patch: Partial<TransferView>) => $transfer.set({ ...get(), ...patch });
  const $wallets = computed([$balance, $merchantWallet], walletsOf);
  const $choice = computed([$transfer, $wallets], transferChoice);
  const form = createWalletForm({ refused: o.refused });
  const allSub = submission();
  // Only the newest load may say it failed: an older one finishing late is ignored.
  let loads = 0;

  /** Reads the balance and the merchant wallet (again, after a failure). */
  async function open(): Promise<void> {
    const mine = ++loads;
    set({ loadError: null });
    try {
      const [b] = await Promise.all([refreshBalance(), loadMerchantWallet()]);
      if (mine === loads && !b) set({ loadError: $balanceError.get() ?? w.common.loadFailed });
    } catch (err) {
      if (mine === loads) set({ loadError: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Checks, then moves the typed amount between the main wallet and the chosen game wallet. */
  function submit(): Promise<void> {
    const { direction, amount } = get();
    const { game, gameName, source } = $choice.get();
    const typed = fromInput(amount, o.words.lang);
    const payload = direction === 'in' ? { from: MAIN_WALLET, to: game, amount: typed } : { from: game, to: MAIN_WALLET, amount: typed };
    return form.submit({
      check: () =>
        errorsOf({
          game: game ? undefined : w.wallet.pickGame,
          amount: o.words.amountError(typed, { max: source }, fill(w.wallet.notEnough, { amount: money(source) })),
        }),
      send: (keyFor) => api().call(walletTransfer, { body: { ...payload, idempotencyKey: keyFor(payload) } }),
      done: (value) => {
        setBalance(value);
        set({ amount: '' });
        form.setNotice(fill(direction === 'in' ? w.wallet.movedIn : w.wallet.movedOut, { amount: money(payload.amount), game: gameName }));
      },
    });
  }

  /** Brings every game wallet back to the main wallet. */
  async function allBack(): Promise<void> {
    if (get().allBusy) return;
    set({ allBusy: true });
    form.setNotice(null);
    const payload = { to: MAIN_WALLET, all: true };
    try {
      const value = await api().call(walletTransfer, { body: { ...payload, idempotencyKey: allSub.keyFor(payload) } });
      allSub.done();
      setBalance(value);
      form.setNotice(w.wallet.allBackDone);
    } catch (err) {
      o.failed(err);
    } finally {
      set({ allBusy: false });
    }
  }

  return {
    $transfer,
    $wallets,
    $choice,
    form,
    open,
    submit,
    allBack,
    setDirection: (direction: Direction) => set({ direction }),
    chooseGame: (game: string) => set({ game }),
    typeAmount: (amount: string) => set({ amount }),
  };
}

export type TransferPage = ReturnType<typeof createTransferPage>;

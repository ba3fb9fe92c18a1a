/**
 * The browser's wallet (spec 2.4 balance, 3 Storage, 4 Balance display): the balance of the
 * header and the member centre, whether it is masked (remembered in local storage, so it stays
 * hidden on the next visit), the brand's merchant wallet (single wallet or one per vendor,
 * cached in session storage for the session), and idempotency keys for the forms that move money.
 */
import { atom } from 'nanostores';
import { merchantWallet, walletBalance, type BalanceValue } from '../contract.ts';
import { $status, api } from '../../accounts/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';

export type MerchantWallet = ValueOf<typeof merchantWallet>;

/** Local storage: '1' while the player keeps the balance hidden. */
export const BALANCE_MASK_KEY = 'balanceMasked';
/** Session storage: the merchant wallet answer (spec 3: cached for the session). */
export const MERCHANT_WALLET_KEY = 'merchantWallet';

/**
 * An amount of the balance call (a JSON number of major units, as real clients of the existing
 * API read it) as the 2-decimal text the wallet pages format and compare.
 * @example amountText(1121.5) // '1121.50'
 */
export const amountText = (n: number | string): string => (typeof n === 'number' ? n.toFixed(2) : n);

/** What the wallet with this code ('MAIN', 'JL') holds, as 2-decimal text; '0.00' when it is not listed. */
export function walletAmount(b: BalanceValue, code: string): string {
  const entry = b.balance.find((x) => x.accountTypeName === code);
  return entry ? amountText(entry.availBalance) : '0.00';
}

export const $balance = atom<BalanceValue | null>(null);
export const $balanceLoading = atom(false);
/** Why the last refresh failed (the server's or the network message); null after a success. */
export const $balanceError = atom<string | null>(null);
export const $balanceMasked = atom<boolean>(readMask());
export const $merchantWallet = atom<MerchantWallet | null>(null);

/** The currency symbol amounts are written with now: the balance's, else the brand's (before the balance is read). */
export function currencySymbol(): string {
  return $balance.get()?.currencySymbol ?? $status.get()?.info.currencySymbol ?? '';
}

function readMask(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(BALANCE_MASK_KEY) === '1';
  } catch {
    return false;
  }
}

/** Hides or shows the balance, and remembers the choice in this browser. */
export function setBalanceMasked(masked: boolean): void {
  $balanceMasked.set(masked);
  try {
    if (masked) localStorage.setItem(BALANCE_MASK_KEY, '1');
    else localStorage.removeItem(BALANCE_MASK_KEY);
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
}

/** Flips the mask (spec 2.4 hide/show option). */
export function toggleBalanceMask(): void {
  setBalanceMasked(!$balanceMasked.get());
}

let balanceLoad: Promise<BalanceValue | null> | null = null;
/** The one load that follows the load under way (asked for while it ran). */
let balanceReload: Promise<BalanceValue | null> | null = null;

/**
 * Asks the server for the balance (spec 2.4 refresh). A call while a request is under way does
 * not join it (that request may have been answered before the money the caller heard of moved):
 * one more request follows it, shared by every call made meanwhile. A failure keeps the last
 * known balance, answers null and leaves its message in $balanceError.
 */
export function refreshBalance(): Promise<BalanceValue | null> {
  if (balanceLoad) {
    // The load's own finally has cleared it by the time this runs, so this starts a new one.
    balanceReload ??= balanceLoad.then(() => {
      balanceReload = null;
      return refreshBalance();
    });
    return balanceReload;
  }
  balanceLoad = (async () => {
    $balanceLoading.set(true);
    try {
      const value = await api().call(walletBalance);
      $balance.set(value);
      $balanceError.set(null);
      return value;
    } catch (err) {
      $balanceError.set(err instanceof Error ? err.message : String(err));
      return null;
    } finally {
      $balanceLoading.set(false);
      balanceLoad = null;
    }
  })();
  return balanceLoad;
}

/** Takes the balance a money-moving call answered (transfers answer the new balance). */
export function setBalance(value: BalanceValue): void {
  $balance.set(value);
}

/** Forgets the wallet of a session that ended. */
export function clearWallet(): void {
  $balance.set(null);
  $merchantWallet.set(null);
}

let merchantLoad: Promise<MerchantWallet> | null = null;

/** The brand's merchant wallet (isSingle and the game wallets), cached in session storage. */
export function loadMerchantWallet(): Promise<MerchantWallet> {
  const known = $merchantWallet.get();
  if (known) return Promise.resolve(known);
  merchantLoad ??= (async () => {
    try {
      const cached = sessionStorage.getItem(MERCHANT_WALLET_KEY);
      if (cached) {
        const value = JSON.parse(cached) as MerchantWallet;
        // Entries written before wallets had numbers (accountTypeName) are asked for again.
        if (typeof value?.isSingle === 'boolean' && Array.isArray(value.vendors) && value.vendors.every((v) => typeof v?.accountTypeName === 'string' && typeof v.accountTypeId === 'number')) {
          $merchantWallet.set(value);
          return value;
        }
      }
    } catch {
      /* no storage or a damaged entry: ask the server */
    }
    const value = await api().call(merchantWallet);
    $merchantWallet.set(value);
    try {
      sessionStorage.setItem(MERCHANT_WALLET_KEY, JSON.stringify(value));
    } catch {
      /* storage full or unavailable */
    }
    return value;
  })().finally(() => {
    merchantLoad = null;
  });
  return merchantLoad;
}

/** One form's idempotency keys: see `submission()`. */
export interface Submission {
  /** The key for sending `payload`: the same while the same payload is sent again, new for another payload. */
  keyFor(payload: unknown): string;
  /** The submission took effect: the next one gets a new key. */
  done(): void;
}

/**
 * Idempotency keys for one form (contract/wallet.ts conventions): a submission gets a UUID that
 * is kept while the same payload is retried (a timeout, a second press), so the server applies
 * it once; a changed payload or a completed submission starts a new key. A refused submission
 * keeps its key: the server rolled it back, so resending the same payload runs it again.
 * @example const s = submission(); api.call(withdrawCreate, { body: { amount, idempotencyKey: s.keyFor({ amount }) } })
 */
export function submission(): Submission {
  let key: string | null = null;
  let signature: string | null = null;
  return {
    keyFor(payload) {
      const sig = JSON.stringify(payload ?? null);
      if (key === null || sig !== signature) {
        key = crypto.randomUUID();
        signature = sig;
      }
      return key;
    },
    done() {
      key = null;
      signature = null;
    },
  };
}

/** The channel on which a game window tells the site's other tabs that the player's money moved. */
const WALLET_CHANNEL = 'casino.wallet';

/** What a game window says: money moved (a bet, a win, a transfer), or its wallet is coming back to main as it closes. */
export type WalletNews = { type: 'moved' } | { type: 'leaving'; vendorName: string; amount: string };

/** Tells the site's other tabs (their headers read the balance again). */
export function announceWallet(news: WalletNews): void {
  try {
    const channel = new BroadcastChannel(WALLET_CHANNEL);
    channel.postMessage(news);
    channel.close();
  } catch {
    /* no BroadcastChannel: the header refreshes when its tab is shown again */
  }
}

/** Hears the game windows of this browser; answers the function that stops. */
export function onWalletNews(listener: (news: WalletNews) => void): () => void {
  try {
    const channel = new BroadcastChannel(WALLET_CHANNEL);
    channel.onmessage = (e: MessageEvent<WalletNews>) => listener(e.data);
    return () => channel.close();
  } catch {
    return () => undefined;
  }
}

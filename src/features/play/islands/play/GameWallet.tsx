/**
 * The game page's wallet line for brands with game wallets (sandboxState's `wallet.kind` 'game'):
 * real bets come from the vendor's game wallet, so the page says what is there and what is in the
 * main wallet, and offers to move money from the main wallet into this game (and all of it back)
 * with GCS_walletTransfer. Game calls use the launch token only; moving money is the member's own
 * business, so these calls use the member's session of this browser tab (session storage; a game
 * window opened from the site gets a copy). Without one (another browser, logged out) the page
 * links to the transfer page instead. Amounts stay 2-decimal strings; each submission carries an
 * idempotency key from `submission()`, kept while the same payload is retried.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ApiFailure, createApiClient, type ClientMessages } from '../../../../kernel/http/client.ts';
import { storedToken } from '../../../../kernel/http/session-keys.ts';
import { announceWallet, submission } from '../../../wallet/client.ts';
import { MAIN_WALLET, walletAmount, walletBalance, walletTransfer, type BalanceValue } from '../../../wallet/client.ts';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { checkAmount, compareAmounts, fromInput, toInput } from '../../../wallet/client.ts';
import type playCatalogue from '../../i18n/en/play.json';
import { fill } from '../../client/game-logic.ts';
import { lastTransfer, offeredTransfer, rememberTransfer } from '../../client/transfer-offer.ts';
import './play.css';

/** The game wallet's strings (play's `wallet` section), which a page that hosts it passes in. */
export type GameWalletLabels = (typeof playCatalogue)['wallet'];
type Labels = GameWalletLabels;

export interface GameWalletProps {
  labels: Labels;
  /** '(opens in a new tab)'. */
  opensNew: string;
  /** The vendor's wallet id (its code, e.g. PG). */
  vendor: string;
  vendorName: string;
  /** The game wallet's balance as the game page knows it (sandboxState, spins). */
  gameBalance: string;
  fmt: (amount: string) => string;
  /** BCP 47 language of the page (amounts typed with its decimal separator). */
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  /** The transfer page (/member?page=wallet, localised), opened in a new tab without a session. */
  walletHref: string;
  /** Re-reads the game's state (its balance) after money moved. */
  onMoved: () => Promise<void>;
  /** Grows when a spin was refused for want of money: the form takes focus. */
  needMoney: number;
  /**
   * The brand's rule for a game wallet that cannot pay `minBet` when the page opens (issue 17):
   * 'ask' offers an amount in the form (`transferAmount`, or the last amount moved in this
   * browser, at most the main balance), 'all' moves all of it in and says so.
   */
  transfer?: 'ask' | 'all';
  /** The brand's default amount to offer (2-decimal string); 20.00 when the page is not told. */
  transferAmount?: string;
  /** The game's smallest bet (2-decimal string). */
  minBet?: string;
}

const mainOf = (b: BalanceValue) => walletAmount(b, MAIN_WALLET);

/** A fresh idempotency key for the transfer made as the page leaves (randomUUID needs a secure context; the fallback does not). */
function leaveKey(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `leave-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

export function GameWallet(p: GameWalletProps) {
  const L = p.labels;
  const ids = useId();
  const client = useMemo(
    () => createApiClient({ merchant: p.merchant, language: p.language, messages: p.messages, token: storedToken }),
    [p.merchant, p.language, p.messages],
  );
  /** member: a session in this tab; none: no session (or it ended: `ended`). */
  const [mode, setMode] = useState<'checking' | 'member' | 'none'>('checking');
  const [ended, setEnded] = useState(false);
  const [main, setMain] = useState<string | null>(null);
  const [mainError, setMainError] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [backBusy, setBackBusy] = useState(false);
  const [backError, setBackError] = useState('');
  const [notice, setNotice] = useState('');
  /** The page opened with too little in the game wallet: the form offers the main wallet's money. */
  const [prompt, setPrompt] = useState(false);
  const opened = useRef(false);
  const gameBalanceRef = useRef(p.gameBalance);
  gameBalanceRef.current = p.gameBalance;
  const moveSub = useRef(submission());
  const backSub = useRef(submission());
  const inputRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const boxRef = useRef<HTMLElement>(null);

  /** A refusal of the session itself: the tab has no (live) session, so link to the transfer page. */
  const sessionGone = useCallback((err: unknown) => {
    if (err instanceof ApiFailure && err.status === 401) {
      setEnded(true);
      setMode('none');
      return true;
    }
    return false;
  }, []);

  const loadMain = useCallback(async () => {
    setMainError('');
    try {
      const b = await client.call(walletBalance);
      setMain(mainOf(b));
      setMode('member');
    } catch (err) {
      if (!sessionGone(err)) {
        setMode('member');
        setMainError(err instanceof Error ? err.message : String(err));
      }
    }
  }, [client, sessionGone]);

  useEffect(() => {
    if (!storedToken()) setMode('none');
    else void loadMain();
  }, [loadMain]);

  // Opening the game with too little in its wallet to bet: by the brand's rule, all of the main
  // wallet is moved in (said in the notice), or the form offers a sensible amount (the last one
  // moved, else the brand's), never the whole balance, for the player to change or accept.
  useEffect(() => {
    if (opened.current || mode !== 'member' || main === null || !p.minBet) return;
    opened.current = true;
    if (compareAmounts(p.gameBalance, p.minBet) >= 0 || compareAmounts(main, '0.00') <= 0) return;
    if (p.transfer === 'all') {
      void move(null, main);
      return;
    }
    setAmount(toInput(offeredTransfer(main, p.transferAmount ?? '20.00', lastTransfer()), p.lang));
    setPrompt(true);
    inputRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, main]);

  // Leaving the game (closing its window, going to the lobby, a reload) brings its wallet back to
  // the main wallet: a keepalive request outlives the page. The site's tabs hear of it and say so.
  useEffect(() => {
    if (mode !== 'member') return;
    const onLeave = () => {
      const amount = gameBalanceRef.current;
      const token = storedToken();
      if (!token || compareAmounts(amount, '0.00') <= 0) return;
      announceWallet({ type: 'leaving', vendorName: p.vendorName, amount });
      try {
        void fetch(walletTransfer.path, {
          method: 'POST',
          keepalive: true,
          headers: { 'content-type': 'application/json', Merchant: p.merchant, Language: p.language, Device: 'web', Authorization: token },
          body: JSON.stringify({ from: p.vendor, to: MAIN_WALLET, amount, idempotencyKey: leaveKey() }),
        });
      } catch {
        /* the money stays in the game wallet, where the transfer page shows it */
      }
    };
    // Back from the browser's page cache (the page left, its wallet went back): read the money again.
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      void loadMain();
      void p.onMoved();
    };
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, p.vendor, p.vendorName, p.merchant, p.language]);

  // A spin refused for want of money: bring the form (or the transfer page's link) to the player.
  useEffect(() => {
    if (p.needMoney === 0) return;
    const target = mode === 'member' ? inputRef.current : linkRef.current;
    boxRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  }, [p.needMoney, mode]);

  const amountIssue = (typed: string): string => {
    const issue = checkAmount(typed, { max: main });
    if (!issue) return '';
    switch (issue.key) {
      case 'required':
        return L.amountRequired;
      case 'decimals':
        return L.amountDecimals;
      case 'positive':
        return L.amountPositive;
      case 'max':
        return fill(L.notEnough, { amount: p.fmt(main ?? '0.00') });
      default:
        return fill(L.amountInvalid, { example: toInput('25.00', p.lang) });
    }
  };

  async function move(ev: SubmitEvent<HTMLFormElement> | null, exact?: string) {
    ev?.preventDefault();
    if (busy) return;
    const typed = exact ?? fromInput(amount, p.lang);
    const issue = amountIssue(typed);
    setNotice('');
    setError(issue);
    if (issue) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const payload = { from: MAIN_WALLET, to: p.vendor, amount: typed };
    try {
      const value = await client.call(walletTransfer, { body: { ...payload, idempotencyKey: moveSub.current.keyFor(payload) } });
      moveSub.current.done();
      if (exact === undefined) rememberTransfer(formatMinor(parseMinor(typed) ?? 0n));
      setMain(mainOf(value));
      setAmount('');
      setPrompt(false);
      await p.onMoved();
      announceWallet({ type: 'moved' });
      setNotice(
        `${fill(L.moved, { amount: p.fmt(formatMinor(parseMinor(typed) ?? 0n)), vendor: p.vendorName, balance: p.fmt(walletAmount(value, p.vendor)) })} ${fill(L.comesBack, { vendor: p.vendorName })}`,
      );
    } catch (err) {
      if (sessionGone(err)) return;
      const f = err instanceof ApiFailure ? (err.fieldErrors.amount ?? err.fieldErrors.to ?? err.fieldErrors.from) : undefined;
      setError(f ?? (err instanceof Error ? err.message : String(err)));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function bringBack() {
    if (backBusy || compareAmounts(p.gameBalance, '0.00') <= 0) return;
    setBackBusy(true);
    setBackError('');
    setNotice('');
    const payload = { from: p.vendor, to: MAIN_WALLET, amount: p.gameBalance };
    try {
      const value = await client.call(walletTransfer, { body: { ...payload, idempotencyKey: backSub.current.keyFor(payload) } });
      backSub.current.done();
      setMain(mainOf(value));
      await p.onMoved();
      announceWallet({ type: 'moved' });
      setNotice(fill(L.broughtBack, { amount: p.fmt(payload.amount), balance: p.fmt(mainOf(value)) }));
    } catch (err) {
      if (!sessionGone(err)) setBackError(err instanceof Error ? err.message : String(err));
    } finally {
      setBackBusy(false);
    }
  }

  const gameName = fill(L.gameWallet, { vendor: p.vendorName });
  const empty = compareAmounts(p.gameBalance, '0.00') <= 0;
  const describedBy = [`${ids}-hint`, error ? `${ids}-err` : ''].filter(Boolean).join(' ');

  return (
    <section ref={boxRef} className="card pl-wallet" aria-labelledby={`${ids}-title`} data-testid="game-wallet">
      <div className="pl-wallet-head">
        <h2 id={`${ids}-title`} className="pl-wallet-title">{L.title}</h2>
        <p className="pl-wallet-line">
          <span>
            {gameName}: <strong data-testid="game-wallet-balance">{p.fmt(p.gameBalance)}</strong>
          </span>
          {mode === 'member' && (
            <>
              <span className="pl-wallet-sep" aria-hidden="true">—</span>
              <span>
                {L.mainWallet}: <strong data-testid="main-wallet-balance">{main === null ? '–' : p.fmt(main)}</strong>
              </span>
            </>
          )}
        </p>
      </div>
      {mode === 'member' && (
        <>
          {mainError && (
            <p className="pl-field-error" role="alert">
              {L.mainFailed} {mainError}{' '}
              <button type="button" className="pl-link-btn" onClick={() => void loadMain()}>{L.retry}</button>
            </p>
          )}
          {prompt && main !== null && (
            <p className="pl-wallet-prompt" data-testid="game-wallet-prompt">
              {fill(L.prompt, { vendor: p.vendorName, main: p.fmt(main) })}
            </p>
          )}
          <form className="pl-move" onSubmit={(e) => void move(e)} noValidate>
            <label htmlFor={`${ids}-amount`} className="pl-move-label">{L.move}</label>
            <div className="pl-move-row">
              <div className={`pl-amount${error ? ' has-error' : ''}`}>
                <input
                  ref={inputRef}
                  id={`${ids}-amount`}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={toInput('0.00', p.lang)}
                  maxLength={20}
                  value={amount}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    if (error) setError('');
                  }}
                />
                <button
                  type="button"
                  className="pl-max"
                  aria-label={L.maxLabel}
                  disabled={main === null || compareAmounts(main, '0.00') <= 0}
                  onClick={() => {
                    if (main === null) return;
                    setAmount(toInput(main, p.lang));
                    setError('');
                    inputRef.current?.focus();
                  }}
                >
                  {L.max}
                </button>
              </div>
              <button type="submit" className="btn btn-primary btn-sm pl-move-btn" disabled={busy}>
                {busy ? L.moving : L.submit}
              </button>
            </div>
            <p id={`${ids}-hint`} className="muted pl-small">{fill(L.hint, { vendor: p.vendorName })}</p>
            {error && <p id={`${ids}-err`} className="pl-field-error">{error}</p>}
          </form>
          <div className="pl-wallet-foot">
            <button type="button" className="pl-link-btn" onClick={() => void bringBack()} disabled={backBusy || empty}>
              {backBusy ? L.bringingBack : L.bringBack}
            </button>
            {backError && <span className="pl-field-error" role="alert">{backError}</span>}
          </div>
        </>
      )}
      {mode === 'none' && (
        <p className="pl-small pl-wallet-none">
          {ended ? `${L.sessionEnded} ` : ''}
          {fill(L.noSession, { vendor: p.vendorName })}{' '}
          <a ref={linkRef} href={p.walletHref} target="_blank" rel="noopener">
            {L.transferPage}
            <span className="sr-only"> {p.opensNew}</span>
          </a>
        </p>
      )}
      <p className="pl-small pl-wallet-ok" role="status" aria-live="polite">{notice}</p>
    </section>
  );
}

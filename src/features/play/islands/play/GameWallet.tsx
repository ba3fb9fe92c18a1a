/**
 * The game page's wallet line for brands with game wallets (sandboxState's `wallet.kind` 'game'):
 * real bets come from the vendor's game wallet, so the page says what is there and what is in the
 * main wallet, and offers to move money from the main wallet into this game (and all of it back)
 * with GCS_walletTransfer. Game calls use the launch token only; moving money is the member's own
 * business, so these calls use the member's session of this browser tab (session storage; a game
 * window opened from the site gets a copy). Without one (another browser, logged out) the page
 * links to the transfer page instead. The steps live in the line's store
 * (src/features/play/client/game-wallet.ts); this component renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { createApiClient, type ClientMessages } from '../../../../kernel/http/client.ts';
import { storedToken } from '../../../../kernel/http/session-keys.ts';
import { compareAmounts, toInput } from '../../../wallet/client.ts';
import { fill } from '../../client/game-logic.ts';
import { createGameWallet, type GameWalletLabels, type GameWalletPage } from '../../client/game-wallet.ts';
import './play.css';

export type { GameWalletLabels };

export interface GameWalletProps extends GameWalletPage {
  /** '(opens in a new tab)'. */
  opensNew: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  /** The transfer page (/member?page=wallet, localised), opened in a new tab without a session. */
  walletHref: string;
  /** Grows when a spin was refused for want of money: the form takes focus. */
  needMoney: number;
}

export function GameWallet(p: GameWalletProps) {
  const L = p.labels;
  const ids = useId();
  // The props change with every spin (the game's balance); the store reads the latest ones.
  const props = useRef(p);
  props.current = p;
  // The line's store (src/features/play/client/game-wallet.ts): state and steps; this component renders.
  const [wallet] = useState(() =>
    createGameWallet({
      client: createApiClient({ merchant: p.merchant, language: p.language, messages: p.messages, token: storedToken }),
      token: storedToken,
      page: () => props.current,
    }),
  );
  const { mode, ended, main, mainError, amount, error, busy, backBusy, backError, notice, prompt, focus } = useStore(wallet.$wallet);
  const canMax = useStore(wallet.$canMax);
  const inputRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const boxRef = useRef<HTMLElement>(null);

  useEffect(() => wallet.start(), [wallet]);

  // The amount field takes focus whenever the store says so (a refused amount, the opening offer).
  useEffect(() => {
    if (focus.count) inputRef.current?.focus({ preventScroll: focus.quiet });
  }, [focus]);

  // Leaving the game (closing its window, going to the lobby, a reload) brings its wallet back to
  // the main wallet; coming back from the browser's page cache reads the money again.
  useEffect(() => {
    const onLeave = () => wallet.leave();
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) wallet.restored();
    };
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
  }, [wallet]);

  // A spin refused for want of money: bring the form (or the transfer page's link) to the player.
  useEffect(() => {
    if (p.needMoney === 0) return;
    const target = mode === 'member' ? inputRef.current : linkRef.current;
    boxRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  }, [p.needMoney, mode]);

  const gameName = fill(L.gameWallet, { vendor: p.vendorName });
  const empty = compareAmounts(p.gameBalance, '0.00') <= 0;
  const describedBy = [`${ids}-hint`, error ? `${ids}-err` : ''].filter(Boolean).join(' ');

  return (
    <section ref={boxRef} className="card pl-wallet" aria-labelledby={`${ids}-title`} data-testid="game-wallet">
      <div className="pl-wallet-head">
        <h2 id={`${ids}-title`} className="pl-wallet-title">
          {L.title}
        </h2>
        <p className="pl-wallet-line">
          <span>
            {gameName}: <strong data-testid="game-wallet-balance">{p.fmt(p.gameBalance)}</strong>
          </span>
          {mode === 'member' && (
            <>
              <span className="pl-wallet-sep" aria-hidden="true">
                —
              </span>
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
              <button type="button" className="pl-link-btn" onClick={() => void wallet.loadMain()}>
                {L.retry}
              </button>
            </p>
          )}
          {prompt && main !== null && (
            <p className="pl-wallet-prompt" data-testid="game-wallet-prompt">
              {fill(L.prompt, { vendor: p.vendorName, main: p.fmt(main) })}
            </p>
          )}
          <form
            className="pl-move"
            onSubmit={(e) => {
              e.preventDefault();
              void wallet.move();
            }}
            noValidate
          >
            <label htmlFor={`${ids}-amount`} className="pl-move-label">
              {L.move}
            </label>
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
                  onChange={(e) => wallet.type(e.target.value)}
                />
                <button
                  type="button"
                  className="pl-max"
                  aria-label={L.maxLabel}
                  disabled={!canMax}
                  onClick={() => {
                    wallet.fillMax();
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
            <p id={`${ids}-hint`} className="muted pl-small">
              {fill(L.hint, { vendor: p.vendorName })}
            </p>
            {error && (
              <p id={`${ids}-err`} className="pl-field-error">
                {error}
              </p>
            )}
          </form>
          <div className="pl-wallet-foot">
            <button type="button" className="pl-link-btn" onClick={() => void wallet.bringBack()} disabled={backBusy || empty}>
              {backBusy ? L.bringingBack : L.bringBack}
            </button>
            {backError && (
              <span className="pl-field-error" role="alert">
                {backError}
              </span>
            )}
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
      <p className="pl-small pl-wallet-ok" role="status" aria-live="polite">
        {notice}
      </p>
    </section>
  );
}

/**
 * The header's wallet (spec 2.4 logged in, 4 Balance display, 9 two decimals): the balance with
 * its currency symbol (a press opens the member centre at its remembered page), a hide/show
 * toggle remembered in this browser, a refresh button that spins while the balance loads, and the
 * deposit shortcut. A trial account has no wallet: it sees only the shortcut, which tells it a
 * real account is needed (spec 6). A portal into the header's auth slot, placed before the
 * avatar by CSS (`order`), so that it does not depend on the user menu's rendering.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { $isTrial, $member } from '../../accounts/client.ts';
import { openMemberCentre } from '../../../shell/member-centre/store.ts';
import { $balance, $balanceLoading, $balanceMasked, amountText, onWalletNews, refreshBalance, toggleBalanceMask } from '../client/wallet.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import { refuseTrial } from '../../accounts/client.ts';
import { EyeIcon } from '../../../ui/icons.tsx';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';
import { maskedMoney, money } from './format.ts';
import { useWalletLabels } from './labels.ts';
import walletCss from './wallet.css?url';
import { addStylesheet } from '../../../ui/stylesheets.ts';

void addStylesheet(walletCss);

/** Seconds after which coming back to the tab refreshes the balance. */
const STALE_MS = 30_000;

export default function HeaderBalance() {
  const labels = useLabels();
  const w = useWalletLabels(labels.lang);
  const member = useStore($member);
  const isTrial = useStore($isTrial);
  const balance = useStore($balance);
  const loading = useStore($balanceLoading);
  const masked = useStore($balanceMasked);
  const memberId = member?.id;
  const wordsRef = useRef(w);
  wordsRef.current = w;

  useEffect(() => {
    if (memberId === undefined || isTrial) return;
    let last = Date.now();
    void refreshBalance();
    // Money may have moved in another tab or a game window: refresh when the player comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last > STALE_MS) {
        last = Date.now();
        void refreshBalance();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    // A game window of this browser moved money (a spin, a transfer): the header shows the same
    // money at once. One that closes brings its game wallet back to main (issue 17): said here.
    const stop = onWalletNews((news) => {
      last = Date.now();
      if (news.type === 'moved') {
        void refreshBalance();
        return;
      }
      window.setTimeout(() => void refreshBalance(), 1500);
      const words = wordsRef.current;
      if (words)
        void showDialog({
          kind: 'info',
          text: fill(words.header.broughtBack, { amount: money(news.amount, $balance.get()?.currencySymbol ?? '', labels.lang), vendor: news.vendorName }),
          timeoutMs: 8000,
        });
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId, isTrial]);

  const slot = typeof document !== 'undefined' ? document.querySelector<HTMLElement>('[data-auth-slot]') : null;
  if (!member || !w || !slot) return null;

  const depositHref = localPath(labels, '/member?page=deposit');
  const onDeposit = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isTrial) return; // the member centre's link handler opens the deposit page
    e.preventDefault();
    void refuseTrial(labels);
  };
  const deposit = (
    <a className="btn btn-primary btn-sm wl-deposit" href={depositHref} onClick={onDeposit}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span className="wl-deposit-text">{w.header.deposit}</span>
    </a>
  );
  if (isTrial) return createPortal(<div className="wl-header">{deposit}</div>, slot);

  const symbol = balance?.currencySymbol ?? '';
  const shown = balance ? (masked ? maskedMoney(symbol) : money(amountText(balance.sumBalance), symbol, labels.lang)) : '…';
  const spoken = balance ? (masked ? w.header.hidden : money(amountText(balance.sumBalance), symbol, labels.lang)) : w.common.loading;

  return createPortal(
    <div className="wl-header">
      <div className="wl-chip">
        <button type="button" className="wl-amount" onClick={() => openMemberCentre()} title={w.header.open}>
          <span className="sr-only">{fill(w.header.balanceIs, { amount: spoken })}</span>
          <span aria-hidden="true" className={masked ? 'wl-masked' : undefined}>
            {shown}
          </span>
        </button>
        <button type="button" className="wl-icon" aria-pressed={masked} aria-label={w.header.hide} title={masked ? w.header.show : w.header.hide} onClick={toggleBalanceMask}>
          <EyeIcon size={18} crossed={masked} />
        </button>
        <button type="button" className="wl-icon" aria-label={w.header.refresh} aria-busy={loading || undefined} title={w.header.refresh} onClick={() => void refreshBalance()}>
          <svg className={loading ? 'wl-spinning' : undefined} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <span className="sr-only" role="status">
          {loading ? w.header.refreshing : ''}
        </span>
      </div>
      {deposit}
    </div>,
    slot,
  );
}

/**
 * The wallet the tickets are paid from: on a single-wallet brand a line with the main wallet's
 * balance; else the play feature's game wallet line for the game's vendor (money moved in and
 * back from the page; a purchase refused for want of money puts its form in focus).
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { fill } from '../../../kernel/i18n/browser.ts';
import { walletAmount } from '../../wallet/client.ts';
import { GameWallet, type GameWalletLabels } from '../../play/client.ts';
import { useLotteryPage } from './page.ts';

export interface WalletLineProps {
  walletLabels: GameWalletLabels;
  opensNew: string;
  singleWallet: boolean;
  gameTransfer: 'ask' | 'all';
  gameTransferAmount: string;
  vendorNames: Record<string, string>;
  walletHref: string;
}

export function WalletLine(p: WalletLineProps) {
  const { flow, labels: L, lang, money } = useLotteryPage();
  const info = useStore(flow.$info);
  const vendor = useStore(flow.$vendor);
  const balance = useStore(flow.$balance);
  const needMoney = useStore(flow.$needMoney);
  // The game wallet line makes its own API client from the page's client configuration.
  const client = useMemo(() => {
    const cfg = JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { merchant: string; language: string; messages: { network: string; timeout: string; unknown: string } };
    return cfg;
  }, []);
  if (!vendor || !info) return null;
  if (p.singleWallet) {
    return (
      <p className="card lt-wallet" data-testid="lottery-wallet">
        {fill(L.slip.paysFrom, { wallet: L.slip.mainWallet, balance: balance ? money(walletAmount(balance, 'MAIN')) : '–' })}
      </p>
    );
  }
  return (
    <GameWallet
      key={vendor}
      labels={p.walletLabels}
      opensNew={p.opensNew}
      vendor={vendor}
      vendorName={p.vendorNames[vendor] ?? vendor}
      gameBalance={balance ? walletAmount(balance, vendor) : '0.00'}
      fmt={money}
      lang={lang}
      merchant={client.merchant}
      language={client.language}
      messages={client.messages}
      walletHref={p.walletHref}
      onMoved={flow.moved}
      needMoney={needMoney}
      transfer={p.gameTransfer}
      transferAmount={p.gameTransferAmount}
      minBet={info.stake.min}
    />
  );
}

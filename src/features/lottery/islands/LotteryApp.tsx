/**
 * The lottery pages' island (issue 16): the game menu (`/lgw/vn/games/game_menu`, and the
 * player's recent games), the selected game's board (bet type, numbers by grid, typed or quick
 * pick, bulk entry, position or side, the stake and the potential win, the countdown to the close),
 * the bet slip, the player's tickets with their outcome, and the results of past draws with their
 * verification. What each bet picks comes from `shapes.ts`; the server checks everything again.
 *
 * State and steps live in the page's store (src/features/lottery/client/lottery-flow.ts) and the
 * board's (board-flow.ts); these components render them, each part in its own file. Only the
 * countdowns follow the clock's seconds, so a tick re-renders them and nothing else.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { pageApiClient } from '../../../kernel/http/client.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { formatDateTime, formatTime } from '../../../kernel/intl.ts';
import type { GameWalletLabels } from '../../play/client.ts';
import { browserAddress, createLotteryFlow, type Area } from '../client/lottery-flow.ts';
import { LotteryPageContext, type LotteryLabels, type LotteryPage } from './page.ts';
import { GameMenu } from './GameMenu.tsx';
import { DrawHead } from './DrawHead.tsx';
import { WalletLine } from './WalletLine.tsx';
import { Board } from './Board.tsx';
import { Slip } from './Slip.tsx';
import { TicketList } from './TicketList.tsx';
import { Results } from './Results.tsx';
import './lottery.css';

export type { LotteryLabels } from './page.ts';

export interface LotteryAppProps {
  labels: LotteryLabels;
  walletLabels: GameWalletLabels;
  opensNew: string;
  area: Area;
  /** BCP 47 language of the page. */
  lang: string;
  symbol: string;
  timeZone: string;
  singleWallet: boolean;
  /** The brand's rule for a game wallet that cannot pay a ticket (brand wallet.gameTransfer). */
  gameTransfer: 'ask' | 'all';
  /** With 'ask': the brand's default amount to offer (2-decimal string). */
  gameTransferAmount: string;
  vendorNames: Record<string, string>;
  walletHref: string;
}

export default function LotteryApp(p: LotteryAppProps) {
  const L = p.labels;
  // The page's store and what its parts share; made once (the island also renders on the server,
  // where the store is made but never started: it touches the browser only from `start`).
  const [page] = useState<LotteryPage>(() => {
    const money = (amount: string) => formatMoney(amount, p.lang, p.symbol);
    return {
      flow: createLotteryFlow({
        api: pageApiClient,
        area: p.area,
        address: typeof window === 'undefined' ? { href: () => '', replace: () => undefined, assign: () => undefined } : browserAddress(),
        words: { placed: L.slip.placed },
        format: money,
      }),
      labels: L,
      lang: p.lang,
      money,
      // One clock: the brand's zone, labelled (src/kernel/intl.ts), as in the header.
      time: (ms, withDay = false) => (withDay ? formatDateTime(ms, p.lang) : formatTime(ms, p.lang)),
      gameName: (code) => (L.games as Record<string, string>)[code] ?? code,
    };
  });
  const { flow } = page;
  const info = useStore(flow.$info);
  const infoError = useStore(flow.$infoError);

  useEffect(() => flow.start(), [flow]);

  return (
    <LotteryPageContext.Provider value={page}>
      <div className="lt-app">
        <GameMenu />

        <div className="lt-main">
          {!info && !infoError && (
            <p className="muted" role="status">
              {L.board.loading}
            </p>
          )}
          {infoError && (
            <p role="alert" className="lt-error">
              {infoError}
            </p>
          )}
          {info && (
            <>
              <DrawHead />
              <WalletLine
                walletLabels={p.walletLabels}
                opensNew={p.opensNew}
                singleWallet={p.singleWallet}
                gameTransfer={p.gameTransfer}
                gameTransferAmount={p.gameTransferAmount}
                vendorNames={p.vendorNames}
                walletHref={p.walletHref}
              />
              <Board key={info.gameCode} />
              <Slip />
              <TicketList />
              <Results />
            </>
          )}
        </div>
      </div>
    </LotteryPageContext.Provider>
  );
}

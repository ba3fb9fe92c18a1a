/**
 * Wallet (transfer funds, spec 2.14): the total, the main wallet, funds held for withdrawals and,
 * when the brand is not single-wallet, each vendor's game wallet, with transfers between the main
 * wallet and a game wallet and 'transfer all back' (GCS_walletTransfer). A single-wallet brand
 * has nothing to move: every game plays from the one balance. The steps live in the page's store
 * (src/features/wallet/client/transfer.ts); this component renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createTransferPage, type GameWalletLine, type TransferPage } from '../../client/transfer.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { focusFirstInvalid } from '../../../../ui/form.tsx';
import { Segmented } from '../../../../ui/Segmented.tsx';
import { compareAmounts } from '../format.ts';
import { AmountField, FormNotice, TRANSFER_FIELDS } from '../form.tsx';
import { Empty, LoadFailed, Loading } from '../../../../ui/loaded.tsx';
import { Block, Facts, failureToFields, Money, useMoney, useWallet } from '../ui.tsx';
import { walletWords } from '../words.ts';

export default function WalletPage() {
  const w = useWallet();
  const labels = useLabels();
  // The page's store (src/features/wallet/client/transfer.ts): state and steps; this component renders.
  const [page] = useState(() =>
    createTransferPage({
      words: walletWords(w, labels.lang),
      refused: (err) => failureToFields(err, labels, TRANSFER_FIELDS),
      failed: (err) => void failureToFields(err, labels, { byName: {} }),
    }),
  );
  const wallets = useStore(page.$wallets);
  const { loadError } = useStore(page.$transfer);

  useEffect(() => void page.open(), [page]);

  if (loadError && !wallets) return <LoadFailed message={loadError} onRetry={() => void page.open()} />;
  if (!wallets) return <Loading />;

  return (
    <div className="wl-page">
      <Facts
        facts={[
          { label: w.wallet.total, value: <Money amount={wallets.total} />, total: true },
          { label: w.wallet.main, value: <Money amount={wallets.main} /> },
          { label: w.wallet.held, value: <Money amount={wallets.held} /> },
        ]}
      />
      <p className="wl-note">{w.wallet.heldNote}</p>
      {wallets.single ? (
        <p className="wl-note">{w.wallet.single}</p>
      ) : (
        <>
          <GameWallets games={wallets.games} />
          <TransferForm page={page} games={wallets.games} />
        </>
      )}
    </div>
  );
}

function GameWallets({ games }: { games: GameWalletLine[] }) {
  const w = useWallet();
  const [all, setAll] = useState(false);
  const funded = games.filter((g) => compareAmounts(g.amount, '0.00') !== 0);
  const list = all ? games : funded;
  return (
    <Block
      id="wl-games"
      title={w.wallet.games}
      action={
        <button type="button" className="link-btn" aria-pressed={all} onClick={() => setAll((a) => !a)}>
          {all ? w.wallet.showFunded : fill(w.wallet.showAll, { count: games.length })}
        </button>
      }
    >
      {list.length === 0 ? (
        <Empty>{w.wallet.gamesEmpty}</Empty>
      ) : (
        <ul className="wl-games">
          {list.map((g) => (
            <li key={g.code}>
              <span className="wl-game-name">{g.name}</span>
              <Money amount={g.amount} />
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function TransferForm({ page, games }: { page: TransferPage; games: GameWalletLine[] }) {
  const w = useWallet();
  const fmt = useMoney();
  const { direction, amount, allBusy } = useStore(page.$transfer);
  const { game, gameName, source, anyInGames } = useStore(page.$choice);
  const { errors, busy, notice, focusErrors } = useStore(page.form.$form);
  const formRef = useRef<HTMLFormElement>(null);

  // The first field in error takes focus whenever the store says so.
  useEffect(() => {
    if (focusErrors) focusFirstInvalid(formRef.current);
  }, [focusErrors]);

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    ev.preventDefault();
    void page.submit();
  };

  return (
    <Block
      id="wl-transfer"
      title={w.wallet.transfer}
      action={
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void page.allBack()} disabled={allBusy || !anyInGames}>
          {w.wallet.allBack}
        </button>
      }
    >
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <Segmented
          label={w.wallet.direction}
          value={direction}
          onChange={page.setDirection}
          options={[
            { value: 'in', label: w.wallet.toGame },
            { value: 'out', label: w.wallet.toMain },
          ]}
        />
        <div className={errors.game ? 'field has-error' : 'field'}>
          <label htmlFor="wl-game">{w.wallet.gameWallet}</label>
          <div className="control">
            <select
              id="wl-game"
              name="game"
              className="wl-select"
              value={game}
              onChange={(e) => page.chooseGame(e.target.value)}
              aria-invalid={errors.game ? true : undefined}
              aria-describedby={errors.game ? 'wl-game-err' : undefined}
            >
              {games.map((g) => (
                <option key={g.code} value={g.code}>
                  {`${g.name} (${fmt(g.amount)})`}
                </option>
              ))}
            </select>
          </div>
          {errors.game && (
            <p className="field-error" id="wl-game-err">
              {errors.game}
            </p>
          )}
        </div>
        <AmountField
          value={amount}
          onChange={page.typeAmount}
          error={errors.amount}
          hint={fill(w.wallet.available, { amount: fmt(source), wallet: direction === 'in' ? w.wallet.main : gameName })}
          max={source}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {w.wallet.submit}
        </button>
        <FormNotice text={notice} />
      </form>
    </Block>
  );
}

/**
 * Wallet (transfer funds, spec 2.14): the total, the main wallet, funds held for withdrawals and,
 * when the brand is not single-wallet, each vendor's game wallet, with transfers between the main
 * wallet and a game wallet and 'transfer all back' (GCS_walletTransfer). A single-wallet brand
 * has nothing to move: every game plays from the one balance.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MAIN_WALLET, walletTransfer } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { $balance, $balanceError, $merchantWallet, amountText, loadMerchantWallet, refreshBalance, setBalance, submission, walletAmount } from '../../client/wallet.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { Segmented } from '../../../../ui/Segmented.tsx';
import { compareAmounts, fromInput } from '../format.ts';
import { AmountField, amountError, errorsOf, FormNotice, TRANSFER_FIELDS, useWalletForm } from '../form.tsx';
import { Block, Empty, Facts, failureToFields, LoadFailed, Loading, Money, useMoney, useWallet } from '../ui.tsx';

type Direction = 'in' | 'out';

export default function WalletPage() {
  const w = useWallet();
  const balance = useStore($balance);
  const merchant = useStore($merchantWallet);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    void Promise.all([refreshBalance(), loadMerchantWallet()])
      .then(([b]) => {
        if (live && !b) setLoadError($balanceError.get() ?? w.common.loadFailed);
      })
      .catch((err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [tick, w]);

  if (loadError && (!balance || !merchant)) return <LoadFailed message={loadError} onRetry={() => setTick((t) => t + 1)} />;
  if (!balance || !merchant) return <Loading />;

  const main = walletAmount(balance, MAIN_WALLET);
  const games = merchant.vendors.map((v) => ({ code: v.accountTypeName, name: v.name, amount: walletAmount(balance, v.accountTypeName) }));

  return (
    <div className="wl-page">
      <Facts
        facts={[
          { label: w.wallet.total, value: <Money amount={amountText(balance.sumBalance)} />, total: true },
          { label: w.wallet.main, value: <Money amount={main} /> },
          { label: w.wallet.held, value: <Money amount={amountText(balance.heldBalance)} /> },
        ]}
      />
      <p className="wl-note">{w.wallet.heldNote}</p>
      {merchant.isSingle ? (
        <p className="wl-note">{w.wallet.single}</p>
      ) : (
        <>
          <GameWallets games={games} />
          <TransferForm main={main} games={games} />
        </>
      )}
    </div>
  );
}

function GameWallets({ games }: { games: { code: string; name: string; amount: string }[] }) {
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

function TransferForm({ main, games }: { main: string; games: { code: string; name: string; amount: string }[] }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const [direction, setDirection] = useState<Direction>('in');
  const [game, setGame] = useState(games[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const form = useWalletForm(TRANSFER_FIELDS);
  const { errors, setNotice } = form;
  const [allBusy, setAllBusy] = useState(false);
  const allSub = useRef(submission());

  const source = direction === 'in' ? main : (games.find((g) => g.code === game)?.amount ?? '0.00');
  const gameName = games.find((g) => g.code === game)?.name ?? game;
  const anyInGames = games.some((g) => compareAmounts(g.amount, '0.00') > 0);

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    const typed = fromInput(amount, labels.lang);
    const payload = direction === 'in' ? { from: MAIN_WALLET, to: game, amount: typed } : { from: game, to: MAIN_WALLET, amount: typed };
    return form.submit(ev, {
      check: () =>
        errorsOf({
          game: game ? undefined : w.wallet.pickGame,
          amount: amountError(w, fmt, typed, { max: source }, fill(w.wallet.notEnough, { amount: fmt(source) })),
        }),
      send: (keyFor) => api().call(walletTransfer, { body: { ...payload, idempotencyKey: keyFor(payload) } }),
      done: (value) => {
        setBalance(value);
        setAmount('');
        setNotice(fill(direction === 'in' ? w.wallet.movedIn : w.wallet.movedOut, { amount: fmt(payload.amount), game: gameName }));
      },
    });
  };

  async function allBack() {
    if (allBusy) return;
    setAllBusy(true);
    setNotice(null);
    const payload = { to: MAIN_WALLET, all: true };
    try {
      const value = await api().call(walletTransfer, { body: { ...payload, idempotencyKey: allSub.current.keyFor(payload) } });
      allSub.current.done();
      setBalance(value);
      setNotice(w.wallet.allBackDone);
    } catch (err) {
      failureToFields(err, labels, { byName: {} });
    } finally {
      setAllBusy(false);
    }
  }

  return (
    <Block
      id="wl-transfer"
      title={w.wallet.transfer}
      action={
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void allBack()} disabled={allBusy || !anyInGames}>
          {w.wallet.allBack}
        </button>
      }
    >
      <form ref={form.formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <Segmented
          label={w.wallet.direction}
          value={direction}
          onChange={setDirection}
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
              onChange={(e) => setGame(e.target.value)}
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
          onChange={setAmount}
          error={errors.amount}
          hint={fill(w.wallet.available, { amount: fmt(source), wallet: direction === 'in' ? w.wallet.main : gameName })}
          max={source}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {w.wallet.submit}
        </button>
        <FormNotice text={form.notice} />
      </form>
    </Block>
  );
}

/**
 * Wallet (transfer funds, spec 2.14): the total, the main wallet, funds held for withdrawals and,
 * when the brand is not single-wallet, each vendor's game wallet, with transfers between the main
 * wallet and a game wallet and 'transfer all back' (GCS_walletTransfer). A single-wallet brand
 * has nothing to move: every game plays from the one balance.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MAIN_WALLET, walletTransfer } from '../../../lib/contract/wallet.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { $balance, $balanceError, $merchantWallet, loadMerchantWallet, refreshBalance, setBalance, submission } from '../../../lib/client/stores/wallet.ts';
import { focusFirstInvalid } from '../../ui/form.tsx';
import { Field } from '../../accounts/fields.tsx';
import { fill, useLabels } from '../../shell/labels.tsx';
import { checkAmount, compareAmounts, fromInput, toInput } from '../format.ts';
import { amountIssueText, failureToFields, LoadFailed, Loading, Money, useNotice, useMoney, useWallet } from '../ui.tsx';

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

  const main = balance.balance.find((b) => b.accountTypeId === MAIN_WALLET)?.availBalance ?? '0.00';
  const games = merchant.vendors.map((v) => ({
    ...v,
    amount: balance.balance.find((b) => b.accountTypeId === v.accountTypeId)?.availBalance ?? '0.00',
  }));

  return (
    <div className="wl-page">
      <dl className="wl-summary">
        <div className="wl-total">
          <dt>{w.wallet.total}</dt>
          <dd>
            <Money amount={balance.sumBalance} />
          </dd>
        </div>
        <div>
          <dt>{w.wallet.main}</dt>
          <dd>
            <Money amount={main} />
          </dd>
        </div>
        <div>
          <dt>{w.wallet.held}</dt>
          <dd>
            <Money amount={balance.heldBalance} />
          </dd>
        </div>
      </dl>
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

function GameWallets({ games }: { games: { accountTypeId: string; name: string; amount: string }[] }) {
  const w = useWallet();
  const [all, setAll] = useState(false);
  const funded = games.filter((g) => compareAmounts(g.amount, '0.00') !== 0);
  const list = all ? games : funded;
  return (
    <section className="wl-block" aria-labelledby="wl-games">
      <div className="wl-block-head">
        <h4 id="wl-games">{w.wallet.games}</h4>
        <button type="button" className="link-btn" aria-pressed={all} onClick={() => setAll((a) => !a)}>
          {all ? w.wallet.showFunded : fill(w.wallet.showAll, { count: games.length })}
        </button>
      </div>
      {list.length === 0 ? (
        <p className="wl-empty">{w.wallet.gamesEmpty}</p>
      ) : (
        <ul className="wl-games">
          {list.map((g) => (
            <li key={g.accountTypeId}>
              <span className="wl-game-name">{g.name}</span>
              <Money amount={g.amount} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Errors = Partial<Record<'game' | 'amount', string>>;

function TransferForm({ main, games }: { main: string; games: { accountTypeId: string; name: string; amount: string }[] }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const [direction, setDirection] = useState<Direction>('in');
  const [game, setGame] = useState(games[0]?.accountTypeId ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [allBusy, setAllBusy] = useState(false);
  const [notice, setNotice] = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());
  const allSub = useRef(submission());

  const source = direction === 'in' ? main : (games.find((g) => g.accountTypeId === game)?.amount ?? '0.00');
  const gameName = games.find((g) => g.accountTypeId === game)?.name ?? game;
  const anyInGames = games.some((g) => compareAmounts(g.amount, '0.00') > 0);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!game) found.game = w.wallet.pickGame;
    const typed = fromInput(amount, labels.lang);
    const issue = checkAmount(typed, { max: source });
    if (issue) found.amount = issue.key === 'max' ? fill(w.wallet.notEnough, { amount: fmt(source) }) : amountIssueText(w, issue, fmt);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const payload = direction === 'in' ? { from: MAIN_WALLET, to: game, amount: typed } : { from: game, to: MAIN_WALLET, amount: typed };
    setBusy(true);
    try {
      const value = await api().call(walletTransfer, { body: { ...payload, idempotencyKey: sub.current.keyFor(payload) } });
      sub.current.done();
      setBalance(value);
      setAmount('');
      setNotice(fill(direction === 'in' ? w.wallet.movedIn : w.wallet.movedOut, { amount: fmt(payload.amount), game: gameName }));
    } catch (err) {
      setErrors(failureToFields<'game' | 'amount'>(err, labels, { byName: { amount: 'amount', from: 'game', to: 'game' }, byCode: [['wallet.amount', 'amount'], ['wallet.balance', 'amount']] }));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

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
    <section className="wl-block" aria-labelledby="wl-transfer">
      <div className="wl-block-head">
        <h4 id="wl-transfer">{w.wallet.transfer}</h4>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void allBack()} disabled={allBusy || !anyInGames}>
          {w.wallet.allBack}
        </button>
      </div>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="segmented" role="group" aria-label={w.wallet.direction}>
          <button type="button" aria-pressed={direction === 'in'} onClick={() => setDirection('in')}>
            {w.wallet.toGame}
          </button>
          <button type="button" aria-pressed={direction === 'out'} onClick={() => setDirection('out')}>
            {w.wallet.toMain}
          </button>
        </div>
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
                <option key={g.accountTypeId} value={g.accountTypeId}>
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
        <Field
          name="amount"
          label={w.common.amount}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          inputMode="decimal"
          placeholder={toInput('0.00', labels.lang)}
          maxLength={20}
          required
          hint={fill(w.wallet.available, { amount: fmt(source), wallet: direction === 'in' ? w.wallet.main : gameName })}
          addon={
            <button type="button" className="addon-btn" onClick={() => setAmount(toInput(source, labels.lang))}>
              {w.common.max}
            </button>
          }
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {w.wallet.submit}
        </button>
        <p className="form-status wl-ok" role="status">
          {notice ?? ''}
        </p>
      </form>
    </section>
  );
}

/**
 * Transfer to upline (spec 2.14): money from the member's main wallet to the agent directly
 * above, with the payment password when the account has one, once the member has confirmed the
 * amount and the recipient (it cannot be taken back). A member with no upline is told so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { MAIN_WALLET, uplineTransfer } from '../../contract.ts';
import { $member, api } from '../../../accounts/client.ts';
import { $balance, refreshBalance, setBalance, walletAmount } from '../../client/wallet.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { showDialog } from '../../../../ui/stores/ui.ts';
import { fromInput } from '../format.ts';
import { AMOUNT_FIELDS, AmountField, amountError, errorsOf, FormNotice, PaymentPasswordField, paymentPasswordError, useWalletForm } from '../form.tsx';
import { Empty } from '../../../../ui/loaded.tsx';
import { Facts, Money, useMoney, useWallet } from '../ui.tsx';

export default function UplinePage() {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const member = useStore($member);
  const balance = useStore($balance);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const form = useWalletForm(AMOUNT_FIELDS);

  useEffect(() => {
    void refreshBalance();
  }, []);

  if (!member) return null;
  if (!member.upline)
    return (
      <div className="wl-page">
        <Empty>{w.upline.none}</Empty>
      </div>
    );
  const needPassword = member.hasPaymentPassword;
  const main = balance ? walletAmount(balance, MAIN_WALLET) : null;

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    const value = fromInput(amount, labels.lang);
    return form.submit(ev, {
      check: () =>
        errorsOf({
          amount: amountError(w, fmt, value, { max: main }, fill(w.upline.notEnough, { amount: fmt(main ?? '0.00') })),
          paymentPassword: paymentPasswordError(w, needPassword, password),
        }),
      confirm: () =>
        showDialog({
          kind: 'confirm',
          title: w.upline.confirmTitle,
          text: fill(w.upline.confirmText, { amount: fmt(value), upline: member.upline ?? '' }),
          confirmLabel: w.upline.confirm,
          cancelLabel: labels.auth.cancel,
        }),
      send: (keyFor) =>
        api().call(uplineTransfer, {
          body: { amount: value, ...(needPassword ? { paymentPassword: password } : {}), idempotencyKey: keyFor({ amount: value }) },
        }),
      done: (answer) => {
        setBalance(answer.balance);
        setAmount('');
        setPassword('');
        form.setNotice(fill(w.upline.done, { amount: fmt(answer.amount), upline: answer.uplineAccount }));
      },
    });
  };

  return (
    <div className="wl-page">
      <Facts
        facts={[
          { label: w.upline.to, value: member.upline, valueClass: 'wl-strong' },
          { label: w.wallet.main, value: main !== null ? <Money amount={main} /> : '…' },
        ]}
      />
      <form ref={form.formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <AmountField value={amount} onChange={setAmount} error={form.errors.amount} />
        {needPassword && <PaymentPasswordField value={password} onChange={setPassword} error={form.errors.paymentPassword} />}
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {w.upline.submit}
        </button>
        <FormNotice text={form.notice} />
      </form>
    </div>
  );
}

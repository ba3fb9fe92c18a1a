/**
 * Transfer to upline (spec 2.14): money from the member's main wallet to the agent directly
 * above, with the payment password when the account has one. A member with no upline is told so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MAIN_WALLET, uplineTransfer } from '../../../lib/contract/wallet.ts';
import { $member, api } from '../../../lib/client/stores/session.ts';
import { $balance, refreshBalance, setBalance, submission } from '../../../lib/client/stores/wallet.ts';
import { focusFirstInvalid } from '../../ui/form.tsx';
import { Field, PasswordField } from '../../accounts/fields.tsx';
import { fill, useLabels } from '../../shell/labels.tsx';
import { checkAmount, fromInput, toInput } from '../format.ts';
import { amountIssueText, Empty, failureToFields, Money, useNotice, useMoney, useWallet } from '../ui.tsx';

type Errors = Partial<Record<'amount' | 'paymentPassword', string>>;

export default function UplinePage() {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const member = useStore($member);
  const balance = useStore($balance);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());

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
  const main = balance?.balance.find((b) => b.accountTypeId === MAIN_WALLET)?.availBalance ?? null;

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const found: Errors = {};
    const value = fromInput(amount, labels.lang);
    const issue = checkAmount(value, { max: main });
    if (issue) found.amount = issue.key === 'max' ? fill(w.upline.notEnough, { amount: fmt(main ?? '0.00') }) : amountIssueText(w, issue, fmt);
    if (needPassword && !password) found.paymentPassword = w.withdrawal.passwordRequired;
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await api().call(uplineTransfer, {
        body: { amount: value, ...(needPassword ? { paymentPassword: password } : {}), idempotencyKey: sub.current.keyFor({ amount: value }) },
      });
      sub.current.done();
      setBalance(answer.balance);
      setAmount('');
      setPassword('');
      setNotice(fill(w.upline.done, { amount: fmt(answer.amount), upline: answer.uplineAccount }));
    } catch (err) {
      setErrors(
        failureToFields<'amount' | 'paymentPassword'>(err, labels, {
          byName: { amount: 'amount', paymentPassword: 'paymentPassword' },
          byCode: [
            ['wallet.amount', 'amount'],
            ['wallet.balance', 'amount'],
            ['wallet.paymentPassword', 'paymentPassword'],
          ],
        }),
      );
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="wl-page">
      <dl className="wl-summary">
        <div>
          <dt>{w.upline.to}</dt>
          <dd className="wl-strong">{member.upline}</dd>
        </div>
        <div>
          <dt>{w.wallet.main}</dt>
          <dd>{main !== null ? <Money amount={main} /> : '…'}</dd>
        </div>
      </dl>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
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
        />
        {needPassword && (
          <PasswordField
            name="paymentPassword"
            label={w.common.paymentPassword}
            value={password}
            onChange={setPassword}
            error={errors.paymentPassword}
            required
            maxLength={64}
            autoComplete="off"
          />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {w.upline.submit}
        </button>
        <p className="form-status wl-ok" role="status">
          {notice ?? ''}
        </p>
      </form>
    </div>
  );
}

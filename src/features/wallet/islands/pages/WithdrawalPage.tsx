/**
 * Withdrawal (spec 2.16, 3 and 4 withdrawal confirmation): what may be withdrawn, the brand's
 * minimum and maximum, the payment password when the account has one; the request holds the
 * amount at once. Below, the player's withdrawals: a paid one is confirmed as received, or as
 * not received with the amount that did arrive and a proof image (png or jpg, 5 MB at most,
 * checked here before it is sent); unanswered, it counts as received after the brand's minutes.
 */
import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { PROOF_MAX_BYTES, withdrawals, withdrawConfirm, withdrawCreate, withdrawInfo, type WithdrawalItem } from '../../contract.ts';
import type { ValueOf } from '../../../../kernel/contract.ts';
import { parseMinor } from '../../../../kernel/money.ts';
import { api } from '../../../accounts/client.ts';
import { showDialog } from '../../../../ui/stores/ui.ts';
import { openMemberCentre } from '../../../../shell/member-centre/store.ts';
import { refreshBalance, submission } from '../../client/wallet.ts';
import { Field } from '../../../accounts/client.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { compareAmounts, fromInput, toInput } from '../format.ts';
import { AMOUNT_FIELDS, AmountField, amountError, errorsOf, FormNotice, PaymentPasswordField, paymentPasswordError, useWalletForm } from '../form.tsx';
import type { WalletLabels } from '../labels.ts';
import { RecordList, RefreshButton, usePagedRecords, WhenLoaded } from '../records.tsx';
import { Badge, Block, Facts, failureToFields, Money, useDateTime, useLoad, useMoney, useWallet, type FieldMap } from '../ui.tsx';

type Info = ValueOf<typeof withdrawInfo>;

export default function WithdrawalPage() {
  const [version, setVersion] = useState(0);
  const info = useLoad(() => api().call(withdrawInfo), `info:${version}`);
  const changed = () => {
    setVersion((v) => v + 1);
    void refreshBalance();
  };
  return (
    <div className="wl-page">
      <WhenLoaded loaded={info}>{(data) => <RequestForm info={data} onDone={changed} />}</WhenLoaded>
      <WithdrawalList version={version} autoMinutes={info.data?.autoReceiveMinutes ?? null} onChanged={changed} />
    </div>
  );
}

function RequestForm({ info, onDone }: { info: Info; onDone: () => void }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const form = useWalletForm(AMOUNT_FIELDS);
  // The most that may be asked: what is available, within the brand's maximum.
  const ceiling = compareAmounts(info.available, info.max) < 0 ? info.available : info.max;
  const tooLittle = compareAmounts(info.available, info.min) < 0;

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    const typed = fromInput(amount, labels.lang);
    return form.submit(ev, {
      check: () =>
        errorsOf({
          amount:
            amountError(w, fmt, typed, { min: info.min, max: info.max }) ??
            (compareAmounts(typed, info.available) > 0 ? fill(w.withdrawal.notEnough, { amount: fmt(info.available) }) : undefined),
          paymentPassword: paymentPasswordError(w, info.needPaymentPassword, password),
        }),
      send: (keyFor) =>
        api().call(withdrawCreate, {
          body: { amount: typed, ...(info.needPaymentPassword ? { paymentPassword: password } : {}), idempotencyKey: keyFor({ amount: typed }) },
        }),
      done: (item) => {
        setAmount('');
        setPassword('');
        form.setNotice(fill(w.withdrawal.requested, { amount: fmt(item.amount) }));
        onDone();
      },
    });
  };

  return (
    <form ref={form.formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      <Facts
        facts={[
          { label: w.withdrawal.available, value: <Money amount={info.available} />, total: true },
          { label: w.withdrawal.min, value: <Money amount={info.min} /> },
          { label: w.withdrawal.max, value: <Money amount={info.max} /> },
        ]}
      />
      {compareAmounts(info.wageringRemaining, '0.00') > 0 && (
        <p className="wl-note wl-note-warn" role="status">
          {fill(w.withdrawal.wagering, { amount: fmt(info.wageringRemaining) })}{' '}
          <button type="button" className="link-button" onClick={() => openMemberCentre('bonus')}>
            {w.withdrawal.wageringLink}
          </button>
        </p>
      )}
      {info.payeeName && <p className="wl-note">{fill(w.withdrawal.payee, { name: info.payeeName })}</p>}
      {tooLittle && <p className="wl-note">{fill(w.withdrawal.belowMin, { min: fmt(info.min) })}</p>}
      <AmountField
        value={amount}
        onChange={setAmount}
        error={form.errors.amount}
        hint={fill(w.withdrawal.range, { min: fmt(info.min), max: fmt(info.max) })}
        max={ceiling}
      />
      {info.needPaymentPassword && <PaymentPasswordField value={password} onChange={setPassword} error={form.errors.paymentPassword} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {w.withdrawal.submit}
      </button>
      <p className="field-hint">{w.withdrawal.holdNote}</p>
      <FormNotice text={form.notice} />
    </form>
  );
}

const TONE: Record<WithdrawalItem['status'], 'ok' | 'warn' | 'bad' | 'info'> = {
  pending: 'warn',
  rejected: 'bad',
  paid: 'info',
  received: 'ok',
  disputed: 'warn',
  force_received: 'ok',
};

function WithdrawalList({ version, autoMinutes, onChanged }: { version: number; autoMinutes: number | null; onChanged: () => void }) {
  const w = useWallet();
  const { list, setPage } = usePagedRecords((query) => api().call(withdrawals, { query }), version);
  return (
    <Block id="wl-withdrawals" title={w.withdrawal.list} action={<RefreshButton onClick={list.reload} />}>
      {autoMinutes !== null && <p className="field-hint">{fill(w.withdrawal.autoNote, { minutes: autoMinutes })}</p>}
      <RecordList list={list} empty={w.withdrawal.empty} onPage={setPage}>
        {(items) => (
          <ul className="wl-cards">
            {items.map((item) => (
              <WithdrawalCard key={item.id} item={item} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </RecordList>
    </Block>
  );
}

function WithdrawalCard({ item, onChanged }: { item: WithdrawalItem; onChanged: () => void }) {
  const when = useDateTime();
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const [mode, setMode] = useState<'idle' | 'notReceived'>('idle');
  const [busy, setBusy] = useState(false);
  const sub = useRef(submission());
  const ids = useId();

  async function confirmReceived() {
    const ok = await showDialog({
      kind: 'confirm',
      title: w.withdrawal.confirmTitle,
      text: fill(w.withdrawal.confirmReceivedText, { amount: fmt(item.amount) }),
      confirmLabel: w.withdrawal.received,
      cancelLabel: labels.auth.cancel,
    });
    if (!ok) return;
    setBusy(true);
    const payload = { id: item.id, received: true };
    try {
      await api().call(withdrawConfirm, { body: { ...payload, idempotencyKey: sub.current.keyFor(payload) } });
      sub.current.done();
      onChanged();
    } catch (err) {
      failureToFields(err, labels, { byName: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="wl-card" aria-labelledby={`${ids}-h`}>
      <div className="wl-card-head">
        <strong id={`${ids}-h`}>
          <Money amount={item.amount} />
        </strong>
        <Badge tone={TONE[item.status]}>{w.withdrawal.status[item.status]}</Badge>
      </div>
      <Facts
        className="wl-facts"
        facts={[
          { label: w.withdrawal.id, value: item.id, valueClass: 'wl-mono' },
          { label: w.withdrawal.requestedAt, value: when(item.requestedAt) },
          item.paidAt !== null && { label: w.withdrawal.paidAt, value: when(item.paidAt) },
          item.confirmedAt !== null && { label: w.withdrawal.confirmedAt, value: when(item.confirmedAt) },
          item.receivedAmount !== null && { label: w.withdrawal.receivedAmount, value: <Money amount={item.receivedAmount} /> },
          item.remainingAmount !== null && { label: w.withdrawal.remainingAmount, value: <Money amount={item.remainingAmount} /> },
          !!item.reviewNote && { label: w.withdrawal.note, value: item.reviewNote },
        ]}
      />
      {item.status === 'paid' && (
        <div className="wl-confirm">
          <p className="wl-note">{item.autoReceiveAt !== null ? fill(w.withdrawal.paidAsk, { time: when(item.autoReceiveAt) }) : w.withdrawal.paidAskNoTime}</p>
          {mode === 'idle' ? (
            <div className="wl-actions">
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void confirmReceived()}>
                {w.withdrawal.received}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setMode('notReceived')}>
                {w.withdrawal.notReceived}
              </button>
            </div>
          ) : (
            <NotReceivedForm item={item} onCancel={() => setMode('idle')} onDone={onChanged} />
          )}
        </div>
      )}
    </li>
  );
}

/** Where the server's refusals of a 'not received' answer go. */
const RECEIVED_FIELDS: FieldMap<'receivedAmount' | 'proofImage'> = {
  byName: { receivedAmount: 'receivedAmount', proofImage: 'proofImage' },
  byCode: [
    ['wallet.amount', 'receivedAmount'],
    ['wallet.received', 'receivedAmount'],
    ['wallet.proof', 'proofImage'],
  ],
};

/** Checks a proof image in the browser: png or jpg, 5 MB at most (spec 5, 9). */
export function proofIssue(w: WalletLabels, file: File): string | null {
  if (!['image/png', 'image/jpeg'].includes(file.type) || !/\.(png|jpe?g)$/i.test(file.name)) return w.withdrawal.proofType;
  if (file.size > PROOF_MAX_BYTES) return w.withdrawal.proofSize;
  return null;
}

function NotReceivedForm({ item, onCancel, onDone }: { item: WithdrawalItem; onCancel: () => void; onDone: () => void }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const ids = useId();
  const [received, setReceived] = useState(() => toInput('0.00', labels.lang));
  const [proof, setProof] = useState<{ name: string; dataUrl: string } | null>(null);
  const form = useWalletForm(RECEIVED_FIELDS);
  const { errors, setErrors } = form;

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setProof(null);
    if (!file) return;
    const issue = proofIssue(w, file);
    if (issue) {
      setErrors((x) => ({ ...x, proofImage: issue }));
      e.target.value = '';
      return;
    }
    setErrors((x) => ({ ...x, proofImage: undefined }));
    const reader = new FileReader();
    reader.onload = () => setProof({ name: file.name, dataUrl: String(reader.result) });
    reader.onerror = () => setErrors((x) => ({ ...x, proofImage: w.withdrawal.proofRead }));
    reader.readAsDataURL(file);
  }

  /** What the player says arrived: an amount below the withdrawal's (none at all is an answer too). */
  function receivedError(t: string): string | undefined {
    if (!t) return w.amount.required;
    if (/^\d+\.\d{3,}$/.test(t)) return w.amount.decimals;
    if (parseMinor(t) === null) return fill(w.amount.invalid, { example: toInput('25.50', labels.lang) });
    if (compareAmounts(t, item.amount) >= 0) return fill(w.withdrawal.receivedLess, { amount: fmt(item.amount) });
    return undefined;
  }

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    const t = fromInput(received, labels.lang);
    return form.submit(ev, {
      check: () => errorsOf({ receivedAmount: receivedError(t), proofImage: proof ? undefined : (errors.proofImage ?? w.withdrawal.proofRequired) }),
      send: (keyFor) =>
        api().call(withdrawConfirm, {
          // The key follows the answer, not the image's bytes (hashing 5 MB for a key is needless).
          body: {
            id: item.id,
            received: false,
            receivedAmount: t,
            proofImage: proof!.dataUrl,
            idempotencyKey: keyFor({ id: item.id, receivedAmount: t, proof: proof!.name, size: proof!.dataUrl.length }),
          },
        }),
      done: onDone,
    });
  };

  const fileErr = errors.proofImage ? `${ids}-ferr` : undefined;
  return (
    <form ref={form.formRef} className="auth-form wl-not-received" onSubmit={onSubmit} noValidate aria-label={w.withdrawal.notReceivedTitle}>
      <p className="wl-note">{fill(w.withdrawal.notReceivedLead, { zero: toInput('0.00', labels.lang) })}</p>
      <Field
        name="receivedAmount"
        label={w.withdrawal.receivedAmount}
        value={received}
        onChange={setReceived}
        error={errors.receivedAmount}
        inputMode="decimal"
        maxLength={20}
        required
        hint={fill(w.withdrawal.receivedHint, { amount: fmt(item.amount) })}
      />
      <div className={errors.proofImage ? 'field has-error' : 'field'}>
        <label htmlFor={`${ids}-file`}>
          {w.withdrawal.proof}
          <abbr className="req" title={labels.auth.required} aria-hidden="true">
            *
          </abbr>
        </label>
        <input
          id={`${ids}-file`}
          className="wl-file"
          type="file"
          name="proofImage"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          onChange={onFile}
          aria-invalid={errors.proofImage ? true : undefined}
          aria-required
          aria-describedby={[`${ids}-fhint`, fileErr].filter(Boolean).join(' ')}
        />
        <p className="field-hint" id={`${ids}-fhint`}>
          {w.withdrawal.proofHint}
        </p>
        {errors.proofImage && (
          <p className="field-error" id={fileErr}>
            {errors.proofImage}
          </p>
        )}
        {proof && <img className="wl-proof" src={proof.dataUrl} alt={fill(w.withdrawal.proofPreview, { name: proof.name })} />}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {labels.auth.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {w.withdrawal.sendNotReceived}
        </button>
      </div>
    </form>
  );
}

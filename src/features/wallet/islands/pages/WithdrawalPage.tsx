/**
 * Withdrawal (spec 2.16, 3 and 4 withdrawal confirmation): what may be withdrawn, the brand's
 * minimum and maximum, the payment password when the account has one; the request holds the
 * amount at once. Below, the player's withdrawals: a paid one is confirmed as received, or as
 * not received with the amount that did arrive and a proof image (png or jpg, 5 MB at most,
 * checked here before it is sent); unanswered, it counts as received after the brand's minutes.
 * The steps live in the page's stores (src/features/wallet/client/withdrawal.ts); these render them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { withdrawals, withdrawInfo, type WithdrawalItem } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { openMemberCentre } from '../../../../shell/member-centre/store.ts';
import { createWithdrawalAnswer, createWithdrawalPage, withdrawBounds, type WithdrawalAnswer, type WithdrawalPageStore, type WithdrawInfo } from '../../client/withdrawal.ts';
import { Field } from '../../../accounts/client.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { focusFirstInvalid } from '../../../../ui/form.tsx';
import { compareAmounts, toInput } from '../format.ts';
import { AMOUNT_FIELDS, AmountField, FormNotice, PaymentPasswordField } from '../form.tsx';
import { WhenLoaded } from '../../../../ui/loaded.tsx';
import { RecordList, RefreshButton, usePagedRecords } from '../records.tsx';
import { Badge, Block, Facts, failureToFields, Money, useDateTime, useMoney, useWallet, useWalletLoad, type FieldMap } from '../ui.tsx';
import { walletWords } from '../words.ts';

export default function WithdrawalPage() {
  const w = useWallet();
  const labels = useLabels();
  // The page's store (src/features/wallet/client/withdrawal.ts): state and steps; these components render.
  const [page] = useState(() => createWithdrawalPage({ words: walletWords(w, labels.lang), refused: (err) => failureToFields(err, labels, AMOUNT_FIELDS) }));
  const version = useStore(page.$version);
  const info = useWalletLoad(() => api().call(withdrawInfo), `info:${version}`);
  return (
    <div className="wl-page">
      <WhenLoaded loaded={info}>{(data) => <RequestForm page={page} info={data} />}</WhenLoaded>
      <WithdrawalList page={page} version={version} autoMinutes={info.data?.autoReceiveMinutes ?? null} />
    </div>
  );
}

/** Focus on the first field in error, whenever a form's store says so. */
function useFocusErrors(count: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (count) focusFirstInvalid(formRef.current);
  }, [count]);
  return formRef;
}

function RequestForm({ page, info }: { page: WithdrawalPageStore; info: WithdrawInfo }) {
  const w = useWallet();
  const fmt = useMoney();
  const { amount, password } = useStore(page.$request);
  const { errors, busy, notice, focusErrors } = useStore(page.form.$form);
  const formRef = useFocusErrors(focusErrors);
  const { ceiling, tooLittle } = withdrawBounds(info);

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    ev.preventDefault();
    void page.submit(info);
  };

  return (
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
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
      <AmountField value={amount} onChange={page.typeAmount} error={errors.amount} hint={fill(w.withdrawal.range, { min: fmt(info.min), max: fmt(info.max) })} max={ceiling} />
      {info.needPaymentPassword && <PaymentPasswordField value={password} onChange={page.typePassword} error={errors.paymentPassword} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {w.withdrawal.submit}
      </button>
      <p className="field-hint">{w.withdrawal.holdNote}</p>
      <FormNotice text={notice} />
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

function WithdrawalList({ page, version, autoMinutes }: { page: WithdrawalPageStore; version: number; autoMinutes: number | null }) {
  const w = useWallet();
  const { list, setPage } = usePagedRecords((query) => api().call(withdrawals, { query }), version);
  return (
    <Block id="wl-withdrawals" title={w.withdrawal.list} action={<RefreshButton onClick={list.reload} />}>
      {autoMinutes !== null && <p className="field-hint">{fill(w.withdrawal.autoNote, { minutes: autoMinutes })}</p>}
      <RecordList list={list} empty={w.withdrawal.empty} onPage={setPage}>
        {(items) => (
          <ul className="wl-cards">
            {items.map((item) => (
              <WithdrawalCard key={item.id} item={item} changed={page.changed} />
            ))}
          </ul>
        )}
      </RecordList>
    </Block>
  );
}

function WithdrawalCard({ item, changed }: { item: WithdrawalItem; changed: () => void }) {
  const when = useDateTime();
  const w = useWallet();
  const labels = useLabels();
  // The answer's store (src/features/wallet/client/withdrawal.ts), one per card.
  const [answer] = useState(() =>
    createWithdrawalAnswer({
      words: walletWords(w, labels.lang),
      cancel: labels.auth.cancel,
      refused: (err) => failureToFields(err, labels, RECEIVED_FIELDS),
      failed: (err) => void failureToFields(err, labels, { byName: {} }),
      changed,
    }),
  );
  const { mode, busy } = useStore(answer.$answer);
  const ids = useId();

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
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void answer.confirmReceived(item)}>
                {w.withdrawal.received}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={answer.openNotReceived}>
                {w.withdrawal.notReceived}
              </button>
            </div>
          ) : (
            <NotReceivedForm item={item} answer={answer} />
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

function NotReceivedForm({ item, answer }: { item: WithdrawalItem; answer: WithdrawalAnswer }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const ids = useId();
  const { received, proof } = useStore(answer.$answer);
  const { errors, busy, focusErrors } = useStore(answer.form.$form);
  const formRef = useFocusErrors(focusErrors);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    // A refused file is taken out of the field, so that choosing it again is heard.
    if (!answer.chooseProof(e.target.files?.[0] ?? null)) e.target.value = '';
  }

  const onSubmit = (ev: SubmitEvent<HTMLFormElement>) => {
    ev.preventDefault();
    void answer.sendNotReceived(item);
  };

  const fileErr = errors.proofImage ? `${ids}-ferr` : undefined;
  return (
    <form ref={formRef} className="auth-form wl-not-received" onSubmit={onSubmit} noValidate aria-label={w.withdrawal.notReceivedTitle}>
      <p className="wl-note">{fill(w.withdrawal.notReceivedLead, { zero: toInput('0.00', labels.lang) })}</p>
      <Field
        name="receivedAmount"
        label={w.withdrawal.receivedAmount}
        value={received}
        onChange={answer.typeReceived}
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
        <button type="button" className="btn btn-ghost" onClick={answer.cancelNotReceived}>
          {labels.auth.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {w.withdrawal.sendNotReceived}
        </button>
      </div>
    </form>
  );
}

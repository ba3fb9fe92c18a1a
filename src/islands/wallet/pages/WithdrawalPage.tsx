/**
 * Withdrawal (spec 2.16, 3 and 4 withdrawal confirmation): what may be withdrawn, the brand's
 * minimum and maximum, the payment password when the account has one; the request holds the
 * amount at once. Below, the player's withdrawals: a paid one is confirmed as received, or as
 * not received with the amount that did arrive and a proof image (png or jpg, 5 MB at most,
 * checked here before it is sent); unanswered, it counts as received after the brand's minutes.
 */
import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { PROOF_MAX_BYTES, withdrawals, withdrawConfirm, withdrawCreate, withdrawInfo, type WithdrawalItem } from '../../../lib/contract/wallet.ts';
import type { ValueOf } from '../../../lib/contract/define.ts';
import { parseMinor } from '../../../lib/shared/money.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { showDialog } from '../../../lib/client/stores/ui.ts';
import { refreshBalance, submission } from '../../../lib/client/stores/wallet.ts';
import { focusFirstInvalid } from '../../ui/form.tsx';
import { Field, PasswordField } from '../../accounts/fields.tsx';
import { fill, useLabels } from '../../shell/labels.tsx';
import { checkAmount, compareAmounts, dateTime, fromInput, toInput } from '../format.ts';
import { brandTimeZone, type WalletLabels } from '../labels.ts';
import { amountIssueText, Badge, Empty, failureToFields, LoadFailed, Loading, Money, Pager, useLoad, useNotice, useMoney, useWallet } from '../ui.tsx';

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
      {info.error ? (
        <LoadFailed message={info.error} onRetry={info.reload} />
      ) : !info.data ? (
        <Loading />
      ) : (
        <RequestForm info={info.data} onDone={changed} />
      )}
      <WithdrawalList version={version} autoMinutes={info.data?.autoReceiveMinutes ?? null} onChanged={changed} />
    </div>
  );
}

type Errors = Partial<Record<'amount' | 'paymentPassword', string>>;

function RequestForm({ info, onDone }: { info: Info; onDone: () => void }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = useMoney();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());
  // The most that may be asked: what is available, within the brand's maximum.
  const ceiling = compareAmounts(info.available, info.max) < 0 ? info.available : info.max;
  const tooLittle = compareAmounts(info.available, info.min) < 0;

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const found: Errors = {};
    const typed = fromInput(amount, labels.lang);
    const issue = checkAmount(typed, { min: info.min, max: info.max });
    if (issue) found.amount = amountIssueText(w, issue, fmt);
    else if (compareAmounts(typed, info.available) > 0) found.amount = fill(w.withdrawal.notEnough, { amount: fmt(info.available) });
    if (info.needPaymentPassword && !password) found.paymentPassword = w.withdrawal.passwordRequired;
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const payload = { amount: typed, ...(info.needPaymentPassword ? { paymentPassword: password } : {}) };
    setBusy(true);
    try {
      const item = await api().call(withdrawCreate, { body: { ...payload, idempotencyKey: sub.current.keyFor({ amount: payload.amount }) } });
      sub.current.done();
      setAmount('');
      setPassword('');
      setNotice(fill(w.withdrawal.requested, { amount: fmt(item.amount) }));
      onDone();
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
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      <dl className="wl-summary">
        <div className="wl-total">
          <dt>{w.withdrawal.available}</dt>
          <dd>
            <Money amount={info.available} />
          </dd>
        </div>
        <div>
          <dt>{w.withdrawal.min}</dt>
          <dd>
            <Money amount={info.min} />
          </dd>
        </div>
        <div>
          <dt>{w.withdrawal.max}</dt>
          <dd>
            <Money amount={info.max} />
          </dd>
        </div>
      </dl>
      {info.payeeName && <p className="wl-note">{fill(w.withdrawal.payee, { name: info.payeeName })}</p>}
      {tooLittle && <p className="wl-note">{fill(w.withdrawal.belowMin, { min: fmt(info.min) })}</p>}
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
        hint={fill(w.withdrawal.range, { min: fmt(info.min), max: fmt(info.max) })}
        addon={
          <button type="button" className="addon-btn" onClick={() => setAmount(toInput(ceiling, labels.lang))}>
            {w.common.max}
          </button>
        }
      />
      {info.needPaymentPassword && (
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
        {w.withdrawal.submit}
      </button>
      <p className="field-hint">{w.withdrawal.holdNote}</p>
      <p className="form-status wl-ok" role="status">
        {notice ?? ''}
      </p>
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
  const { lang } = useLabels();
  const tz = brandTimeZone();
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const list = useLoad(() => api().call(withdrawals, { query: { pageNo: page, pageSize: 20 } }), `${page}:${version}:${tick}`);
  return (
    <section className="wl-block" aria-labelledby="wl-withdrawals">
      <div className="wl-block-head">
        <h4 id="wl-withdrawals">{w.withdrawal.list}</h4>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTick((t) => t + 1)}>
          {w.common.refresh}
        </button>
      </div>
      {autoMinutes !== null && <p className="field-hint">{fill(w.withdrawal.autoNote, { minutes: autoMinutes })}</p>}
      {list.error ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.content.length === 0 ? (
        <Empty>{w.withdrawal.empty}</Empty>
      ) : (
        <>
          <ul className="wl-cards">
            {list.data.content.map((item) => (
              <WithdrawalCard key={item.id} item={item} lang={lang} tz={tz} onChanged={onChanged} />
            ))}
          </ul>
          <Pager page={list.data.pageNum} pages={list.data.totalPages} count={list.data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function WithdrawalCard({ item, lang, tz, onChanged }: { item: WithdrawalItem; lang: string; tz?: string; onChanged: () => void }) {
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
      <dl className="wl-facts">
        <div>
          <dt>{w.withdrawal.id}</dt>
          <dd className="wl-mono">{item.id}</dd>
        </div>
        <div>
          <dt>{w.withdrawal.requestedAt}</dt>
          <dd>{dateTime(item.requestedAt, lang, tz)}</dd>
        </div>
        {item.paidAt !== null && (
          <div>
            <dt>{w.withdrawal.paidAt}</dt>
            <dd>{dateTime(item.paidAt, lang, tz)}</dd>
          </div>
        )}
        {item.confirmedAt !== null && (
          <div>
            <dt>{w.withdrawal.confirmedAt}</dt>
            <dd>{dateTime(item.confirmedAt, lang, tz)}</dd>
          </div>
        )}
        {item.receivedAmount !== null && (
          <div>
            <dt>{w.withdrawal.receivedAmount}</dt>
            <dd>
              <Money amount={item.receivedAmount} />
            </dd>
          </div>
        )}
        {item.remainingAmount !== null && (
          <div>
            <dt>{w.withdrawal.remainingAmount}</dt>
            <dd>
              <Money amount={item.remainingAmount} />
            </dd>
          </div>
        )}
        {item.reviewNote && (
          <div>
            <dt>{w.withdrawal.note}</dt>
            <dd>{item.reviewNote}</dd>
          </div>
        )}
      </dl>
      {item.status === 'paid' && (
        <div className="wl-confirm">
          <p className="wl-note">
            {item.autoReceiveAt !== null ? fill(w.withdrawal.paidAsk, { time: dateTime(item.autoReceiveAt, lang, tz) }) : w.withdrawal.paidAskNoTime}
          </p>
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

type NotErrors = Partial<Record<'receivedAmount' | 'proofImage', string>>;

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
  const [errors, setErrors] = useState<NotErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());

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

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const found: NotErrors = {};
    const t = fromInput(received, labels.lang);
    const minor = parseMinor(t);
    if (!t) found.receivedAmount = w.amount.required;
    else if (/^\d+\.\d{3,}$/.test(t)) found.receivedAmount = w.amount.decimals;
    else if (minor === null) found.receivedAmount = w.amount.invalid;
    else if (compareAmounts(t, item.amount) >= 0) found.receivedAmount = fill(w.withdrawal.receivedLess, { amount: fmt(item.amount) });
    if (!proof) found.proofImage = errors.proofImage ?? w.withdrawal.proofRequired;
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const payload = { id: item.id, received: false, receivedAmount: t, proofImage: proof!.dataUrl };
    setBusy(true);
    try {
      await api().call(withdrawConfirm, {
        // The key follows the answer, not the image's bytes (hashing 5 MB for a key is needless).
        body: { ...payload, idempotencyKey: sub.current.keyFor({ id: item.id, receivedAmount: t, proof: proof!.name, size: proof!.dataUrl.length }) },
      });
      sub.current.done();
      onDone();
    } catch (err) {
      setErrors(
        failureToFields<'receivedAmount' | 'proofImage'>(err, labels, {
          byName: { receivedAmount: 'receivedAmount', proofImage: 'proofImage' },
          byCode: [
            ['wallet.amount', 'receivedAmount'],
            ['wallet.received', 'receivedAmount'],
            ['wallet.proof', 'proofImage'],
          ],
        }),
      );
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  const fileErr = errors.proofImage ? `${ids}-ferr` : undefined;
  return (
    <form ref={formRef} className="auth-form wl-not-received" onSubmit={onSubmit} noValidate aria-label={w.withdrawal.notReceivedTitle}>
      <p className="wl-note">{w.withdrawal.notReceivedLead}</p>
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
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {w.withdrawal.sendNotReceived}
        </button>
      </div>
    </form>
  );
}

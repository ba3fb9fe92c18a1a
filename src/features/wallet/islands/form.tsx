/**
 * What the wallet's forms share: one submission at a time with its idempotency key (kept while
 * the same payload is retried), errors checked in the browser first and the server's refusal
 * mapped to the same fields (spec 8: the first error under each field, focus on the first field
 * in error), the confirmation line, and the amount and payment-password fields.
 */
import { useRef, useState, type Dispatch, type RefObject, type SetStateAction, type SubmitEvent } from 'react';
import { submission } from '../client/wallet.ts';
import { focusFirstInvalid } from '../../../ui/form.tsx';
import { Field, PasswordField } from '../../accounts/client.ts';
import { useLabels } from '../../../shell/labels.tsx';
import { checkAmount, toInput } from './format.ts';
import type { WalletLabels } from './labels.ts';
import { amountIssueText, failureToFields, useNotice, useWallet, type FieldMap, type MoneyFormat } from './ui.tsx';

/** A form's errors, by field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The steps of one submission: checks in the browser, the call, what follows its answer. */
export interface Submit<F extends string, T> {
  /** The errors found before anything is sent (none: the call goes out). */
  check: () => FieldErrors<F>;
  /** Asked once the checks pass, before the call (e.g. a dialog); false sends nothing. */
  confirm?: () => Promise<boolean>;
  /** The call; `keyFor(payload)` is its idempotency key, the same while `payload` is the same. */
  send: (keyFor: (payload: unknown) => string) => Promise<T>;
  /** The call took effect. */
  done: (value: T) => void;
}

export interface WalletForm<F extends string> {
  formRef: RefObject<HTMLFormElement | null>;
  errors: FieldErrors<F>;
  setErrors: Dispatch<SetStateAction<FieldErrors<F>>>;
  busy: boolean;
  /** The confirmation line under the form (see FormNotice); cleared by the next submission. */
  notice: string | null;
  setNotice: (text: string | null) => void;
  /** The form's submit handler for `steps`. */
  submit: <T>(ev: SubmitEvent<HTMLFormElement>, steps: Submit<F, T>) => Promise<void>;
}

/**
 * One wallet form's state and submission: a press while a call is under way does nothing; the
 * errors found in the browser, or those of a refusal (`fields` maps the server's field names and
 * errorCode prefixes to the form's), go under their fields and the first one takes focus.
 */
export function useWalletForm<F extends string>(fields: FieldMap<F>): WalletForm<F> {
  const labels = useLabels();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());

  async function submit<T>(ev: SubmitEvent<HTMLFormElement>, steps: Submit<F, T>) {
    ev.preventDefault();
    if (busy) return;
    const found = steps.check();
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (steps.confirm && !(await steps.confirm())) return;
    setBusy(true);
    try {
      const value = await steps.send((payload) => sub.current.keyFor(payload));
      sub.current.done();
      steps.done(value);
    } catch (err) {
      setErrors(failureToFields(err, labels, fields));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  return { formRef, errors, setErrors, busy, notice, setNotice, submit };
}

/** Refusals about the amount (its form or the balance behind it) belong under the amount field. */
const AMOUNT_CODES: [string, 'amount'][] = [
  ['wallet.amount', 'amount'],
  ['wallet.balance', 'amount'],
];

/** Where the server's refusals go in a form with an amount and, perhaps, the payment password. */
export const AMOUNT_FIELDS: FieldMap<'amount' | 'paymentPassword'> = {
  byName: { amount: 'amount', paymentPassword: 'paymentPassword' },
  byCode: [...AMOUNT_CODES, ['wallet.paymentPassword', 'paymentPassword']],
};

/** Where the server's refusals go in the transfer between the main wallet and a game wallet. */
export const TRANSFER_FIELDS: FieldMap<'game' | 'amount'> = { byName: { amount: 'amount', from: 'game', to: 'game' }, byCode: AMOUNT_CODES };

/**
 * Why an amount the player typed (read by fromInput) is refused, or undefined; `notEnough` is the
 * text for an amount over `bounds.max` when that bound is the money there is.
 */
export function amountError(w: WalletLabels, fmt: MoneyFormat, typed: string, bounds: { min?: string | null; max?: string | null }, notEnough?: string): string | undefined {
  const issue = checkAmount(typed, bounds);
  if (!issue) return undefined;
  return issue.key === 'max' && notEnough !== undefined ? notEnough : amountIssueText(w, issue, fmt);
}

/** The payment password is asked for and was left empty. */
export function paymentPasswordError(w: WalletLabels, needed: boolean, password: string): string | undefined {
  return needed && !password ? w.withdrawal.passwordRequired : undefined;
}

/** Only the errors that are set (an empty object when there are none). */
export function errorsOf<F extends string>(all: Record<F, string | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [k, v] of Object.entries(all) as [F, string | undefined][]) if (v) out[k] = v;
  return out;
}

/**
 * The amount of a money form, typed as the page's language writes numbers; with `max`, a Max
 * button fills it in.
 */
export function AmountField(p: { value: string; onChange: (v: string) => void; error?: string; label?: string; hint?: string; max?: string }) {
  const w = useWallet();
  const { lang } = useLabels();
  const max = p.max;
  return (
    <Field
      name="amount"
      label={p.label ?? w.common.amount}
      value={p.value}
      onChange={p.onChange}
      error={p.error}
      inputMode="decimal"
      placeholder={toInput('0.00', lang)}
      maxLength={20}
      required
      hint={p.hint}
      addon={
        max !== undefined && (
          <button type="button" className="addon-btn" onClick={() => p.onChange(toInput(max, lang))}>
            {w.common.max}
          </button>
        )
      }
    />
  );
}

/** The account's payment password (asked for money that leaves the account when it has one). */
export function PaymentPasswordField(p: { value: string; onChange: (v: string) => void; error?: string }) {
  const w = useWallet();
  return <PasswordField name="paymentPassword" label={w.common.paymentPassword} value={p.value} onChange={p.onChange} error={p.error} required maxLength={64} autoComplete="off" />;
}

/** A form's confirmation line, announced politely (empty, but present, so that it is announced). */
export function FormNotice({ text }: { text: string | null }) {
  return (
    <p className="form-status wl-ok" role="status">
      {text ?? ''}
    </p>
  );
}

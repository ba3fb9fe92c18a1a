/**
 * A wallet form's submission as a store, for the pages whose state lives in stores (the transfer
 * and withdrawal pages): one submission at a time with its idempotency key (kept while the same
 * payload is retried), the errors found here first and the server's refusal mapped to the same
 * fields (spec 8: the first error under each field, focus on the first field in error), and the
 * confirmation line, which goes after 8 seconds. The same steps as `useWalletForm`
 * (islands/form.tsx), which the pages still on React state use.
 */
import { map } from 'nanostores';
import type { WalletLabels } from '../islands/labels.ts';
import { submission } from './wallet.ts';

/** A form's errors, by field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormView<F extends string> {
  errors: FieldErrors<F>;
  busy: boolean;
  /** The confirmation line under the form; cleared by the next submission, or after 8 seconds. */
  notice: string | null;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/** The steps of one submission: checks in the browser, the call, what follows its answer. */
export interface FormSteps<F extends string, T> {
  /** The errors found before anything is sent (none: the call goes out). */
  check: () => FieldErrors<F>;
  /** Asked once the checks pass, before the call (e.g. a dialog); false sends nothing. */
  confirm?: () => Promise<boolean>;
  /** The call; `keyFor(payload)` is its idempotency key, the same while `payload` is the same. */
  send: (keyFor: (payload: unknown) => string) => Promise<T>;
  /** The call took effect. */
  done: (value: T) => void;
}

/**
 * How a wallet store says things, given by its page: the wallet's words, an amount as the page
 * writes money now (the symbol may arrive after the store was made), and why a typed amount is
 * refused (the pages' `amountError`, whose words live with the pages' other pieces).
 */
export interface WalletWords {
  w: WalletLabels;
  /** BCP 47 language of the page (amounts typed with its decimal separator). */
  lang: string;
  money: (amount: string) => string;
  amountError: (typed: string, bounds: { min?: string | null; max?: string | null }, notEnough?: string) => string | undefined;
}

/** Only the errors that are set (an empty object when there are none). */
export function errorsOf<F extends string>(all: Record<F, string | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [k, v] of Object.entries(all) as [F, string | undefined][]) if (v) out[k] = v;
  return out;
}

const NOTICE_MS = 8000;

/**
 * One wallet form's submission: a press while a call is under way does nothing; `refused` maps a
 * refusal to the form's fields (the pages' `failureToFields`, which also says what fits no field).
 */
export function createWalletForm<F extends string>(o: { refused: (err: unknown) => FieldErrors<F> }) {
  const $form = map<FormView<F>>({ errors: {}, busy: false, notice: null, focusErrors: 0 });
  const get = () => $form.get();
  const set = (patch: Partial<FormView<F>>) => $form.set({ ...get(), ...patch });
  let sub = submission();
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;

  /** The confirmation line (null: none). */
  function setNotice(notice: string | null): void {
    clearTimeout(noticeTimer);
    set({ notice });
    if (notice) noticeTimer = setTimeout(() => set({ notice: null }), NOTICE_MS);
  }

  /** Errors under the fields, without a submission (a file refused as it is chosen). */
  function setErrors(errors: FieldErrors<F>): void {
    set({ errors });
  }

  /** Runs one submission's steps. */
  async function submit<T>(steps: FormSteps<F, T>): Promise<void> {
    if (get().busy) return;
    const found = steps.check();
    set({ errors: found });
    setNotice(null);
    if (Object.keys(found).length) {
      set({ focusErrors: get().focusErrors + 1 });
      return;
    }
    if (steps.confirm && !(await steps.confirm())) return;
    set({ busy: true });
    try {
      const value = await steps.send((payload) => sub.keyFor(payload));
      sub.done();
      steps.done(value);
    } catch (err) {
      set({ errors: o.refused(err), focusErrors: get().focusErrors + 1 });
    } finally {
      set({ busy: false });
    }
  }

  /** A fresh form (opened again): no errors, no line, a new submission. */
  function reset(): void {
    clearTimeout(noticeTimer);
    sub = submission();
    set({ errors: {}, notice: null });
  }

  return { $form, submit, setErrors, setNotice, reset };
}

export type WalletForm<F extends string> = ReturnType<typeof createWalletForm<F>>;

/**
 * The withdrawal page's state and steps (spec 2.16, 3 and 4 withdrawal confirmation), as
 * nanostores advises: one store for the page and its request form, one for each paid withdrawal's
 * answer; the components (islands/pages/WithdrawalPage.tsx) only render. A request holds the
 * amount at once; a paid withdrawal is confirmed as received, or as not received with the amount
 * that did arrive and a proof image (png or jpg, 5 MB at most, checked here before it is sent);
 * unanswered, it counts as received after the brand's minutes.
 */
import { atom, map } from 'nanostores';
import { fill } from '../../../kernel/i18n/browser.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { parseMinor } from '../../../kernel/money.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import { api } from '../../accounts/client.ts';
import { PROOF_MAX_BYTES, withdrawConfirm, withdrawCreate, type withdrawInfo, type WithdrawalItem } from '../contract.ts';
import { compareAmounts, fromInput, toInput } from '../islands/format.ts';
import type { WalletLabels } from '../islands/labels.ts';
import { createWalletForm, errorsOf, type FieldErrors, type WalletWords } from './form.ts';
import { refreshBalance, submission } from './wallet.ts';

export type WithdrawInfo = ValueOf<typeof withdrawInfo>;

/**
 * The most that may be asked (what is available, within the brand's maximum), and whether what
 * is available is below the brand's minimum.
 * @example withdrawBounds({ available: '80.00', min: '100.00', max: '5000.00' }) // { ceiling: '80.00', tooLittle: true }
 */
export function withdrawBounds(info: Pick<WithdrawInfo, 'available' | 'min' | 'max'>): { ceiling: string; tooLittle: boolean } {
  return { ceiling: compareAmounts(info.available, info.max) < 0 ? info.available : info.max, tooLittle: compareAmounts(info.available, info.min) < 0 };
}

/** Checks a proof image in the browser: png or jpg, 5 MB at most (spec 5, 9); answers why it is refused, or null. */
export function proofIssue(w: WalletLabels, file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  if (!['image/png', 'image/jpeg'].includes(file.type) || !/\.(png|jpe?g)$/i.test(file.name)) return w.withdrawal.proofType;
  if (file.size > PROOF_MAX_BYTES) return w.withdrawal.proofSize;
  return null;
}

/**
 * What the player says arrived of a paid withdrawal of `amount`: an amount below it (none at all
 * is an answer too); answers why it is refused, or undefined.
 */
export function receivedIssue(words: Pick<WalletWords, 'w' | 'lang' | 'money'>, typed: string, amount: string): string | undefined {
  const { w } = words;
  if (!typed) return w.amount.required;
  if (/^\d+\.\d{3,}$/.test(typed)) return w.amount.decimals;
  if (parseMinor(typed) === null) return fill(w.amount.invalid, { example: toInput('25.50', words.lang) });
  if (compareAmounts(typed, amount) >= 0) return fill(w.withdrawal.receivedLess, { amount: words.money(amount) });
  return undefined;
}

export interface RequestView {
  amount: string;
  password: string;
}

/**
 * One withdrawal page's store: what changes with every request or answer (`$version`, which the
 * page's loads follow) and the request form. `refused` puts a refusal under the form's fields.
 */
export function createWithdrawalPage(o: { words: WalletWords; refused: (err: unknown) => FieldErrors<'amount' | 'paymentPassword'> }) {
  const { w, money } = o.words;
  const $version = atom(0);
  const $request = map<RequestView>({ amount: '', password: '' });
  const form = createWalletForm({ refused: o.refused });
  const set = (patch: Partial<RequestView>) => $request.set({ ...$request.get(), ...patch });

  /** A request or an answer took effect: the page reads its figures and list again, and the header its balance. */
  function changed(): void {
    $version.set($version.get() + 1);
    void refreshBalance();
  }

  /** Checks, then asks for the typed amount (the amount is held at once). */
  function submit(info: WithdrawInfo): Promise<void> {
    const { amount, password } = $request.get();
    const typed = fromInput(amount, o.words.lang);
    return form.submit({
      check: () =>
        errorsOf({
          amount:
            o.words.amountError(typed, { min: info.min, max: info.max }) ?? (compareAmounts(typed, info.available) > 0 ? fill(w.withdrawal.notEnough, { amount: money(info.available) }) : undefined),
          paymentPassword: info.needPaymentPassword && !password ? w.withdrawal.passwordRequired : undefined,
        }),
      send: (keyFor) =>
        api().call(withdrawCreate, {
          body: { amount: typed, ...(info.needPaymentPassword ? { paymentPassword: password } : {}), idempotencyKey: keyFor({ amount: typed }) },
        }),
      done: (item) => {
        set({ amount: '', password: '' });
        form.setNotice(fill(w.withdrawal.requested, { amount: money(item.amount) }));
        changed();
      },
    });
  }

  return {
    $version,
    $request,
    form,
    changed,
    submit,
    typeAmount: (amount: string) => set({ amount }),
    typePassword: (password: string) => set({ password }),
  };
}

export type WithdrawalPageStore = ReturnType<typeof createWithdrawalPage>;

export interface AnswerView {
  /** idle: the two answers offered; notReceived: its form is open. */
  mode: 'idle' | 'notReceived';
  /** 'Received' is being sent. */
  busy: boolean;
  /** The amount that arrived, as typed. */
  received: string;
  /** The proof image as read (a data URL), with its file's name. */
  proof: { name: string; dataUrl: string } | null;
}

/** Reads a chosen file as a data URL (the proof travels in the call's JSON body). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The answer to one paid withdrawal. `refused` puts a refusal of 'not received' under its fields;
 * `failed` says a refusal of 'received' (it has no fields); `cancel` is the word of the dialog's
 * cancel button; `changed` follows an answer that took effect.
 */
export function createWithdrawalAnswer(o: {
  words: WalletWords;
  cancel: string;
  refused: (err: unknown) => FieldErrors<'receivedAmount' | 'proofImage'>;
  failed: (err: unknown) => void;
  changed: () => void;
}) {
  const { w, money } = o.words;
  const zero = () => toInput('0.00', o.words.lang);
  const $answer = map<AnswerView>({ mode: 'idle', busy: false, received: zero(), proof: null });
  const get = () => $answer.get();
  const set = (patch: Partial<AnswerView>) => $answer.set({ ...get(), ...patch });
  const form = createWalletForm({ refused: o.refused });
  const sub = submission();
  // A file chosen while an older one is still being read wins: the older read is dropped.
  let reading = 0;

  /** Confirms (after the dialog) that the withdrawal arrived in full. */
  async function confirmReceived(item: WithdrawalItem): Promise<void> {
    const ok = await showDialog({
      kind: 'confirm',
      title: w.withdrawal.confirmTitle,
      text: fill(w.withdrawal.confirmReceivedText, { amount: money(item.amount) }),
      confirmLabel: w.withdrawal.received,
      cancelLabel: o.cancel,
    });
    if (!ok) return;
    set({ busy: true });
    const payload = { id: item.id, received: true };
    try {
      await api().call(withdrawConfirm, { body: { ...payload, idempotencyKey: sub.keyFor(payload) } });
      sub.done();
      o.changed();
    } catch (err) {
      o.failed(err);
    } finally {
      set({ busy: false });
    }
  }

  /** Opens the 'not received' form afresh (nothing typed, no proof, no errors). */
  function openNotReceived(): void {
    reading++;
    form.reset();
    set({ mode: 'notReceived', received: zero(), proof: null });
  }

  /**
   * A proof file chosen (null: none): checked, then read. Answers false when it is refused, so
   * that the file field is emptied.
   */
  function chooseProof(file: File | null): boolean {
    const mine = ++reading;
    set({ proof: null });
    if (!file) return true;
    const errors = form.$form.get().errors;
    const issue = proofIssue(w, file);
    if (issue) {
      form.setErrors({ ...errors, proofImage: issue });
      return false;
    }
    form.setErrors({ ...errors, proofImage: undefined });
    readDataUrl(file).then(
      (dataUrl) => mine === reading && set({ proof: { name: file.name, dataUrl } }),
      () => mine === reading && form.setErrors({ ...form.$form.get().errors, proofImage: w.withdrawal.proofRead }),
    );
    return true;
  }

  /** Checks, then says the withdrawal did not arrive (or not all of it), with the amount that did and the proof. */
  function sendNotReceived(item: WithdrawalItem): Promise<void> {
    const t = fromInput(get().received, o.words.lang);
    const { proof } = get();
    return form.submit({
      check: () =>
        errorsOf({
          receivedAmount: receivedIssue(o.words, t, item.amount),
          proofImage: proof ? undefined : (form.$form.get().errors.proofImage ?? w.withdrawal.proofRequired),
        }),
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
      done: o.changed,
    });
  }

  return {
    $answer,
    form,
    confirmReceived,
    openNotReceived,
    cancelNotReceived: () => set({ mode: 'idle' }),
    typeReceived: (received: string) => set({ received }),
    chooseProof,
    sendNotReceived,
  };
}

export type WithdrawalAnswer = ReturnType<typeof createWithdrawalAnswer>;

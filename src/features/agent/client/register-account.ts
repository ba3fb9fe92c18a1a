/**
 * Register account (spec 2.15; issue 13): a player or a sub-agent under the agent, as nanostores
 * advises (islands/register.tsx only renders). The form's own check is that the required fields
 * are filled; the brand's username and password rules are the server's, whose refusals come back
 * under the fields. The type chosen stays for the next registration.
 */
import { map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { agentRegister } from '../contract.ts';

export type RegisterField = 'username' | 'password' | 'confirmPassword' | 'nickname' | 'birthday' | 'type';
export type RegisterValues = Record<Exclude<RegisterField, 'type'>, string> & { type: string };
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export interface RegisterAccountView {
  values: RegisterValues;
  errors: RegisterErrors;
  formError: string | null;
  busy: boolean;
  /** Said once an account is made (its username). */
  done: string | null;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/** The words the store says itself: `done` holds {{username}}. */
export interface RegisterAccountWords {
  required: string;
  done: string;
}

const EMPTY: RegisterValues = { username: '', password: '', confirmPassword: '', nickname: '', birthday: '', type: '0' };

/**
 * The required fields left empty (a username of spaces is empty).
 * @example missingFields({ ...values, username: ' ' }, 'Required') // { username: 'Required', ... }
 */
export function missingFields(v: RegisterValues, required: string, birthdayRequired = false): RegisterErrors {
  const found: RegisterErrors = {};
  if (birthdayRequired && !v.birthday) found.birthday = required;
  if (!v.username.trim()) found.username = required;
  if (!v.password) found.password = required;
  if (!v.confirmPassword) found.confirmPassword = required;
  return found;
}

/** The call's body: trimmed names, the type as a number, no nickname when none was typed. */
export function registerBody(v: RegisterValues) {
  return {
    username: v.username.trim(),
    password: v.password,
    confirmPassword: v.confirmPassword,
    type: Number(v.type),
    ...(v.nickname.trim() ? { nickname: v.nickname.trim() } : {}),
    ...(v.birthday ? { birthday: v.birthday } : {}),
  };
}

/** One register-account form. */
export function createRegisterAccount(o: { client: () => ApiClient; words: RegisterAccountWords; birthdayRequired?: () => boolean }) {
  const $form = map<RegisterAccountView>({ values: EMPTY, errors: {}, formError: null, busy: false, done: null, focusErrors: 0 });
  const get = () => $form.get();
  const set = (patch: Partial<RegisterAccountView>) => $form.set({ ...get(), ...patch });
  /** Errors under the fields (none clears them) and no form-level error; focus on the first one. */
  const showErrors = (errors: RegisterErrors) => set({ errors, formError: null, ...(Object.values(errors).some(Boolean) ? { focusErrors: get().focusErrors + 1 } : {}) });

  /** Checks, then registers; a refusal shows under its field, or over the button. */
  async function submit(): Promise<void> {
    const { values, busy } = get();
    if (busy) return;
    const found = missingFields(values, o.words.required, o.birthdayRequired?.() ?? false);
    showErrors(found);
    if (Object.keys(found).length) return;
    set({ busy: true, done: null });
    try {
      const made = await o.client().call(agentRegister, { body: registerBody(values) });
      set({ values: { ...EMPTY, type: values.type }, done: fill(o.words.done, { username: made.username }) });
    } catch (err) {
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) showErrors(err.fieldErrors as RegisterErrors);
      // A taken username is a refusal of the whole call, but it is the username's to say.
      else if (err instanceof ApiFailure && err.errorCode === 'register.username.taken') showErrors({ username: err.message });
      else set({ formError: err instanceof Error ? err.message : String(err) });
    } finally {
      set({ busy: false });
    }
  }

  return {
    $form,
    submit,
    /** A field as typed. */
    type: (field: keyof RegisterValues, value: string) => set({ values: { ...get().values, [field]: value } }),
  };
}

export type RegisterAccount = ReturnType<typeof createRegisterAccount>;

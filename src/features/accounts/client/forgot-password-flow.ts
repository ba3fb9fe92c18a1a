/**
 * The forgot-password form's state and steps (spec 2.11), as nanostores advises: one store per
 * form, actions as plain functions, the component (islands/ForgotPasswordPopup.tsx) only renders.
 * By e-mail (username and e-mail; a temporary password is mailed, after the human check) or by
 * mobile (dialing code, number, sms code, new password checked against the brand's password rule).
 */
import { map } from 'nanostores';
import { forgotPasswordEmail, setPasswordBySms } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { humanCheck } from './human-check.ts';
import { createMobileCode, type MobileCodeView, type MobileCodeWords } from './mobile-code.ts';
import { api } from './session.ts';
import { loadRegisterRules, loadStatus, type Flags } from './site.ts';
import { checkValue, isEmail, isMobileNumber, isUsernameFormat, MSG, type FieldRule } from '../registerPatterns.ts';

export type ForgotMethod = 'email' | 'mobile';
export type ForgotErrors = Partial<Record<'username' | 'email' | 'mobile' | 'code' | 'newPassword', string>>;

export interface ForgotView {
  /** Chosen by the player; null: the brand's default. */
  chosen: ForgotMethod | null;
  /** The registration rules (the username's and the password's checks); empty until loaded. */
  rules: Record<string, FieldRule>;
  username: string;
  email: string;
  newPassword: string;
  errors: ForgotErrors;
  formError: string | null;
  /** A note from the sms-code fields (sent). */
  note: string | null;
  busy: boolean;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/**
 * Which ways the brand offers and which one shows: the switch only when both are on; mobile by
 * default when CHNGPASSVERIF3 is on, otherwise e-mail (spec 2.11).
 * @example forgotMethods(null, { CHNGPASSVERIF3: true }).method // 'mobile'
 */
export function forgotMethods(chosen: ForgotMethod | null, flags: Flags) {
  const byEmail = flags.CHNGPASSMAIL3 === true;
  const byMobile = flags.CHNGPASSVERIF3 === true;
  const method: ForgotMethod = chosen ?? (byMobile ? 'mobile' : 'email');
  return { byEmail, byMobile, method };
}

/** The form's own checks for `method`; the server checks again and has the last word. */
export function forgotErrors(
  method: ForgotMethod,
  v: Pick<ForgotView, 'username' | 'email' | 'newPassword' | 'rules'> & Pick<MobileCodeView, 'mobile' | 'code'>,
  issue: MobileCodeWords['issue'],
): ForgotErrors {
  const required = issue({ key: MSG.required });
  const e: ForgotErrors = {};
  if (method === 'email') {
    const u = v.username.trim();
    const m = v.email.trim();
    if (!u) e.username = required;
    else if (!isUsernameFormat(u, v.rules.username?.enabled ? v.rules.username : undefined)) e.username = issue({ key: MSG.account });
    if (!m) e.email = required;
    else if (!isEmail(m)) e.email = issue({ key: MSG.email });
  } else {
    const m = v.mobile.trim();
    if (!m) e.mobile = required;
    else if (!isMobileNumber(m)) e.mobile = issue({ key: MSG.mobile });
    if (!v.code) e.code = required;
    if (!v.newPassword) e.newPassword = required;
    else if (v.rules.password) {
      const found = checkValue('password', v.newPassword, v.rules.password);
      if (found) e.newPassword = issue(found);
    }
  }
  return e;
}

/** The fields a refusal names, under the form's own names; empty when it names none. */
export function refusalErrors(err: ApiFailure): ForgotErrors {
  const fe = err.fieldErrors;
  const e: ForgotErrors = {};
  if (fe.username) e.username = fe.username;
  if (fe.email) e.email = fe.email;
  if (fe.mobileNum) e.mobile = fe.mobileNum;
  if (fe.verificationCode || err.errorCode.startsWith('sms.code.')) e.code = fe.verificationCode ?? err.message;
  if (fe.newPassword || err.errorCode === 'password.format') e.newPassword = fe.newPassword ?? err.message;
  return e;
}

/** One forgot-password form's store; `flags` are the brand's white-label flags as they are now. */
export function createForgotPasswordFlow(o: { words: MobileCodeWords; flags: () => Flags }) {
  const $forgot = map<ForgotView>({
    chosen: null,
    rules: {},
    username: '',
    email: '',
    newPassword: '',
    errors: {},
    formError: null,
    note: null,
    busy: false,
    focusErrors: 0,
  });
  const get = () => $forgot.get();
  const set = (patch: Partial<ForgotView>) => $forgot.set({ ...get(), ...patch });
  const showErrors = (errors: ForgotErrors) => set({ errors, focusErrors: get().focusErrors + 1 });
  const method = () => forgotMethods(get().chosen, o.flags()).method;
  const phone = createMobileCode({
    words: o.words,
    onNote: (note) => set({ note }),
    onMobileError: (mobile) => set({ errors: { ...get().errors, mobile } }),
  });

  /** Loads the dialing codes, the status (the customer-service link) and the registration rules. */
  function open(): void {
    phone.open();
    void loadStatus().catch(() => {});
    void loadRegisterRules()
      .then((rules) => set({ rules }))
      .catch(() => {});
  }

  /** By e-mail or by mobile; clears the errors. */
  function switchMethod(chosen: ForgotMethod): void {
    set({ chosen, errors: {}, formError: null });
  }

  /** A field as typed. */
  function type<K extends 'username' | 'email' | 'newPassword'>(field: K, value: string): void {
    set({ [field]: value } as Partial<ForgotView>);
  }

  /**
   * Checks, then mails a temporary password or sets the new one; `done` (the page's next step,
   * told which way it was) runs while the form is still busy, and what it throws is shown.
   */
  async function submit(done: (method: ForgotMethod) => unknown): Promise<void> {
    const v = get();
    if (v.busy) return;
    const way = method();
    const { mobile, dial, code } = phone.$phone.get();
    const found = forgotErrors(way, { ...v, mobile, code }, o.words.issue);
    set({ errors: found, formError: null });
    if (Object.values(found).some(Boolean)) return showErrors(found);
    set({ busy: true });
    try {
      if (way === 'email') {
        const answer = await humanCheck(api());
        await api().call(forgotPasswordEmail, { body: { username: v.username.trim(), email: v.email.trim(), ...answer } });
      } else {
        await api().call(setPasswordBySms, {
          body: { newPassword: v.newPassword, mobileNum: mobile.trim(), countryDialingCode: dial, verificationCode: code },
        });
      }
      await done(way);
    } catch (err) {
      if (err instanceof ApiFailure) {
        const e = refusalErrors(err);
        if (Object.keys(e).length) showErrors(e);
        else set({ formError: err.message });
      } else set({ formError: err instanceof Error ? err.message : String(err) });
    } finally {
      set({ busy: false });
    }
  }

  return { $forgot, phone, open, switchMethod, type, submit };
}

export type ForgotPasswordFlow = ReturnType<typeof createForgotPasswordFlow>;

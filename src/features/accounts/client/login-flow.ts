/**
 * The login form's state and steps (spec 2.9 and 4), as nanostores advises: one store per form,
 * actions as plain functions, the component (islands/LoginForm.tsx) only renders. Username or sms
 * mode, the captcha shown once the server asks for it (and replaced after every refusal: one
 * captcha serves one attempt), human verification before a non-sms login, free play, and the
 * extra proof a login from a new address needs.
 */
import { map } from 'nanostores';
import { ACCOUNT_ERRORS, freePlayLogin, login as loginCall, loginVerification, type IpVerifyValue, type LoginValue } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { humanCheck } from './human-check.ts';
import { api, loginDeviceId, merchantCode, readRemembered, saveRemembered } from './session.ts';
import { isMobileNumber } from '../registerPatterns.ts';

export type LoginMode = 'username' | 'sms';
export type LoginErrors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha' | 'ip', string>>;

export interface LoginView {
  mode: LoginMode;
  username: string;
  password: string;
  captcha: string;
  captchaShown: boolean;
  /** Grows when a new captcha image is due. */
  captchaVersion: number;
  remember: boolean;
  errors: LoginErrors;
  formError: string | null;
  status: string | null;
  busy: 'login' | 'freeplay' | null;
  /** Answering the proof of work. */
  verifying: boolean;
  /** A login from a new address: how to prove it (sms code or payee name), and the server's words. */
  ipStep: { value: IpVerifyValue; message: string } | null;
  ipAnswer: string;
  /** Grows when the first field in error should take focus. */
  focusErrors: number;
}

/** What a successful login hands the page (the shell decides what comes next). */
export interface LoginOutcome {
  login: LoginValue;
  type: LoginMode;
  /** Kept in memory only, for a forced password change that may follow. */
  password?: string;
  agent?: boolean;
}

/** The words the form's checks say, in the page's language. */
export interface LoginWords {
  required: string;
  mobile: string;
  captcha: string;
}

/** The phone fields' values (their own hook, shared with registration and forgot password). */
export interface PhoneValues {
  mobile: string;
  dial: string;
  code: string;
}

/** One login form's store; `agent` is the agent page's form (only agents, no free play). */
export function createLoginFlow(o: { agent: boolean; words: LoginWords }) {
  const remembered = readRemembered(merchantCode());
  const $login = map<LoginView>({
    mode: 'username',
    username: remembered?.username ?? '',
    password: '',
    captcha: '',
    captchaShown: false,
    captchaVersion: 0,
    remember: remembered !== null,
    errors: {},
    formError: null,
    status: null,
    busy: null,
    verifying: false,
    ipStep: null,
    ipAnswer: '',
    focusErrors: 0,
  });
  const get = () => $login.get();
  const set = (patch: Partial<LoginView>) => $login.set({ ...get(), ...patch });
  const showErrors = (errors: LoginErrors) => set({ errors, focusErrors: get().focusErrors + 1 });

  /** The form's own checks; the server checks again and has the last word. */
  function validate(phone: PhoneValues): LoginErrors {
    const v = get();
    const e: LoginErrors = {};
    if (v.mode === 'username') {
      if (!v.username.trim()) e.username = o.words.required;
      if (!v.password) e.password = o.words.required;
    } else {
      const m = phone.mobile.trim();
      if (!m) e.mobile = o.words.required;
      else if (!isMobileNumber(m)) e.mobile = o.words.mobile;
      if (!phone.code) e.code = o.words.required;
    }
    if (v.captchaShown && !v.captcha.trim()) e.captcha = o.words.captcha;
    if (v.ipStep && !v.ipAnswer.trim()) e.ip = o.words.required;
    return e;
  }

  /** What a refusal means for the form: a captcha, a new-address step, errors under fields, or a message. */
  function refused(err: unknown): void {
    if (!(err instanceof ApiFailure)) {
      set({ formError: err instanceof Error ? err.message : String(err) });
      return;
    }
    const v = get();
    const value = (err.value ?? {}) as { captchaRequired?: boolean };
    // One captcha serves one attempt: a shown captcha is replaced after every refusal.
    if (value.captchaRequired || v.captchaShown) set({ captchaShown: true, captcha: '', captchaVersion: v.captchaVersion + 1 });
    if (err.errorCode === ACCOUNT_ERRORS.ipVerify) {
      set({ ipStep: { value: err.value as IpVerifyValue, message: err.message }, ipAnswer: '' });
      return;
    }
    if (err.errorCode === ACCOUNT_ERRORS.ipVerifyInvalid) return showErrors({ ip: err.message });
    if (err.errorCode === ACCOUNT_ERRORS.captchaRequired || err.errorCode === ACCOUNT_ERRORS.captchaInvalid) return showErrors({ captcha: err.message });
    const fe = err.fieldErrors;
    if (fe && Object.keys(fe).length) {
      const sms = v.mode === 'sms';
      const e: LoginErrors = {};
      if (fe.username) e[sms ? 'mobile' : 'username'] = fe.username;
      if (fe.password) e[sms ? 'code' : 'password'] = fe.password;
      if (fe.captcha) e.captcha = fe.captcha;
      if (fe.countryDialingCode) e.mobile = fe.countryDialingCode;
      set({ errors: e });
      if (Object.keys(e).length) return showErrors(e);
    }
    set({ formError: err.message });
  }

  /**
   * Sends the login; `ipVerification` answers a new-address prompt. `done` (the page's next step)
   * runs while the form is still busy, and what it throws is shown like a refusal.
   */
  async function attempt(phone: PhoneValues, done: (outcome: LoginOutcome) => unknown, ipVerification?: string): Promise<void> {
    const v = get();
    const sms = v.mode === 'sms';
    set({ busy: 'login', formError: null, status: null });
    try {
      const body = {
        username: sms ? phone.mobile.trim() : v.username.trim(),
        password: sms ? phone.code : v.password,
        type: v.mode,
        loginDeviceId: loginDeviceId(),
        ...(sms ? { countryDialingCode: phone.dial } : {}),
        ...(v.captchaShown ? { captcha: v.captcha.trim() } : {}),
        ...(o.agent ? { agentLogin: true } : {}),
        ...(ipVerification ? { ipVerification } : {}),
      };
      if (!sms) {
        set({ verifying: true });
        Object.assign(body, await humanCheck(api()));
        set({ verifying: false });
      }
      // The answer to a new-address prompt goes where clients of the existing API send it.
      const login = await api().call(ipVerification ? loginVerification : loginCall, { body });
      saveRemembered(merchantCode(), get().remember, sms ? { mobileNum: body.username, countryDialingCode: phone.dial } : { username: body.username });
      await done({ login, type: v.mode, password: sms ? undefined : v.password, agent: o.agent });
    } catch (err) {
      refused(err);
    } finally {
      set({ busy: null, verifying: false });
    }
  }

  /** The form's submit: checks, then the login (or the answer to the new-address step). */
  async function submit(phone: PhoneValues, done: (outcome: LoginOutcome) => unknown): Promise<void> {
    const v = get();
    if (v.busy) return;
    const found = validate(phone);
    set({ errors: found });
    if (Object.keys(found).length) return showErrors(found);
    await attempt(phone, done, v.ipStep ? v.ipAnswer.trim() : undefined);
  }

  /** Asks for the new-address code again (the same login, without an answer). */
  const resendIpCode = (phone: PhoneValues, done: (outcome: LoginOutcome) => unknown) => attempt(phone, done);

  /** Free play (spec 4): a trial account after the proof of work; `done` runs while the form is busy. */
  async function freePlay(done: (login: LoginValue) => unknown): Promise<void> {
    if (get().busy) return;
    set({ busy: 'freeplay', formError: null });
    try {
      set({ verifying: true });
      const answer = await humanCheck(api());
      set({ verifying: false });
      await done(await api().call(freePlayLogin, { body: { platform: 'W', os: 'web', gatewayVersion: 3, loginDeviceId: loginDeviceId(), ...answer } }));
    } catch (err) {
      set({ formError: err instanceof Error ? err.message : String(err) });
    } finally {
      set({ busy: null, verifying: false });
    }
  }

  /** Username or sms login; leaves a new-address step. */
  function switchMode(mode: LoginMode): void {
    set({ mode, errors: {}, formError: null, ipStep: null });
  }

  /** A field as typed. */
  function type<K extends 'username' | 'password' | 'captcha' | 'ipAnswer'>(field: K, value: string): void {
    set({ [field]: value } as Partial<LoginView>);
  }

  return {
    $login,
    submit,
    resendIpCode,
    freePlay,
    switchMode,
    type,
    setRemember: (remember: boolean) => set({ remember }),
    /** A note from the sms-code fields (sent, wait). */
    note: (status: string | null) => set({ status }),
    /** An error the sms-code fields found on the mobile number. */
    mobileError: (mobile: string | undefined) => set({ errors: { ...get().errors, mobile } }),
  };
}

export type LoginFlow = ReturnType<typeof createLoginFlow>;
